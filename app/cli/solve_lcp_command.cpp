// contactlab-cli solve-lcp: solve a stored LCP with ComputeForces and print the result.
#include <fmt/format.h>

#include <iostream>

#include "commands.h"
#include "engine/io/atomic_file.h"
#include "engine/io/number_text.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/replay_solve.h"
#include "engine/trace/solver_trace.h"
#include "exit_codes.h"

namespace cl::cli {

namespace {

std::string vectorText(const Eigen::VectorXd& v) {
  std::string s = "[";
  for (Eigen::Index i = 0; i < v.size(); ++i) s += (i ? ", " : "") + numberText(v[i]);
  return s + "]";
}

}  // namespace

int solveLcpCommand(const SolveLcpOptions& options) {
  const std::optional<NextContactPolicy> policy = fromLooseName<NextContactPolicy>(options.policy);
  if (!policy) {
    std::cerr << fmt::format(
        "error: unknown policy \"{}\" (hybrid, min_accel, random, pre_ordered)\n", options.policy);
    return kExitBadInput;
  }
  LcpFile file;
  try {
    file = readLcpFile(options.file);
  } catch (const LcpFileError& e) {
    std::cerr << "error: " << e.what() << '\n';
    return kExitBadInput;
  }
  const LcpProblem& p = file.problem;
  ReplayOptions replayOptions;
  replayOptions.policy = *policy;
  replayOptions.reference = options.reference;
  replayOptions.seed = options.seed;
  const ReplayResult replay = replaySolve(p, replayOptions);
  const LcpResult& r = replay.result;

  int joints = 0;
  for (bool j : p.joint) joints += j;
  fmt::print("{}: n = {} ({} joints), policy {}, {}\n", options.file, p.size(), joints,
             nameOf(*policy), options.reference ? "reference" : "incremental");
  fmt::print("error: {} ({})\n", errorName(r.error), static_cast<int>(r.error));
  fmt::print("pivots: {}, deferrals: {}\n", r.pivots, r.deferrals);
  fmt::print("f: {}\n", vectorText(r.f));
  fmt::print("a: {}\n", vectorText(r.a));
  fmt::print("min a (contacts): {:.6g}\n", r.residuals.minContactAccel);
  fmt::print("min f (contacts): {:.6g}\n", r.residuals.minContactForce);
  fmt::print("max |f_i a_i|: {:.6g}\n", r.residuals.maxComplementarity);
  fmt::print("max |a_j| (joints): {:.6g}\n", r.residuals.maxJointAccel);
  if (!options.trace.empty()) {
    try {
      writeTraceCsv(options.trace, replay.pivots);
    } catch (const FileWriteError& e) {
      std::cerr << "error: " << e.what() << '\n';
      return kExitOutputFailed;
    }
  }
  return r.ok() ? kExitOk : kExitSimulationFailed;
}

}  // namespace cl::cli
