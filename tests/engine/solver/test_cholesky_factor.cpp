// CholeskyFactor: appends at the end and removals anywhere keep L L^T equal to the matrix of
// the members left, on a banded matrix (a tower's: short envelopes that removals must
// grow) and on a dense one, checked by solves against Eigen's own factorization.
#include <catch2/catch.hpp>

#include "engine/math/random_lcg.h"
#include "engine/solver/detail/cholesky_factor.h"

using namespace cl;

namespace {

// Symmetric positive definite with nonzeros only within `band` of the diagonal.
Eigen::MatrixXd bandedSpd(int n, int band, RandomLCG& rng) {
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(n, n);
  for (int r = 0; r < n; ++r)
    for (int c = r; c < std::min(n, r + band); ++c) J(r, c) = rng.nextFloat() - 0.5;
  return J * J.transpose() + 0.1 * Eigen::MatrixXd::Identity(n, n);
}

// Appends j to f (as AccFactor does: y = L^-1 A[C, j], s = A_jj - y.y).
void append(CholeskyFactor& f, const Eigen::MatrixXd& A, std::vector<int>& C, int j) {
  Eigen::VectorXd y(C.size() + 1);
  for (std::size_t r = 0; r < C.size(); ++r) y[r] = A(C[r], j);
  f.forward(y.data());
  const double s = A(j, j) - y.head(C.size()).squaredNorm();
  REQUIRE(s > 0);
  f.append(y.data(), s);
  C.push_back(j);
}

// Random appends and removals; after each, Acc x = A[C, probe] by the factor against
// Eigen's LLT of Acc. Returns the largest relative difference.
double randomChanges(const Eigen::MatrixXd& A, RandomLCG& rng, int steps) {
  const int n = static_cast<int>(A.rows());
  CholeskyFactor f;
  f.reset(n);
  std::vector<int> C;
  double worst = 0;
  for (int step = 0; step < steps; ++step) {
    const int j = rng.nextInt(n);
    const auto at = std::find(C.begin(), C.end(), j);
    if (at != C.end()) {
      f.remove(static_cast<int>(at - C.begin()));
      C.erase(at);
    } else {
      append(f, A, C, j);
    }
    REQUIRE(f.size() == static_cast<int>(C.size()));
    if (C.empty()) continue;
    const int k = static_cast<int>(C.size());
    const int probe = rng.nextInt(n);
    Eigen::MatrixXd acc(k, k);
    Eigen::VectorXd u(k);
    for (int r = 0; r < k; ++r) {
      u[r] = A(C[r], probe);
      for (int c = 0; c < k; ++c) acc(r, c) = A(C[r], C[c]);
    }
    const Eigen::VectorXd expected = acc.llt().solve(u);
    Eigen::VectorXd x = u;
    f.forward(x.data());
    f.backward(x.data());
    worst = std::max(worst, (x - expected).cwiseAbs().maxCoeff() / (1 + expected.norm()));
  }
  return worst;
}

}  // namespace

TEST_CASE("CholeskyFactor: appends and removals on a banded matrix match a direct solve",
          "[compute_forces][cholesky]") {
  RandomLCG rng(3);
  const Eigen::MatrixXd A = bandedSpd(60, 4, rng);
  CHECK(randomChanges(A, rng, 1500) < 1e-10);
}

TEST_CASE("CholeskyFactor: appends and removals on a dense matrix match a direct solve",
          "[compute_forces][cholesky]") {
  RandomLCG rng(4);
  const Eigen::MatrixXd A = bandedSpd(30, 30, rng);
  CHECK(randomChanges(A, rng, 800) < 1e-10);
}

TEST_CASE("CholeskyFactor: a removal's update and a later append keep the envelope exact",
          "[compute_forces][cholesky]") {
  // A tridiagonal 4 x 4: L is bidiagonal, each column's envelope two rows. Removing member 0
  // updates the rest by a rotation; removing contact 2 then leaves contacts 1 and 3, which do
  // not interact (column 0's envelope shrinks to its diagonal while storage below it still
  // holds old entries). Appending contact 2 again couples both: column 0's envelope must
  // grow over those old entries as zeros.
  Eigen::MatrixXd A(4, 4);
  A << 4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4;
  CholeskyFactor f;
  f.reset(4);
  std::vector<int> C;
  for (int j = 0; j < 4; ++j) append(f, A, C, j);
  f.remove(0);  // contacts 1, 2, 3
  f.remove(1);  // contacts 1, 3: Acc = [4 0; 0 4]
  C = {1, 3};
  Eigen::Vector2d x(1, 2);
  f.forward(x.data());
  f.backward(x.data());
  CHECK(x[0] == Approx(0.25).epsilon(1e-15));
  CHECK(x[1] == Approx(0.5).epsilon(1e-15));
  append(f, A, C, 2);  // Acc = [4 0 1; 0 4 1; 1 1 4]
  Eigen::Vector3d u(1, 0, 0);
  f.forward(u.data());
  f.backward(u.data());
  // Acc^-1 e_0 by hand: det = 4 (16 - 1) + 1 (0 - 4) = 56, the adjugate's first column
  // (15, 1, -4).
  CHECK(u[0] == Approx(15.0 / 56).epsilon(1e-14));
  CHECK(u[1] == Approx(1.0 / 56).epsilon(1e-14));
  CHECK(u[2] == Approx(-4.0 / 56).epsilon(1e-14));
}
