#pragma once
// Fischer-Burmeister semismooth Newton (Hotz et al. 2.1, the second method, here on the
// LCP): with phi(x, y) = sqrt(x^2 + y^2) - x - y, which is 0 exactly when x >= 0, y >= 0,
// x y = 0, the LCP is the equation Phi(f) = 0 with
//   Phi_i = phi(f_i, a_i) at contacts, Phi_j = a_j at joints, a = A f + b.
// Newton's step d solves H d = -Phi for an element H = D_f + D_a A of the generalized
// Jacobian: D_f = f_i / r_i - 1, D_a = a_i / r_i - 1 with r_i = |(f_i, a_i)|, and at
// f_i = a_i = 0 (where phi is not differentiable) the limit along (1, 1): D_f = D_a =
// 1/sqrt(2) - 1; at joints D_f = 0, D_a = 1. The merit Psi = |Phi|^2 / 2 has gradient
// H^T Phi; when d is no descent direction (grad.d > -1e-8 |d|^2.1) or H is singular, the
// step is -grad instead. An Armijo line search (t = 1, 1/2, ...; Psi(f + t d) <= Psi(f) +
// 1e-4 t grad.d) takes it; no acceptable t above 1e-14 ends in kStalled.
// It starts from f = 0, stops when LcpResiduals::relative() is within the tolerance, and
// after 100 iterations by default (kIterationLimit). Trace: Psi, t, whether the step was a
// gradient step, the active set {i : f_i > a_i} and f, per iteration.
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
