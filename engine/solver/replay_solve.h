#pragma once
// replaySolve: a stored or recorded contact-force LCP solved again by ComputeForces under
// options a person chooses, every decision recorded. The workbench's re-solve panel and
// the CLI's solve-lcp both do exactly this.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/solver/compute_forces.h"
#include "engine/trace/solver_trace.h"

namespace cl {

struct ReplayOptions {
  NextContactPolicy policy = ComputeForcesOptions{}.policy;
  bool reference = false;  // re-solve Acc from scratch at every pivot
  double tolerance = ComputeForcesOptions{}.tolerance;
  std::uint32_t seed = 0;  // of the RandomLCG that HYBRID and RANDOM draw from
};

struct ReplayResult {
  LcpResult result;                 // f, a = A f + b, error, pivots, deferrals, residuals
  std::vector<SolverPivot> pivots;  // every decision, in order
  double wallSeconds = 0;           // as the solver measured it, with the trace attached
  std::string inputError;           // LcpProblem::validate() when the problem does not fit
};

// Never throws: a problem that does not fit together (sizes, non-finite numbers) comes
// back as LcpError::kBadInput with inputError saying why.
ReplayResult replaySolve(const LcpProblem& problem, const ReplayOptions& options);

}  // namespace cl
