#pragma once
// The semismooth Newton method on the Fischer-Burmeister function, once for both its users:
// the LCP solver FbNewton (w(x) = A x + b) and the Fischer-Burmeister time stepper (w(x) =
// the contact gaps at the end of the step under forces x, re-measured by contact detection).
//
// With phi(x, y) = sqrt(x^2 + y^2) - x - y (0 exactly when x >= 0, y >= 0, x y = 0), it
// solves Phi(x) = 0 for Phi_i = phi(x_i, w_i(x)), and Phi_j = w_j(x) at equality rows.
// Newton's step d solves H d = -Phi for the element H = D_x + D_w W of the generalized
// Jacobian (W = dw/dx): D_x = x_i / r_i - 1, D_w = w_i / r_i - 1 with r_i = |(x_i, w_i)|,
// and at x_i = w_i = 0 the limit along (1, 1): D_x = D_w = 1/sqrt(2) - 1; at equality rows
// D_x = 0, D_w = 1. The merit Psi = |Phi|^2 / 2 has gradient H^T Phi; when d is no descent
// direction (grad.d > -1e-8 |d|^2.1) or H is singular, the step is -grad. An Armijo line
// search (t = 1, 1/2, ...; Psi(x + t d) <= Psi(x) + 1e-4 t grad.d) takes it; no acceptable
// t above 1e-14 ends in kStalled.
#include <Eigen/Dense>
#include <functional>
#include <vector>

namespace cl::detail {

struct FischerNewtonProblem {
  std::vector<bool> equality;  // rows with w_j(x) = 0 wanted (joints)
  // w at x.
  std::function<Eigen::VectorXd(const Eigen::VectorXd& x)> value;
  // W = dw/dx at x.
  std::function<Eigen::MatrixXd(const Eigen::VectorXd& x)> jacobian;
  // Whether (x, w(x)) is solution enough; asked before every iteration and at the end.
  std::function<bool(const Eigen::VectorXd& x, const Eigen::VectorXd& w)> done;
};

struct FischerNewtonStep {
  int index = 0;
  double psi = 0;
  double stepLength = 0;
  bool gradientStep = false;
  const Eigen::VectorXd& x;
  const Eigen::VectorXd& w;
};

enum class FischerNewtonEnd { kDone, kStalled, kLimit };

struct FischerNewtonResult {
  Eigen::VectorXd x, w;
  FischerNewtonEnd end = FischerNewtonEnd::kLimit;
  int iterations = 0;
};

// From x0, at most `limit` iterations; onStep (may be empty) sees every accepted step.
FischerNewtonResult fischerNewton(const FischerNewtonProblem& problem, Eigen::VectorXd x0,
                                  int limit,
                                  const std::function<void(const FischerNewtonStep&)>& onStep);

}  // namespace cl::detail
