#include "engine/solver/detail/solver_result.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "engine/solver/detail/lcp_diagnosis.h"

namespace cl::detail {

SolverSolve solveRecord(const LcpProblem& problem, const LcpResult& result, LcpSolverKind kind,
                        std::chrono::steady_clock::time_point start) {
  SolverSolve s;
  s.A = problem.A;
  s.b = problem.b;
  s.joint = problem.joint;
  s.f = result.f;
  s.a = result.a;
  s.error = result.error;
  s.reason = result.reason;
  s.solver = kind;
  s.iterations = result.iterations;
  s.pivots = result.pivots;
  s.deferrals = result.deferrals;
  s.maxComplementarityViolation = result.residuals.worst();
  s.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return s;
}

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
    s.error = r.error;
    s.solver = mKind;
    mSink->onSolve(std::move(s));
  }
  return r;
}

int SolveRun::maxIterations(int solverDefault, double workPerIteration) const {
  mLimitWork = 0;
  mLimit = solverDefault;
  if (mOptions.maxIterations > 0) {
    mLimit = mOptions.maxIterations;
  } else if (workPerIteration > 0 && solverDefault * workPerIteration > kSolveWorkBound) {
    mLimit = std::max(1, static_cast<int>(kSolveWorkBound / workPerIteration));
    mLimitWork = workPerIteration;
  }
  return mLimit;
}

double SolveRun::residual(const Eigen::VectorXd& f) const {
  const Eigen::VectorXd a = mProblem.A * f + mProblem.b;
  return computeResiduals(mProblem, f, a).relative();
}

void SolveRun::emit(SolverIteration iteration) const {
  if (mSink) mSink->onIteration(std::move(iteration));
}

LcpResult SolveRun::finish(Eigen::VectorXd f, LcpError status, int iterations, int pivots,
                           std::string reason) const {
  LcpResult r;
  r.a = mProblem.A * f + mProblem.b;
  r.f = std::move(f);
  r.residuals = computeResiduals(mProblem, r.f, r.a);
  r.error = status;
  r.reason = std::move(reason);
  r.iterations = iterations;
  r.pivots = pivots;
  if (const std::string where = firstNonFinite(r.f, r.a); !where.empty()) {
    r.error = LcpError::kNonFinite;
    r.reason = fmt::format("{} after {} iterations", where, iterations);
  } else if (status == LcpError::kOk && !(r.residuals.relative() <= mOptions.tolerance)) {
    r.error = LcpError::kCheckFailed;
    r.reason = fmt::format("its residual {:.3g} exceeds the tolerance {:.3g}",
                           r.residuals.relative(), mOptions.tolerance);
  } else if (status == LcpError::kIterationLimit) {
    // What the solver adds (why it could not converge) follows the limit.
    const std::string more = r.reason.empty() ? std::string() : "; " + r.reason;
    r.reason = mLimitWork > 0
                   ? fmt::format(
                         "stopped at its limit of {} iterations: the default limit cut to the work "
                         "bound of a solve ({:.0e} operations, {:.2g} an iteration at n = {}); "
                         "--max-iterations allows more",
                         mLimit, kSolveWorkBound, mLimitWork, mProblem.size())
                   : fmt::format("stopped at its limit of {} iterations ({})", mLimit,
                                 mOptions.maxIterations > 0 ? "as asked" : "the solver's default");
    r.reason += more;
  }
  if (mSink) mSink->onSolve(solveRecord(mProblem, r, mKind, mStart));
  return r;
}

}  // namespace cl::detail
