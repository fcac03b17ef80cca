// ContactSim::solveFriction, the one door of every friction solve a simulation makes (contact
// forces and collision impulses): the settings choose its fallbacks, and what a fallback
// solved is counted in the solve totals, whichever solve it was.
#include <catch2/catch.hpp>

#include "engine/contact/contact_sim.h"
#include "engine/solver/friction_forces.h"
#include "tests/engine/solver/friction_test_problems.h"

using namespace cl;

namespace {

// pile_50 with mu 0.5 at t = 3.625: 106 static contacts that the pivoting, Lemke and the
// regularized pivoting do not solve (test_friction_compliance.cpp).
FrictionProblem pile50Static() {
  return cl::test::storedFrictionProblem("friction_pile50_static.json");
}

// The exact solves shortened (the pivoting fails on this problem at any budget, 1 pivot a
// row as at 50); the regularized pivoting left out (it fails on it too, at twice the time).
FrictionOptions shortened() {
  FrictionOptions o;
  o.pivotsPerRow = 1;
  o.regularizedFallback = false;
  return o;
}

}  // namespace

TEST_CASE("solveFriction: friction_compliance decides the last fallback, and it is counted",
          "[friction][contact][compliance]") {
  const FrictionProblem p = pile50Static();
  ContactSim sim;
  sim.setFrictionWarmStart(true);  // Lemke without its exact last resort, as the run had it

  const FrictionResult failed = sim.solveFriction(p, shortened());
  CHECK_FALSE(failed.ok());
  CHECK(sim.solveTotals().frictionCompliant == 0);
  CHECK(sim.solveTotals().compliantViolation == 0);

  sim.setFrictionCompliance(true);
  // The caller's options do not turn it off: the setting decides.
  FrictionOptions asked = shortened();
  asked.compliantFallback = false;
  const FrictionResult r = sim.solveFriction(p, asked);
  REQUIRE(r.ok());
  CHECK(r.compliant);
  const ContactSim::SolveTotals& t = sim.solveTotals();
  CHECK(t.frictionCompliant == 1);
  // The violation counted is the one on the problem itself, above the exact check (which
  // is why no exact solve kept it) and below 1e-5 max |b| (eps = 1e-8 or 1e-6 of diag A).
  CHECK(t.compliantViolation == frictionViolation(p, r.f, r.a));
  CHECK(t.compliantViolation > 100 * 1e-10 * p.b.cwiseAbs().maxCoeff());
  CHECK(t.compliantViolation < 1e-5 * p.b.cwiseAbs().maxCoeff());
  // A compliant solve is not also counted as a regularized one.
  CHECK(t.frictionRegularized == 0);
}

TEST_CASE("solveFriction: an exact solve counts no compliance", "[friction][contact][compliance]") {
  // One block resting on a floor: two contacts, mu 0.5, b the gravity's pull (A = J M^-1 J^T
  // of a unit square of mass 1 and inertia 1/6 at corners (+-0.5, -0.5)).
  FrictionProblem p;
  const double inertia = 1.0 / 6.0;
  // Rows: normals (y) at x = -0.5 and x = +0.5, then tangents (x) there;
  // A_NN(i, j) = 1/m + x_i x_j / I and A_TT(i, j) = 1/m + 0.25 / I.
  const double xs[2] = {-0.5, 0.5};
  p.A.resize(4, 4);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      p.A(i, j) = 1 + xs[i] * xs[j] / inertia;
      // A tangent force at height -0.5 turns the block by 0.5 f / I, which moves corner i
      // along the normal by 0.5 x_i / I; A is symmetric (J M^-1 J^T).
      p.A(i, 2 + j) = 0.5 * xs[i] / inertia;
      p.A(2 + j, i) = p.A(i, 2 + j);
      p.A(2 + i, 2 + j) = 1 + 0.25 / inertia;
    }
  p.b = Eigen::Vector4d(-9.8, -9.8, 0, 0);
  p.mu = {0.5, 0.5};
  p.joint = {false, false};
  ContactSim sim;
  sim.setFrictionCompliance(true);
  const FrictionResult r = sim.solveFriction(p, {});
  REQUIRE(r.ok());
  CHECK_FALSE(r.compliant);
  // The block rests: each corner carries half its weight (the torques balance), and the
  // frictions cancel (no net sideways force; A is singular, so they may squeeze).
  CHECK(r.f(0) == Approx(4.9).epsilon(1e-12));
  CHECK(r.f(1) == Approx(4.9).epsilon(1e-12));
  CHECK(r.f(2) + r.f(3) == Approx(0).margin(1e-12));
  CHECK(sim.solveTotals().frictionCompliant == 0);
  CHECK(sim.solveTotals().frictionByLemke == 0);
}

TEST_CASE("frictionOptions: what the settings make of a friction solve's options",
          "[friction][contact][compliance]") {
  // One mapping for every friction solve a simulation makes (solveFriction, and the jam check
  // that must solve a jam's impulse as handleJam's solveFriction does): the cold arithmetic
  // unless the friction warm start is on, the compliant fallback only with friction_compliance.
  const FrictionProblem still = pile50Static();
  const FrictionProblem sliding =
      cl::test::storedFrictionProblem("friction_pile20_sliding_1e10.json");
  REQUIRE_FALSE(still.sliding());
  REQUIRE(sliding.sliding());
  FrictionOptions asked;
  asked.pivotsPerRow = 7;
  asked.touchingHeld = true;
  ContactSim sim;
  for (const FrictionProblem* p : {&still, &sliding}) {
    const FrictionOptions cold = sim.frictionOptions(*p, asked);
    CHECK(cold.lemkeExact);
    CHECK_FALSE(cold.lemkeFromGuess);
    CHECK_FALSE(cold.lemkeSparseBasis);
    CHECK_FALSE(cold.updatedInverse);
    CHECK_FALSE(cold.regularizeOnce);
    CHECK_FALSE(cold.compliantFallback);
    CHECK(cold.pivotsPerRow == 7);
    CHECK(cold.touchingHeld);
  }
  sim.setFrictionWarmStart(true);
  const FrictionOptions warmStill = sim.frictionOptions(still, asked);
  CHECK_FALSE(warmStill.lemkeExact);
  CHECK_FALSE(warmStill.lemkeFromGuess);  // 106 contacts: Lemke from the guess from 300
  CHECK(warmStill.lemkeSparseBasis);      // and its basis a sparse LU from 100
  CHECK_FALSE(sim.frictionOptions(sliding, asked).lemkeSparseBasis);  // 50 contacts
  FrictionProblem large;
  large.A = Eigen::MatrixXd::Identity(600, 600);
  large.b = Eigen::VectorXd::Zero(600);
  large.mu.assign(300, 0.5);
  CHECK(sim.frictionOptions(large, asked).lemkeFromGuess);
  CHECK(warmStill.updatedInverse);
  CHECK_FALSE(warmStill.regularizeOnce);  // both levels: no compliant fallback follows
  CHECK(sim.frictionOptions(sliding, asked).regularizeOnce);
  sim.setFrictionCompliance(true);
  const FrictionOptions compliant = sim.frictionOptions(still, asked);
  CHECK(compliant.compliantFallback);
  CHECK(compliant.regularizeOnce);
  CHECK(compliant.pivotsPerRow == 7);
  CHECK(compliant.touchingHeld);
}
