// contactlab-cli batch: the sweep runner of the Python module (contactlab.batch), for people
// who do not write Python. The process becomes `python3 -m contactlab.batch ARGS...` with the
// build's module first on PYTHONPATH, so its exit code and output are the sweep's own.
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"
#include "exit_codes.h"

namespace cl::cli {

int batchCommand(const std::vector<std::string>& args) {
#if defined(CONTACTLAB_PYTHON) && defined(CONTACTLAB_PYTHON_DIR)
  std::string path = CONTACTLAB_PYTHON_DIR;
  if (const char* old = std::getenv("PYTHONPATH"); old && *old) path += std::string(":") + old;
  ::setenv("PYTHONPATH", path.c_str(), 1);
  std::vector<std::string> words{CONTACTLAB_PYTHON, "-m", "contactlab.batch"};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  ::execv(argv[0], argv.data());
  std::cerr << fmt::format("error: cannot start {}: {}\n", CONTACTLAB_PYTHON, std::strerror(errno));
  return kExitBadInput;
#else
  (void)args;
  std::cerr << "error: this contactlab-cli was built without the Python module "
               "(CONTACTLAB_PYTHON=OFF), which `batch` runs\n";
  return kExitBadInput;
#endif
}

}  // namespace cl::cli
