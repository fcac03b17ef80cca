#include "engine/solver/detail/fischer_newton.h"

#include <cmath>

namespace cl::detail {

namespace {

Eigen::VectorXd fischer(const std::vector<bool>& equality, const Eigen::VectorXd& x,
                        const Eigen::VectorXd& w) {
  Eigen::VectorXd phi(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i)
    phi[i] = equality[static_cast<std::size_t>(i)] ? w[i] : std::hypot(x[i], w[i]) - x[i] - w[i];
  return phi;
}

}  // namespace

FischerNewtonResult fischerNewton(const FischerNewtonProblem& p, Eigen::VectorXd x0, int limit,
                                  const std::function<void(const FischerNewtonStep&)>& onStep) {
  FischerNewtonResult r;
  r.x = std::move(x0);
  r.w = p.value(r.x);
  const Eigen::Index n = r.x.size();
  Eigen::VectorXd phi = fischer(p.equality, r.x, r.w);
  double psi = 0.5 * phi.squaredNorm();
  const double kCorner = 1.0 / std::sqrt(2.0) - 1.0;
  for (int k = 0; k < limit; ++k) {
    r.iterations = k;
    if (p.done(r.x, r.w)) {
      r.end = FischerNewtonEnd::kDone;
      return r;
    }
    const Eigen::MatrixXd W = p.jacobian(r.x);
    Eigen::MatrixXd H(n, n);
    for (Eigen::Index i = 0; i < n; ++i) {
      double dx = 0, dw = 1;
      if (!p.equality[static_cast<std::size_t>(i)]) {
        const double radius = std::hypot(r.x[i], r.w[i]);
        dx = radius > 0 ? r.x[i] / radius - 1 : kCorner;
        dw = radius > 0 ? r.w[i] / radius - 1 : kCorner;
      }
      H.row(i) = dw * W.row(i);
      H(i, i) += dx;
    }
    const Eigen::VectorXd grad = H.transpose() * phi;
    Eigen::VectorXd d = H.partialPivLu().solve(-phi);
    bool gradientStep = false;
    if (!d.allFinite() || !(grad.dot(d) <= -1e-8 * std::pow(d.norm(), 2.1))) {
      d = -grad;
      gradientStep = true;
    }
    const double slope = grad.dot(d);
    double t = 1.0;
    Eigen::VectorXd xNext, wNext, phiNext;
    double psiNext = psi;
    for (;; t *= 0.5) {
      if (t < 1e-14) {
        r.end = FischerNewtonEnd::kStalled;
        return r;
      }
      xNext = r.x + t * d;
      wNext = p.value(xNext);
      phiNext = fischer(p.equality, xNext, wNext);
      psiNext = 0.5 * phiNext.squaredNorm();
      if (psiNext <= psi + 1e-4 * t * slope) break;
    }
    r.x = std::move(xNext);
    r.w = std::move(wNext);
    phi = std::move(phiNext);
    psi = psiNext;
    if (onStep) onStep({k, psi, t, gradientStep, r.x, r.w});
  }
  r.iterations = limit;
  r.end = p.done(r.x, r.w) ? FischerNewtonEnd::kDone : FischerNewtonEnd::kLimit;
  return r;
}

}  // namespace cl::detail
