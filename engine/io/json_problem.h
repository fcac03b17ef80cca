#pragma once
// JsonProblem: one thing wrong with a JSON file we read (a scene, an LCP), where it is as
// a JSON pointer (RFC 6901, e.g. /bodies/2/mass; empty for the whole document) and what,
// so that a message leads straight to the offending element.
#include <cstddef>
#include <string>
#include <vector>

namespace cl {

struct JsonProblem {
  std::string jsonPath;
  std::string message;
  bool operator==(const JsonProblem&) const = default;
};

// "path: message", with "(document)" for the empty path. A path or message longer than
// kLongestProblemText characters (a hostile file's 50 MB key, echoed) is cut short there
// and says how long it was.
inline constexpr std::size_t kLongestProblemText = 300;
std::string describeProblem(const JsonProblem& problem);

// The problems one per line, each after "\n  ": the first kShownProblems of them, then
// "and N more" (a hostile file can hold millions).
inline constexpr std::size_t kShownProblems = 50;
std::string listProblems(const std::vector<JsonProblem>& problems);

}  // namespace cl
