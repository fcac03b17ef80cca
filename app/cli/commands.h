#pragma once
// The subcommands of contactlab-cli; each returns the process exit code.
#include <optional>
#include <string>

namespace cl::cli {

struct RunOptions {
  std::string scene;
  double until = 0.0;
  std::optional<double> dt;
  std::optional<unsigned> seed;
  std::string finalState;  // path of the final-state JSON, empty for none
  std::string csvDir;      // directory for per-step CSV, empty for none
  bool progress = false;
};

int runCommand(const RunOptions& options);
int validateCommand(const std::string& scene);

}  // namespace cl::cli
