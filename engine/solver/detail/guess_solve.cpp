#include "engine/solver/detail/guess_solve.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace cl {

namespace {

// L L^T x = rhs for the top-left m x m block of a row-major lower-triangular L, in place;
// row t of L is zero before start[t], so column t is zero from row end[t] on and at the rows
// u with start[u] > t between.
void choleskySolve(const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>& L,
                   const std::vector<int>& start, const std::vector<int>& end, int m,
                   Eigen::VectorXd& x) {
  for (int t = 0; t < m; ++t) {  // L z = rhs
    const int s0 = start[t];
    x[t] = (x[t] - L.row(t).segment(s0, t - s0).dot(x.segment(s0, t - s0))) / L(t, t);
  }
  for (int t = m - 1; t >= 0; --t) {  // L^T x = z, column t of L, its zeros skipped
    double s = x[t];
    for (int u = t + 1; u < end[t]; ++u)
      if (start[u] <= t) s -= L(u, t) * x[u];
    x[t] = s / L(t, t);
  }
}

}  // namespace

GuessSolve solveGuess(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, std::span<const int> G,
                      double singularPivot, double tolerance, const ColumnPattern* envelope) {
  GuessSolve out;
  const int k = static_cast<int>(G.size());
  out.kept.reserve(k);
  auto& L = out.L;
  L.resize(k, k);
  Eigen::VectorXd y(k);
  // start[t]: where row t of L (kept contact t) starts; with the pattern, at[i]: contact i's
  // place among those kept so far, or -1.
  std::vector<int> start(static_cast<std::size_t>(k), 0), at;
  if (envelope) at.assign(static_cast<std::size_t>(A.rows()), -1);
  // The first kept contact that contact i interacts with: y is zero before it.
  const auto firstNeighbour = [&](int i, const double* colI, int m) {
    if (!envelope) {
      int t0 = 0;
      while (t0 < m && colI[out.kept[t0]] == 0) ++t0;
      return t0;
    }
    int t0 = m;
    for (int e = envelope->start[i]; e < envelope->start[i + 1]; ++e)
      if (const int p = at[static_cast<std::size_t>(envelope->row[e])]; p >= 0)
        t0 = std::min(t0, p);
    return t0;
  };
  // Row by row: row m of L solves L[:m, :m] y = A[K, i], and s = A_ii - y.y. A is sparse
  // (contacts interact only through shared bodies): y is zero before the first kept contact
  // t0 that i interacts with, so the substitution and the products start there (the
  // envelope of the row).
  for (const int i : G) {
    const int m = static_cast<int>(out.kept.size());
    const double* colI = A.data() + static_cast<Eigen::Index>(i) * A.rows();
    const int t0 = firstNeighbour(i, colI, m);
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
    // Without the pattern the passes below run over whole rows, as they always did: a dot
    // product's rounding depends on where it starts.
    if (envelope) {
      start[static_cast<std::size_t>(m)] = t0;
      at[static_cast<std::size_t>(i)] = m;
    }
    out.kept.push_back(i);
  }
  const int m = static_cast<int>(out.kept.size());
  // end[t]: one past the last row whose envelope reaches column t (m over whole rows).
  std::vector<int> end(static_cast<std::size_t>(m));
  for (int t = 0; t < m; ++t) end[t] = t + 1;
  for (int u = 0; u < m; ++u)
    for (int t = start[u]; t < u; ++t) end[t] = u + 1;
  Eigen::VectorXd x(m), r(m);
  for (int t = 0; t < m; ++t) x[t] = -b[out.kept[t]];
  choleskySolve(L, start, end, m, x);
  // Residual r = A[K, K] x + b_K, from A itself, by columns (over their nonzeros with the
  // pattern: the same sums less exact zeros); refined once when it is above the tolerance.
  const auto residual = [&] {
    for (int t = 0; t < m; ++t) r[t] = b[out.kept[t]];
    for (int c = 0; c < m; ++c) {
      const double xc = x[c];
      const int j = out.kept[c];
      const double* col = A.data() + static_cast<Eigen::Index>(j) * A.rows();
      if (envelope) {
        for (int e = envelope->start[j]; e < envelope->start[j + 1]; ++e)
          if (const int p = at[static_cast<std::size_t>(envelope->row[e])]; p >= 0)
            r[p] += col[envelope->row[e]] * xc;
      } else {
        for (int t = 0; t < m; ++t) r[t] += col[out.kept[t]] * xc;
      }
    }
    return m > 0 ? r.cwiseAbs().maxCoeff() : 0.0;
  };
  if (residual() > tolerance) {
    choleskySolve(L, start, end, m, r);
    x -= r;
  }
  out.f = Eigen::VectorXd::Zero(b.size());
  for (int t = 0; t < m; ++t) out.f[out.kept[t]] = x[t];
  return out;
}

}  // namespace cl
