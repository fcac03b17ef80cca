#pragma once
// SolverUnderTest: one LCP solver as the ComputeForces benchmark drives it. load() puts a
// problem into the solver's own containers outside the timed region, so that a baseline is
// not charged for converting to the layout it happens to want (and solvers that overwrite
// their input get a fresh copy for every repeat); solve() is the timed call; outcome()
// reads the answer back. Every solver is judged afterwards by the same residuals of
// a = A f + b, not by what it reports about itself.
#include <Eigen/Dense>

#include "engine/solver/lcp_problem.h"

namespace cl::bench {

struct SolveOutcome {
  Eigen::VectorXd f;
  bool reportedOk = true;  // the solver's own verdict (projected Gauss-Seidel always says yes)
  int pivots = 0;          // ContactLab's solvers only
  int iterations = 0;      // ContactLab's solvers only
  int deferrals = 0;       // ComputeForces only
  LcpError error = LcpError::kOk;  // ContactLab's solvers only
};

class SolverUnderTest {
 public:
  virtual ~SolverUnderTest() = default;
  // The problem must outlive the following solve() and outcome().
  virtual void load(const LcpProblem& problem) = 0;
  virtual void solve() = 0;
  virtual SolveOutcome outcome() const = 0;
};

}  // namespace cl::bench
