// The friction solve's compliant fallback (FrictionOptions::compliantFallback, the setting
// friction_compliance): on a problem no exact solve solves, the solution of the compliant
// problem A + eps I, kept with the violation that compliance costs on the problem itself.
#include <catch2/catch.hpp>

#include "engine/solver/friction_forces.h"
#include "tests/engine/solver/friction_test_problems.h"

using namespace cl;

namespace {

struct CompliantlyGuessed {
  FrictionProblem p;
  FrictionOptions o;
  FrictionResult first;
};

// pile_50's static problem (below) solved compliant once with the friction warm start's
// options and friction_compliance (the pivoting shortened to 1 a row), and the options then
// guessing those forces, as the next evaluation of a pile near rest guesses them.
CompliantlyGuessed compliantlyGuessed() {
  CompliantlyGuessed g{cl::test::storedFrictionProblem("friction_pile50_static.json"), {}, {}};
  g.o.pivotsPerRow = 1;
  g.o.lemkeExact = false;
  g.o.updatedInverse = true;
  g.o.regularizeOnce = true;
  g.o.compliantFallback = true;
  g.first = computeFrictionForces(g.p, g.o);
  REQUIRE(g.first.ok());
  REQUIRE(g.first.compliant);
  g.o.guess = g.first.f;
  return g;
}

// Whether f solves the compliant problem A + 1e-8 max(diag A) I to the solve's final check.
bool solvesCompliantProblem(const FrictionProblem& p, const Eigen::VectorXd& f) {
  FrictionProblem q = p;
  q.A.diagonal().array() += 1e-8 * p.A.diagonal().cwiseAbs().maxCoeff();
  return frictionViolation(q, f, q.A * f + q.b) <= 100 * 1e-10 * p.b.cwiseAbs().maxCoeff();
}

}  // namespace

TEST_CASE("Friction compliance: a problem no exact solve solves is solved to its compliance",
          "[friction][solver][compliance]") {
  // pile_50 with mu 0.5 at t = 3.625 (the friction warm start's run): 106 contacts on 50
  // blocks, none sliding (the held-static form of a sliding problem without a solution).
  // The pivoting and Lemke fail on it, as do the regularized pivotings at 1e-12 and 1e-10 in
  // the run. (The pivoting fails at any budget: 50 pivots a row and the warm start's 5 in
  // the run; 1 a row here, which keeps the test a third as long.)
  const FrictionProblem p = cl::test::storedFrictionProblem("friction_pile50_static.json");
  REQUIRE(p.contacts() == 106);
  const double tol = 100 * 1e-10 * p.b.cwiseAbs().maxCoeff();  // the solve's final check

  FrictionOptions exact;
  exact.pivotsPerRow = 1;
  exact.lemkeExact = false;
  exact.regularizedFallback = false;  // (it fails too, at twice the time)
  const FrictionResult failed = computeFrictionForces(p, exact);
  CHECK_FALSE(failed.ok());
  CHECK_FALSE(failed.compliant);

  FrictionOptions soft = exact;
  soft.compliantFallback = true;
  const FrictionResult r = computeFrictionForces(p, soft);
  REQUIRE(r.ok());
  CHECK(r.compliant);
  REQUIRE((r.regularization == 1e-8 || r.regularization == 1e-6));
  // f solves the compliant problem Q (A + eps max(diag A) I) to the final check ...
  const double eps = r.regularization * p.A.diagonal().cwiseAbs().maxCoeff();
  FrictionProblem q = p;
  q.A.diagonal().array() += eps;
  const double onQ = frictionViolation(q, r.f, q.A * r.f + q.b);
  CHECK(onQ <= tol);
  // ... and a is the problem's own, a_P = a_Q - eps f. Each condition's violation moves by at
  // most the change of a, so on the problem itself it is at most onQ + eps max |f|: small,
  // but above the exact check, which is why no exact solve accepted it.
  CHECK((r.a - (p.A * r.f + p.b)).cwiseAbs().maxCoeff() == 0);
  const double onP = frictionViolation(p, r.f, r.a);
  CHECK(onP <= onQ + eps * r.f.cwiseAbs().maxCoeff() * (1 + 1e-12));
  CHECK(onP > tol);
  CHECK(onP < 1e-5 * p.b.cwiseAbs().maxCoeff());
}

TEST_CASE("Friction compliance: not for a problem with a sliding contact",
          "[friction][solver][compliance]") {
  // Sliding friction without a solution asks for an impulse or the contact held static
  // (ContactSim), not for forces of order 1/eps: the fallback leaves it failed.
  FrictionProblem p = cl::test::storedFrictionProblem("friction_pile50_static.json");
  p.slide.assign(p.mu.size(), 0);
  p.slide[0] = 1;
  FrictionOptions soft;
  soft.pivotsPerRow = 1;
  soft.lemkeExact = false;
  soft.regularizedFallback = false;
  soft.compliantFallback = true;
  const FrictionResult r = computeFrictionForces(p, soft);
  CHECK_FALSE(r.compliant);
  CHECK(r.regularization == 0);
}

TEST_CASE("Friction compliance: from a compliant guess, before the exact fallbacks",
          "[friction][solver][compliance]") {
  // The pile_50 problem solved compliant once, then again from those forces, as the next
  // evaluation of a pile near rest guesses them: the guess's sets hold without a pivot but
  // fail the exact check, the pivoting from no sets fails, and the compliant solve comes
  // next, from the guess, before Lemke and the regularized pivoting.
  auto [p, o, first] = compliantlyGuessed();
  const FrictionResult r = computeFrictionForces(p, o);
  REQUIRE(r.ok());
  CHECK(r.compliant);
  CHECK(r.regularization == 1e-8);
  CHECK(r.warmRejected);   // the partial start failed, and the pivoting from no sets with it
  CHECK_FALSE(r.byLemke);  // the compliant solve from the guess needed no Lemke
  // The cold pivoting spends its budget (1 a row: 2n + 100 pivots); the compliant solve from
  // the guess a few more at most. From no sets it took hundreds (and Lemke).
  const int coldBudget = o.pivotsPerRow * 2 * p.contacts() + 100;
  INFO("pivots: first " << first.pivots << ", from the guess " << r.pivots);
  CHECK(r.pivots <= coldBudget + 10);
  CHECK(first.pivots > coldBudget + 100);
  // Its forces solve the compliant problem to the final check, as the first solve's do.
  CHECK(solvesCompliantProblem(p, r.f));
}

TEST_CASE("Friction compliance: compliant first, from the guess, before any exact solve",
          "[friction][solver][compliance]") {
  // As ContactSim asks where the same contacts' last solve was held static and ended
  // compliant (FrictionOptions::compliantFirst): the pile_50 problem solved compliant once,
  // then from those forces with the compliant solve first. The guess's sets fail the exact
  // check, so no exact pivoting runs: the compliant pivoting from the guess solves it.
  auto [p, o, first] = compliantlyGuessed();
  o.compliantFirst = true;
  const FrictionResult r = computeFrictionForces(p, o);
  REQUIRE(r.ok());
  CHECK(r.compliant);
  CHECK(r.regularization == 1e-8);
  CHECK(r.compliantFirst);  // told apart from a compliant solve after the exact ones
  CHECK_FALSE(first.compliantFirst);
  CHECK_FALSE(r.byLemke);
  // Without it the cold pivoting spends its budget (2n + 100 pivots) first.
  INFO("pivots from the guess: " << r.pivots);
  CHECK(r.pivots < 20);
  CHECK(solvesCompliantProblem(p, r.f));
  CHECK(frictionViolation(p, r.f, r.a) < 1e-5 * p.b.cwiseAbs().maxCoeff());
  // Without friction_compliance's fallback there is no compliant solve to put first.
  o.compliantFallback = false;
  o.regularizedFallback = false;
  o.lemkeFallback = false;
  CHECK_FALSE(computeFrictionForces(p, o).ok());
}

TEST_CASE("Friction compliance: compliant first keeps an exact solution the guess gives",
          "[friction][solver][compliance]") {
  // Where the guess's sets solve the problem outright, that exact solution stands: the
  // compliant solve comes first only before the exact pivoting. Random static stacks of two
  // bodies on a slope, each guessed with its own exact solution (as the next evaluation of
  // a resting pile guesses the last one's forces).
  RandomLCG rng(20261202);
  for (int k = 0; k < 40; ++k) {
    const FrictionProblem p = cl::test::randomTwoBodyStack(rng).problem(0.2, 0.5);
    const FrictionResult exact = computeFrictionForces(p);
    REQUIRE(exact.ok());
    FrictionOptions o;
    o.compliantFallback = true;
    o.compliantFirst = true;
    o.guess = exact.f;
    const FrictionResult r = computeFrictionForces(p, o);
    INFO("stack " << k);
    REQUIRE(r.ok());
    CHECK(r.warmStarted);
    CHECK_FALSE(r.compliant);
    CHECK_FALSE(r.compliantFirst);
    CHECK(r.regularization == 0);
    CHECK(frictionViolation(p, r.f, r.a) <= 100 * 1e-10 * p.b.cwiseAbs().maxCoeff());
  }
}

TEST_CASE("Friction compliance: compliant first is not for a problem with a sliding contact",
          "[friction][solver][compliance]") {
  // A sliding problem without a solution is held static by ContactSim, or ends in an
  // impulse; compliant first changes nothing of its solve, bit for bit.
  const FrictionProblem p = cl::test::storedFrictionProblem("friction_pile20_sliding_1e10.json");
  REQUIRE(p.sliding());
  FrictionOptions o;
  o.compliantFallback = true;
  o.guess = Eigen::VectorXd::Zero(p.b.size());
  const FrictionResult without = computeFrictionForces(p, o);
  o.compliantFirst = true;
  const FrictionResult with = computeFrictionForces(p, o);
  CHECK(with.error == without.error);
  CHECK(with.pivots == without.pivots);
  CHECK(with.compliant == without.compliant);
  REQUIRE(with.f.size() == without.f.size());
  CHECK(with.f == without.f);
}
