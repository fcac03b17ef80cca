#pragma once
// Fischer-Burmeister semismooth Newton (Hotz et al. 2.1, the second method, here on the
// LCP): with phi(x, y) = sqrt(x^2 + y^2) - x - y, which is 0 exactly when x >= 0, y >= 0,
// x y = 0, the LCP is the equation Phi(f) = 0 with
//   Phi_i = phi(f_i, a_i) at contacts, Phi_j = a_j at joints, a = A f + b.
// The method (generalized Jacobian H = D_f + D_a A, Armijo line search on Psi = |Phi|^2 / 2,
// gradient steps where Newton's is no descent direction, kStalled when no step is taken) is
// detail/fischer_newton.h, shared with the Fischer-Burmeister time stepper.
// It starts from f = 0, stops when LcpResiduals::relative() is within the tolerance, and
// after 100 iterations by default, fewer where the work bound of a solve is reached first
// (kIterationLimit). Trace: Psi, t, whether the step was a gradient step, the active set
// {i : f_i > a_i} and f, per iteration.
#include "engine/solver/lcp_solver.h"

namespace cl {

class FbNewton : public LcpSolver {
 public:
  explicit FbNewton(const LcpSolverOptions& options = {}) : mOptions(options) {}
  using LcpSolver::solve;
  LcpSolverKind kind() const override { return LcpSolverKind::kFbNewton; }
  LcpResult solve(const LcpProblem& problem, std::span<const int> guess) override;

 private:
  LcpSolverOptions mOptions;
};

}  // namespace cl
