// ComputeForces' warm start (compute_forces.h): a guess of C that solves the LCP outright,
// a guess with a negative force that shrinks until it is a valid start, a guess the pivots
// finish, dependent contacts, guesses that must be ignored, and random contact LCPs whose
// warm and cold answers must agree (a = A f + b is unique for a symmetric PSD A).
#include <algorithm>
#include <catch2/catch.hpp>

#include "engine/solver/compute_forces.h"
#include "engine/trace/solver_trace.h"
#include "tests/support/contact_lcp_builder.h"

using namespace cl;

namespace {

LcpResult solve(const LcpProblem& p, std::vector<int> guess, SolverTraceSink* sink = nullptr,
                RandomLCG* rng = nullptr) {
  ComputeForces cf(rng);
  cf.setTraceSink(sink);
  return cf.solve(p, guess);
}

std::vector<int> carriers(const LcpResult& r) {
  std::vector<int> c;
  for (Eigen::Index i = 0; i < r.f.size(); ++i)
    if (r.f[i] > 0) c.push_back(static_cast<int>(i));
  return c;
}

}  // namespace

TEST_CASE("Warm start: the right guess solves the LCP with no pivot", "[compute_forces][warm]") {
  const LcpProblem p = handSolvedLcp();
  RecordingTraceSink sink;
  const LcpResult r = solve(p, {0, 1}, &sink);
  REQUIRE(r.ok());
  CHECK(r.warmStarted);
  CHECK_FALSE(r.warmPartial);
  CHECK_FALSE(r.warmRejected);
  CHECK(r.pivots == 0);
  CHECK(r.f[0] == Approx(1.0 / 11).epsilon(1e-14));
  CHECK(r.f[1] == Approx(7.0 / 11).epsilon(1e-14));
  CHECK(r.f[2] == 0);
  CHECK(r.a[2] == Approx(18.0 / 11).epsilon(1e-14));
  REQUIRE(sink.pivots.size() == 1);
  CHECK(sink.pivots[0].transition == PivotTransition::kWarmStart);
  CHECK(sink.pivots[0].C == std::vector<int>{0, 1});
  CHECK(sink.pivots[0].NC == std::vector<int>{2});
}

TEST_CASE("Warm start: a negative force leaves the guess, which then solves it",
          "[compute_forces][warm]") {
  // G = {0, 1, 2}: A f = -b gives f = (0, 1, -1) (by hand: f2 = (-1 - f1) / 2, then
  // f0 + 2.5 f1 = 2.5 and 4 f0 + f1 = 1). Contact 2 leaves; {0, 1} is the solution above.
  const LcpProblem p = handSolvedLcp();
  RecordingTraceSink sink;
  const LcpResult r = solve(p, {2, 0, 1}, &sink);
  REQUIRE(r.ok());
  CHECK(r.warmStarted);
  CHECK(r.pivots == 0);
  CHECK(r.f[0] == Approx(1.0 / 11).epsilon(1e-14));
  CHECK(r.f[1] == Approx(7.0 / 11).epsilon(1e-14));
  REQUIRE(sink.pivots.size() == 2);
  CHECK(sink.pivots[0].transition == PivotTransition::kWarmStartRejected);
  CHECK(sink.pivots[0].j == 2);
  CHECK(sink.pivots[0].f[2] == Approx(-1).epsilon(1e-13));
  CHECK(sink.pivots[1].transition == PivotTransition::kWarmStart);
}

TEST_CASE("Warm start: a poor guess is a valid start that the pivots finish",
          "[compute_forces][warm]") {
  // G = {2}: f2 = -b2 / A22 = -1/2 < 0, so G empties; then C = {}, NC = {2} (a2 = 1 >= 0)
  // and contacts 0 and 1 are driven as in a cold solve.
  const LcpProblem p = handSolvedLcp();
  RecordingTraceSink sink;
  const LcpResult r = solve(p, {2}, &sink);
  REQUIRE(r.ok());
  CHECK_FALSE(r.warmStarted);
  CHECK(r.warmPartial);
  CHECK(r.pivots >= 1);
  CHECK(r.f[0] == Approx(1.0 / 11).epsilon(1e-13));
  CHECK(r.f[1] == Approx(7.0 / 11).epsilon(1e-13));
  CHECK(r.f[2] == 0);
  const auto start = std::find_if(sink.pivots.begin(), sink.pivots.end(), [](const SolverPivot& s) {
    return s.transition == PivotTransition::kWarmStart;
  });
  REQUIRE(start != sink.pivots.end());
  CHECK(start->C.empty());
  CHECK(start->NC == std::vector<int>{2});
}

TEST_CASE("Warm start: a contact dependent on the others is dropped, not factored",
          "[compute_forces][warm]") {
  // Two coincident contacts under a unit point mass: A = [1 1; 1 1] is singular, b = -g.
  // Either force alone holds it; the guess keeps contact 0 (f0 = g) and drops contact 1.
  LcpProblem p;
  p.A = Eigen::MatrixXd::Ones(2, 2);
  p.b = Eigen::VectorXd::Constant(2, -9.8);
  p.joint = {false, false};
  const LcpResult r = solve(p, {0, 1});
  REQUIRE(r.ok());
  CHECK(r.warmStarted);
  CHECK(r.f[0] == Approx(9.8).epsilon(1e-14));
  CHECK(r.f[1] == 0);
  CHECK(r.a.cwiseAbs().maxCoeff() < 1e-13);
}

TEST_CASE("Warm start: invalid guesses and problems with joints are solved cold",
          "[compute_forces][warm]") {
  const LcpProblem p = handSolvedLcp();
  const LcpResult cold = solve(p, {});
  for (const std::vector<int>& bad :
       {std::vector<int>{3}, std::vector<int>{-1}, std::vector<int>{0, 0}}) {
    const LcpResult r = solve(p, bad);
    CHECK_FALSE((r.warmStarted || r.warmPartial || r.warmRejected));
    CHECK(r.f == cold.f);  // the same bits: the cold path untouched
    CHECK(r.pivots == cold.pivots);
  }
  // Joints are treated in random order from the simulation's generator: a guess would skip
  // those draws, so it is ignored and the generator ends where the cold solve leaves it.
  RandomLCG seedFor(7);
  const LcpProblem chain = randomContactLcp(LcpFamily::kJointChain, 20, seedFor);
  RandomLCG rngCold(11), rngWarm(11);
  const LcpResult c = solve(chain, {}, nullptr, &rngCold);
  REQUIRE(c.ok());
  const LcpResult w = solve(chain, carriers(c), nullptr, &rngWarm);
  CHECK_FALSE((w.warmStarted || w.warmPartial || w.warmRejected));
  CHECK(w.f == c.f);
  CHECK(rngWarm.seed() == rngCold.seed());
}

TEST_CASE("Warm start: random contact LCPs give the cold solve's accelerations",
          "[compute_forces][warm]") {
  long long coldPivots = 0, warmPivots = 0;
  int exact = 0, instances = 0;
  for (LcpFamily family : {LcpFamily::kTower, LcpFamily::kPyramid, LcpFamily::kLeaningChain})
    for (int n : {10, 40, 100})
      for (double jitter : {0.0, 1e-6})
        for (int k = 0; k < 3; ++k) {
          RandomLCG rng(1000u * n + 2u * k + (jitter > 0 ? 1u : 0u));
          const LcpProblem p = randomContactLcp(family, n, rng, jitter);
          const double scale = p.b.cwiseAbs().maxCoeff();
          const LcpResult cold = solve(p, {});
          REQUIRE(cold.ok());
          // The cold answer's carriers, then the same with 3 of them dropped and 3 others
          // added (picked by the generator): both must end in a valid solution with the
          // same accelerations, the second through fewer pivots than a cold solve.
          std::vector<int> guess = carriers(cold);
          std::vector<int> perturbed = guess;
          RandomLCG pick(k + 1);
          for (int drop = 0; drop < 3 && !perturbed.empty(); ++drop)
            perturbed.erase(perturbed.begin() + pick.nextInt(static_cast<int>(perturbed.size())));
          for (int add = 0; add < 3; ++add) {
            const int i = pick.nextInt(p.size());
            if (std::find(perturbed.begin(), perturbed.end(), i) == perturbed.end())
              perturbed.push_back(i);
          }
          for (const bool exactGuess : {true, false}) {
            const std::vector<int>& g = exactGuess ? guess : perturbed;
            INFO(familyName(family) << " n " << n << " jitter " << jitter << " k " << k);
            const LcpResult w = solve(p, g);
            REQUIRE(w.ok());
            CHECK_FALSE(w.warmRejected);
            CHECK(w.residuals.worst() <= 1e-9 * scale);
            CHECK((w.a - cold.a).cwiseAbs().maxCoeff() <= 1e-8 * scale);
            if (exactGuess) exact += w.warmStarted;
          }
          coldPivots += cold.pivots;
          warmPivots += solve(p, perturbed).pivots;
          ++instances;
        }
  // The exact carriers solve every instance outright; a perturbed guess needs some pivots,
  // but well under a third of a cold solve's (595 against 2083 when this was written).
  CHECK(exact == instances);
  CHECK(warmPivots * 3 < coldPivots);
}
