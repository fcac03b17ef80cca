#include "engine/solver/detail/schur_factor.h"

#include <algorithm>
#include <cmath>

namespace cl {

namespace {
constexpr double kPivotTol = 1e-13;  // an LDL^T pivot below this times the largest is zero
constexpr double kRcondTol = 1e-13;  // S with a reciprocal condition below this is singular
}  // namespace

void SchurFactor::bind(const Eigen::MatrixXd& A, const std::vector<int>& colStart,
                       const std::vector<int>& nzRow, const std::vector<double>& nzVal) {
  mA = &A;
  mColStart = &colStart;
  mNzRow = &nzRow;
  mNzVal = &nzVal;
  const auto n = static_cast<std::size_t>(A.rows());
  mBasePos.assign(n, -1);
  mAdded.assign(n, -1);
  mRemoved.assign(n, -1);
  mChanges.clear();
  mBaseSize = 0;
}

bool SchurFactor::refactor(std::span<const int> members) {
  std::fill(mBasePos.begin(), mBasePos.end(), -1);
  for (const Change& c : mChanges) (c.removal ? mRemoved : mAdded)[c.contact] = -1;
  mChanges.clear();
  mBaseSize = static_cast<int>(members.size());
  for (int b = 0; b < mBaseSize; ++b) mBasePos[members[b]] = b;
  // K = A[B, B] from A's nonzeros in B's columns and rows.
  mTriplets.clear();
  for (int b = 0; b < mBaseSize; ++b) {
    const int col = members[b];
    for (int e = (*mColStart)[col]; e < (*mColStart)[col + 1]; ++e)
      if (const int r = mBasePos[(*mNzRow)[e]]; r >= b) mTriplets.emplace_back(r, b, (*mNzVal)[e]);
  }
  Eigen::SparseMatrix<double> K(mBaseSize, mBaseSize);
  K.setFromTriplets(mTriplets.begin(), mTriplets.end());
  mLdlt.compute(K);
  if (mLdlt.info() != Eigen::Success) return false;
  const Eigen::VectorXd& d = mLdlt.vectorD();
  const double largest = d.size() > 0 ? d.cwiseAbs().maxCoeff() : 0.0;
  // Positive definite to working precision: every pivot positive and not tiny.
  if (d.size() > 0 && !(d.minCoeff() > kPivotTol * largest)) return false;
  const Eigen::Index capacity = std::max<Eigen::Index>(8, mS.cols());
  mKinvW.resize(mBaseSize, capacity);
  mS.resize(capacity, capacity);
  return true;
}

void SchurFactor::column(const Change& c, Eigen::VectorXd& w) const {
  w.setZero(mBaseSize);
  if (c.removal) {
    w[mBasePos[c.contact]] = 1.0;
    return;
  }
  for (int e = (*mColStart)[c.contact]; e < (*mColStart)[c.contact + 1]; ++e)
    if (const int b = mBasePos[(*mNzRow)[e]]; b >= 0) w[b] = (*mNzVal)[e];
}

double SchurFactor::columnDot(const Change& c, const Eigen::VectorXd& v) const {
  if (c.removal) return v[mBasePos[c.contact]];
  double s = 0;
  for (int e = (*mColStart)[c.contact]; e < (*mColStart)[c.contact + 1]; ++e)
    if (const int b = mBasePos[(*mNzRow)[e]]; b >= 0) s += (*mNzVal)[e] * v[b];
  return s;
}

bool SchurFactor::append(Change c) {
  const int m = changes();
  if (mKinvW.cols() <= m) {  // grow the stores, keeping what they hold
    const int capacity = 2 * m;
    mKinvW.conservativeResize(mBaseSize, capacity);
    mS.conservativeResize(capacity, capacity);
  }
  column(c, mW);
  mKinvW.col(m) = mLdlt.solve(mW);
  const auto h = [&](const Change& a) {  // H's entry of a and c: A[a, c] when both joined
    return !a.removal && !c.removal ? (*mA)(a.contact, c.contact) : 0.0;
  };
  mChanges.push_back(c);
  (c.removal ? mRemoved : mAdded)[c.contact] = m;
  mW = mKinvW.col(m);
  for (int i = 0; i <= m; ++i) {
    const double s = h(mChanges[i]) - columnDot(mChanges[i], mW);
    mS(i, m) = s;
    mS(m, i) = s;
  }
  return factorS();
}

bool SchurFactor::erase(int c) {
  const int m = changes();
  const Change gone = mChanges[c];
  (gone.removal ? mRemoved : mAdded)[gone.contact] = -1;
  // Shift the later changes down by one: their columns of K^-1 W, rows and columns of S.
  for (int i = c; i + 1 < m; ++i) {
    mChanges[i] = mChanges[i + 1];
    (mChanges[i].removal ? mRemoved : mAdded)[mChanges[i].contact] = i;
    mKinvW.col(i) = mKinvW.col(i + 1);
  }
  mChanges.pop_back();
  for (int i = c; i + 1 < m; ++i) mS.row(i).head(m) = mS.row(i + 1).head(m);
  for (int i = c; i + 1 < m; ++i) mS.col(i).head(m - 1) = mS.col(i + 1).head(m - 1);
  return factorS();
}

bool SchurFactor::factorS() {
  const int m = changes();
  if (m == 0) return true;
  mSLu.compute(mS.topLeftCorner(m, m));
  return mSLu.rcond() > kRcondTol;
}

bool SchurFactor::add(int j) {
  if (mRemoved[j] >= 0) return erase(mRemoved[j]);  // a base member back: no change left
  return append({j, false});
}

bool SchurFactor::remove(int j) {
  if (mAdded[j] >= 0) return erase(mAdded[j]);  // a contact joined since: gone again
  return append({j, true});
}

void SchurFactor::solve(std::span<const int> members, const double* u, double* x) {
  const int m = changes();
  // t = K^-1 u_B, with u_B zero at the removed members (they are not in `members`).
  mT.setZero(mBaseSize);
  for (std::size_t p = 0; p < members.size(); ++p)
    if (mAdded[members[p]] < 0) mT[mBasePos[members[p]]] = u[p];
  mT = mLdlt.solve(mT);
  if (m == 0) {
    for (std::size_t p = 0; p < members.size(); ++p) x[p] = mT[mBasePos[members[p]]];
    return;
  }
  // S z = [u_D; 0] - W^T t.
  mRhs.setZero(m);
  for (std::size_t p = 0; p < members.size(); ++p)
    if (const int c = mAdded[members[p]]; c >= 0) mRhs[c] = u[p];
  for (int c = 0; c < m; ++c) mRhs[c] -= columnDot(mChanges[c], mT);
  const Eigen::VectorXd z = mSLu.solve(mRhs);
  // y = t - K^-1 W z.
  mT.noalias() -= mKinvW.leftCols(m) * z;
  for (std::size_t p = 0; p < members.size(); ++p) {
    const int c = mAdded[members[p]];
    x[p] = c >= 0 ? z[c] : mT[mBasePos[members[p]]];
  }
}

}  // namespace cl
