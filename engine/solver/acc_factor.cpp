#include "engine/solver/acc_factor.h"

#include <algorithm>
#include <cmath>

namespace cl {

namespace {
constexpr double kRankTol = 1e-11;   // COD: pivots below this times the largest are zero
constexpr double kPivotTol = 1e-13;  // bordering: |s| below this times |A_jj| is singular
constexpr double kDriftTol = 1e-10;  // relative residual that triggers a rebuild
}  // namespace

void AccFactor::reset(const Eigen::MatrixXd& A, bool reference) {
  mA = &A;
  mReference = reference;
  mSingular = false;
  mRebuilds = 0;
  mIdx.clear();
  mCod.reset();
  if (!reference && mInv.rows() < A.rows()) mInv.resize(A.rows(), A.rows());
}

Eigen::MatrixXd AccFactor::gather() const {
  const int k = size();
  Eigen::MatrixXd m(k, k);
  for (int c = 0; c < k; ++c)
    for (int r = 0; r < k; ++r) m(r, c) = (*mA)(mIdx[r], mIdx[c]);
  return m;
}

Eigen::VectorXd AccFactor::codSolve(const Eigen::VectorXd& rhs) {
  if (!mCod) {
    mCod.emplace();
    mCod->setThreshold(kRankTol);
    mCod->compute(gather());
  }
  return mCod->solve(rhs);
}

void AccFactor::rebuild() {
  ++mRebuilds;
  mCod.reset();
  const int k = size();
  if (k == 0) {
    mSingular = false;
    return;
  }
  const Eigen::MatrixXd acc = gather();
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod;
  cod.setThreshold(kRankTol);
  cod.compute(acc);
  mSingular = cod.rank() < k;
  if (!mSingular) mInv.topLeftCorner(k, k) = acc.partialPivLu().inverse();
}

Eigen::VectorXd AccFactor::solveColumn(int j) {
  const int k = size();
  Eigen::VectorXd u(k);
  for (int r = 0; r < k; ++r) u[r] = (*mA)(mIdx[r], j);
  if (k == 0) return u;
  if (singular()) return codSolve(u);
  Eigen::VectorXd x = mInv.topLeftCorner(k, k) * u;
  // One step of iterative refinement, x -= Acc^-1 (Acc x - u): the updated inverse carries
  // rounding from every update, the residual is computed from A itself.
  const Eigen::VectorXd r = residual(x, u);
  x.noalias() -= mInv.topLeftCorner(k, k) * r;
  const Eigen::VectorXd r2 = residual(x, u);
  const double scale = u.cwiseAbs().maxCoeff() + mAccNorm * x.cwiseAbs().maxCoeff();
  if (!(r2.cwiseAbs().maxCoeff() <= kDriftTol * scale)) {
    rebuild();
    if (mSingular) return codSolve(u);
    x = mInv.topLeftCorner(k, k) * u;
    x.noalias() -= mInv.topLeftCorner(k, k) * residual(x, u);
  }
  return x;
}

// Acc x - u, column by column (A is stored by columns); mAccNorm becomes the largest
// column sum of |Acc|, a scale for the residual.
Eigen::VectorXd AccFactor::residual(const Eigen::VectorXd& x, const Eigen::VectorXd& u) {
  const int k = size();
  Eigen::VectorXd r = -u;
  mAccNorm = 0;
  for (int c = 0; c < k; ++c) {
    const double* col = mA->data() + static_cast<Eigen::Index>(mIdx[c]) * mA->rows();
    const double xc = x[c];
    double colNorm = 0;
    for (int i = 0; i < k; ++i) {
      const double v = col[mIdx[i]];
      r[i] += v * xc;
      colNorm += std::abs(v);
    }
    mAccNorm = std::max(mAccNorm, colNorm);
  }
  return r;
}

void AccFactor::add(int j, const Eigen::VectorXd* xKnown) {
  const int k = size();
  if (singular()) {
    mIdx.push_back(j);
    mCod.reset();
    return;
  }
  const Eigen::VectorXd p = xKnown ? *xKnown : solveColumn(j);
  if (singular()) {  // solveColumn may have found Acc singular
    mIdx.push_back(j);
    mCod.reset();
    return;
  }
  Eigen::VectorXd v(k);
  for (int c = 0; c < k; ++c) v[c] = (*mA)(j, mIdx[c]);
  const double ajj = (*mA)(j, j);
  const double s = ajj - v.dot(p);
  mIdx.push_back(j);
  if (!(std::abs(s) > kPivotTol * std::abs(ajj)) || !std::isfinite(s)) {
    mSingular = true;  // Acc + j is rank deficient: no inverse until a removal
    mCod.reset();
    return;
  }
  const Eigen::VectorXd q = mInv.topLeftCorner(k, k).transpose() * v;
  mInv.topLeftCorner(k, k).noalias() += (p / s) * q.transpose();
  mInv.block(0, k, k, 1) = -p / s;
  mInv.block(k, 0, 1, k) = -q.transpose() / s;
  mInv(k, k) = 1.0 / s;
}

void AccFactor::remove(int j) {
  const auto it = std::find(mIdx.begin(), mIdx.end(), j);
  if (it == mIdx.end()) return;
  const int t = static_cast<int>(it - mIdx.begin());
  const int last = size() - 1;
  mCod.reset();
  if (singular()) {
    mIdx.erase(it);
    if (!mReference) rebuild();  // Acc may be full rank again
    return;
  }
  // Move t to the end: P Acc P^T has inverse P Acc^-1 P^T.
  if (t != last) {
    std::swap(mIdx[t], mIdx[last]);
    mInv.row(t).head(last + 1).swap(mInv.row(last).head(last + 1));
    mInv.col(t).head(last + 1).swap(mInv.col(last).head(last + 1));
  }
  mIdx.pop_back();
  const double c = mInv(last, last);
  if (!(std::abs(c) > 0) || !std::isfinite(c)) {
    rebuild();
    return;
  }
  const Eigen::VectorXd g = mInv.block(0, last, last, 1);
  const Eigen::RowVectorXd h = mInv.block(last, 0, 1, last);
  mInv.topLeftCorner(last, last).noalias() -= (g / c) * h;
}

}  // namespace cl
