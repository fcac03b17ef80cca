// A friction solve never reports numbers that are not finite as a solution: a comparison with
// NaN is false, so a violation measured by comparisons alone calls NaN forces exact.
#include <catch2/catch.hpp>
#include <limits>

#include "engine/solver/friction_forces.h"
#include "engine/solver/friction_lemke.h"
#include "tests/engine/solver/friction_test_problems.h"

using namespace cl;

TEST_CASE("frictionViolation: a force or acceleration that is not finite violates infinitely",
          "[friction][solver]") {
  // One resting contact, mu 0.5, solved exactly: f_N = 1, no friction, a = 0.
  FrictionProblem p;
  p.A = Eigen::Matrix2d::Identity();
  p.b = Eigen::Vector2d(-1, 0);
  p.mu = {0.5};
  Eigen::VectorXd f = Eigen::Vector2d(1, 0);
  Eigen::VectorXd a = p.A * f + p.b;
  CHECK(frictionViolation(p, f, a) == 0);
  const double inf = std::numeric_limits<double>::infinity();
  for (int k = 0; k < 4; ++k) {
    Eigen::VectorXd g = f, c = a;
    (k < 2 ? g : c)(k % 2) = k == 3 ? inf : std::numeric_limits<double>::quiet_NaN();
    CHECK(frictionViolation(p, g, c) == inf);
  }
}

TEST_CASE("Friction: a Lemke fallback that ends in NaN is not taken for a solution",
          "[friction][solver]") {
  // pile_100 with mu 0.5 and the friction warm start at t = 3.416: 147 contacts, 30 of them
  // sliding. The pivoting ran out of pivots, Lemke's fallback ended with f and a all NaN,
  // the check passed them, and the simulation's state became NaN.
  const FrictionProblem p = cl::test::storedFrictionProblem("friction_pile100_nan_lemke.json");
  REQUIRE(p.contacts() == 147);
  const FrictionResult lemke = frictionByLemke(p, 1e-10, {.exactLastResort = false});
  REQUIRE_FALSE(lemke.f.allFinite());  // what the run met
  CHECK(frictionViolation(p, lemke.f, lemke.a) == std::numeric_limits<double>::infinity());

  // The solve as the run had it, the regularized pivoting left out: it fails, saying so.
  // (The run's pivoting had 5 pivots a row and ran out of them; 1 a row ends the same way,
  // in a sixth of the time.)
  FrictionOptions options;
  options.pivotsPerRow = 1;
  options.lemkeExact = false;
  options.regularizedFallback = false;
  const FrictionResult r = computeFrictionForces(p, options);
  CHECK_FALSE(r.ok());
  CHECK_FALSE(r.byLemke);
}
