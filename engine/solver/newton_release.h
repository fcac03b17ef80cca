#pragma once
// Newton with release (Hotz et al. 2.1, the first method, here on the LCP): treat the
// contacts of an active set S as bilateral, so that a_S = 0 is a linear system
//   A_SS f_S = -b_S,  f = 0 outside S,
// then release the contacts of S whose force came out negative and add those outside S
// whose acceleration is negative (beyond the tolerance), and repeat until S stays the same.
// S starts as every row (the paper's "assume all contacts are bilateral"); joints never
// leave it. The system is solved by a complete orthogonal decomposition, so a singular
// A_SS (redundant contacts) gets its minimum-norm solution. An S seen before ends the solve
// as kCycling; 10 n + 100 iterations by default (fewer where the work bound of a solve is
// reached first) as kIterationLimit. Trace: the set S, the residual and f per iteration.
#include "engine/solver/lcp_solver.h"

namespace cl {

class NewtonRelease : public LcpSolver {
 public:
  explicit NewtonRelease(const LcpSolverOptions& options = {}) : mOptions(options) {}
  using LcpSolver::solve;
  LcpSolverKind kind() const override { return LcpSolverKind::kNewtonRelease; }
  LcpResult solve(const LcpProblem& problem, std::span<const int> guess) override;

 private:
  LcpSolverOptions mOptions;
};

}  // namespace cl
