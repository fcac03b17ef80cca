#include "engine/solver/replay_solve.h"

#include "engine/math/random_lcg.h"

namespace cl {

ReplayResult replaySolve(const LcpProblem& problem, const ReplayOptions& options) {
  // ComputeForces validates the problem first (kBadInput), so parts that disagree in size
  // or a non-finite number never reach the pivoting.
  RandomLCG rng(options.seed);
  ComputeForces solver(&rng);
  ComputeForcesOptions o;
  o.policy = options.policy;
  o.reference = options.reference;
  o.tolerance = options.tolerance;
  solver.setOptions(o);
  RecordingTraceSink sink;
  solver.setTraceSink(&sink);
  ReplayResult out;
  out.result = solver.solve(problem);
  if (out.result.error == LcpError::kBadInput) out.inputError = problem.validate();
  out.pivots = std::move(sink.pivots);
  if (!sink.solves.empty()) out.wallSeconds = sink.solves.back().wallSeconds;
  return out;
}

}  // namespace cl
