#pragma once
// Projected Gauss-Seidel, the solver of game engines (Box2D, Bullet, ODE's quickstep): sweep
// the contacts in order, each time solving row i for f_i with the others fixed and
// projecting onto f_i >= 0 (joints are not projected):
//   f_i <- max(0, f_i - (A f + b)_i / A_ii).
// It starts from f = 0 (or the guess' rows at -b_i / A_ii) and stops when
// LcpResiduals::relative() of the iterate is within the tolerance (converged) or after the
// sweep limit (1000 by default: kIterationLimit). A row with A_ii <= 0 cannot be swept and
// keeps f_i = 0. Trace: one SolverIteration per sweep with its residual and f.
#include "engine/solver/lcp_solver.h"

namespace cl {

class Pgs : public LcpSolver {
 public:
  explicit Pgs(const LcpSolverOptions& options = {}) : mOptions(options) {}
  using LcpSolver::solve;
  LcpSolverKind kind() const override { return LcpSolverKind::kPgs; }
  LcpResult solve(const LcpProblem& problem, std::span<const int> guess) override;

 private:
  LcpSolverOptions mOptions;
};

}  // namespace cl
