#pragma once
// The subcommands of contactlab-cli; each returns the process exit code.
#include <optional>
#include <string>
#include <vector>

namespace cl::cli {

struct RunOptions {
  std::string scene;
  double until = 0.0;
  std::optional<double> dt;
  std::optional<unsigned> seed;
  bool noWarmStart = false;      // every contact-force solve pivots from C = {}, whatever the scene
  std::vector<std::string> set;  // "key=value" overrides of the scene's settings, in order
  std::string finalState;        // path of the final-state JSON, empty for none
  std::string csvDir;            // directory for per-step CSV, empty for none
  bool progress = false;
  std::string lcpDir;     // directory for the LCP of every contact-force solve, empty for none
  std::string lcpSteps;   // "A:B", the 1-based steps whose solves go to lcpDir
  std::string waypoints;  // CSV of every CollisionAdvance waypoint, empty for none
  bool events = false;    // print the waypoints as they happen
};

struct SolveLcpOptions {
  std::string file;
  std::string policy = "hybrid";
  bool reference = false;
  std::string trace;  // per-decision trace CSV, empty for none
  unsigned seed = 0;  // for the random choices of hybrid and random
};

int runCommand(const RunOptions& options);
int solveLcpCommand(const SolveLcpOptions& options);
int validateCommand(const std::string& scene);

}  // namespace cl::cli
