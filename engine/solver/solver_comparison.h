#pragma once
// Comparing LCP solvers as the LCP literature does: each solver on each problem, whether it
// solved it (status ok and LcpResiduals::relative() within a threshold), its residuals,
// iterations and time; and the Dolan-Moré performance profile over a set of problems,
//   rho_s(tau) = |{p : t_{p,s} <= tau min_s' t_{p,s'}}| / |P|,
// with t_{p,s} infinite where s did not solve p (Dolan and Moré, Math. Programming 91,
// 2002). The CLI's `compare` and the workbench's comparison panel both use this.
#include <span>
#include <string>
#include <vector>

#include "engine/solver/lcp_solver.h"

namespace cl {

struct CompareOptions {
  double solvedBelow = 1e-9;  // a solve counts as solved at LcpResiduals::relative() <= this
  // Solves per solver and problem, the median time kept: up to `repeats`, stopping once a
  // solver has spent `repeatSeconds` on the problem (a solve of seconds is timed once, and
  // the workbench's comparison of a pile's 300-contact solve does not wait three times).
  int repeats = 3;
  double repeatSeconds = 0.5;
  LcpSolverOptions solver;  // passed to every solver
};

struct SolverRun {
  LcpSolverKind solver = LcpSolverKind::kComputeForces;
  LcpResult result;
  double seconds = 0;  // median wall time of the repeats (one thread, no trace)
  int solves = 0;      // the repeats timed
  bool solved = false;
};

struct ComparedProblem {
  std::string name;
  int size = 0;
  std::vector<SolverRun> runs;  // one per solver, in the order asked
};

// Solves `problem` with each of `solvers`. ComputeForces draws from a generator seeded 0 at
// every solve, so repeats are the same solve.
ComparedProblem compareSolvers(const std::string& name, const LcpProblem& problem,
                               std::span<const LcpSolverKind> solvers,
                               const CompareOptions& options = {});

struct ProfilePoint {
  double tau = 1;
  std::vector<double> fraction;  // per solver, in the problems' run order
};

// The performance profile of the problems' runs (all with the same solvers in the same
// order) at each tau (>= 1). Empty without problems.
std::vector<ProfilePoint> performanceProfile(std::span<const ComparedProblem> problems,
                                             std::span<const double> taus);
// The taus a profile is usually drawn at: 1 to 1000, denser near 1.
std::vector<double> defaultProfileTaus();

}  // namespace cl
