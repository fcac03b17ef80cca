#pragma once
// replaySolve: a stored or recorded contact LCP solved again by any registered solver
// (ComputeForces by default) under options a person chooses, every decision recorded. The
// workbench's re-solve panel and the CLI's solve-lcp both do exactly this.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/solver/compute_forces.h"
#include "engine/solver/lcp_solver.h"
#include "engine/trace/solver_trace.h"

namespace cl {

struct ReplayOptions {
  LcpSolverKind solver = LcpSolverKind::kComputeForces;
  int maxIterations = 0;  // 0: the solver's default
  NextContactPolicy policy = ComputeForcesOptions{}.policy;
  bool reference = false;  // re-solve Acc from scratch at every pivot
  double tolerance = ComputeForcesOptions{}.tolerance;
  std::uint32_t seed = 0;  // of the RandomLCG that HYBRID and RANDOM draw from
};

struct ReplayResult {
  LcpResult result;                         // f, a = A f + b, error, pivots, deferrals, residuals
  std::vector<SolverPivot> pivots;          // ComputeForces' decisions, in order
  std::vector<SolverIteration> iterations;  // the other solvers' iterations, in order
  double wallSeconds = 0;                   // as the solver measured it, with the trace attached
  std::string inputError;                   // LcpProblem::validate() when the problem does not fit
};

// Never throws: a problem that does not fit together (sizes, non-finite numbers) comes
// back as LcpError::kBadInput with inputError saying why.
ReplayResult replaySolve(const LcpProblem& problem, const ReplayOptions& options);

}  // namespace cl
