#pragma once
// Any registered LCP solver of ContactLab (engine/solver/lcp_solver.h: ComputeForces,
// incremental or reference, Lemke, PGS, FB Newton, Newton with release) behind the
// benchmark's SolverUnderTest.
#include "bench/solver_under_test.h"
#include "engine/solver/lcp_solver.h"

namespace cl::bench {

class LcpSolverUnderTest : public SolverUnderTest {
 public:
  LcpSolverUnderTest(LcpSolverKind kind, const LcpSolverOptions& options)
      : mSolver(makeLcpSolver(kind, options, &mRng)) {}

  void load(const LcpProblem& problem) override {
    mProblem = &problem;
    // HYBRID draws from the generator; reseeding makes every repeat the same solve.
    mRng.setSeed(1);
  }
  void solve() override { mResult = mSolver->solve(*mProblem); }
  SolveOutcome outcome() const override {
    SolveOutcome o;
    o.f = mResult.f;
    o.reportedOk = mResult.ok();
    o.pivots = mResult.pivots;
    o.iterations = mResult.iterations;
    o.deferrals = mResult.deferrals;
    o.error = mResult.error;
    return o;
  }

 private:
  RandomLCG mRng{1};
  std::unique_ptr<LcpSolver> mSolver;
  const LcpProblem* mProblem = nullptr;
  LcpResult mResult;
};

}  // namespace cl::bench
