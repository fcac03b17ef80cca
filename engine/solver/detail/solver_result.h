#pragma once
// How every solver but ComputeForces starts and ends a solve, one definition for all:
// refusing a problem that does not fit, and from a final f making a = A f + b, the
// residuals, the status (success only when the residuals are within the tolerance, so no
// solver reports success with a wrong answer) and the SolverSolve for the trace sink.
#include <chrono>
#include <optional>

#include "engine/solver/lcp_solver.h"
#include "engine/trace/solver_trace.h"

namespace cl::detail {

// The work a solve under a solver's default iteration limit may do: 2e10 multiply-adds (of a
// dense pivot or factorization); at the row limit, measured on one core here, at most about
// 60 s for Lemke (4 995 pivots), 6 s for Fischer-Burmeister Newton (7 iterations). The default
// limit (pivots, sweeps, Newton steps) is cut to what fits at the problem's size, so that no
// default solve of a problem at the row limit (kMaxLcpRows) runs for hours;
// LcpSolverOptions::maxIterations (--max-iterations) sets any limit, uncut.
inline constexpr double kSolveWorkBound = 2e10;

// The record a solver sends its sink at the end of a solve of `problem` that gave `result`.
SolverSolve solveRecord(const LcpProblem& problem, const LcpResult& result, LcpSolverKind kind,
                        std::chrono::steady_clock::time_point start);

class SolveRun {
 public:
  SolveRun(const LcpProblem& problem, LcpSolverKind kind, const LcpSolverOptions& options,
           SolverTraceSink* sink);
  // The result for a problem that does not fit (sizes, non-finite numbers), or nullopt.
  std::optional<LcpResult> refuse() const;
  // Tolerance on residuals in the problem's units: options.tolerance * max |b| (absolute
  // when b = 0).
  double absoluteTolerance() const { return mTolerance; }
  double relativeTolerance() const { return mOptions.tolerance; }
  // Iterations allowed: options.maxIterations when set; else `solverDefault`, cut to
  // kSolveWorkBound / `workPerIteration` (at least 1). A solve that ends at the limit says
  // which it was (finish() gives kIterationLimit its reason).
  int maxIterations(int solverDefault, double workPerIteration = 0) const;
  // LcpResiduals::relative() of f (with a = A f + b).
  double residual(const Eigen::VectorXd& f) const;
  bool tracing() const { return mSink != nullptr; }
  void emit(SolverIteration iteration) const;
  // The result for the final iterate f: ends in `status` with `reason`; or kNonFinite when
  // f or a holds a NaN or an infinity, whatever the status; or kCheckFailed when the status
  // claims success but the residuals exceed the tolerance. Each says why in LcpResult::reason.
  LcpResult finish(Eigen::VectorXd f, LcpError status, int iterations, int pivots = 0,
                   std::string reason = {}) const;

 private:
  const LcpProblem& mProblem;
  LcpSolverKind mKind;
  LcpSolverOptions mOptions;
  SolverTraceSink* mSink;
  double mTolerance = 0;
  std::chrono::steady_clock::time_point mStart;
  // The limit maxIterations() gave, and the work per iteration when the work bound cut it
  // (0 when it did not).
  mutable int mLimit = 0;
  mutable double mLimitWork = 0;
};

}  // namespace cl::detail
