#pragma once
// Reading JSON text for every file we read (scenes, LCP files): the document, or where the text
// stops being JSON as a line and column. Stricter than nlohmann::json::parse in one way that
// matters for hand-edited files: a key repeated in one object is reported (with
// its JSON pointer) instead of silently keeping the last value. Nesting deeper
// than kMaxJsonDepth, and more than kMaxJsonValues values, are refused.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/io/json_problem.h"

namespace cl {

struct JsonReadResult {
  std::optional<nlohmann::json> value;  // empty when the text is not JSON
  std::vector<JsonProblem> problems;    // syntax error, number overflow, repeated keys
};

// Deepest nesting of arrays and objects readJson accepts; a scene nests about 8
// levels deep. Deeper text is reported (at the pointer of the first container
// too deep) and not read further.
inline constexpr std::size_t kMaxJsonDepth = 64;
// Most values (numbers, strings, arrays, objects...) readJson builds: 5 million, about
// 100 MB as a document. An LCP of kMaxLcpRows (2000) rows has 4 million; a scene of
// kMaxSceneBodies balls about 1.5 million. A 256 MB file of "0," would build 128 million
// (over 2 GB); it is refused when the count is passed, before it is built.
inline constexpr std::size_t kMaxJsonValues = 5'000'000;

JsonReadResult readJson(std::string_view text);

// JSON pointer of a member or element: "/bodies" + "2" -> "/bodies/2", with '~'
// and '/' in keys escaped as RFC 6901 says.
std::string pointerChild(std::string_view parent, std::string_view key);
std::string pointerChild(std::string_view parent, std::size_t index);

}  // namespace cl
