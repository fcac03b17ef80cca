#pragma once
// SceneProblem and SceneError: what is wrong with a scene and where, as a JSON
// pointer into the file (RFC 6901, e.g. /bodies/2/mass; empty for the whole
// document), so a message leads straight to the offending element.
#include <stdexcept>
#include <string>
#include <vector>

namespace cl {

// One thing wrong with a scene: where (a JSON pointer such as /bodies/2/mass)
// and what.
struct SceneProblem {
  std::string jsonPath;
  std::string message;
  bool operator==(const SceneProblem&) const = default;
};

// A scene that cannot be loaded; what() names the source and lists every problem.
class SceneError : public std::runtime_error {
 public:
  SceneError(std::string source, std::vector<SceneProblem> problems);
  const std::string& source() const { return mSource; }
  const std::vector<SceneProblem>& problems() const { return mProblems; }

 private:
  std::string mSource;
  std::vector<SceneProblem> mProblems;
};

// "path: message", with "(document)" for the empty path.
std::string describeProblem(const SceneProblem& problem);

}  // namespace cl
