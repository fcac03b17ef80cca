#include "engine/solver/detail/sparse_product.h"

#include <algorithm>
#include <cmath>

namespace cl {

namespace {

// Eigen's block of columns in a column-major matrix-vector product of `cols` columns whose
// outer stride is `stride` (GeneralMatrixVector.h): all of them below 128 columns, else 16
// while a column's stride takes under 32 000 bytes, else 4.
int gemvBlockColumns(Eigen::Index cols, Eigen::Index stride) {
  if (cols < 128) return static_cast<int>(cols);
  return static_cast<std::size_t>(stride) * sizeof(double) < 32000 ? 16 : 4;
}

}  // namespace

void productOfSparse(const Eigen::Ref<const Eigen::MatrixXd, 0, Eigen::OuterStride<>>& E,
                     Eigen::Ref<const Eigen::VectorXd> v, Eigen::Ref<Eigen::VectorXd> out,
                     Eigen::Ref<Eigen::VectorXd> blockSum) {
  const Eigen::Index n = E.cols();
  out.setZero();
  const int block = std::max(1, gemvBlockColumns(n, E.outerStride()));
  for (Eigen::Index j0 = 0; j0 < n; j0 += block) {
    const Eigen::Index j1 = std::min(n, j0 + block);
    bool any = false;
    for (Eigen::Index j = j0; j < j1; ++j) {
      const double vj = v[j];
      if (vj == 0) continue;
      if (!any) blockSum.setZero();
      any = true;
      blockSum += E.col(j) * vj;  // per row: the sum so far plus E_ij v_j, in column order
    }
    if (any) out += blockSum;  // a block of zeros would add +0 to sums that are never -0
  }
}

void appendNonzeros(const Eigen::MatrixXd& A, Eigen::Index c, const ColumnNonzeros* nonzeros,
                    std::vector<int>& row, std::vector<double>& value) {
  const auto keep = [&](Eigen::Index i) {
    if (A(i, c) == 0) return;
    row.push_back(static_cast<int>(i));
    value.push_back(A(i, c));
  };
  if (nonzeros) {
    for (int e = nonzeros->start[c]; e < nonzeros->start[c + 1]; ++e) keep(nonzeros->row[e]);
  } else {
    for (Eigen::Index i = 0; i < A.rows(); ++i) keep(i);
  }
}

void product(const SparseColumns& A, const Eigen::VectorXd& f, Eigen::VectorXd& out,
             std::vector<double>& blockSum) {
  const int n = A.size();
  out.setZero(n);
  const int block = std::max(1, gemvBlockColumns(n, n));
  if (block >= n) {  // one block: each row's sum from +0 in column order is its total
    for (int j = 0; j < n; ++j) {
      const double fj = f[j];
      if (fj == 0) continue;  // its products are zeros, which change no sum
      for (int e = A.start[j]; e < A.start[j + 1]; ++e) out[A.row[e]] += A.value[e] * fj;
    }
    return;
  }
  blockSum.assign(static_cast<std::size_t>(n), 0.0);
  std::vector<char> touched(static_cast<std::size_t>(n), 0);
  std::vector<int> rows;  // the rows of the block's nonzeros, once each
  for (int j0 = 0; j0 < n; j0 += block) {
    const int j1 = std::min(n, j0 + block);
    for (int j = j0; j < j1; ++j) {
      const double fj = f[j];
      if (fj == 0) continue;  // its products are zeros, which change no sum
      for (int e = A.start[j]; e < A.start[j + 1]; ++e) {
        const int r = A.row[e];
        if (!touched[r]) {
          touched[r] = 1;
          rows.push_back(r);
        }
        blockSum[r] += A.value[e] * fj;
      }
    }
    // The rows the block touched gain its sums; the others would gain +0, which changes
    // nothing, so the pass is O(nonzeros) rather than O(n) a block.
    for (const int r : rows) {
      out[r] += blockSum[r];
      blockSum[r] = 0.0;
      touched[r] = 0;
    }
    rows.clear();
  }
}

void productPlus(const SparseColumns& A, const Eigen::VectorXd& f, const Eigen::VectorXd& b,
                 Eigen::VectorXd& out, std::vector<double>& blockSum) {
  product(A, f, out, blockSum);
  out += b;
}

double absProductMax(const SparseColumns& A, const Eigen::VectorXd& f, std::vector<double>& total) {
  const int n = A.size();
  if (n == 0) return 0.0;
  total.assign(static_cast<std::size_t>(n), 0.0);
  for (int j = 0; j < n; ++j) {
    const double fj = std::abs(f[j]);
    for (int e = A.start[j]; e < A.start[j + 1]; ++e) total[A.row[e]] += fj * std::abs(A.value[e]);
  }
  return *std::max_element(total.begin(), total.end());
}

}  // namespace cl
