// replaySolve: the re-solve of the workbench's panel and the CLI's solve-lcp.
#include <catch2/catch.hpp>

#include "engine/solver/replay_solve.h"

TEST_CASE("replaySolve solves a hand-built LCP and records its decisions", "[solver][replay]") {
  // a = A f + b with A = [[2, 1], [1, 2]], b = (-1, -1): both contacts press, so a = 0 and
  // f = A^-1 (1, 1) = (1/3, 1/3).
  cl::LcpProblem p;
  p.A = Eigen::MatrixXd{{2, 1}, {1, 2}};
  p.b = Eigen::VectorXd{{-1, -1}};
  p.joint = {false, false};
  for (const bool reference : {false, true}) {
    cl::ReplayOptions options;
    options.reference = reference;
    options.policy = cl::NextContactPolicy::MIN_ACCEL;
    const cl::ReplayResult r = cl::replaySolve(p, options);
    REQUIRE(r.result.ok());
    CHECK(r.result.f(0) == Approx(1.0 / 3).epsilon(1e-14));
    CHECK(r.result.f(1) == Approx(1.0 / 3).epsilon(1e-14));
    CHECK(std::abs(r.result.a(0)) < 1e-14);
    CHECK(r.pivots.size() >= 2);  // each contact driven into C
    CHECK(r.inputError.empty());
  }
}

TEST_CASE("replaySolve reports a problem that does not fit together", "[solver][replay]") {
  cl::LcpProblem p;
  p.A = Eigen::MatrixXd{{1}};
  p.b = Eigen::VectorXd{{-1, 2}};
  p.joint = {false};
  const cl::ReplayResult r = cl::replaySolve(p, {});
  CHECK(r.result.error == cl::LcpError::kBadInput);
  CHECK_FALSE(r.inputError.empty());
  CHECK(r.pivots.empty());
}
