#include "tests/support/lemke_problems.h"

namespace cl {

namespace {

double uniform(RandomLCG& rng) {
  return 2 * rng.nextFloat() - 1;
}

Eigen::MatrixXd randomMatrix(int rows, int cols, RandomLCG& rng, bool integers) {
  Eigen::MatrixXd G(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) G(i, j) = integers ? rng.nextInt(7) - 3 : uniform(rng);
  return G;
}

Eigen::MatrixXd psdPlusSkew(int n, int k, RandomLCG& rng, bool integers) {
  const Eigen::MatrixXd G = randomMatrix(n, k, rng, integers);
  const Eigen::MatrixXd S = randomMatrix(n, n, rng, integers);
  if (integers) return G * G.transpose() + S - S.transpose();
  return G * G.transpose() / k + (S - S.transpose()) / 2;
}

}  // namespace

LcpProblem lcpOf(Eigen::MatrixXd A, Eigen::VectorXd b) {
  LcpProblem p;
  p.joint.assign(static_cast<std::size_t>(b.size()), false);
  p.A = std::move(A);
  p.b = std::move(b);
  return p;
}

LcpProblem murtyLcp(int n) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < n; ++i) {
    M(i, i) = 1;
    for (int j = 0; j < i; ++j) M(i, j) = 2;
  }
  return lcpOf(M, Eigen::VectorXd::Constant(n, -1.0));
}

LcpProblem psdPlusSkewLcp(int n, int k, RandomLCG& rng, bool integers) {
  Eigen::MatrixXd M = psdPlusSkew(n, k, rng, integers);
  Eigen::VectorXd q(n);
  for (int i = 0; i < n; ++i) q[i] = integers ? rng.nextInt(11) - 5 : uniform(rng);
  return lcpOf(std::move(M), std::move(q));
}

LcpProblem zeroSumGameLcp(int k, RandomLCG& rng) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(2 * k, 2 * k);
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) {
      const double p = 1 + rng.nextInt(9);
      M(i, k + j) = -p;
      M(k + j, i) = p;
    }
  Eigen::VectorXd q(2 * k);
  q.head(k).setOnes();
  q.tail(k).setConstant(-1.0);
  return lcpOf(std::move(M), std::move(q));
}

LcpProblem infeasibleCopositivePlusLcp(int n, RandomLCG& rng) {
  // Integer columns summing to zero: G^T 1 = 0 and K^T 1 = K'^T 1 = 0.
  const auto zeroSumColumns = [&](int cols) {
    Eigen::MatrixXd G = Eigen::MatrixXd::Zero(n, cols);
    for (int j = 0; j < cols; ++j) {
      for (int i = 0; i + 1 < n; ++i) G(i, j) = rng.nextInt(7) - 3;
      G(n - 1, j) = -G.col(j).head(n - 1).sum();
    }
    return G;
  };
  const Eigen::MatrixXd G = zeroSumColumns(std::max(1, n / 2));
  const Eigen::MatrixXd K = zeroSumColumns(2), L = zeroSumColumns(2);
  Eigen::MatrixXd M = G * G.transpose() + K * L.transpose() - L * K.transpose();
  Eigen::VectorXd q(n);
  for (int i = 0; i + 1 < n; ++i) q[i] = rng.nextInt(11) - 5;
  q[n - 1] = -1 - q.head(n - 1).sum();  // q^T 1 = -1
  return lcpOf(std::move(M), std::move(q));
}

}  // namespace cl
