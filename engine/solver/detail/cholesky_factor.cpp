#include "engine/solver/detail/cholesky_factor.h"

#include <algorithm>
#include <cmath>

namespace cl {

void CholeskyFactor::reset(int capacity) {
  if (mL.rows() < capacity) mL.resize(capacity, capacity);
  if (static_cast<int>(mEnd.size()) < capacity) mEnd.resize(capacity);
  if (mZ.size() < capacity) mZ.resize(capacity);
  mK = 0;
}

void CholeskyFactor::forward(double* y) const {
  int c = 0;
  while (c < mK && y[c] == 0) ++c;  // L^-1 keeps leading zeros
  for (; c < mK; ++c) {
    if (y[c] == 0) continue;  // column c would subtract exact zeros
    const double* col = mL.data() + static_cast<Eigen::Index>(c) * mL.rows();
    const double yc = (y[c] /= col[c]);
    const int below = mEnd[c] - c - 1;
    Eigen::Map<Eigen::VectorXd>(y + c + 1, below) -=
        Eigen::Map<const Eigen::VectorXd>(col + c + 1, below) * yc;
  }
}

void CholeskyFactor::backward(double* x) const {
  for (int c = mK - 1; c >= 0; --c) {
    const double* col = mL.data() + static_cast<Eigen::Index>(c) * mL.rows();
    const int below = mEnd[c] - c - 1;
    const double dot = below > 0 ? Eigen::Map<const Eigen::VectorXd>(col + c + 1, below)
                                       .dot(Eigen::Map<const Eigen::VectorXd>(x + c + 1, below))
                                 : 0.0;
    x[c] = (x[c] - dot) / col[c];
  }
}

void CholeskyFactor::append(const double* y, double s) {
  const int k = mK;
  for (int c = 0; c < k; ++c) {
    if (y[c] == 0) continue;
    // Row k joins column c's envelope; the rows between were zeros that storage may not hold.
    for (int r = mEnd[c]; r < k; ++r) mL(r, c) = 0;
    mL(k, c) = y[c];
    mEnd[c] = k + 1;
  }
  mL(k, k) = std::sqrt(s);
  mEnd[k] = k + 1;
  mK = k + 1;
}

void CholeskyFactor::remove(int t) {
  const int k = mK;
  // z = L[t+1:, t], numbered as the rows will be once row t is gone.
  int zEnd = mEnd[t] - 1;
  for (int r = t; r < zEnd; ++r) mZ[r] = mL(r + 1, t);
  // Columns before t lose row t.
  for (int c = 0; c < t; ++c) {
    if (mEnd[c] <= t) continue;
    double* col = mL.data() + static_cast<Eigen::Index>(c) * mL.rows();
    std::copy(col + t + 1, col + mEnd[c], col + t);
    --mEnd[c];
  }
  // Columns after t move one to the left and one up.
  for (int c = t + 1; c < k; ++c) {
    const double* from = mL.data() + static_cast<Eigen::Index>(c) * mL.rows();
    double* to = mL.data() + static_cast<Eigen::Index>(c - 1) * mL.rows();
    std::copy(from + c, from + mEnd[c], to + c - 1);
    mEnd[c - 1] = mEnd[c] - 1;
  }
  mK = k - 1;
  // L L^T + z z^T for the block after t, a rotation per column while z has entries left.
  for (int j = t; j < zEnd; ++j) {
    const double zj = mZ[j];
    if (zj == 0) continue;  // the rotation would be the identity
    double* col = mL.data() + static_cast<Eigen::Index>(j) * mL.rows();
    const double ljj = col[j];
    const double r = std::sqrt(ljj * ljj + zj * zj);
    const double c = r / ljj;
    const double s = zj / ljj;
    col[j] = r;
    // Both column j and z fill up to the end of either.
    const int end = std::max(mEnd[j], zEnd);
    for (int i = mEnd[j]; i < end; ++i) col[i] = 0;
    for (int i = zEnd; i < end; ++i) mZ[i] = 0;
    mEnd[j] = end;
    zEnd = end;
    for (int i = j + 1; i < end; ++i) {
      col[i] = (col[i] + s * mZ[i]) / c;
      mZ[i] = c * mZ[i] - s * col[i];
    }
  }
}

void CholeskyFactor::assign(const RowMajorMatrix& L, int m) {
  reset(std::max(m, static_cast<int>(mL.rows())));
  for (int c = 0; c < m; ++c) {
    int end = c + 1;
    for (int r = c; r < m; ++r) {
      mL(r, c) = L(r, c);
      if (L(r, c) != 0) end = r + 1;
    }
    mEnd[c] = end;
  }
  mK = m;
}

}  // namespace cl
