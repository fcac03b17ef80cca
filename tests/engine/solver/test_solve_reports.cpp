// What a solve reports about a problem it did not solve is true: no-solution only with a
// certificate (checked here against the problem), outside-assumptions with the measured
// reason when ComputeForces is given an A that is not symmetric positive semidefinite, a
// NaN or infinity stopping the solve under its own status and never hidden by a maximum,
// and a reason for every status that is not ok. The problems are built by hand, with their
// solutions (or the proof there is none) worked out here.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>

#include "engine/io/number_text.h"
#include "engine/solver/detail/lcp_diagnosis.h"
#include "engine/solver/lcp_solver.h"
#include "tests/support/lemke_problems.h"

using Catch::Contains;
using cl::LcpError;
using cl::LcpProblem;
using cl::LcpResult;
using cl::LcpSolverKind;

namespace {

LcpResult solveWith(LcpSolverKind kind, const LcpProblem& p) {
  return cl::makeLcpSolver(kind, {})->solve(p);
}

// The LCP of a bimatrix game with payoffs P (rows) and Q (columns), all positive:
// [0 P; Q^T 0] z - 1, whose solutions are the game's equilibria, scaled.
LcpProblem gameLcp(const Eigen::MatrixXd& P, const Eigen::MatrixXd& Q) {
  const Eigen::Index m = P.rows(), k = P.cols();
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(m + k, m + k);
  A.topRightCorner(m, k) = P;
  A.bottomLeftCorner(k, m) = Q.transpose();
  return cl::lcpOf(A, Eigen::VectorXd::Constant(m + k, -1.0));
}

}  // namespace

TEST_CASE("ComputeForces on a non-symmetric A with a solution says outside-assumptions",
          "[solver][reports]") {
  // A zero diagonal, not symmetric: f = (1, 1, 0) gives a = A f + b = 0, a solution (Lemke
  // finds one too); ComputeForces, whose drive needs Baraff's symmetric PSD A, must not
  // claim there is none. max |A_ij - A_ji| = |2 - (-1)| = 3.
  Eigen::MatrixXd A(3, 3);
  A << 0, 1, -1, -1, 0, 2, 2, -1, 0;
  const LcpProblem p = cl::lcpOf(A, Eigen::Vector3d(-1, 1, -1));
  const Eigen::Vector3d a = p.A * Eigen::Vector3d(1, 1, 0) + p.b;
  REQUIRE(a.cwiseAbs().maxCoeff() == 0);
  const LcpResult r = solveWith(LcpSolverKind::kComputeForces, p);
  CHECK(r.error != LcpError::kNoSolution);
  if (!r.ok()) {
    CHECK(r.error == LcpError::kOutsideAssumptions);
    CHECK_THAT(r.reason, Contains("A is not symmetric: max |A_ij - A_ji| = 3"));
  }
  CHECK(solveWith(LcpSolverKind::kLemke, p).ok());
}

TEST_CASE("ComputeForces on a game's LCP names the broken assumption, not a loop",
          "[solver][reports]") {
  // A symmetric game (P = Q): A symmetric with a zero diagonal, so not PSD: A_1,3^2 = 9 >
  // A_1,1 A_3,3 = 0. The equilibrium of P = [[3, 1], [1, 2]] puts z = (1/5, 2/5, 1/5, 2/5):
  // every row of A z equals 1 (checked below), so the LCP has a solution.
  Eigen::MatrixXd P(2, 2);
  P << 3, 1, 1, 2;
  const LcpProblem p = gameLcp(P, P);
  const Eigen::Vector4d z(0.2, 0.4, 0.2, 0.4);
  REQUIRE((p.A * z + p.b).cwiseAbs().maxCoeff() < 1e-15);
  const LcpResult r = solveWith(LcpSolverKind::kComputeForces, p);
  if (!r.ok()) {
    CHECK(r.error == LcpError::kOutsideAssumptions);
    CHECK_THAT(r.reason, Contains("A is not positive semidefinite"));
    CHECK_THAT(r.reason, Contains("it stopped"));
  }
}

TEST_CASE("no-solution comes with a certificate that holds", "[solver][reports]") {
  // A = [[1, 0], [0, 0]], b = (-1, -1): a_2 = -1 whatever f, so no solution; y = (0, 1) >= 0
  // has A^T y = 0 and b^T y = -1 < 0. Symmetric PSD: Baraff's setting, where a drive that
  // cannot go on is such a certificate. (ComputeForces defers contact 2, finds it cannot be
  // driven, and used to end with infinite-loop.)
  Eigen::MatrixXd A(2, 2);
  A << 1, 0, 0, 0;
  const LcpProblem p = cl::lcpOf(A, Eigen::Vector2d(-1, -1));
  const LcpResult r = solveWith(LcpSolverKind::kComputeForces, p);
  CHECK(r.error == LcpError::kNoSolution);
  CHECK_THAT(r.reason, Contains("certificate: y >= 0"));
  CHECK_THAT(r.reason, Contains("b^T y = -1 < 0"));
}

TEST_CASE("The certificate check accepts a proof and refuses what is not one",
          "[solver][reports]") {
  Eigen::MatrixXd A(2, 2);
  A << 1, -1, -1, 1;
  const LcpProblem p = cl::lcpOf(A, Eigen::Vector2d(-1, -1));
  // y = (1, 1): A^T y = 0, b^T y = -2: no f solves it.
  const auto proof = cl::detail::infeasibilityCertificate(p, Eigen::Vector2d(1, 1));
  REQUIRE(proof);
  CHECK_THAT(*proof, Contains("b^T y = -2 < 0") && Contains("no f solves it"));
  // Not >= 0, A^T y > 0 somewhere (y = (1, 0): A^T y = (1, -1)), or b^T y >= 0: no proof.
  CHECK_FALSE(cl::detail::infeasibilityCertificate(p, Eigen::Vector2d(-1, -1)));
  CHECK_FALSE(cl::detail::infeasibilityCertificate(p, Eigen::Vector2d(1, 0)));
  const LcpProblem solvable = cl::lcpOf(A, Eigen::Vector2d(1, -1));
  CHECK_FALSE(cl::detail::infeasibilityCertificate(solvable, Eigen::Vector2d(1, 1)));
  // A^T y <= 0 is enough: skew A = [[0, 1], [-1, 0]], b = (-1, -1) asks a_2 = -1 - f_1 >= 0,
  // impossible; y = (0, 1) has A^T y = (-1, 0) <= 0 and b^T y = -1.
  Eigen::MatrixXd skew(2, 2);
  skew << 0, 1, -1, 0;
  const auto skewProof = cl::detail::infeasibilityCertificate(
      cl::lcpOf(skew, Eigen::Vector2d(-1, -1)), Eigen::Vector2d(0, 1));
  REQUIRE(skewProof);
  CHECK_THAT(*skewProof, Contains("A^T y <= 0 there") && Contains("no f solves it"));
}

TEST_CASE("The assumption check measures what it reports", "[solver][reports]") {
  Eigen::MatrixXd spd(2, 2);
  spd << 2, 1, 1, 2;
  CHECK(cl::detail::brokenComputeForcesAssumption(cl::lcpOf(spd, Eigen::Vector2d(-1, -1)), true)
            .empty());
  // Symmetric, positive diagonal, 2 x 2 minors fine, but indefinite: eigenvalues of
  // [[1, 1, 1], [1, 1, -1], [1, -1, 1]] are 2, 2 and -1.
  Eigen::MatrixXd indefinite(3, 3);
  indefinite << 1, 1, 1, 1, 1, -1, 1, -1, 1;
  const LcpProblem p = cl::lcpOf(indefinite, Eigen::Vector3d(-1, -1, -1));
  CHECK(cl::detail::brokenComputeForcesAssumption(p, false).empty());  // the cheap checks pass
  CHECK_THAT(cl::detail::brokenComputeForcesAssumption(p, true),
             Contains("smallest eigenvalue is -1"));
}

TEST_CASE("A NaN or an infinity is never hidden by a maximum or printed as a number",
          "[solver][reports]") {
  Eigen::MatrixXd A(2, 2);
  A << 1, 0, 0, 1;
  const LcpProblem p = cl::lcpOf(A, Eigen::Vector2d(-1, -1));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Eigen::Vector2d f(1, nan);
  const cl::LcpResiduals r = cl::computeResiduals(p, f, p.A * f + p.b);
  CHECK(std::isnan(r.maxComplementarity));
  CHECK(std::isnan(r.minContactForce));
  CHECK(std::isnan(r.worst()));
  CHECK(std::isnan(r.relative()));
  CHECK(cl::numberText(-nan) == "nan");
  CHECK(cl::measureText(-0.0) == "0");
  CHECK(cl::numberText(-0.0) == "-0");  // files keep the sign bit: they round-trip
  CHECK(cl::detail::firstNonFinite(f, Eigen::Vector2d(0, 0)) == "f at row 2 of 2 = nan");
}

TEST_CASE("A diverging iteration stops at its first NaN or infinity, as non-finite",
          "[solver][reports]") {
  // Projected Gauss-Seidel on a symmetric indefinite A whose diagonal is a millionth of its
  // off-diagonal: each sweep multiplies f by about 1e6, past the largest double (1.8e308)
  // within 60 sweeps of the 1000 allowed.
  Eigen::MatrixXd A(2, 2);
  A << 1e-3, -1e3, -1e3, 1e-3;
  const LcpResult r = solveWith(LcpSolverKind::kPgs, cl::lcpOf(A, Eigen::Vector2d(-1, -1)));
  CHECK(r.error == LcpError::kNonFinite);
  CHECK(r.iterations < 100);
  CHECK_THAT(r.reason, Contains(" = inf") || Contains(" = nan") || Contains(" = -inf"));
}

TEST_CASE("Every status that is not ok carries a reason", "[solver][reports]") {
  // One problem of each kind of failure the solvers have: no solution, a game, an
  // indefinite symmetric A, a diverging PGS, Murty's P-matrix with a tiny iteration limit.
  Eigen::MatrixXd none(2, 2);
  none << 1, -1, -1, 1;
  Eigen::MatrixXd P(2, 2);
  P << 3, 1, 1, 2;
  Eigen::MatrixXd Q(2, 2);
  Q << 2, 1, 1, 3;
  Eigen::MatrixXd diverging(2, 2);
  diverging << 1e-3, -1e3, -1e3, 1e-3;
  const std::vector<LcpProblem> problems{cl::lcpOf(none, Eigen::Vector2d(-1, -1)), gameLcp(P, Q),
                                         gameLcp(P, P),
                                         cl::lcpOf(diverging, Eigen::Vector2d(-1, -1))};
  int failures = 0;
  for (const LcpProblem& p : problems)
    for (const auto& [kind, name] : cl::kLcpSolverNames) {
      const LcpResult r = solveWith(kind, p);
      if (r.ok()) continue;
      ++failures;
      INFO(name << ": " << cl::errorName(r.error));
      CHECK_FALSE(r.reason.empty());
    }
  CHECK(failures >= 8);
}

TEST_CASE("ComputeForces stops at the pivot whose step leaves the doubles", "[solver][reports]") {
  // Driving contact 1 of A = [[1e-300, 0], [1e10, 1]], b = (-1, -1) takes the step
  // -a_1 / A_11 = 1e300, which sends a_2 = -1 + 1e300 * 1e10 to infinity at pivot 1.
  Eigen::MatrixXd A(2, 2);
  A << 1e-300, 0, 1e10, 1;
  const LcpResult r =
      solveWith(LcpSolverKind::kComputeForces, cl::lcpOf(A, Eigen::Vector2d(-1, -1)));
  CHECK(r.error == LcpError::kNonFinite);
  CHECK(r.pivots == 1);
  CHECK_THAT(r.reason, Contains("a at row 2 of 2 = inf at pivot 1"));
}

TEST_CASE("PGS says which rows it cannot update", "[solver][reports]") {
  // The 2 x 2 game's LCP has a zero diagonal: Gauss-Seidel divides by A_ii and skips every
  // row, so it stops at its limit having changed nothing, and says why.
  Eigen::MatrixXd P(2, 2);
  P << 3, 1, 1, 2;
  const LcpResult r = solveWith(LcpSolverKind::kPgs, gameLcp(P, P));
  CHECK(r.error == LcpError::kIterationLimit);
  CHECK_THAT(r.reason, Contains("stopped at its limit of 1000 iterations") &&
                           Contains("; 4 of 4 rows (1, 2, 3, ...) have A_ii <= 0"));
}
