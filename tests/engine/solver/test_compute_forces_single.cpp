// ComputeForces::solveSingleContact: the one-contact LCP a = A00 f + b, f >= 0, a >= 0,
// f a = 0, whose solution is f = max(0, -b / A00), answered without building a problem.
// Hand cases, then random problems against solve() bit for bit: the serial impulse loop
// relies on the two giving the same numbers.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>

#include "engine/math/random_lcg.h"
#include "engine/solver/compute_forces.h"

using namespace cl;

namespace {

LcpResult fullSolve(double A00, double b) {
  LcpProblem p;
  p.A.resize(1, 1);
  p.A(0, 0) = A00;
  p.b.resize(1);
  p.b[0] = b;
  p.joint = {false};
  return ComputeForces().solve(p);
}

bool sameBits(double x, double y) {
  return std::memcmp(&x, &y, sizeof x) == 0;
}

}  // namespace

TEST_CASE("solveSingleContact: f = max(0, -b / A00)", "[compute_forces][single]") {
  const ComputeForces cf;
  CHECK(cf.solveSingleContact(2, -4) == 2.0);          // approaching: pushed to a = 0
  CHECK(cf.solveSingleContact(2, 3) == 0.0);           // separating: no force
  CHECK(cf.solveSingleContact(2, 0) == 0.0);           // at rest: no force needed
  CHECK(cf.solveSingleContact(4, -1e-12) == 2.5e-13);  // tolerance is relative to |b|
  // No force can stop an approach along a direction the contact cannot push: no solution.
  CHECK_FALSE(cf.solveSingleContact(0, -1).has_value());
  CHECK(fullSolve(0, -1).error == LcpError::kNoSolution);
  // Bad input is left to solve(), which names it.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  CHECK_FALSE(cf.solveSingleContact(nan, -1).has_value());
  CHECK_FALSE(cf.solveSingleContact(1, inf).has_value());
  CHECK(fullSolve(nan, -1).error == LcpError::kBadInput);
}

TEST_CASE("solveSingleContact gives solve()'s force bit for bit", "[compute_forces][single]") {
  RandomLCG rng(7);
  const ComputeForces cf;
  int forces = 0;
  for (int k = 0; k < 2000; ++k) {
    // A00 over eight decades (zero now and then), b of either sign over twelve decades.
    const double A00 = k % 97 == 0 ? 0.0 : std::pow(10.0, -4 + 8 * rng.nextFloat());
    const double b = (rng.nextFloat() - 0.5) * std::pow(10.0, -6 + 12 * rng.nextFloat());
    const auto f = cf.solveSingleContact(A00, b);
    const LcpResult r = fullSolve(A00, b);
    INFO("A00 = " << A00 << ", b = " << b);
    REQUIRE(f.has_value() == r.ok());
    if (!f) continue;
    CHECK(sameBits(*f, r.f[0]));
    forces += *f > 0;
  }
  CHECK(forces > 500);  // about half the problems approach
}
