#pragma once
// Running contactlab-cli from tests as a user would: in a shell, with its output
// captured in files of a fresh scratch directory.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/scratch_dir.h"

namespace cl::test {

namespace fs = std::filesystem;

struct CliResult {
  int exitCode;
  std::string out, err;
};

inline std::string readAll(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// An example scene's path (resources/scenes), quoted for the shell.
inline std::string scene(const std::string& name) {
  return std::string("'") + CONTACTLAB_SCENES_DIR + "/" + name + "'";
}

// A path quoted for the shell.
inline std::string quoted(const fs::path& p) {
  return "'" + p.string() + "'";
}

// A fresh, empty scratch directory per test.
inline fs::path scratch(const std::string& name) {
  return cl::testing::scratchDir("cli_test_" + name);
}

// Runs `contactlab-cli ARGS` with stdout and stderr captured in `dir`.
inline CliResult runCli(const std::string& args, const fs::path& dir) {
  const fs::path out = dir / "stdout.txt", err = dir / "stderr.txt";
  const std::string cmd = std::string("'") + CONTACTLAB_CLI_PATH + "' " + args + " >'" +
                          out.string() + "' 2>'" + err.string() + "' </dev/null";
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, readAll(out), readAll(err)};
}

}  // namespace cl::test
