#include "engine/solver/detail/scaled_pivoting.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cl {

namespace {
constexpr double kZeroRow = 1e-10;     // a row whose largest |M_ij| is below this is zero
constexpr double kInconsistent = 0.1;  // a right side left this large in a zero row fails
}  // namespace

ScaledPivoting solveScaledPivoting(AugmentedMatrix& M, double zeroTol) {
  const auto n = static_cast<int>(M.rows());
  ScaledPivoting out;
  out.x = Eigen::VectorXd::Zero(n);
  // engine2D's caller allocates nrow zeroed; an early return leaves the rest at 0, which
  // its singularity test then reads.
  out.nrow.assign(static_cast<std::size_t>(n), 0);
  std::vector<int>& nrow = out.nrow;
  std::vector<int> ncol(static_cast<std::size_t>(n) + 1);
  std::vector<double> s(static_cast<std::size_t>(n), 0.0);
  for (int i = 0; i < n; ++i) {
    nrow[i] = i;
    ncol[i] = i;
    for (int j = 0; j < n; ++j) s[i] = std::max(s[i], std::abs(M(i, j)));
    if (s[i] < kZeroRow) {
      out.failedRow = i;
      return out;
    }
  }
  ncol[n] = n;  // the right side stays last
  const auto at = [&](int r, int c) -> double& { return M(nrow[r], ncol[c]); };
  int r = 0;
  for (int c = 0; c < n; ++c) {
    bool stop = false;
    for (int columnSwaps = 0;;) {
      int p = r;
      double best = std::abs(at(p, c)) / s[nrow[p]];
      for (int j = r + 1; j < n; ++j) {
        const double d = std::abs(at(j, c)) / s[nrow[j]];
        if (d > best) best = d, p = j;
      }
      if (std::abs(at(p, c)) < zeroTol) {
        // No usable pivot in this column: move it to the end and try the next, until every
        // column left has been tried.
        if (columnSwaps >= n - 1 - c) {
          stop = true;
          break;
        }
        std::rotate(ncol.begin() + c, ncol.begin() + c + 1, ncol.begin() + n);
        ++columnSwaps;
        continue;
      }
      std::swap(nrow[r], nrow[p]);
      for (int j = r + 1; j < n; ++j) {
        const double m = at(j, c) / at(r, c);
        for (int k = 0; k <= n; ++k) at(j, k) -= m * at(r, k);
      }
      ++r;
      break;
    }
    if (stop) break;
  }
  --r;  // the last row eliminated
  for (int i = r + 1; i < n; ++i)
    if (std::abs(M(nrow[i], n)) > kInconsistent) {
      out.failedRow = nrow[i];
      return out;
    }
  // Back substitution from row r up: each row solves for its leftmost open column with a
  // usable entry; the columns passed over are set to zero.
  Eigen::VectorXd& x = out.x;
  int c = n - 1, lastC = n;
  while (r >= 0) {
    int leftmost = -1;
    for (int k = c; k >= r; --k)
      if (std::abs(at(r, k)) > zeroTol) leftmost = k;
    if (leftmost != -1 && leftmost != c) c = leftmost;
    if (std::abs(at(r, c)) < zeroTol) {
      --r;
      continue;
    }
    for (int j = c + 1; j < lastC; ++j) x[ncol[j]] = 0;
    lastC = c;
    double sum = 0;
    for (int j = c + 1; j < n; ++j) sum += at(r, j) * x[ncol[j]];
    x[ncol[c]] = (M(nrow[r], n) - sum) / at(r, c);
    --c;
    --r;
  }
  return out;
}

bool smallestDiagonalBelow(const AugmentedMatrix& M, const std::vector<int>& nrow, double limit) {
  double smallest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < nrow.size(); ++i)
    smallest = std::min(smallest, std::abs(M(nrow[i], static_cast<Eigen::Index>(i))));
  return smallest < limit;
}

}  // namespace cl
