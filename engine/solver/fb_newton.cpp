#include "engine/solver/fb_newton.h"

#include <cmath>
#include <vector>

#include "engine/solver/detail/solver_result.h"

namespace cl {

namespace {

// Phi(f) (fb_newton.h), and its merit Psi = |Phi|^2 / 2.
Eigen::VectorXd fischer(const LcpProblem& p, const Eigen::VectorXd& f, const Eigen::VectorXd& a) {
  Eigen::VectorXd phi(f.size());
  for (Eigen::Index i = 0; i < f.size(); ++i)
    phi[i] = p.joint[static_cast<std::size_t>(i)] ? a[i] : std::hypot(f[i], a[i]) - f[i] - a[i];
  return phi;
}

}  // namespace

LcpResult FbNewton::solve(const LcpProblem& problem, std::span<const int> /*guess*/) {
  const detail::SolveRun run(problem, kind(), mOptions, mSink);
  if (auto refused = run.refuse()) return *refused;
  const int n = problem.size();
  const Eigen::MatrixXd& A = problem.A;
  Eigen::VectorXd f = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd a = problem.b;
  Eigen::VectorXd phi = fischer(problem, f, a);
  double psi = 0.5 * phi.squaredNorm();
  const int limit = run.maxIterations(100);
  const double kCorner = 1.0 / std::sqrt(2.0) - 1.0;
  for (int k = 0; k < limit; ++k) {
    if (run.residual(f) <= run.relativeTolerance()) return run.finish(f, LcpError::kOk, k);
    // H = D_f + D_a A.
    Eigen::MatrixXd H(n, n);
    for (int i = 0; i < n; ++i) {
      double df = 0, da = 1;
      if (!problem.joint[static_cast<std::size_t>(i)]) {
        const double r = std::hypot(f[i], a[i]);
        df = r > 0 ? f[i] / r - 1 : kCorner;
        da = r > 0 ? a[i] / r - 1 : kCorner;
      }
      H.row(i) = da * A.row(i);
      H(i, i) += df;
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
    Eigen::VectorXd fNext, aNext, phiNext;
    double psiNext = psi;
    for (;; t *= 0.5) {
      if (t < 1e-14) return run.finish(f, LcpError::kStalled, k);
      fNext = f + t * d;
      aNext = A * fNext + problem.b;
      phiNext = fischer(problem, fNext, aNext);
      psiNext = 0.5 * phiNext.squaredNorm();
      if (psiNext <= psi + 1e-4 * t * slope) break;
    }
    f = std::move(fNext);
    a = std::move(aNext);
    phi = std::move(phiNext);
    psi = psiNext;
    if (run.tracing()) {
      SolverIteration it;
      it.index = k;
      it.merit = psi;
      it.stepLength = t;
      it.gradientStep = gradientStep;
      for (int i = 0; i < n; ++i)
        if (problem.joint[static_cast<std::size_t>(i)] || f[i] > a[i]) it.active.push_back(i);
      it.f = f;
      it.residual = run.residual(f);
      run.emit(std::move(it));
    }
  }
  const bool done = run.residual(f) <= run.relativeTolerance();
  return run.finish(f, done ? LcpError::kOk : LcpError::kIterationLimit, limit);
}

}  // namespace cl
