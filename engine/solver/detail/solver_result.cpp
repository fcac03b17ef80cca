#include "engine/solver/detail/solver_result.h"

#include <utility>

namespace cl::detail {

SolveRun::SolveRun(const LcpProblem& problem, LcpSolverKind kind, const LcpSolverOptions& options,
                   SolverTraceSink* sink)
    : mProblem(problem),
      mKind(kind),
      mOptions(options),
      mSink(sink),
      mStart(std::chrono::steady_clock::now()) {
  const double scale = problem.b.size() > 0 ? problem.b.cwiseAbs().maxCoeff() : 0.0;
  mTolerance = options.tolerance * (scale > 0 && std::isfinite(scale) ? scale : 1.0);
}

std::optional<LcpResult> SolveRun::refuse() const {
  if (mProblem.validate().empty()) return std::nullopt;
  LcpResult r;
  r.error = LcpError::kBadInput;
  if (mSink) {
    SolverSolve s;
    s.error = static_cast<int>(r.error);
    s.solver = static_cast<int>(mKind);
    mSink->onSolve(s);
  }
  return r;
}

double SolveRun::residual(const Eigen::VectorXd& f) const {
  const Eigen::VectorXd a = mProblem.A * f + mProblem.b;
  return computeResiduals(mProblem, f, a).relative();
}

void SolveRun::emit(SolverIteration iteration) const {
  if (mSink) mSink->onIteration(iteration);
}

LcpResult SolveRun::finish(Eigen::VectorXd f, LcpError status, int iterations, int pivots) const {
  LcpResult r;
  r.a = mProblem.A * f + mProblem.b;
  r.f = std::move(f);
  r.residuals = computeResiduals(mProblem, r.f, r.a);
  const bool finite = r.f.allFinite() && r.a.allFinite();
  r.error = status == LcpError::kOk && (!finite || !(r.residuals.relative() <= mOptions.tolerance))
                ? LcpError::kCheckFailed
                : status;
  r.iterations = iterations;
  r.pivots = pivots;
  if (mSink) {
    SolverSolve s;
    s.A = mProblem.A;
    s.b = mProblem.b;
    s.joint = mProblem.joint;
    s.f = r.f;
    s.a = r.a;
    s.error = static_cast<int>(r.error);
    s.solver = static_cast<int>(mKind);
    s.iterations = iterations;
    s.pivots = pivots;
    s.maxComplementarityViolation = r.residuals.worst();
    s.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - mStart).count();
    mSink->onSolve(s);
  }
  return r;
}

}  // namespace cl::detail
