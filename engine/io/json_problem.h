#pragma once
// JsonProblem: one thing wrong with a JSON file we read (a scene, an LCP), where it is as
// a JSON pointer (RFC 6901, e.g. /bodies/2/mass; empty for the whole document) and what,
// so that a message leads straight to the offending element.
#include <string>

namespace cl {

struct JsonProblem {
  std::string jsonPath;
  std::string message;
  bool operator==(const JsonProblem&) const = default;
};

// "path: message", with "(document)" for the empty path.
std::string describeProblem(const JsonProblem& problem);

}  // namespace cl
