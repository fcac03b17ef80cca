// The friction problem as one LCP for Lemke (friction_lemke.h): on a problem solved by hand,
// and as computeFrictionForces' fallback on a pile problem where Baraff's drive finds no
// step although a solution exists (stored from pile_10 with mu 0.5 at 3.81 s: 14 contacts,
// 9 sliding); and, after both, the regularized pivoting on a degenerate pile_20 problem.
#include <catch2/catch.hpp>
#include <cmath>
#include <thread>

#include "engine/solver/friction_forces.h"
#include "engine/solver/friction_lemke.h"
#include "tests/engine/solver/friction_test_problems.h"

using namespace cl;

namespace {

constexpr double kG = 9.8;

// A particle of mass m on a slope of angle theta, in the slope's frame (t up the slope):
// A = [[1/m, 0], [0, 1/m]], b = g (-cos, -sin).
FrictionProblem particleOnSlope(double m, double theta, double mu, int slide) {
  FrictionProblem p;
  p.A = Eigen::MatrixXd::Identity(2, 2) / m;
  p.b = Eigen::Vector2d(-kG * std::cos(theta), -kG * std::sin(theta));
  p.mu = {mu};
  p.slide = {slide};
  return p;
}

}  // namespace

TEST_CASE("Friction by Lemke: a particle on a slope, held and sliding", "[friction][lemke]") {
  const double m = 2, theta = 0.4;  // tan 0.4 = 0.42
  // mu 0.6 holds it: f_N = m g cos, f_F = m g sin (up the slope), a = 0.
  FrictionResult r = frictionByLemke(particleOnSlope(m, theta, 0.6, 0), 1e-12);
  REQUIRE(r.ok());
  CHECK(r.f(0) == Approx(m * kG * std::cos(theta)).epsilon(1e-12));
  CHECK(r.f(1) == Approx(m * kG * std::sin(theta)).epsilon(1e-12));
  CHECK(r.frictionSets[0] == ContactSet::kCF);
  // mu 0.2 does not: static friction at the cone's edge, +mu f_N against a_F < 0.
  r = frictionByLemke(particleOnSlope(m, theta, 0.2, 0), 1e-12);
  REQUIRE(r.ok());
  CHECK(r.f(1) == Approx(0.2 * m * kG * std::cos(theta)).epsilon(1e-12));
  CHECK(r.a(1) == Approx(-kG * (std::sin(theta) - 0.2 * std::cos(theta))).epsilon(1e-12));
  CHECK(r.frictionSets[0] == ContactSet::kNCPlus);
  // Sliding down (slide +1: friction up the slope) at mu 0.6 decelerates it.
  r = frictionByLemke(particleOnSlope(m, theta, 0.6, 1), 1e-12);
  REQUIRE(r.ok());
  CHECK(r.f(1) == Approx(0.6 * m * kG * std::cos(theta)).epsilon(1e-12));
  CHECK(r.a(1) == Approx(kG * (0.6 * std::cos(theta) - std::sin(theta))).epsilon(1e-12));
}

TEST_CASE("Friction by Lemke: the fallback solves a pile problem Baraff's drive cannot",
          "[friction][lemke]") {
  const FrictionProblem p = cl::test::storedFrictionProblem("friction_pile_sliding.json");
  REQUIRE(p.contacts() == 14);
  FrictionOptions pivotingOnly;
  pivotingOnly.lemkeFallback = false;
  CHECK(computeFrictionForces(p, pivotingOnly).error == LcpError::kNoSolution);
  const FrictionResult r = computeFrictionForces(p);
  REQUIRE(r.ok());
  CHECK(r.byLemke);
  const double scale = p.b.cwiseAbs().maxCoeff();
  CHECK(frictionViolation(p, r.f, r.a) < 1e-12 * scale);
  // The sliding frictions are mu f_N against their slide, whatever a_F.
  for (int i = 0; i < p.contacts(); ++i)
    if (p.slide[i] != 0) CHECK(r.f(14 + i) == Approx(p.slide[i] * 0.5 * r.f(i)).margin(1e-12));
}

TEST_CASE("Lemke's tableau storage, kept by each thread, leaves every solve's bits",
          "[friction][lemke]") {
  // The storage a thread keeps between solves holds the last tableau: a solve after a
  // larger and a smaller one, or on another thread with storage of its own, must give the
  // first solve's forces to the bit.
  const FrictionProblem pile = cl::test::storedFrictionProblem("friction_pile_sliding.json");
  const FrictionResult first = frictionByLemke(pile, 1e-10, {.exactLastResort = false});
  REQUIRE(first.f.size() == 2 * pile.contacts());
  REQUIRE(frictionByLemke(particleOnSlope(2.0, 0.3, 0.5, 0), 1e-10, {.exactLastResort = false})
              .f.size() == 2);
  const FrictionResult again = frictionByLemke(pile, 1e-10, {.exactLastResort = false});
  CHECK(again.pivots == first.pivots);
  CHECK((again.f.array() == first.f.array()).all());
  FrictionResult elsewhere;
  std::thread([&] { elsewhere = frictionByLemke(pile, 1e-10, {.exactLastResort = false}); }).join();
  CHECK(elsewhere.pivots == first.pivots);
  CHECK((elsewhere.f.array() == first.f.array()).all());
}

TEST_CASE("A degenerate pile problem the pivoting cannot solve, by Lemke and by regularizing",
          "[friction][lemke]") {
  // pile_20 with mu 0.5 on every body at t = 4.525: 47 static contacts on 20 blocks (94
  // unknowns, 60 freedoms: A is singular). The pivoting runs out of pivots. Lemke's pivots
  // on the problem's LCP form (188 rows) cycled until its tableau was recomputed from the
  // data (issue 44); now they end within the friction solve's acceptance check, though not
  // within Lemke's own 1e-10. The regularized fallback, asked without Lemke, solves it too: on
  // A + 1e-10 max(diag A) I, the second of its two (at 1e-12 the pivoting alone does not).
  const FrictionProblem p = cl::test::storedFrictionProblem("friction_pile20_degenerate.json");
  const int n = p.contacts();
  REQUIRE(n == 47);
  FrictionOptions neither;
  neither.lemkeFallback = false;
  neither.regularizedFallback = false;
  CHECK_FALSE(computeFrictionForces(p, neither).ok());
  CHECK_FALSE(frictionByLemke(p, 1e-10).ok());

  // What a solve returns solves the problem itself, checked here condition by condition with
  // a = A f + b recomputed from the file's A and b: (15) and (16) within 1e-8 max |b| (the
  // solver's acceptance check allows 100 x 1e-10 max |b|).
  const auto solves = [&](const FrictionResult& r) {
    const Eigen::VectorXd a = p.A * r.f + p.b;
    CHECK((a - r.a).cwiseAbs().maxCoeff() < 1e-14 * (1 + a.cwiseAbs().maxCoeff()));
    const double tol = 1e-8 * p.b.cwiseAbs().maxCoeff();
    for (int i = 0; i < n; ++i) {
      CAPTURE(i);
      const double fN = r.f(i), aN = a(i), fF = r.f(n + i), aF = a(n + i), mu = p.mu[i];
      CHECK(fN >= -tol);
      CHECK(aN >= -tol);
      CHECK(std::abs(fN * aN) <= tol * (1 + std::abs(fN) + std::abs(aN)));
      CHECK(std::abs(fF) <= mu * fN + tol);
      CHECK(fF * aF <= tol * (1 + std::abs(fF)));  // friction opposes a_F
      // Within the cone the contact is held: a_F = 0.
      if (std::abs(fF) < mu * fN - tol) CHECK(std::abs(aF) <= tol);
    }
  };
  // By Lemke; then by the regularized pivoting alone. (Not two SECTIONs: Catch would run the
  // failing pivoting above once for each, and it is the test's longest part.)
  {
    INFO("Lemke");
    const FrictionResult r = computeFrictionForces(p);
    REQUIRE(r.ok());
    CHECK(r.byLemke);
    CHECK(r.regularization == 0);
    solves(r);
  }
  {
    INFO("regularized");
    FrictionOptions noLemke;
    noLemke.lemkeFallback = false;
    const FrictionResult r = computeFrictionForces(p, noLemke);
    REQUIRE(r.ok());
    CHECK(r.regularization == 1e-10);
    CHECK_FALSE(r.byLemke);
    solves(r);
  }
}

TEST_CASE("A sliding pile problem the regularized pivoting solves at its second level only",
          "[friction][lemke]") {
  // pile_20 with mu 0.5 on every body, every block moved 8e-9 to the right (bench_friction's
  // trajectory 8), at t = 4.3: 50 contacts, contact 20 sliding. With the friction warm
  // start's arithmetic (the updated inverse, Lemke without its exact last resort, 5 pivots a
  // row) neither the pivoting, Lemke nor the pivoting on A + 1e-12 max(diag A) I solves it;
  // on A + 1e-10 max(diag A) I the pivoting does. FrictionOptions::regularizeOnce
  // stops at 1e-12: the problem is then left failed (ContactSim holds the contact static).
  const FrictionProblem p = cl::test::storedFrictionProblem("friction_pile20_sliding_1e10.json");
  const int n = p.contacts();
  REQUIRE(n == 50);
  REQUIRE(p.slide[20] != 0);
  FrictionOptions warm;
  warm.updatedInverse = true;
  warm.lemkeExact = false;
  warm.pivotsPerRow = 5;

  const FrictionResult two = computeFrictionForces(p, warm);
  REQUIRE(two.ok());
  CHECK(two.regularization == 1e-10);
  CHECK_FALSE(two.compliant);
  // It solves the problem itself: (15) and (16) within the final check (100 x 1e-10 max |b|),
  // and the sliding contact's friction is slide mu f_N (slide: the sign of f_F, against the
  // sliding velocity).
  const Eigen::VectorXd a = p.A * two.f + p.b;
  const double check = 100 * 1e-10 * p.b.cwiseAbs().maxCoeff();
  CHECK(frictionViolation(p, two.f, a) <= check);
  CHECK(two.f(20) > 0);
  CHECK(two.f(n + 20) == Approx(p.slide[20] * p.mu[20] * two.f(20)).epsilon(0).margin(check));

  warm.regularizeOnce = true;
  const FrictionResult once = computeFrictionForces(p, warm);
  CHECK_FALSE(once.ok());
  CHECK(once.regularization == 0);
}
