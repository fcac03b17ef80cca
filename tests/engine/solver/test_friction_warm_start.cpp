// The friction solve's warm start (FrictionOptions::guess): a guess that solves the problem
// is kept with no pivot; on a singular problem the forces kept are those nearest the guess
// (not those of the cold pivoting); a guess near the solution is corrected to one; a guess it
// cannot use gives the cold pivoting's answer to the bit; a guess whose sets break a
// condition starts the pivoting from them; and on a sequence of nearby problems (a resting
// body as its problem drifts) most solves take no pivot, each meeting Baraff's conditions
// (15) and (16).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <numbers>
#include <vector>

#include "engine/math/random_lcg.h"
#include "engine/solver/friction_forces.h"
#include "engine/solver/friction_lemke.h"
#include "tests/engine/solver/friction_test_problems.h"

using namespace cl;

namespace {

constexpr double kDeg = std::numbers::pi / 180;
using cl::test::kG;

FrictionProblem onSlope(double m, double I, const std::vector<Eigen::Vector2d>& points,
                        double theta, double mu) {
  return cl::test::onSlope({m, I}, points, theta, mu);
}

FrictionResult warmFrom(const FrictionProblem& p, const Eigen::VectorXd& guess) {
  FrictionOptions o;
  o.guess = guess;
  return computeFrictionForces(p, o);
}

// A 2 x 1 block of mass 3 on a 20 degree slope at its two lower corners: 4 unknowns on 3
// freedoms, so A is singular and the split of the friction between the corners is free.
FrictionProblem twoCorners(double mu) {
  return onSlope(3.0, 3.0 * 5 / 12, {{-1, -0.5}, {1, -0.5}}, 20 * kDeg, mu);
}

}  // namespace

TEST_CASE("Friction warm start: a guess that solves the problem is kept with no pivot",
          "[friction][solver][warm]") {
  for (const double mu : {1.0, 0.2}) {  // held, and sliding at the cone's edge
    CAPTURE(mu);
    const FrictionProblem p = twoCorners(mu);
    const FrictionResult cold = computeFrictionForces(p);
    REQUIRE(cold.ok());
    REQUIRE(cold.pivots > 0);
    const FrictionResult warm = warmFrom(p, cold.f);
    REQUIRE(warm.ok());
    CHECK(warm.warmStarted);
    CHECK_FALSE(warm.warmRejected);
    CHECK(warm.pivots == 0);
    CHECK((warm.f - cold.f).cwiseAbs().maxCoeff() < 1e-12 * cold.f.cwiseAbs().maxCoeff());
    CHECK(warm.frictionSets == cold.frictionSets);
    CHECK(frictionViolation(p, warm.f, warm.a) < 1e-12);
  }
}

TEST_CASE("Friction warm start: on a singular problem, the forces nearest the guess",
          "[friction][solver][warm]") {
  // Held with mu = 1: f_N0 + f_N1 = m g cos and the frictions sum to m g sin = 10.06 N,
  // split between the corners as one likes within their cones. The torque about the CM,
  // -f_N0 + f_N1 + 0.5 (f_F0 + f_F1) = 0, fixes the normals: f_N0 = 18.84, f_N1 = 8.78.
  const FrictionProblem p = twoCorners(1.0);
  const double weightN = 3 * kG * std::cos(20 * kDeg), weightT = 3 * kG * std::sin(20 * kDeg);
  const double fN1 = (weightN - 0.5 * weightT) / 2, fN0 = weightN - fN1;
  // 30 % of the friction at corner 0 and 70 % at corner 1 (7.04 N, inside its cone of
  // 8.78 N): a solution, not the one the cold pivoting finds (all of it at corner 0).
  Eigen::VectorXd guess(4);
  guess << fN0, fN1, 0.3 * weightT, 0.7 * weightT;
  const FrictionResult r = warmFrom(p, guess);
  REQUIRE(r.ok());
  CHECK(r.warmStarted);
  CHECK(r.f(2) == Approx(0.3 * weightT).epsilon(1e-12));
  CHECK(r.f(3) == Approx(0.7 * weightT).epsilon(1e-12));
  CHECK(r.f(0) == Approx(fN0).epsilon(1e-12));
  CHECK(r.f(1) == Approx(fN1).epsilon(1e-12));
  CHECK(r.a.cwiseAbs().maxCoeff() < 1e-12);
  const FrictionResult cold = computeFrictionForces(p);
  REQUIRE(cold.ok());
  CHECK(cold.f(3) == Approx(0).margin(1e-12));
  CHECK(cold.f(2) == Approx(weightT).epsilon(1e-12));
}

TEST_CASE("Friction warm start: a guess near the solution is corrected to one",
          "[friction][solver][warm]") {
  const FrictionProblem p = twoCorners(1.0);
  const FrictionResult cold = computeFrictionForces(p);
  REQUIRE(cold.ok());
  // 10 % off, and corner 1 guessed with no force: it is pushed into the slope (a_N < 0), so
  // the rounds hold it.
  Eigen::VectorXd guess = 1.1 * cold.f;
  guess(1) = 0, guess(3) = 0;
  const FrictionResult r = warmFrom(p, guess);
  REQUIRE(r.ok());
  CHECK(r.warmStarted);
  CHECK(r.pivots == 0);
  CHECK(r.normalSets[1] == ContactSet::kC);
  CHECK(frictionViolation(p, r.f, r.a) < 1e-10);
  CHECK(r.f(0) + r.f(1) == Approx(3 * kG * std::cos(20 * kDeg)).epsilon(1e-12));
}

TEST_CASE("Friction warm start: a guess it cannot use gives the cold answer to the bit",
          "[friction][solver][warm]") {
  const FrictionProblem p =
      onSlope(2.0, 0.7, {{-0.6, -0.3}, {0.5, -0.3}, {0.1, -0.35}}, 15 * kDeg, 0.4);
  const FrictionResult cold = computeFrictionForces(p);
  REQUIRE(cold.ok());
  const auto sameBits = [&](const FrictionResult& r) {
    REQUIRE(r.ok());
    CHECK(r.warmRejected);
    CHECK_FALSE(r.warmStarted);
    CHECK(r.pivots == cold.pivots);
    CHECK(r.f.size() == cold.f.size());
    CHECK(std::memcmp(r.f.data(), cold.f.data(), sizeof(double) * cold.f.size()) == 0);
  };
  SECTION("of the wrong size") {
    sameBits(warmFrom(p, Eigen::VectorXd::Ones(4)));
  }
  SECTION("not finite") {
    Eigen::VectorXd guess = cold.f;
    guess(2) = std::nan("");
    sameBits(warmFrom(p, guess));
  }
}

TEST_CASE("Friction warm start: nearby problems mostly take no pivot, each one solved",
          "[friction][solver][warm]") {
  // Random stacks of two bodies on a slope (friction_test_problems.h),
  // each then drifting in 40 small steps (the slope tilting by up to 0.02 degrees a step,
  // the way a resting pile's problem changes from one evaluation to the next), solved
  // warm from the previous forces.
  RandomLCG rng(4242);
  int solves = 0, warm = 0, rejected = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const cl::test::TwoBodyStack stack = cl::test::randomTwoBodyStack(rng);
    const double mu = 0.3 + rng.nextFloat();
    double theta = 12 * kDeg * rng.nextFloat();
    Eigen::VectorXd previous;
    for (int step = 0; step < 40; ++step, theta += 0.02 * kDeg * rng.nextFloat()) {
      const FrictionProblem p = stack.problem(theta, mu);
      FrictionOptions o;
      o.guess = previous;
      const FrictionResult r = computeFrictionForces(p, o);
      INFO("trial " << trial << " step " << step << ": " << errorName(r.error));
      REQUIRE(r.ok());
      CHECK(frictionViolation(p, r.f, r.a) < 1e-8);
      ++solves;
      warm += r.warmStarted;
      rejected += r.warmRejected;
      // A guess was tried: it solved the problem, started the pivoting, or was set aside.
      if (step > 0) CHECK(r.warmStarted + r.warmPartial + r.warmRejected == 1);
      previous = r.f;
    }
  }
  INFO("warm " << warm << ", rejected " << rejected << " of " << solves);
  CHECK(warm >= 0.9 * (solves - 40));  // every solve after each trial's first had a guess
}

TEST_CASE("Friction warm start: the degenerate pile problem from its own solution",
          "[friction][solver][warm]") {
  // pile_20 with mu 0.5 at t = 4.525 (47 static contacts on 20 blocks: A singular), which
  // the cold pivoting gives up on after 4801 pivots and Lemke solves: from Lemke's forces
  // the warm start takes no pivot, and from those forces 1 % off it finds a solution too.
  const FrictionProblem p = cl::test::storedFrictionProblem("friction_pile20_degenerate.json");
  // Lemke's forces, which solve the problem to the friction solve's final check (its own
  // verdict is stricter: test_friction_lemke.cpp), without the cold pivoting before them.
  const FrictionResult lemke = frictionByLemke(p, 1e-10);
  const double tol = 100 * 1e-10 * p.b.cwiseAbs().maxCoeff();  // the solve's final check
  REQUIRE(lemke.f.size() == 2 * p.contacts());
  REQUIRE(frictionViolation(p, lemke.f, p.A * lemke.f + p.b) <= tol);
  const FrictionResult same = warmFrom(p, lemke.f);
  REQUIRE(same.ok());
  CHECK(same.warmStarted);
  CHECK(same.pivots == 0);
  CHECK(frictionViolation(p, same.f, p.A * same.f + p.b) <= tol);
  RandomLCG rng(9);
  Eigen::VectorXd off = lemke.f;
  for (Eigen::Index i = 0; i < off.size(); ++i) off(i) *= 1 + 0.02 * (rng.nextFloat() - 0.5);
  const FrictionResult near = warmFrom(p, off);
  REQUIRE(near.ok());
  CHECK(near.warmStarted);
  CHECK(frictionViolation(p, near.f, p.A * near.f + p.b) <= tol);
}

TEST_CASE("Friction warm start: a guess whose sets break a condition starts the pivoting",
          "[friction][solver][warm]") {
  // Random two-body stacks solved from far-off guesses: each normal force guessed between
  // -1 and 3 times its weight share, each friction anywhere in a cone twice as wide. Where
  // the rounds end with sets that still break a condition, those conditions are released
  // and the pivoting finishes from the rest (warmPartial): every solve must still meet (15)
  // and (16), and the pivoting from a partial start must take fewer pivots than from none.
  RandomLCG rng(77);
  int partial = 0, partialPivots = 0, coldPivots = 0, started = 0, rejected = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const cl::test::TwoBodyStack stack = cl::test::randomTwoBodyStack(rng);
    const double mu = 0.2 + rng.nextFloat();
    const FrictionProblem p = stack.problem(20 * kDeg * rng.nextFloat(), mu);
    const FrictionResult cold = computeFrictionForces(p);
    REQUIRE(cold.ok());
    const int n = p.contacts();
    const double scale = cold.f.head(n).cwiseAbs().maxCoeff();
    Eigen::VectorXd guess(2 * n);
    for (int i = 0; i < n; ++i) {
      guess(i) = scale * (4 * rng.nextFloat() - 1);
      guess(n + i) = 2 * mu * std::abs(guess(i)) * (2 * rng.nextFloat() - 1);
    }
    const FrictionResult r = warmFrom(p, guess);
    INFO("trial " << trial << ": " << errorName(r.error));
    REQUIRE(r.ok());
    CHECK(r.warmStarted + r.warmPartial + r.warmRejected == 1);
    const double tol = 100 * 1e-10 * p.b.cwiseAbs().maxCoeff();
    CHECK(frictionViolation(p, r.f, p.A * r.f + p.b) <= tol);
    started += r.warmStarted;
    rejected += r.warmRejected;
    if (r.warmPartial) {
      ++partial;
      partialPivots += r.pivots;
      coldPivots += cold.pivots;
    }
  }
  INFO("partial starts " << partial << ": " << partialPivots << " pivots, cold " << coldPivots
                         << "; solved " << started << ", rejected " << rejected);
  CHECK(partial > 0);
  CHECK(partialPivots < coldPivots);
}

TEST_CASE("Friction warm start: far-off guesses on the degenerate pile start the pivoting",
          "[friction][solver][warm]") {
  // The degenerate pile problem (47 contacts on 20 blocks; cold, the pivoting gives up after
  // 4801 pivots and Lemke solves it) from Lemke's forces with a few contacts' guesses made
  // up to 4 times larger and their frictions zeroed: the rounds' nearest solution then
  // pulls or slips somewhere. Every solve must meet (15) and (16). A start the rounds leave
  // with broken conditions must be pivoted from (a "warm start" decision, then drives),
  // a held normal that pulled being driven back to zero force first (a "friction zeroed"
  // decision on a normal's row); on this pile that pivoting seldom finishes within its 2
  // pivots a row, and the cold solve (rejected) follows it, within fewer pivots in all than
  // the cold solve alone took.
  const FrictionProblem p = cl::test::storedFrictionProblem("friction_pile20_degenerate.json");
  const int n = p.contacts();
  const FrictionResult cold = computeFrictionForces(p);
  REQUIRE(cold.ok());
  const FrictionResult lemke = frictionByLemke(p, 1e-10);
  REQUIRE(lemke.f.size() == 2 * n);
  const double tol = 100 * 1e-10 * p.b.cwiseAbs().maxCoeff();
  int partial = 0, normalsZeroed = 0;
  RandomLCG rng(5);
  for (int trial = 0; trial < 40; ++trial) {
    Eigen::VectorXd guess = lemke.f;
    for (int k = 0; k < 4; ++k) {
      const int i = static_cast<int>(rng.nextFloat() * n) % n;
      guess(i) *= 1 + 3 * rng.nextFloat();
      guess(n + i) = 0;
    }
    RecordingTraceSink sink;
    FrictionOptions o;
    o.guess = guess;
    o.sink = &sink;
    o.updatedInverse = true;  // as with the friction warm start in ContactSim
    const FrictionResult r = computeFrictionForces(p, o);
    INFO("trial " << trial << ": " << errorName(r.error));
    REQUIRE(r.ok());
    CHECK(frictionViolation(p, r.f, p.A * r.f + p.b) <= tol);
    CHECK(r.warmStarted + r.warmPartial + r.warmRejected == 1);
    const bool pivotedFromGuess = !r.warmStarted && !sink.pivots.empty() &&
                                  sink.pivots.front().transition == PivotTransition::kWarmStart;
    if (!pivotedFromGuess) continue;
    ++partial;
    CHECK(r.pivots < cold.pivots);
    for (const SolverPivot& pivot : sink.pivots)
      normalsZeroed += pivot.transition == PivotTransition::kFrictionZeroed && pivot.d < n;
  }
  INFO("pivoted from the guess " << partial << ", normals driven to zero force " << normalsZeroed);
  CHECK(partial > 0);
  CHECK(normalsZeroed > 0);
}
