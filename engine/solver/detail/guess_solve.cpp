#include "engine/solver/detail/guess_solve.h"

#include <cmath>

namespace cl {

namespace {

// L L^T x = rhs for the top-left m x m block of a row-major lower-triangular L, in place.
void choleskySolve(const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>& L,
                   int m, Eigen::VectorXd& x) {
  for (int t = 0; t < m; ++t)  // L z = rhs
    x[t] = (x[t] - L.row(t).head(t).dot(x.head(t))) / L(t, t);
  for (int t = m - 1; t >= 0; --t) {  // L^T x = z
    double s = x[t];
    for (int u = t + 1; u < m; ++u) s -= L(u, t) * x[u];
    x[t] = s / L(t, t);
  }
}

}  // namespace

GuessSolve solveGuess(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, std::span<const int> G,
                      double singularPivot, double tolerance) {
  GuessSolve out;
  const int k = static_cast<int>(G.size());
  out.kept.reserve(k);
  auto& L = out.L;
  L.resize(k, k);
  Eigen::VectorXd y(k);
  // Row by row: row m of L solves L[:m, :m] y = A[K, i], and s = A_ii - y.y. A is sparse
  // (contacts interact only through shared bodies): y is zero before the first kept contact
  // t0 that i interacts with, so the substitution and the products start there (the
  // envelope of the row).
  for (const int i : G) {
    const int m = static_cast<int>(out.kept.size());
    const double* colI = A.data() + static_cast<Eigen::Index>(i) * A.rows();
    int t0 = 0;
    while (t0 < m && colI[out.kept[t0]] == 0) ++t0;
    y.head(t0).setZero();
    for (int t = t0; t < m; ++t)
      y[t] =
          (colI[out.kept[t]] - L.row(t).segment(t0, t - t0).dot(y.segment(t0, t - t0))) / L(t, t);
    const double s = A(i, i) - y.segment(t0, m - t0).squaredNorm();
    if (!(s > singularPivot * std::abs(A(i, i)))) {
      out.dropped.push_back(i);
      continue;
    }
    L.row(m).head(m) = y.head(m).transpose();
    L(m, m) = std::sqrt(s);
    out.kept.push_back(i);
  }
  const int m = static_cast<int>(out.kept.size());
  Eigen::VectorXd x(m), r(m);
  for (int t = 0; t < m; ++t) x[t] = -b[out.kept[t]];
  choleskySolve(L, m, x);
  // Residual r = A[K, K] x + b_K, from A itself; refine once when it is above the tolerance.
  const auto residual = [&] {
    for (int t = 0; t < m; ++t) r[t] = b[out.kept[t]];
    for (int c = 0; c < m; ++c) {
      const double xc = x[c];
      const double* col = A.data() + static_cast<Eigen::Index>(out.kept[c]) * A.rows();
      for (int t = 0; t < m; ++t) r[t] += col[out.kept[t]] * xc;
    }
    return m > 0 ? r.cwiseAbs().maxCoeff() : 0.0;
  };
  if (residual() > tolerance) {
    choleskySolve(L, m, r);
    x -= r;
  }
  out.f = Eigen::VectorXd::Zero(b.size());
  for (int t = 0; t < m; ++t) out.f[out.kept[t]] = x[t];
  return out;
}

}  // namespace cl
