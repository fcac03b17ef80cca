#include "engine/solver/fb_newton.h"

#include "engine/solver/detail/fischer_newton.h"
#include "engine/solver/detail/solver_result.h"

namespace cl {

LcpResult FbNewton::solve(const LcpProblem& problem, std::span<const int> /*guess*/) {
  const detail::SolveRun run(problem, kind(), mOptions, mSink);
  if (auto refused = run.refuse()) return *refused;
  const int n = problem.size();
  detail::FischerNewtonProblem fischer;
  fischer.equality = problem.joint;
  fischer.value = [&](const Eigen::VectorXd& f) -> Eigen::VectorXd {
    return problem.A * f + problem.b;
  };
  fischer.jacobian = [&](const Eigen::VectorXd&) { return problem.A; };
  fischer.done = [&](const Eigen::VectorXd& f, const Eigen::VectorXd&) {
    return run.residual(f) <= run.relativeTolerance();
  };
  const auto trace = [&](const detail::FischerNewtonStep& step) {
    if (!run.tracing()) return;
    SolverIteration it;
    it.index = step.index;
    it.merit = step.psi;
    it.stepLength = step.stepLength;
    it.gradientStep = step.gradientStep;
    for (int i = 0; i < n; ++i)
      if (problem.joint[static_cast<std::size_t>(i)] || step.x[i] > step.w[i])
        it.active.push_back(i);
    it.f = step.x;
    it.residual = run.residual(step.x);
    run.emit(std::move(it));
  };
  // An iteration factors the n x n generalized Jacobian: n^3 / 3 multiply-adds.
  const int limit = run.maxIterations(100, static_cast<double>(n) * n * n / 3);
  const detail::FischerNewtonResult r =
      detail::fischerNewton(fischer, Eigen::VectorXd::Zero(n), limit, trace);
  const LcpError status = r.end == detail::FischerNewtonEnd::kDone      ? LcpError::kOk
                          : r.end == detail::FischerNewtonEnd::kStalled ? LcpError::kStalled
                                                                        : LcpError::kIterationLimit;
  return run.finish(r.x, status, r.iterations);
}

}  // namespace cl
