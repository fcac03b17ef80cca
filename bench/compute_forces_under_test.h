#pragma once
// ComputeForces (incremental or reference) behind the benchmark's SolverUnderTest.
#include "bench/solver_under_test.h"
#include "engine/solver/compute_forces.h"

namespace cl::bench {

class ComputeForcesUnderTest : public SolverUnderTest {
 public:
  explicit ComputeForcesUnderTest(bool reference) {
    ComputeForcesOptions o;
    o.reference = reference;
    mSolver.setOptions(o);
  }

  void load(const LcpProblem& problem) override {
    mProblem = &problem;
    // HYBRID draws from the generator; reseeding makes every repeat the same solve.
    mRng.setSeed(1);
  }
  void solve() override { mResult = mSolver.solve(*mProblem); }
  SolveOutcome outcome() const override {
    SolveOutcome o;
    o.f = mResult.f;
    o.reportedOk = mResult.ok();
    o.pivots = mResult.pivots;
    o.deferrals = mResult.deferrals;
    o.error = mResult.error;
    return o;
  }

 private:
  RandomLCG mRng{1};
  ComputeForces mSolver{&mRng};
  const LcpProblem* mProblem = nullptr;
  LcpResult mResult;
};

}  // namespace cl::bench
