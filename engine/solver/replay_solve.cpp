#include "engine/solver/replay_solve.h"

#include "engine/math/random_lcg.h"

namespace cl {

ReplayResult replaySolve(const LcpProblem& problem, const ReplayOptions& options) {
  // ComputeForces validates the problem first (kBadInput), so parts that disagree in size
  // or a non-finite number never reach the pivoting.
  RandomLCG rng(options.seed);
  LcpSolverOptions o;
  o.policy = options.policy;
  o.reference = options.reference;
  o.tolerance = options.tolerance;
  o.maxIterations = options.maxIterations;
  const std::unique_ptr<LcpSolver> solver = makeLcpSolver(options.solver, o, &rng);
  RecordingTraceSink sink;
  solver->setTraceSink(&sink);
  ReplayResult out;
  out.result = solver->solve(problem);
  if (out.result.error == LcpError::kBadInput) out.inputError = problem.validate();
  out.pivots = std::move(sink.pivots);
  out.iterations = std::move(sink.iterations);
  if (!sink.solves.empty()) out.wallSeconds = sink.solves.back().wallSeconds;
  return out;
}

}  // namespace cl
