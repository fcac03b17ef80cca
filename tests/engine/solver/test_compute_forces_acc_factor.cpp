// AccFactor: the Cholesky factor or the updated inverse of Acc = A[C, C] agrees with a
// direct solve through any sequence of additions and removals, and survives rank deficiency.
#include <catch2/catch.hpp>

#include "engine/math/random_lcg.h"
#include "engine/solver/detail/acc_factor.h"

using namespace cl;

namespace {

Eigen::MatrixXd randomSpd(int n, RandomLCG& rng) {
  Eigen::MatrixXd J(n, n + 3);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n + 3; ++c) J(r, c) = rng.nextFloat() - 0.5;
  return J * J.transpose();
}

// A = J J^T + I with J of 3 nonzeros a row: sparse, symmetric, positive definite.
Eigen::MatrixXd sparseSpd(int n, RandomLCG& rng) {
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(n, n + 3);
  for (int r = 0; r < n; ++r)
    for (int e = 0; e < 3; ++e) J(r, rng.nextInt(n + 3)) = rng.nextFloat() - 0.5;
  return J * J.transpose() + Eigen::MatrixXd::Identity(n, n);
}

Eigen::VectorXd directSolve(const Eigen::MatrixXd& A, const std::vector<int>& C, int j) {
  const int k = static_cast<int>(C.size());
  Eigen::MatrixXd acc(k, k);
  Eigen::VectorXd u(k);
  for (int r = 0; r < k; ++r) {
    u[r] = A(C[r], j);
    for (int c = 0; c < k; ++c) acc(r, c) = A(C[r], C[c]);
  }
  return acc.completeOrthogonalDecomposition().solve(u);
}

// `steps` random additions and removals, each followed by a solve of a random column
// checked against directSolve (relative to 1 + |x|); returns at how many steps f held C
// by the Schur factor (and counts those by the Cholesky factor in `choleskySteps`).
int checkRandomChanges(AccFactor& f, const Eigen::MatrixXd& A, RandomLCG& rng, int steps,
                       double tolerance, int* choleskySteps = nullptr) {
  const int n = static_cast<int>(A.rows());
  std::vector<bool> in(n, false);
  int schurSteps = 0;
  for (int step = 0; step < steps; ++step) {
    const int j = rng.nextInt(n);
    if (in[j])
      f.remove(j);
    else
      f.add(j);
    in[j] = !in[j];
    schurSteps += f.schur() ? 1 : 0;
    if (choleskySteps) *choleskySteps += f.cholesky() ? 1 : 0;
    const int probe = rng.nextInt(n);
    const Eigen::VectorXd x = f.solveColumn(probe);
    const Eigen::VectorXd expected = directSolve(A, f.members(), probe);
    REQUIRE(x.size() == expected.size());
    if (x.size() > 0)
      CHECK((x - expected).cwiseAbs().maxCoeff() <= tolerance * (1 + expected.norm()));
    CHECK_FALSE(f.singular());
  }
  return schurSteps;
}

}  // namespace

TEST_CASE("AccFactor: additions and removals match a direct solve", "[compute_forces][acc]") {
  RandomLCG rng(5);
  const int n = 30;
  const Eigen::MatrixXd A = randomSpd(n, rng);
  AccFactor inc, ref;
  inc.reset(A, false);
  ref.reset(A, true);
  std::vector<bool> in(n, false);
  for (int step = 0; step < 400; ++step) {
    const int j = rng.nextInt(n);
    if (in[j]) {
      inc.remove(j);
      ref.remove(j);
    } else {
      inc.add(j);
      ref.add(j);
    }
    in[j] = !in[j];
    const int probe = rng.nextInt(n);
    const Eigen::VectorXd x = inc.solveColumn(probe);
    const Eigen::VectorXd expected = directSolve(A, inc.members(), probe);
    REQUIRE(x.size() == expected.size());
    if (x.size() > 0) CHECK((x - expected).cwiseAbs().maxCoeff() <= 1e-8 * (1 + expected.norm()));
    CHECK_FALSE(inc.singular());
  }
}

TEST_CASE(
    "AccFactor: on a sparse A (compressed columns) additions and removals match a "
    "direct solve",
    "[compute_forces][acc]") {
  // J has 3 nonzeros a row, so A = J J^T + I is about a quarter full: the sparse paths
  // (residuals over A's nonzeros, Acc^-1 u over u's nonzeros, positions kept by swaps).
  RandomLCG rng(11);
  const Eigen::MatrixXd A = sparseSpd(40, rng);
  for (const int choleskyFrom : {1000, 0, 12}) {
    // The inverse throughout; the Cholesky factor throughout; the inverse handing C to the
    // Cholesky factor when C first reaches 12 members.
    INFO("Cholesky factor from " << choleskyFrom << " members");
    AccFactor inc;
    inc.reset(A, false);
    inc.setCholeskyFrom(choleskyFrom);
    REQUIRE(inc.sparse());
    int choleskySteps = 0;
    CHECK(checkRandomChanges(inc, A, rng, 600, 1e-8, &choleskySteps) == 0);  // 40 < 256
    if (choleskyFrom == 1000) CHECK(choleskySteps == 0);
    if (choleskyFrom == 0) CHECK(choleskySteps == 600);
    if (choleskyFrom == 12) CHECK((choleskySteps > 100 && choleskySteps < 600));
    CHECK(inc.rebuilds() == 0);
  }
}

TEST_CASE("AccFactor: a solve whose check is left to the caller, then added as solved",
          "[compute_forces][acc]") {
  // ComputeForces' pivot: solveColumn(d, &checkLeft), its own residual from delta_a
  // (atRounding), then add(d, true) reusing the solve. Each step against a direct solve.
  RandomLCG rng(17);
  const Eigen::MatrixXd A = sparseSpd(40, rng);
  AccFactor f;
  f.reset(A, false);
  f.setCholeskyFrom(0);
  for (int j = 0; j < 30; ++j) {
    bool checkLeft = false;
    const Eigen::VectorXd x = f.solveColumn(j, &checkLeft);
    const std::vector<int> C = f.members();
    if (!C.empty()) {
      CHECK(checkLeft);  // the Cholesky factor holds C
      CHECK((x - directSolve(A, C, j)).cwiseAbs().maxCoeff() < 1e-12);
      // The caller's residual: A[C, j] - Acc x on C, by contact; at rounding level here.
      Eigen::VectorXd r = Eigen::VectorXd::Zero(A.rows());
      for (std::size_t a = 0; a < C.size(); ++a) {
        r[C[a]] = A(C[a], j);
        for (std::size_t b = 0; b < C.size(); ++b) r[C[a]] -= A(C[a], C[b]) * x[b];
      }
      CHECK(f.atRounding(r, j));
      r[C[0]] += 1e-6;  // a residual far above rounding is reported as such
      CHECK_FALSE(f.atRounding(r, j));
    }
    f.add(j, true);
    if (j % 7 == 6) f.remove(j - 3);
  }
  CHECK(f.cholesky());
  CHECK(f.rebuilds() == 0);
  const Eigen::VectorXd y = f.solveColumn(35);
  CHECK((y - directSolve(A, f.members(), 35)).cwiseAbs().maxCoeff() < 1e-12);
}

TEST_CASE("AccFactor: on an A that is not symmetric the updated inverse matches a direct solve",
          "[compute_forces][acc]") {
  // A symmetric positive definite matrix plus a skew part: every principal submatrix stays
  // regular (x^T A x = x^T S x > 0), but no Cholesky factor applies.
  RandomLCG rng(13);
  const int n = 30;
  Eigen::MatrixXd A = randomSpd(n, rng) + Eigen::MatrixXd::Identity(n, n);
  for (int r = 0; r < n; ++r)
    for (int c = r + 1; c < n; ++c) {
      const double w = 0.2 * (rng.nextFloat() - 0.5);
      A(r, c) += w;
      A(c, r) -= w;
    }
  AccFactor inc;
  inc.reset(A, false);
  CHECK(checkRandomChanges(inc, A, rng, 400, 1e-8) == 0);
  CHECK_FALSE(inc.cholesky());
}

TEST_CASE("AccFactor: a dependent column switches to the singular-tolerant solve and back",
          "[compute_forces][acc]") {
  // Column 2 = column 0 + column 1 (so row 2 too): Acc on {0, 1, 2} has rank 2.
  Eigen::MatrixXd J(3, 3);
  J << 1, 0, 1, 0, 1, 2, 1, 1, 3;  // row 2 = row 0 + row 1
  Eigen::MatrixXd A = J * J.transpose();
  A.conservativeResize(4, 4);
  A.row(3).setZero();
  A.col(3).setZero();
  A(3, 3) = 1;
  A(0, 3) = A(3, 0) = 0.5;
  AccFactor f;
  f.reset(A, false);
  f.add(0);
  f.add(1);
  CHECK_FALSE(f.singular());
  f.add(2);
  CHECK(f.singular());
  // A[C, 0] lies in Acc's column space: the solve reproduces it exactly.
  const Eigen::VectorXd x = f.solveColumn(0);
  Eigen::MatrixXd acc(3, 3);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) acc(r, c) = A(f.members()[r], f.members()[c]);
  Eigen::VectorXd u(3);
  for (int r = 0; r < 3; ++r) u[r] = A(f.members()[r], 0);
  CHECK((acc * x - u).cwiseAbs().maxCoeff() < 1e-12);
  f.remove(1);  // {0, 2} has full rank again: back to the updated inverse
  CHECK_FALSE(f.singular());
  const Eigen::VectorXd y = f.solveColumn(3);
  CHECK((y - directSolve(A, f.members(), 3)).cwiseAbs().maxCoeff() < 1e-12);
}

TEST_CASE(
    "AccFactor: the sparse Schur-complement factor matches a direct solve through additions, "
    "removals, re-additions and refactoring",
    "[compute_forces][acc]") {
  // From 4 members on the Schur factor holds C (256 in use): 1200 random changes cross
  // its refactoring after 16 changes many times, and contacts leave and come back.
  RandomLCG rng(23);
  const Eigen::MatrixXd A = sparseSpd(60, rng);
  AccFactor inc;
  inc.reset(A, false);
  inc.setSchurFrom(4);
  REQUIRE(inc.sparse());
  CHECK(checkRandomChanges(inc, A, rng, 1200, 1e-10) > 1000);
  CHECK(inc.rebuilds() == 0);  // never fell back to the inverse
}

TEST_CASE("AccFactor: a warm start takes the guess's Cholesky factor, or the Schur factor",
          "[compute_forces][acc]") {
  RandomLCG rng(29);
  const int n = 50;
  const Eigen::MatrixXd A = sparseSpd(n, rng);
  std::vector<int> members;
  for (int i = 0; i < n; i += 2) members.push_back(i);  // 25 members
  const auto choleskyOf = [&](const std::vector<int>& G) {
    const int k = static_cast<int>(G.size());
    Eigen::MatrixXd acc(k, k);
    for (int r = 0; r < k; ++r)
      for (int c = 0; c < k; ++c) acc(r, c) = A(G[r], G[c]);
    return CholeskyFactor::RowMajorMatrix(acc.llt().matrixL());
  };
  const auto check = [&](AccFactor& f) {
    for (const int probe : {1, 7, 30}) {
      const Eigen::VectorXd x = f.solveColumn(probe);
      CHECK((x - directSolve(A, f.members(), probe)).cwiseAbs().maxCoeff() < 1e-12);
    }
    f.add(1);
    f.remove(4);
    const Eigen::VectorXd y = f.solveColumn(3);
    CHECK((y - directSolve(A, f.members(), 3)).cwiseAbs().maxCoeff() < 1e-12);
  };
  // A warm start of `members` with the factors' sizes given (the defaults 256 and 32).
  const auto warmStart = [&](AccFactor& f, int schurFrom, int choleskyFrom) {
    f.reset(A, false);
    f.setSchurFrom(schurFrom);
    f.setCholeskyFrom(choleskyFrom);
    f.assign(members, choleskyOf(members));
  };
  AccFactor schur;
  warmStart(schur, 10, 32);
  CHECK(schur.schur());
  check(schur);
  // Below the Schur size the guess's factor itself holds C.
  AccFactor chol;
  warmStart(chol, 256, 20);
  CHECK(chol.cholesky());
  check(chol);
  CHECK(chol.rebuilds() == 0);
  // Below the Cholesky size, the inverse formed from it.
  AccFactor small;
  warmStart(small, 256, 32);  // 25 members < 32
  CHECK_FALSE(small.cholesky());
  check(small);
  // On an A that is not symmetric the inverse is formed from the factor of its lower half.
  Eigen::MatrixXd B = A;
  B(0, 2) += 0.25;  // only the upper half changes: the guess reads the lower
  AccFactor inv;
  inv.reset(B, false);
  inv.assign(members, choleskyOf(members));
  CHECK_FALSE(inv.cholesky());
  CHECK_FALSE(inv.schur());
  const Eigen::VectorXd x = inv.solveColumn(9);
  CHECK((x - directSolve(B, inv.members(), 9)).cwiseAbs().maxCoeff() < 1e-10);
}

TEST_CASE("AccFactor: a dependent column leaves the Schur factor for the singular-tolerant solve",
          "[compute_forces][acc]") {
  // Column 5 of A = J J^T is column 0 + column 1 (J's row 5 = row 0 + row 1): C = {0..5}
  // is rank deficient. The Schur factor holds {0..4}; adding 5 must go to the COD solve,
  // and removing 1 must come back to a full-rank factor.
  RandomLCG rng(31);
  const int n = 8;
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(n, n);
  for (int r = 0; r < n; ++r) {
    J(r, r) = 1 + rng.nextFloat();
    J(r, (r + 1) % n) = rng.nextFloat() - 0.5;
  }
  J.row(5) = J.row(0) + J.row(1);
  const Eigen::MatrixXd A = J * J.transpose();
  AccFactor f;
  f.reset(A, false);
  f.setSchurFrom(3);
  for (int i = 0; i < 5; ++i) f.add(i);
  CHECK(f.schur());
  f.add(5);
  CHECK(f.singular());
  CHECK_FALSE(f.schur());
  f.remove(1);
  CHECK_FALSE(f.singular());
  const Eigen::VectorXd x = f.solveColumn(7);
  CHECK((x - directSolve(A, f.members(), 7)).cwiseAbs().maxCoeff() < 1e-10);
}
