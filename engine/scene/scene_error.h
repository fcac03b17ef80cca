#pragma once
// SceneError: a scene that cannot be loaded, with every problem found in it as a
// JsonProblem (where, as a JSON pointer into the file, and what).
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/io/json_problem.h"

namespace cl {

// A scene that cannot be loaded; what() names the source and lists every problem.
class SceneError : public std::runtime_error {
 public:
  SceneError(std::string source, std::vector<JsonProblem> problems);
  const std::string& source() const { return mSource; }
  const std::vector<JsonProblem>& problems() const { return mProblems; }

 private:
  std::string mSource;
  std::vector<JsonProblem> mProblems;
};

}  // namespace cl
