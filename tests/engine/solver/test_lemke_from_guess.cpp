// Lemke from a guessed basis (lemke.h, the friction warm start's Lemke fallback): the guess
// only moves where the pivots start, never where they end. On problems whose one solution is
// known (Murty's, random P-matrices, a 2 x 2 worked by hand) every guess, right, wrong or
// singular, ends on it; a start from which Lemke ends on a ray that proves nothing is followed
// by the cold start; and on friction problems the guess of an earlier solve saves pivots.
#include <catch2/catch.hpp>

#include "engine/solver/friction_lemke.h"
#include "engine/solver/lemke.h"
#include "tests/engine/solver/friction_test_problems.h"
#include "tests/support/lemke_problems.h"

using Catch::Contains;
using namespace cl;

namespace {

LcpResult lemkeFrom(const LcpProblem& p, std::vector<int> guess) {
  return Lemke({}, {.exactLastResort = false, .startFromGuess = true}).solve(p, guess);
}

double largest(const Eigen::VectorXd& v) {
  return v.cwiseAbs().maxCoeff();
}

}  // namespace

TEST_CASE("Lemke from the solution's basis ends at once", "[solver][lemke]") {
  // Murty's problem (n = 10): the cold start takes 2^10 pivots to z = e_1. From the guess
  // {z_1}, one pivot gives z_1 = 1 and w_i = -1 + 2 z_1 = 1 for i > 1: x_B >= 0, solved.
  const LcpProblem p = murtyLcp(10);
  LcpSolverOptions enough;
  enough.maxIterations = 1 << 11;
  REQUIRE(Lemke(enough).solve(p).pivots == 1 << 10);
  const LcpResult r = lemkeFrom(p, {0});
  REQUIRE(r.ok());
  CHECK(r.pivots == 1);
  CHECK(r.f == Eigen::VectorXd::Unit(10, 0));
  CHECK(r.reason.empty());
}

TEST_CASE("Lemke from a wrong guess ends on the one solution", "[solver][lemke]") {
  // A P-matrix has one solution, so wherever Lemke starts it must end there. Murty's again,
  // from guesses without z_1 (z_1 = 1 is its solution); then random M = G G^T / n + skew
  // (positive definite symmetric part: a P-matrix), from guesses of every size, against the
  // cold start.
  const LcpProblem murty = murtyLcp(6);
  for (const std::vector<int>& guess :
       std::vector<std::vector<int>>{{1}, {5, 4}, {1, 2, 3, 4, 5}, {2, 0, 3}}) {
    const LcpResult r = lemkeFrom(murty, guess);
    REQUIRE(r.ok());
    CHECK(largest(r.f - Eigen::VectorXd::Unit(6, 0)) < 1e-12);
  }
  RandomLCG rng(46);
  int problems = 0;
  for (const int n : {5, 20, 60}) {
    for (int k = 0; k < 8; ++k) {
      const LcpProblem p = psdPlusSkewLcp(n, n, rng);
      const LcpResult cold = Lemke().solve(p);
      REQUIRE(cold.ok());
      std::vector<int> guess = rng.randomInts(n);
      guess.resize(static_cast<std::size_t>(rng.nextInt(n) + 1));
      CAPTURE(n, k);
      const LcpResult r = lemkeFrom(p, guess);
      REQUIRE(r.ok());
      CHECK(largest(r.f - cold.f) <= 1e-9 * (1 + largest(cold.f)));
      ++problems;
    }
  }
  CHECK(problems == 24);
}

TEST_CASE("Lemke from a singular guess leaves its dependent columns out", "[solver][lemke]") {
  // A = [1 1; 1 1], b = -1: after z_1 enters for w_1, z_2's entry in w_2's row is
  // 1 - 1 * 1 / 1 = 0, no pivot: z_2 stays out, and the basis {z_1, w_2} already solves it
  // (z_1 = 1, w_2 = 0).
  const LcpProblem p = lcpOf(Eigen::Matrix2d{{1, 1}, {1, 1}}, Eigen::Vector2d(-1, -1));
  const LcpResult r = lemkeFrom(p, {0, 1});
  REQUIRE(r.ok());
  CHECK(r.pivots == 1);
  CHECK(r.f == Eigen::Vector2d(1, 0));
}

TEST_CASE("Lemke from a guess that ends on a ray starts again cold", "[solver][lemke]") {
  // A = [3 2; 3 1], b = (-1, -3) (positive entries: copositive-plus). Its one solution is
  // f = (0, 3), a = (5, 0): f_1 > 0 alone needs f_1 = 1/3 and leaves a_2 = -2, both > 0 need
  // f_2 = -2. From the guess {z_1}: z_1 = 1/3, w_2 = -2, the LCP in (w_1, z_2) of the
  // principal pivot transform [1/3 -2/3; 1 -1], not copositive ((1, 1) gives -1/3). z0
  // enters at w_2's row, z_2 for w_2 after it, and then z_1 = 7/3 + z_2 / 3 and
  // z0 = 2 + z_2 grow with z_2 without bound: a ray after pivot 2 whose z part is no
  // certificate. Lemke then starts again from the cold start, where M is copositive-plus.
  const LcpProblem p = lcpOf(Eigen::Matrix2d{{3, 2}, {3, 1}}, Eigen::Vector2d(-1, -3));
  const LcpResult r = lemkeFrom(p, {0});
  REQUIRE(r.ok());
  CHECK(largest(r.f - Eigen::Vector2d(0, 3)) < 1e-14);
  CHECK_THAT(r.reason, Contains("from the cold start after the guessed basis's start ended on "
                                "a ray at pivot 2"));
  CHECK(r.pivots == 2 + Lemke().solve(p).pivots);
}

TEST_CASE("Friction by Lemke from an earlier solve's forces", "[friction][lemke]") {
  // The stored pile_10 problem (14 contacts, 9 sliding) that only Lemke solves: from its
  // own solution as the guess, and from a wrong one (every normal pushing, no friction).
  // Each result solves the problem to Lemke's tolerance; the right guess takes fewer pivots.
  const FrictionProblem p = cl::test::storedFrictionProblem("friction_pile_sliding.json");
  const int n = p.contacts();
  const double scale = largest(p.b);
  const FrictionResult cold = frictionByLemke(p, 1e-10);
  REQUIRE(cold.ok());
  const FrictionResult right = frictionByLemke(p, 1e-10, {}, cold.f);
  REQUIRE(right.ok());
  CHECK(frictionViolation(p, right.f, p.A * right.f + p.b) < 1e-10 * scale);
  CHECK(right.pivots < cold.pivots);
  Eigen::VectorXd pushing = Eigen::VectorXd::Zero(2 * n);
  pushing.head(n).setOnes();
  const FrictionResult wrong = frictionByLemke(p, 1e-10, {}, pushing);
  REQUIRE(wrong.ok());
  CHECK(frictionViolation(p, wrong.f, p.A * wrong.f + p.b) < 1e-10 * scale);
}
