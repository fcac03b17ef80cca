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
  int maxIterations(int solverDefault) const {
    return mOptions.maxIterations > 0 ? mOptions.maxIterations : solverDefault;
  }
  // LcpResiduals::relative() of f (with a = A f + b).
  double residual(const Eigen::VectorXd& f) const;
  bool tracing() const { return mSink != nullptr; }
  void emit(SolverIteration iteration) const;
  // The result for the final iterate f: ends in `status`, or kCheckFailed when the status
  // claims success but the residuals exceed the tolerance.
  LcpResult finish(Eigen::VectorXd f, LcpError status, int iterations, int pivots = 0) const;

 private:
  const LcpProblem& mProblem;
  LcpSolverKind mKind;
  LcpSolverOptions mOptions;
  SolverTraceSink* mSink;
  double mTolerance = 0;
  std::chrono::steady_clock::time_point mStart;
};

}  // namespace cl::detail
