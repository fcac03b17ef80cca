// compareSolvers and performanceProfile (solver_comparison.h): every solver on a 3 x 3 LCP
// solved by hand, the repeats and their time budget, and the Dolan-Moré profile of runs
// whose times are set by hand.
#include <algorithm>
#include <catch2/catch.hpp>
#include <limits>
#include <vector>

#include "engine/solver/solver_comparison.h"
#include "tests/support/contact_lcp_builder.h"

using namespace cl;

namespace {

SolverRun timed(double seconds, bool solved) {
  SolverRun r;
  r.seconds = seconds;
  r.solved = solved;
  return r;
}

}  // namespace

TEST_CASE("compareSolvers runs each solver asked, in order, on a problem solved by hand",
          "[solver_comparison]") {
  std::vector<LcpSolverKind> all;  // every registered solver, last first
  for (const auto& named : kLcpSolverNames) all.insert(all.begin(), named.value);
  const ComparedProblem c = compareSolvers("hand", handSolvedLcp(), all);
  CHECK(c.name == "hand");
  CHECK(c.size == 3);
  REQUIRE(c.runs.size() == all.size());
  for (std::size_t k = 0; k < all.size(); ++k) {
    INFO(solverTitle(all[k]));
    CHECK(c.runs[k].solver == all[k]);
    CHECK(c.runs[k].solved);
    CHECK(c.runs[k].result.f[0] == Approx(1.0 / 11).margin(1e-8));
    CHECK(c.runs[k].result.f[1] == Approx(7.0 / 11).margin(1e-8));
    CHECK(c.runs[k].result.f[2] == Approx(0).margin(1e-8));
    CHECK(c.runs[k].seconds >= 0);
  }
}

TEST_CASE("compareSolvers times up to `repeats` solves, fewer once the budget is spent",
          "[solver_comparison]") {
  const LcpSolverKind cf[] = {LcpSolverKind::kComputeForces};
  CompareOptions options;
  options.repeats = 5;
  options.repeatSeconds = 60;  // a 3 x 3 solve never spends it
  CHECK(compareSolvers("p", handSolvedLcp(), cf, options).runs[0].solves == 5);
  options.repeatSeconds = 0;  // spent by the first solve: timed once
  CHECK(compareSolvers("p", handSolvedLcp(), cf, options).runs[0].solves == 1);
  options.repeats = 0;  // at least one solve whatever is asked
  options.repeatSeconds = 60;
  CHECK(compareSolvers("p", handSolvedLcp(), cf, options).runs[0].solves == 1);
}

TEST_CASE("performanceProfile counts the problems each solver solved within tau of the best",
          "[solver_comparison]") {
  // Problem 1: solver 0 in 1 s, solver 1 in 3 s; problem 2: solver 0 failed, solver 1 2 s.
  // rho_0 = (1, 0) -> 0.5 at every tau; rho_1: 3 / 1 = 3 on problem 1, 1 on problem 2.
  std::vector<ComparedProblem> problems(2);
  problems[0].runs = {timed(1, true), timed(3, true)};
  problems[1].runs = {timed(0.5, false), timed(2, true)};
  const double taus[] = {1, 2, 3, 10};
  const std::vector<ProfilePoint> profile = performanceProfile(problems, taus);
  REQUIRE(profile.size() == 4);
  const std::vector<double> solver0 = {0.5, 0.5, 0.5, 0.5}, solver1 = {0.5, 0.5, 1, 1};
  for (std::size_t t = 0; t < 4; ++t) {
    INFO("tau " << taus[t]);
    CHECK(profile[t].tau == taus[t]);
    REQUIRE(profile[t].fraction.size() == 2);
    CHECK(profile[t].fraction[0] == solver0[t]);
    CHECK(profile[t].fraction[1] == solver1[t]);
  }
  CHECK(performanceProfile({}, taus).empty());
  const std::vector<double> standard = defaultProfileTaus();
  CHECK(standard.front() == 1);
  CHECK(std::is_sorted(standard.begin(), standard.end()));
}
