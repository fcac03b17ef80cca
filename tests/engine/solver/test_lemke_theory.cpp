// Lemke's method ends where the theory says it does (Cottle, Pang and Stone, The Linear
// Complementarity Problem, 4.4): Murty's problems take 2^n pivots; a zero-sum game's LP has
// its equilibrium, worked out here by hand; a copositive-plus problem without a solution
// ends on a ray whose certificate holds; a convex QP's KKT system has the QP's minimizer; on
// random copositive-plus problems the floating-point pivots are exactly those of exact
// arithmetic; and where rounding wrecks the pivots, exact pivoting takes over, said as such.
#include <catch2/catch.hpp>
#include <cmath>

#include "engine/solver/exact_lemke.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/lemke.h"
#include "tests/support/lemke_problems.h"

using Catch::Contains;
using cl::ExactLemkeResult;
using cl::LcpError;
using cl::LcpProblem;
using cl::LcpResult;

namespace {

LcpResult lemke(const LcpProblem& p, int maxIterations = 0) {
  cl::LcpSolverOptions options;
  options.maxIterations = maxIterations;
  return cl::Lemke(options).solve(p);
}

std::string others(const char* name) {
  return std::string(CONTACTLAB_TEST_DATA_DIR) + "/lcp/others/" + name;
}

}  // namespace

TEST_CASE("Lemke takes 2^n pivots on Murty's problems", "[solver][lemke]") {
  // Murty (1978): with d = 1 every one of the 2^n complementary bases is visited, the first
  // pivot (z0 entering) included; the one solution is z = (1, 0, ..., 0).
  for (int n = 1; n <= 12; ++n) {
    CAPTURE(n);
    const LcpProblem p = cl::murtyLcp(n);
    const LcpResult r = lemke(p, 1 << 13);
    REQUIRE(r.ok());
    CHECK(r.pivots == 1 << n);
    CHECK_FALSE(r.exactArithmetic);
    Eigen::VectorXd z = Eigen::VectorXd::Zero(n);
    z[0] = 1;
    CHECK(r.f == z);
    if (n <= 8) CHECK(cl::exactLemke(p.A, p.b, 1 << 13).pivots == 1 << n);
  }
}

TEST_CASE("Lemke finds a zero-sum game's equilibrium from its LP", "[solver][lemke]") {
  // The row player receives P = [4 1; 2 3]. Mixing rows x = (1/4, 3/4) gives 2.5 against
  // either column (4/4 + 6/4 = 1/4 + 9/4), and columns y = (1/2, 1/2) give 2.5 against either
  // row: the value V = 2.5. The LP min 1^T u, P^T u >= 1, u >= 0 has u = x / V = (0.1, 0.3),
  // its dual v = y / V = (0.2, 0.2); z = (u, v) solves the LCP [0 -P; P^T 0] z + (1, 1, -1, -1).
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(4, 4);
  const Eigen::Matrix2d P{{4, 1}, {2, 3}};
  A.topRightCorner(2, 2) = -P;
  A.bottomLeftCorner(2, 2) = P.transpose();
  const LcpResult r = lemke(cl::lcpOf(A, Eigen::Vector4d(1, 1, -1, -1)));
  REQUIRE(r.ok());
  CHECK((r.f - Eigen::Vector4d(0.1, 0.3, 0.2, 0.2)).cwiseAbs().maxCoeff() < 1e-15);
}

TEST_CASE("Lemke's ray on a bimatrix game claims nothing, exact pivoting agreeing",
          "[solver][lemke]") {
  // game_2x2: payoffs [3 1; 1 2] and [2 1; 1 3] as [0 P; Q^T 0] z - 1. Its equilibrium x =
  // (2/3, 1/3), y = (1/3, 2/3) (each player indifferent) scaled by the payoffs 5/3 gives f =
  // (0.4, 0.2, 0.2, 0.4): a = A f + b = 0. The zero diagonal blocks stop Lemke with d = 1 on
  // a ray after its first pivot, and a ray there proves nothing.
  const LcpProblem p = cl::readLcpFile(others("game_2x2.json")).problem;
  REQUIRE((p.A * Eigen::Vector4d(0.4, 0.2, 0.2, 0.4) + p.b).cwiseAbs().maxCoeff() < 1e-15);
  const LcpResult r = lemke(p);
  CHECK(r.error == LcpError::kRayTermination);
  CHECK(r.exactArithmetic);
  CHECK_THAT(r.reason, Contains("(in exact arithmetic)") && Contains("proves nothing"));
  const ExactLemkeResult x = cl::exactLemke(p.A, p.b, 100);
  CHECK(x.end == ExactLemkeResult::End::kRay);
  CHECK(x.pivots == 1);
  // Without the exact last resort (the friction fallback's, with the friction warm start):
  // the same ray, claiming the same nothing, in floating point.
  const LcpResult rounded = cl::Lemke({}, {.exactLastResort = false}).solve(p);
  CHECK(rounded.error == LcpError::kRayTermination);
  CHECK_FALSE(rounded.exactArithmetic);
  CHECK(rounded.pivots == 1);
  CHECK_THAT(rounded.reason, Contains("proves nothing") && !Contains("exact arithmetic"));
}

TEST_CASE("Lemke proves a copositive-plus problem without solution has none", "[solver][lemke]") {
  SECTION("skew-symmetric, by hand") {
    // A = [0 1; -1 0], b = (-1, -1): a2 = -f1 - 1 < 0 for every f1 >= 0. One certificate is
    // y = (0, 1): A^T y = (-1, 0) <= 0 and b^T y = -1 < 0.
    const LcpProblem p = cl::readLcpFile(others("skew_no_solution.json")).problem;
    const LcpResult r = lemke(p);
    CHECK(r.error == LcpError::kNoSolution);
    CHECK_THAT(r.reason, Contains("certificate"));
  }
  SECTION("integer problems certified by y = 1") {
    cl::RandomLCG rng(7);
    for (const int n : {5, 20, 60}) {
      CAPTURE(n);
      const LcpProblem p = cl::infeasibleCopositivePlusLcp(n, rng);
      REQUIRE((p.A.transpose() * Eigen::VectorXd::Ones(n)).cwiseAbs().maxCoeff() == 0);
      REQUIRE(p.b.sum() == -1);
      const LcpResult r = lemke(p);
      CHECK(r.error == LcpError::kNoSolution);
      CHECK_FALSE(r.exactArithmetic);
      CHECK_THAT(r.reason, Contains("secondary ray") && Contains("certificate"));
      const ExactLemkeResult x = cl::exactLemke(p.A, p.b, 100 * n);
      CHECK(x.end == ExactLemkeResult::End::kRay);
      CHECK(x.pivots == r.pivots);
    }
  }
}

TEST_CASE("Lemke solves the KKT system of a convex QP", "[solver][lemke]") {
  // min x1^2 + x2^2 - x1 - 3 x2 subject to x1 + x2 <= 1, x >= 0, with multiplier l. KKT:
  // 2 x1 - 1 + l >= 0, 2 x2 - 3 + l >= 0, 1 - x1 - x2 >= 0, each complementary to x1, x2,
  // l >= 0. The unconstrained minimizer (1/2, 3/2) breaks the constraint; on x1 + x2 = 1 the
  // objective is 2 x1^2 - 2, least at x = (0, 1) (unique: the objective is strictly convex).
  // Then 2 x2 - 3 + l = 0 gives l = 1, and 2 x1 - 1 + l = 0 >= 0 holds.
  Eigen::Matrix3d A{{2, 0, 1}, {0, 2, 1}, {-1, -1, 0}};
  const LcpResult r = lemke(cl::lcpOf(A, Eigen::Vector3d(-1, -3, 1)));
  REQUIRE(r.ok());
  CHECK((r.f - Eigen::Vector3d(0, 1, 1)).cwiseAbs().maxCoeff() < 1e-15);
}

TEST_CASE("Lemke's pivots are exact arithmetic's on copositive-plus problems", "[solver][lemke]") {
  // The same rule in exact arithmetic must take the same pivots: equal ratios (common in
  // the integer problems and the games' degenerate start) are recognized as equal.
  cl::RandomLCG rng(2026);
  int problems = 0;
  for (const int n : {8, 24, 60}) {
    for (int k = 0; k < 3; ++k) {
      for (const LcpProblem& p :
           {cl::psdPlusSkewLcp(n, n, rng), cl::psdPlusSkewLcp(n, n / 4 + 1, rng, true),
            cl::zeroSumGameLcp(n / 2, rng), cl::infeasibleCopositivePlusLcp(n, rng)}) {
        CAPTURE(n, k, problems);
        const LcpResult r = lemke(p, 100 * n);
        const ExactLemkeResult x = cl::exactLemke(p.A, p.b, 100 * n);
        CHECK((r.ok() || r.error == LcpError::kNoSolution));
        CHECK(r.ok() == (x.end == ExactLemkeResult::End::kSolution));
        CHECK(r.pivots == x.pivots);
        if (r.ok())
          CHECK((r.f - x.z).cwiseAbs().maxCoeff() <= 1e-9 * (1 + x.z.cwiseAbs().maxCoeff()));
        ++problems;
      }
    }
  }
  CHECK(problems == 36);
}

TEST_CASE("Lemke pivots exactly only data whose integers stay small", "[solver][lemke]") {
  // The scaled integers of exact pivoting: small integers need a few bits; 1e-300 beside
  // 1e300 about log2(1e600) = 1993 bits and the 53 of a mantissa.
  const Eigen::Matrix2d small{{2, 1}, {1, 3}};
  CHECK(cl::exactLemkeBits(small, Eigen::Vector2d(-1, -5)) <= 4);
  const Eigen::Matrix2d wide{{1e300, 0}, {0, 1e-300}};
  const long bits = cl::exactLemkeBits(wide, Eigen::Vector2d(-1, -1));
  CHECK(bits > 1993);
  CHECK(bits < 1993 + 2 * 53);
  // game_2x2's ray is pivoted again exactly; with payoffs of 1e300 and 1e-300 (4 rows of
  // about 2 000 bits: more than kExactLemkeMaxWork) it is not, and the reason says why.
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(4, 4);
  A.topRightCorner(2, 2) = Eigen::Matrix2d{{1e300, 1}, {1, 1e-300}};
  A.bottomLeftCorner(2, 2) = Eigen::Matrix2d{{1e-300, 1}, {1, 1e300}};
  const LcpResult r = lemke(cl::lcpOf(A, Eigen::Vector4d::Constant(-1)));
  CHECK(r.error == LcpError::kRayTermination);
  CHECK_FALSE(r.exactArithmetic);
  CHECK_THAT(r.reason, Contains("not pivoted exactly") && Contains("row-bits"));
}
