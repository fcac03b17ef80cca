#pragma once
// The files a command will read and write, checked before it starts (engine/io/file_uses.h):
// the exit code, with the problem on stderr, when an output cannot be written
// (kExitOutputFailed) or would overwrite an input or another output (kExitBadInput); 0 when
// all is well.
#include <iostream>
#include <string>
#include <vector>

#include "engine/io/file_uses.h"
#include "exit_codes.h"

namespace cl::cli {

// The uses whose path was given (an option left out has an empty path and is not a use:
// an option given an empty path is refused by the parser).
inline int checkFiles(const std::vector<FileUse>& uses) {
  std::vector<FileUse> given;
  for (const FileUse& use : uses)
    if (!use.path.empty()) given.push_back(use);
  if (const std::string problem = unwritableOutputProblem(given); !problem.empty()) {
    std::cerr << "error: " << problem << '\n';
    return kExitOutputFailed;
  }
  if (const std::string problem = sharedFileProblem(given); !problem.empty()) {
    std::cerr << "error: " << problem << '\n';
    return kExitBadInput;
  }
  return 0;
}

}  // namespace cl::cli
