#pragma once
// FieldReader: reads the members of one JSON object of a scene file, checking
// each value's type and range as it is read and remembering which names were
// asked for, so that whatever is left over is reported as an unknown field.
// Problems are collected, never thrown: a parse function asks for every field it
// knows, and the caller sees every problem of the file at once.
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/io/json_problem.h"
#include "engine/math/vec2.h"

namespace cl {

enum class Need { kOptional, kRequired };
// Allowed values of a number; every number must also be finite.
enum class Range { kAny, kPositive, kNonNegative, kUnitInterval };

class FieldReader {
 public:
  // Reports a problem at `path` if `value` is not an object; `what` names the
  // object in that message ("a body", "the scene").
  FieldReader(const nlohmann::json& value, std::string path, std::vector<JsonProblem>& problems,
              std::string_view what);

  bool isObject() const { return mObject != nullptr; }
  const std::string& path() const { return mPath; }
  std::string fieldPath(std::string_view key) const;
  bool has(std::string_view key) const;
  void report(std::string path, std::string message);
  std::vector<JsonProblem>& problems() { return mProblems; }

  // Each read declares `key` known. Absent optional fields give nullopt; absent
  // required fields and invalid values are reported and give nullopt.
  std::optional<double> number(std::string_view key, Need need, Range range = Range::kAny);
  std::optional<long long> integer(std::string_view key, Need need, long long min, long long max);
  std::optional<bool> boolean(std::string_view key, Need need);
  std::optional<std::string> string(std::string_view key, Need need);
  std::optional<Vec2> point(std::string_view key, Need need);
  std::optional<std::vector<std::string>> names(std::string_view key, Need need);
  // The member when present and of that type (else reported), for nested reads.
  const nlohmann::json* array(std::string_view key, Need need);
  const nlohmann::json* object(std::string_view key, Need need);

  // Reports every member that no read asked for, suggesting the nearest known
  // name; `context` ends the message (" for a 'block' body").
  void rejectUnknown(std::string_view context = {});

 private:
  const nlohmann::json* member(std::string_view key, Need need);

  const nlohmann::json* mObject = nullptr;
  std::string mPath;
  std::vector<JsonProblem>& mProblems;
  std::set<std::string, std::less<>> mKnown;
};

// Checks on values that are not object members (elements of arrays); `name`
// names the value in messages.
std::optional<double> readNumber(const nlohmann::json& v, const std::string& path,
                                 std::string_view name, Range range,
                                 std::vector<JsonProblem>& problems);
std::optional<Vec2> readPoint(const nlohmann::json& v, const std::string& path,
                              std::string_view name, std::vector<JsonProblem>& problems);

// "a string", "an array", ... for messages.
std::string describeType(const nlohmann::json& v);

// Levenshtein distance: single-character insertions, deletions and substitutions.
std::size_t editDistance(std::string_view a, std::string_view b);

// " (did you mean 'x'?)" naming the candidate nearest to a misspelt `word`, or
// an empty string when none is within two edits.
template <typename Names>
std::string nearMissHint(std::string_view word, const Names& candidates) {
  std::string_view best;
  std::size_t bestDistance = 3;
  for (const auto& c : candidates)
    // A one-letter name is a near miss of every other: require more than the edits.
    if (const std::size_t d = editDistance(word, c); d < bestDistance && d < word.size()) {
      bestDistance = d;
      best = c;
    }
  return best.empty() ? std::string() : " (did you mean '" + std::string(best) + "'?)";
}

}  // namespace cl
