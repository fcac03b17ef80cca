#pragma once
// The subcommands of contactlab-cli; each returns the process exit code.
#include <cstddef>
#include <limits>
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
  std::string advance;           // the advance setting's override (a name), empty for none
  std::string engine;            // the engine setting's override (a name), empty for none
  std::string finalState;        // path of the final-state JSON, empty for none
  std::string initialState;      // a state file (--final-state's) to start from, empty for none
  std::string csvDir;            // directory for per-step CSV, empty for none
  std::string record;            // path of the run's recording (run_recording.h), empty for none
  int threads = 1;               // contact detection's threads (engine/parallel/worker_pool.h)
  bool progress = false;
  std::string lcpDir;    // directory for the LCPs of the solves of lcpSteps, empty for none
  std::string lcpSteps;  // "A:B", the 1-based steps whose solves go to lcpDir
  // Which of those solves lcpDir receives: "forces" (contact forces, and a time stepper's
  // LCPs), "impulses" (collision impulses), comma-separated.
  std::vector<std::string> lcpKinds{"forces", "impulses"};
  // The form of lcpDir's files: "json" (with result and trace), "csv" (with result) or
  // "siconos" (Siconos numerics' .dat, the problem alone). A solve the form cannot hold
  // (friction in csv or siconos, joints in siconos) is left out, and the run says how many.
  std::string lcpFormat = "json";
  std::string waypoints;  // CSV of every CollisionAdvance waypoint, empty for none
  bool events = false;    // print the waypoints as they happen
  // Which waypoints --waypoints and --events report: back-ups only, and a time range.
  bool waypointsBackupsOnly = false;
  double waypointsFrom = -std::numeric_limits<double>::infinity();
  double waypointsUntil = std::numeric_limits<double>::infinity();
};

struct SolveLcpOptions {
  std::string file;
  std::string policy = "hybrid";
  bool reference = false;
  std::string trace;                      // per-decision trace CSV, empty for none
  unsigned seed = 0;                      // for the random choices of hybrid and random
  std::string solver = "compute_forces";  // a registered name, a list, or "all"
  int maxIterations = 0;                  // 0: each solver's default
  std::string exportFile;                 // the problem read, written here; empty for none
  // exportFile's form: "json", "csv" or "siconos"; empty: by its extension (.dat siconos,
  // .csv csv, anything else json).
  std::string exportFormat;
};

struct CompareOptions {
  std::string dir;             // folder of LCP files (.json, .csv, .dat)
  std::string solver = "all";  // a registered name, a list, or "all"
  double solvedBelow = 1e-9;   // solved: status ok and relative residual <= this
  int repeats = 3;             // solves per solver and problem (median time)
  int maxIterations = 0;       // 0: each solver's default
  std::string csv;             // per problem and solver, empty for none
  std::string profile;         // the performance profile, empty for none
};

struct CompareRunsOptions {
  std::string scene;
  double until = 0.0;
  std::string advance = "all";  // the ways of advancing, the first the reference
  std::string csv;              // per run and step, empty for none
};

struct CheckRecordingOptions {
  std::string file;  // a recording (run --record, the workbench's Save Recording)
  bool progress = false;
  std::size_t memoryMB = 512;  // the budget of the records read (RunHistory's default)
};

int runCommand(const RunOptions& options);
// Hands `args` to `python3 -m contactlab.batch` (the Python module built beside the CLI) in
// place of this process; returns only when that cannot start.
int batchCommand(const std::vector<std::string>& args);
int checkRecordingCommand(const CheckRecordingOptions& options);
int compareRunsCommand(const CompareRunsOptions& options);
int solveLcpCommand(const SolveLcpOptions& options);
int compareCommand(const CompareOptions& options);
int validateCommand(const std::string& scene);

}  // namespace cl::cli
