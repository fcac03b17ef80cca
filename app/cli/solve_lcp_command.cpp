// contactlab-cli solve-lcp: solve a stored LCP with one registered solver, or all of them,
// and print each result in full (numbers in their shortest round-trip form); on request,
// write the problem read in another format (--export).
#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <vector>

#include "checked_files.h"
#include "commands.h"
#include "engine/io/atomic_file.h"
#include "engine/io/number_text.h"
#include "engine/solver/friction_forces.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/lcp_solver.h"
#include "engine/solver/replay_solve.h"
#include "engine/solver/siconos_lcp_file.h"
#include "engine/trace/solver_trace.h"
#include "exit_codes.h"
#include "named_list.h"

namespace cl::cli {

namespace {

std::string vectorText(const Eigen::VectorXd& v) {
  std::string s = "[";
  for (Eigen::Index i = 0; i < v.size(); ++i) s += (i ? ", " : "") + numberText(v[i]);
  return s + "]";
}

void printResult(LcpSolverKind solver, const ReplayResult& replay) {
  const LcpResult& r = replay.result;
  fmt::print("solver: {} ({})\n", nameOf(solver), solverTitle(solver));
  fmt::print("status: {}\n", errorName(r.error));
  if (!r.reason.empty()) fmt::print("reason: {}\n", r.reason);
  if (!replay.inputError.empty()) fmt::print("input: {}\n", replay.inputError);
  fmt::print("iterations: {}, pivots: {}, deferrals: {}, time: {:.3g} s\n", r.iterations, r.pivots,
             r.deferrals, replay.wallSeconds);
  fmt::print("f: {}\n", vectorText(r.f));
  fmt::print("a: {}\n", vectorText(r.a));
  fmt::print("min a (contacts): {}\n", measureText(r.residuals.minContactAccel));
  fmt::print("min f (contacts): {}\n", measureText(r.residuals.minContactForce));
  fmt::print("max |f_i a_i|: {}\n", measureText(r.residuals.maxComplementarity));
  fmt::print("max |a_j| (joints): {}\n", measureText(r.residuals.maxJointAccel));
  fmt::print("residual (ours, / max|b|): {}\n", measureText(r.residuals.relative()));
  fmt::print("residual (natural map, / |b|): {}\n", measureText(r.residuals.naturalMap));
}

template <class Sets>
std::string namesText(const Sets& sets) {
  std::string s = "[";
  for (std::size_t i = 0; i < sets.size(); ++i) s += (i ? ", " : "") + std::string(nameOf(sets[i]));
  return s + "]";
}

// A friction problem (a file with "mu"): Baraff's static and dynamic friction by pivoting
// (friction_forces.h), with its Lemke fallback.
int solveFriction(const SolveLcpOptions& options, const FrictionProblem& p) {
  if (options.solver != SolveLcpOptions{}.solver || !options.trace.empty()) {
    std::cerr << "error: " << options.file
              << " is a friction problem: it is solved by ComputeForces' friction solve alone, "
                 "without --solver or --trace\n";
    return kExitBadInput;
  }
  const int n = p.contacts();
  int joints = 0, sliding = 0;
  for (bool j : p.joint) joints += j;
  for (int s : p.slide) sliding += s != 0;
  fmt::print("{}: n = {} ({} joints, {} sliding), with friction\n", options.file, n, joints,
             sliding);
  const FrictionResult r = computeFrictionForces(p);
  fmt::print("solver: friction (Baraff 94 sections 5 and 6{})\n",
             r.regularization > 0
                 ? fmt::format("; pivoting and Lemke failed, solved by the pivoting on A + {:g} "
                               "max(diag A) I",
                               r.regularization)
             : r.byLemke ? "; pivoting failed, solved by the Lemke fallback"
                         : "");
  fmt::print("status: {}\n", errorName(r.error));
  fmt::print("pivots: {}, given up: {}\n", r.pivots, r.gaveUp);
  if (r.f.size() == 2 * n) {
    fmt::print("f_N: {}\n", vectorText(r.f.head(n)));
    fmt::print("f_F: {}\n", vectorText(r.f.tail(n)));
    fmt::print("a_N: {}\n", vectorText(r.a.head(n)));
    fmt::print("a_F: {}\n", vectorText(r.a.tail(n)));
    fmt::print("normal sets: {}\n", namesText(r.normalSets));
    fmt::print("friction sets: {}\n", namesText(r.frictionSets));
    fmt::print("violation of (15), (16): {}\n", numberText(frictionViolation(p, r.f, r.a)));
  }
  return r.ok() ? kExitOk : kExitSimulationFailed;
}

// --export: the problem read (not its stored result) in the format asked for, or by the
// file's extension. The exit code, 0 when it was written.
int exportProblem(const SolveLcpOptions& options, const LcpFile& file) {
  const std::string extension = std::filesystem::path(options.exportFile).extension().string();
  const std::string format = !options.exportFormat.empty() ? options.exportFormat
                             : extension == ".dat"         ? "siconos"
                             : extension == ".csv"         ? "csv"
                                                           : "json";
  try {
    if (file.friction && format != "json") {
      std::cerr << fmt::format(
          "error: --export {}: {} is a friction problem, which only JSON holds (not {})\n",
          options.exportFile, options.file, format);
      return kExitBadInput;
    }
    if (file.friction)
      writeFrictionJson(options.exportFile, *file.friction);
    else if (format == "siconos")
      writeSiconosLcp(options.exportFile, file.problem);
    else if (format == "csv")
      writeLcpCsv(options.exportFile, file.problem);
    else
      writeLcpJson(options.exportFile, file.problem);
  } catch (const LcpFileError& e) {  // a problem the format cannot hold (joints in siconos)
    std::cerr << "error: --export " << e.what() << '\n';
    return kExitBadInput;
  } catch (const FileWriteError& e) {
    std::cerr << "error: " << e.what() << '\n';
    return kExitOutputFailed;
  }
  fmt::print("exported: {} ({})\n", options.exportFile, format);
  return kExitOk;
}

}  // namespace

int solveLcpCommand(const SolveLcpOptions& options) {
  const std::optional<NextContactPolicy> policy = fromLooseName<NextContactPolicy>(options.policy);
  if (!policy) {
    std::cerr << fmt::format("error: unknown policy \"{}\" ({})\n", options.policy,
                             nameList<NextContactPolicy>());
    return kExitBadInput;
  }
  const std::optional<std::vector<LcpSolverKind>> solvers =
      valuesNamed<LcpSolverKind>(options.solver, "solver");
  if (!solvers) return kExitBadInput;
  if (!options.trace.empty() && solvers->size() > 1) {
    std::cerr << "error: --trace takes one solver, not --solver all\n";
    return kExitBadInput;
  }
  if (!options.exportFormat.empty() && options.exportFile.empty()) {
    std::cerr << "error: --export-format goes with --export FILE\n";
    return kExitBadInput;
  }
  if (const int code = checkFiles({{"file", options.file, FileUse::Kind::kInput},
                                   {"--trace", options.trace, FileUse::Kind::kOutput},
                                   {"--export", options.exportFile, FileUse::Kind::kOutput}}))
    return code;
  LcpFile file;
  try {
    file = readLcpFile(options.file);
  } catch (const LcpFileError& e) {
    std::cerr << "error: " << e.what() << '\n';
    return kExitBadInput;
  }
  // Written before the solve, so that a problem the format cannot hold stops it at once.
  if (!options.exportFile.empty())
    if (const int code = exportProblem(options, file)) return code;
  if (file.friction) return solveFriction(options, *file.friction);
  const LcpProblem& p = file.problem;
  int joints = 0;
  for (bool j : p.joint) joints += j;
  fmt::print("{}: n = {} ({} joints), policy {}, {}\n", options.file, p.size(), joints,
             nameOf(*policy), options.reference ? "reference" : "incremental");
  bool allOk = true;
  for (const LcpSolverKind solver : *solvers) {
    ReplayOptions replayOptions;
    replayOptions.solver = solver;
    replayOptions.maxIterations = options.maxIterations;
    replayOptions.policy = *policy;
    replayOptions.reference = options.reference;
    replayOptions.seed = options.seed;
    const ReplayResult replay = replaySolve(p, replayOptions);
    if (solvers->size() > 1) fmt::print("\n");
    printResult(solver, replay);
    allOk = allOk && replay.result.ok();
    if (options.trace.empty()) continue;
    try {
      if (tracesPivots(solver))
        writeTraceCsv(options.trace, replay.pivots);
      else
        writeIterationsCsv(options.trace, replay.iterations);
    } catch (const FileWriteError& e) {
      std::cerr << "error: " << e.what() << '\n';
      return kExitOutputFailed;
    }
  }
  return allOk ? kExitOk : kExitSimulationFailed;
}

}  // namespace cl::cli
