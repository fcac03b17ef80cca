// HeldInverse (the friction pivoting's updated inverse of its held rows): through random
// joins, leaves and tie changes it solves as a fresh LU of the reduced system built here
// from its definition; on a singular system it gives the minimum-norm solution of the
// complete orthogonal decomposition and refuses a right side outside M's range; and the
// friction pivoting with it (FrictionOptions::updatedInverse) ends where the
// pivoting by the complete orthogonal decomposition does, on problems whose answer is
// unique, and with Baraff's conditions holding on a degenerate pile.
#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

#include "engine/math/random_lcg.h"
#include "engine/solver/detail/held_inverse.h"
#include "engine/solver/friction_forces.h"
#include "tests/engine/solver/friction_test_problems.h"

using namespace cl;

namespace {

// The reduced system's definition: M[r, c] = A[h_r, h_c] + tie mu A[h_r, n + h_c] for a
// normal h_c tied to its friction.
Eigen::MatrixXd reduced(const Eigen::MatrixXd& A, const std::vector<double>& mu,
                        const std::vector<int>& held, const std::vector<int>& tie) {
  const auto n = static_cast<int>(mu.size());
  const auto k = static_cast<Eigen::Index>(held.size());
  Eigen::MatrixXd M(k, k);
  for (Eigen::Index r = 0; r < k; ++r)
    for (Eigen::Index c = 0; c < k; ++c) {
      const int h = held[c];
      M(r, c) = A(held[r], h) + (h < n ? tie[h] * mu[h] * A(held[r], n + h) : 0.0);
    }
  return M;
}

Eigen::VectorXd randomVector(Eigen::Index k, RandomLCG& rng) {
  Eigen::VectorXd v(k);
  for (Eigen::Index i = 0; i < k; ++i) v(i) = 2 * rng.nextFloat() - 1;
  return v;
}

// A contact Jacobian of `rows` rows on `freedoms` freedoms, its entries uniform in [-1, 1]
// row by row: A = J J^T is singular from freedoms + 1 rows on.
Eigen::MatrixXd randomJacobian(int rows, int freedoms, RandomLCG& rng) {
  Eigen::MatrixXd J(rows, freedoms);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < freedoms; ++c) J(r, c) = 2 * rng.nextFloat() - 1;
  return J;
}

// 600 random changes of the held rows of A (one row joins or leaves; now and then a
// normal's tie changes, a friction to the cone's edge or back; the order of `held` is
// shuffled as heldRows' is not, to test that positions are mapped rather than assumed),
// each followed by a solve checked against a fresh LU of the reduced system.
void checkAgainstFreshLu(const Eigen::MatrixXd& A, RandomLCG& rng) {
  const auto n = static_cast<int>(A.rows() / 2);
  std::vector<double> mu(static_cast<std::size_t>(n));
  for (double& m : mu) m = 0.1 + rng.nextFloat();
  HeldInverse inverse;
  inverse.reset(A, mu);
  std::vector<int> held, tie(static_cast<std::size_t>(n), 0);
  double worst = 0;
  int solves = 0;
  for (int step = 0; step < 600; ++step) {
    const int row = static_cast<int>(rng.nextFloat() * 2 * n) % (2 * n);
    const auto at = std::find(held.begin(), held.end(), row);
    if (at == held.end())
      held.push_back(row);
    else
      held.erase(at);
    if (step % 3 == 0) {
      const int i = static_cast<int>(rng.nextFloat() * n) % n;
      tie[i] = tie[i] == 0 ? (rng.nextFloat() < 0.5 ? 1 : -1) : 0;
    }
    if (step % 7 == 0 && held.size() > 1) std::swap(held.front(), held.back());
    if (held.empty()) continue;
    const Eigen::MatrixXd M = reduced(A, mu, held, tie);
    const Eigen::VectorXd rhs = randomVector(M.rows(), rng);
    Eigen::VectorXd x;
    REQUIRE(inverse.solve(held, tie, rhs, x));
    const Eigen::VectorXd expected = M.partialPivLu().solve(rhs);
    worst = std::max(worst, (x - expected).norm() / expected.norm());
    if (step % 5 == 0) {
      // Into the leading entries of a longer buffer, as the pivoting solves: the same x, the
      // rest of the buffer untouched; a segment of another size is refused.
      const Eigen::Index k = M.rows();
      Eigen::VectorXd buffer = Eigen::VectorXd::Constant(2 * n, 7.0);
      REQUIRE(inverse.solve(held, tie, rhs, buffer.head(k)));
      CHECK((buffer.head(k) - x).norm() <= 1e-13 * x.norm());
      CHECK((buffer.tail(2 * n - k).array() == 7.0).all());
      CHECK_FALSE(inverse.solve(held, tie, rhs, buffer.head(k - 1)));
    }
    ++solves;
  }
  INFO(solves << " solves, " << inverse.rebuilds() << " rebuilds");
  CHECK(solves > 500);
  CHECK(worst < 1e-12);
  CHECK(inverse.rebuilds() < solves / 10);  // updated, not formed afresh each time
}

}  // namespace

TEST_CASE("HeldInverse: through joins, leaves and ties it solves as a fresh LU",
          "[friction][solver]") {
  // A diagonally dominant A, not symmetric: every reduced system is far from singular, so
  // the updated inverse must agree with a fresh factorization to rounding at every step.
  RandomLCG rng(46);
  SECTION("a dense A") {
    const int n = 12;
    Eigen::MatrixXd A(2 * n, 2 * n);
    for (int r = 0; r < 2 * n; ++r)
      for (int c = 0; c < 2 * n; ++c) A(r, c) = 2 * rng.nextFloat() - 1;
    A.diagonal().array() += 3 * n;
    checkAgainstFreshLu(A, rng);
  }
  SECTION("a sparse A, as a pile's: a member's row and column are mostly zeros") {
    // About 1 entry in 12 off the diagonal, so the joins take their products over the
    // nonzeros (held_inverse.cpp, inverseTimes) once a few rows are held.
    const int n = 24;
    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(2 * n, 2 * n);
    for (int r = 0; r < 2 * n; ++r)
      for (int c = 0; c < 2 * n; ++c)
        if (rng.nextFloat() < 1.0 / 12) A(r, c) = 2 * rng.nextFloat() - 1;
    A.diagonal().array() += 6;
    checkAgainstFreshLu(A, rng);
  }
}

TEST_CASE("HeldInverse: a singular system gets the minimum-norm solution", "[friction][solver]") {
  // A = J J^T with J of 6 columns, on 10 contacts (20 rows): any 7 rows are dependent, so
  // from 7 members on some are deferred. Through random joins and leaves, with and without
  // ties, the solution of a consistent right side must be the minimum-norm one (and from a
  // start, the one nearest to it), and an inconsistent right side is refused.
  const int n = 10, freedoms = 6;
  RandomLCG rng(7);
  const Eigen::MatrixXd J = randomJacobian(2 * n, freedoms, rng);
  const Eigen::MatrixXd A = J * J.transpose();
  std::vector<double> mu(n);
  for (double& m : mu) m = 0.2 + 0.6 * rng.nextFloat();
  HeldInverse inverse;
  inverse.reset(A, mu);
  std::vector<int> held, tie(n, 0);
  double worst = 0, worstCod = 0;
  int deferred = 0, refused = 0, inconsistent = 0;
  for (int step = 0; step < 400; ++step) {
    const int row = static_cast<int>(rng.nextFloat() * 2 * n) % (2 * n);
    const auto at = std::find(held.begin(), held.end(), row);
    if (at == held.end())
      held.push_back(row);
    else if (held.size() > 1)
      held.erase(at);
    if (step % 5 == 0) {
      const int i = static_cast<int>(rng.nextFloat() * n) % n;
      tie[i] = tie[i] == 0 ? (rng.nextFloat() < 0.5 ? 1 : -1) : 0;
    }
    const Eigen::MatrixXd M = reduced(A, mu, held, tie);
    const Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod(M);
    // A right side in M's range, and (when M is singular) one that is not.
    const Eigen::VectorXd rhs = M * randomVector(M.cols(), rng);
    Eigen::VectorXd x;
    if (!inverse.solve(held, tie, rhs, x)) {
      ++refused;
      continue;
    }
    // The minimum-norm solution by the SVD (the pseudo-inverse) is the reference. A stable
    // solve's relative error is a modest multiple of eps kappa, kappa = M's condition over
    // its nonzero singular values (10 to 1e5 here): the updated inverse must come within
    // 1e-12 kappa (about 5000 eps kappa; at kappa = 10 that is 1e-11, two orders inside
    // the 1e-9 at which the pivoting takes a solve as consistent). The decomposition's own
    // error is reported beside it.
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(M, Eigen::ComputeThinU | Eigen::ComputeThinV);
    const Eigen::VectorXd reference = svd.solve(rhs);
    const double codError = (cod.solve(rhs) - reference).norm() / reference.norm();
    const Eigen::VectorXd sigma = svd.singularValues();
    const double kappa = sigma(0) / sigma(cod.rank() - 1);
    const double error = (x - reference).norm() / reference.norm();
    worst = std::max(worst, error / kappa);
    worstCod = std::max(worstCod, codError / kappa);
    // From a start, the solution nearest to it: start + M^+ (rhs - M start).
    const Eigen::VectorXd start = randomVector(M.cols(), rng);
    Eigen::VectorXd nearest;
    REQUIRE(inverse.solve(held, tie, rhs, nearest, &start));
    const Eigen::VectorXd nearestReference = start + svd.solve(rhs - M * start);
    worst = std::max(worst, (nearest - nearestReference).norm() / nearestReference.norm() / kappa);
    deferred += inverse.basis() < inverse.members();
    CHECK(inverse.basis() == cod.rank());
    if (cod.rank() < M.rows()) {
      Eigen::VectorXd outside = rhs;
      outside += cod.matrixQ() * Eigen::VectorXd::Unit(M.rows(), M.rows() - 1);
      inconsistent += !inverse.solve(held, tie, outside, x);
    }
  }
  INFO("worst relative error / kappa " << worst << " (the decomposition's " << worstCod << "); "
                                       << deferred << " solves with deferred members, " << refused
                                       << " refused, " << inconsistent << " inconsistent refused, "
                                       << inverse.rebuilds() << " rebuilds");
  CHECK(deferred > 100);
  CHECK(inconsistent == deferred);
  CHECK(refused == 0);
  CHECK(worst < 1e-12);
}

TEST_CASE("HeldInverse: a weak pivot waits until a solve needs it", "[friction][solver]") {
  // A = J J^T with J of 6 columns; row 5 of J is row 4 moved by 3e-4, so member 5's pivot
  // after members 0 to 4 is about 1e-8 of its terms (held_inverse.h): independent, but an
  // inverse that took it would be as ill-conditioned, and the rounding of every later
  // join's pivot test would grow with it (pile_100 with friction at rest: 332 to 336
  // members in a basis of a system of rank 300, every solve failing its check).
  const int n = 6, freedoms = 6;
  RandomLCG rng(5);
  Eigen::MatrixXd J = randomJacobian(2 * n, freedoms, rng);
  J.row(5) = J.row(4) + 3e-4 * randomVector(freedoms, rng).transpose();
  const Eigen::MatrixXd A = J * J.transpose();
  {
    const Eigen::MatrixXd Mbb = A.topLeftCorner(5, 5);
    const Eigen::VectorXd u = A.col(5).head(5), p = Mbb.partialPivLu().solve(u);
    const double pivot = A(5, 5) - u.dot(p), terms = A(5, 5) + u.norm() * p.norm();
    INFO("member 5's pivot " << pivot / terms << " of its terms");
    REQUIRE(pivot / terms > 1e-9);
    REQUIRE(pivot / terms < 1e-7);
  }
  const std::vector<double> mu(n, 0.5);
  const std::vector<int> tie(n, 0);
  // A right side with member 5's column in it: its part outside the other members' range
  // is beyond the 1e-9 to which a solve is taken as consistent.
  const auto check = [&](const std::vector<int>& held, int basis) {
    HeldInverse inverse;
    inverse.reset(A, mu);
    const Eigen::MatrixXd M = reduced(A, mu, held, tie);
    Eigen::VectorXd y = randomVector(M.cols(), rng);
    y(5) = 1;
    const Eigen::VectorXd rhs = M * y;
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(M, Eigen::ComputeThinU | Eigen::ComputeThinV);
    const Eigen::VectorXd reference = svd.solve(rhs);
    Eigen::VectorXd x;
    REQUIRE(inverse.solve(held, tie, rhs, x));
    CHECK(inverse.basis() == basis);
    // The error a stable solve makes, eps kappa, with kappa over the nonzero singular values.
    const Eigen::VectorXd sigma = svd.singularValues();
    const double kappa = sigma(0) / sigma(basis - 1);
    INFO("kappa " << kappa);
    CHECK((x - reference).norm() <= 1e-12 * kappa * reference.norm());
  };
  SECTION("the later members give the basis its rank, and member 5 depends on them") {
    // All twelve rows at once, in order: member 5 is held back, member 6 completes a basis
    // of six whose inverse is well conditioned, and 5 and 7 to 11 are deferred.
    std::vector<int> held(2 * n);
    for (int r = 0; r < 2 * n; ++r) held[static_cast<std::size_t>(r)] = r;
    check(held, freedoms);
  }
  SECTION("the system needs member 5") {
    // Members 0 to 5 alone: without 5 the right side is outside the basis' range, so the
    // first solve fails its check, 5 is offered at the dependence test, and joins.
    check({0, 1, 2, 3, 4, 5}, freedoms);
  }
}

TEST_CASE("Friction: the updated inverse pivots to the same forces where they are unique",
          "[friction][solver]") {
  // Random stacks of two bodies on a slope (friction_test_problems.h): two or four
  // contacts on six freedoms, the reduced systems not singular. Both ways must end with the
  // same sets and forces to rounding.
  RandomLCG rng(77);
  FrictionOptions updated;
  updated.updatedInverse = true;
  int same = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const cl::test::TwoBodyStack stack = cl::test::randomTwoBodyStack(rng);
    const FrictionProblem p = stack.problem(0.6 * rng.nextFloat(), 0.05 + 1.2 * rng.nextFloat());
    const FrictionResult cold = computeFrictionForces(p);
    const FrictionResult fast = computeFrictionForces(p, updated);
    INFO("trial " << trial);
    REQUIRE(cold.ok());
    REQUIRE(fast.ok());
    CHECK(frictionViolation(p, fast.f, fast.a) < 1e-8);
    if (cold.normalSets != fast.normalSets || cold.frictionSets != fast.frictionSets) continue;
    CHECK((fast.f - cold.f).norm() <= 1e-10 * std::max(1.0, cold.f.norm()));
    ++same;
  }
  INFO(same << " of 200 with the same sets");
  CHECK(same >= 190);
}

TEST_CASE("Friction: the updated inverse on the degenerate pile problem", "[friction][solver]") {
  // pile_20 with mu 0.5 at t = 4.525: 47 static contacts on 20 blocks, A singular, so
  // most held systems late in the pivoting are singular and go to the decomposition. The
  // answer (pivoting or a fallback) must meet (15) and (16) to the final check.
  const FrictionProblem p = cl::test::storedFrictionProblem("friction_pile20_degenerate.json");
  FrictionOptions o;
  o.updatedInverse = true;
  o.lemkeExact = false;
  const FrictionResult r = computeFrictionForces(p, o);
  REQUIRE(r.ok());
  CHECK(frictionViolation(p, r.f, r.a) <= 100 * 1e-10 * p.b.cwiseAbs().maxCoeff());
}
