#include "engine/solver/detail/acc_factor.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "engine/solver/detail/sparse_product.h"

namespace cl {

namespace {
constexpr double kRankTol = 1e-11;   // COD: pivots below this times the largest are zero
constexpr double kPivotTol = 1e-13;  // bordering: |s| below this times |A_jj| is singular
constexpr double kDriftTol = 1e-10;  // relative residual that triggers a rebuild
constexpr int kSchurChanges = 16;    // SchurFactor refactors after this many changes
// A Schur or Cholesky solve whose residual is below this (relative to max |u|) is not
// refined (a factor carries no accumulated update error).
constexpr double kRoundingResidual = 1e-14;

// Whether A's compressed columns hold all of its nonzeros (they hold nothing else): the
// debug build's check of a pattern listed by A's builder.
[[maybe_unused]] bool nonzerosCover(const Eigen::MatrixXd& A, const std::vector<int>& colStart) {
  for (Eigen::Index c = 0; c < A.cols(); ++c)
    if ((A.col(c).array() != 0).count() != colStart[c + 1] - colStart[c]) return false;
  return true;
}
}  // namespace

void AccFactor::reset(const Eigen::MatrixXd& A, bool reference, const ColumnNonzeros* nonzeros) {
  mA = &A;
  mNonzeros = nonzeros;
  mReference = reference;
  mSingular = false;
  mRebuilds = 0;
  mPrepared = false;
  mSchur = false;
  mUseCholesky = false;
  mIdx.clear();
  mPos.assign(A.rows(), -1);
  mCod.reset();
}

// The work space and A's compressed columns, on the first use after reset(). Every
// ComputeForces solve asks for the columns (its final a = A f + b runs over them), so this
// is O(nnz) with A's nonzeros listed and one scan of A without.
void AccFactor::prepare() {
  if (mPrepared) return;
  mPrepared = true;
  const Eigen::MatrixXd& A = *mA;
  const Eigen::Index n = A.rows();
  mIdx.reserve(n);
  mNzU.reserve(n);
  for (Eigen::VectorXd* v : {&mU, &mX, &mR, &mV, &mQ, &mPs, &mT, &mY})
    if (v->size() < n) v->resize(n);
  // A's nonzeros by column, in one pass that stops once A is more than half full (then the
  // dense copy of Acc serves instead): from the listed nonzeros when A's builder gave them
  // (the entries that are zero left out, as the scan leaves them), else by a scan of A.
  mColStart.resize(n + 1);
  mNzRow.clear();
  mNzVal.clear();
  mSparse = true;
  for (Eigen::Index c = 0; c < n && mSparse; ++c) {
    mColStart[c] = static_cast<int>(mNzRow.size());
    appendNonzeros(A, c, mNonzeros, mNzRow, mNzVal);
    mSparse = 2 * static_cast<Eigen::Index>(mNzRow.size()) <= n * n;
  }
  mColStart[n] = static_cast<int>(mNzRow.size());
  // A listed pattern is A's builder's promise; a debug build holds it to it.
  assert(!mNonzeros || !mSparse || nonzerosCover(A, mColStart));
  if (!mSparse) {
    mColStart.clear();
    mNzRow.clear();
    mNzVal.clear();
    if (mAcc.rows() < n) mAcc.resize(n, n);
  }
  // Symmetric to rounding: |A_ij - A_ji| <= 1e-12 max |A| (a contact matrix J M^-1 J^T
  // summed in two orders). The refinement against A itself takes up the difference.
  // max |A|, over the nonzeros when a sparse A's are all kept (zeros add nothing to a max).
  double maxAbs = mSparse || n == 0 ? 0.0 : A.cwiseAbs().maxCoeff();
  for (const double v : mNzVal) maxAbs = std::max(maxAbs, std::abs(v));
  const double asymmetryTol = 1e-12 * maxAbs;
  mSymmetric = true;
  for (Eigen::Index c = 0; c < n && mSymmetric; ++c) {
    if (mSparse) {
      for (int e = mColStart[c]; e < mColStart[c + 1] && mSymmetric; ++e)
        mSymmetric = std::abs(A(c, mNzRow[e]) - mNzVal[e]) <= asymmetryTol;
    } else {
      for (Eigen::Index r = c + 1; r < n && mSymmetric; ++r)
        mSymmetric = std::abs(A(c, r) - A(r, c)) <= asymmetryTol;
    }
  }
  mCholeskyOk = mSymmetric && !mReference;
  // The inverse's storage starts at the size this problem needs (reserveInverse), whatever
  // an earlier solve on this thread left: Eigen's products block their columns by the
  // storage's stride (from 128 columns), so the stride must depend on the problem alone for
  // the results to.
  const Eigen::Index inverseSize =
      mReference ? 0 : (mCholeskyOk ? std::min<Eigen::Index>(n, mCholeskyFrom + 1) : n);
  if (mInv.rows() != inverseSize) mInv.resize(inverseSize, inverseSize);
}

// The inverse's storage for `size` members: n x n when it may hold C at any size, else
// (the Cholesky factor takes over at mCholeskyFrom) only that large, which a large problem
// then never has to allocate and touch per solve.
void AccFactor::reserveInverse(int size) {
  if (mInv.rows() >= size) return;
  const int n = static_cast<int>(mA->rows());
  const int capacity = mCholeskyOk ? std::min(n, std::max(size, mCholeskyFrom + 1)) : n;
  mInv.conservativeResize(capacity, capacity);
}

void AccFactor::enterCholesky() {
  if (mUseCholesky || !mCholeskyOk || mSchur || singular() || size() < mCholeskyFrom) return;
  mUseCholesky = refactorCholesky();
  mCholeskyOk = mUseCholesky;
}

Eigen::MatrixXd AccFactor::gather() const {
  const int k = size();
  if (!mSparse) return mAcc.topLeftCorner(k, k);
  Eigen::MatrixXd m(k, k);
  for (int c = 0; c < k; ++c)
    for (int r = 0; r < k; ++r) m(r, c) = (*mA)(mIdx[r], mIdx[c]);
  return m;
}

void AccFactor::appendAcc(int j) {
  const int k = size();
  mPos[j] = k;
  if (mSparse) return;
  const double* colJ = mA->data() + static_cast<Eigen::Index>(j) * mA->rows();
  for (int r = 0; r < k; ++r) mAcc(r, k) = colJ[mIdx[r]];
  for (int c = 0; c < k; ++c) mAcc(k, c) = (*mA)(j, mIdx[c]);
  mAcc(k, k) = colJ[j];
}

void AccFactor::codSolve(const Eigen::VectorXd& rhs) {
  const int k = size();
  if (!mCod) {
    mCod.emplace();
    mCod->setThreshold(kRankTol);
    mCod->compute(gather());
  }
  mX.head(k) = mCod->solve(rhs.head(k));
}

void AccFactor::rebuild() {
  ++mRebuilds;
  mCod.reset();
  const int k = size();
  if (k == 0) {
    mSingular = false;
    if (mUseCholesky) mChol.reset(static_cast<int>(mA->rows()));
    return;
  }
  const Eigen::MatrixXd acc = gather();
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod;
  cod.setThreshold(kRankTol);
  cod.compute(acc);
  mSingular = cod.rank() < k;
  if (mSingular) return;
  mUseCholesky = false;
  enterCholesky();
  if (mUseCholesky) return;
  reserveInverse(k);
  mInv.topLeftCorner(k, k) = acc.partialPivLu().inverse();
}

bool AccFactor::refactorCholesky() {
  mChol.reset(static_cast<int>(mA->rows()));
  for (const int j : mIdx) {
    const int m = mChol.size();
    const double* colJ = mA->data() + static_cast<Eigen::Index>(j) * mA->rows();
    for (int r = 0; r < m; ++r) mY[r] = colJ[mIdx[r]];
    mChol.forward(mY.data());
    const double s = colJ[j] - mY.head(m).squaredNorm();
    if (!(s > kPivotTol * std::abs(colJ[j]))) return false;
    mChol.append(mY.data(), s);
  }
  return true;
}

bool AccFactor::choleskySolve(bool* checkLeft) {
  const int k = size();
  auto x = mX.head(k);
  for (int attempt = 0; attempt < 2; ++attempt) {
    mY.head(k) = mU.head(k);
    mChol.forward(mY.data());
    x = mY.head(k);
    mChol.backward(mX.data());
    if (checkLeft) {  // the caller's delta_a holds the residual (see solveColumn)
      *checkLeft = true;
      return true;
    }
    // As with the Schur factor: no refinement when the residual is at rounding level.
    residual(mX, mU);
    const double uMax = mU.head(k).cwiseAbs().maxCoeff();
    if (mR.head(k).cwiseAbs().maxCoeff() <= kRoundingResidual * uMax) return true;
    mT.head(k) = mR.head(k);
    mChol.forward(mT.data());
    mChol.backward(mT.data());
    x -= mT.head(k);
    residual(mX, mU);
    const double r2 = mR.head(k).cwiseAbs().maxCoeff();
    if (r2 <= kDriftTol * uMax) return true;
    if (r2 <= kDriftTol * (uMax + accNorm() * x.cwiseAbs().maxCoeff())) return true;
    // Drift: factor C afresh (a rebuild) and solve again; a second drift gives it up.
    if (attempt > 0) break;
    ++mRebuilds;
    if (!refactorCholesky()) break;
  }
  mUseCholesky = mCholeskyOk = false;
  rebuild();
  return false;
}

bool AccFactor::atRounding(const Eigen::VectorXd& residual, int j) const {
  const double* colJ = mA->data() + static_cast<Eigen::Index>(j) * mA->rows();
  double r = 0, u = 0;
  for (const int c : mIdx) {
    r = std::max(r, std::abs(residual[c]));
    u = std::max(u, std::abs(colJ[c]));
  }
  return r <= kRoundingResidual * u;
}

Eigen::Map<const Eigen::VectorXd> AccFactor::solveColumn(int j, bool* checkLeft) {
  if (checkLeft) *checkLeft = false;
  prepare();
  const int k = size();
  const Eigen::Map<const Eigen::VectorXd> out(mX.data(), k);
  const double* colJ = mA->data() + static_cast<Eigen::Index>(j) * mA->rows();
  for (int r = 0; r < k; ++r) mU[r] = colJ[mIdx[r]];
  if (k == 0) return out;
  if (singular()) {
    codSolve(mU);
    return out;
  }
  if (mSchur && schurSolve()) return out;
  if (!singular() && mUseCholesky && choleskySolve(checkLeft)) return out;
  if (singular()) {  // giving the Schur or Cholesky factor up found Acc singular
    codSolve(mU);
    return out;
  }
  const auto inv = mInv.topLeftCorner(k, k);
  auto x = mX.head(k);
  if (k < 128) {
    // Eigen's column-major product (one block of columns below 128) sums x_i from +0 in
    // column order; the columns with u_c = 0 add exact zeros, so they are skipped.
    mNzU.clear();
    for (int r = 0; r < k; ++r)
      if (mU[r] != 0) mNzU.push_back(r);
    x.setZero();
    for (const int c : mNzU) x += inv.col(c) * mU[c];
  } else {
    x.noalias() = inv * mU.head(k);
  }
  // One step of iterative refinement, x -= Acc^-1 (Acc x - u): the updated inverse carries
  // rounding from every update, the residual is computed from A itself.
  residual(mX, mU);
  x.noalias() -= inv * mR.head(k);
  residual(mX, mU);
  // Drift check: max |r2| <= 1e-10 (max |u| + |Acc|_1 max |x|). |Acc|_1 >= 0, so the check
  // passes whenever max |r2| <= 1e-10 max |u| (the usual case) and the norm, a k x k
  // sweep, is computed only otherwise.
  const double r2 = mR.head(k).cwiseAbs().maxCoeff();
  const double uMax = mU.head(k).cwiseAbs().maxCoeff();
  if (r2 <= kDriftTol * uMax) return out;
  const double scale = uMax + accNorm() * x.cwiseAbs().maxCoeff();
  if (!(r2 <= kDriftTol * scale)) {
    rebuild();
    // Singular now, or (should a rebuild ever hand C to it) the Cholesky factor: solve by
    // what holds C. Else the rebuilt inverse, taken afresh.
    if (singular() || mUseCholesky) return solveColumn(j);
    const auto rebuilt = mInv.topLeftCorner(k, k);
    x.noalias() = rebuilt * mU.head(k);
    residual(mX, mU);
    x.noalias() -= rebuilt * mR.head(k);
  }
  return out;
}

bool AccFactor::enterSchur() {
  if (mReference || !mSparse || !mSymmetric || mSingular || size() < mSchurFrom) return false;
  mSchurFactor.bind(*mA, mColStart, mNzRow, mNzVal);
  mSchur = mSchurFactor.refactor(mIdx);
  return mSchur;
}

bool AccFactor::schurSolve() {
  const int k = size();
  auto x = mX.head(k);
  for (int attempt = 0; attempt < 2; ++attempt) {
    mSchurFactor.solve(mIdx, mU.data(), mX.data());
    // One step of iterative refinement against A, as with the inverse, unless the residual
    // is already at rounding level: a factorization, unlike an updated inverse, carries no
    // accumulated error, so its residual usually is.
    residual(mX, mU);
    const double uMax = mU.head(k).cwiseAbs().maxCoeff();
    if (mR.head(k).cwiseAbs().maxCoeff() <= kRoundingResidual * uMax) return true;
    mSchurFactor.solve(mIdx, mR.data(), mT.data());
    x -= mT.head(k);
    residual(mX, mU);
    const double r2 = mR.head(k).cwiseAbs().maxCoeff();
    if (r2 <= kDriftTol * uMax) return true;
    if (r2 <= kDriftTol * (uMax + accNorm() * x.cwiseAbs().maxCoeff())) return true;
    // Drift: factor C afresh and solve again; a second drift gives the factor up.
    if (attempt == 0 && mSchurFactor.refactor(mIdx)) continue;
    break;
  }
  leaveSchur();
  return false;
}

void AccFactor::afterSchurChange(bool ok) {
  if ((!ok || mSchurFactor.changes() > kSchurChanges) && !mSchurFactor.refactor(mIdx)) leaveSchur();
}

void AccFactor::leaveSchur() {
  mSchur = false;
  rebuild();
}

// Acc x - u, column by column (Acc is stored by columns), each entry summed in column
// order as r_i = -u_i + Acc_i0 x_0 + Acc_i1 x_1 + ...
// Sparse A: the same sums over A's nonzeros in C's rows (exact zeros skipped).
void AccFactor::residual(const Eigen::VectorXd& x, const Eigen::VectorXd& u) {
  const int k = size();
  auto r = mR.head(k);
  r = -u.head(k);
  if (mSparse) {
    for (int c = 0; c < k; ++c) {
      const double xc = x[c];
      const int col = mIdx[c];
      for (int e = mColStart[col]; e < mColStart[col + 1]; ++e) {
        const int p = mPos[mNzRow[e]];
        if (p >= 0) mR[p] += mNzVal[e] * xc;
      }
    }
    return;
  }
  for (int c = 0; c < k; ++c) r += mAcc.col(c).head(k) * x[c];
}

double AccFactor::accNorm() const {
  const int k = size();
  double norm = 0;
  for (int c = 0; c < k; ++c) {
    double colNorm = 0;
    for (int i = 0; i < k; ++i) colNorm += std::abs(mSparse ? (*mA)(mIdx[i], mIdx[c]) : mAcc(i, c));
    norm = std::max(norm, colNorm);
  }
  return norm;
}

void AccFactor::add(int j, bool lastSolveIsJ) {
  prepare();
  const int k = size();
  if (singular()) {
    appendAcc(j);
    mIdx.push_back(j);
    mCod.reset();
    return;
  }
  if (!lastSolveIsJ) solveColumn(j);
  if (singular()) {  // solveColumn may have found Acc singular
    appendAcc(j);
    mIdx.push_back(j);
    mCod.reset();
    return;
  }
  const auto p = mX.head(k);
  auto v = mV.head(k);
  const double ajj = (*mA)(j, j);
  // The pivot s = A_jj - A[j, C] Acc^-1 A[C, j]: with the Cholesky factor, A_jj - y.y.
  const bool cholesky = mUseCholesky && !mSchur;
  double s;
  if (cholesky) {
    s = ajj - mY.head(k).squaredNorm();
  } else {
    for (int c = 0; c < k; ++c) v[c] = (*mA)(j, mIdx[c]);
    s = ajj - v.dot(p);
  }
  appendAcc(j);
  mIdx.push_back(j);
  if (!(std::abs(s) > kPivotTol * std::abs(ajj)) || !std::isfinite(s)) {
    mSingular = true;  // Acc + j is rank deficient: no inverse until a removal
    mSchur = false;
    mCod.reset();
    return;
  }
  if (mSchur) {
    afterSchurChange(mSchurFactor.add(j));
    return;
  }
  if (cholesky) {
    if (s > 0) {
      mChol.append(mY.data(), s);
    } else {  // a negative pivot: Acc is not positive definite, no Cholesky factor
      mUseCholesky = mCholeskyOk = false;
      rebuild();
    }
    enterSchur();
    return;
  }
  reserveInverse(k + 1);
  auto q = mQ.head(k);
  auto ps = mPs.head(k);
  q.noalias() = mInv.topLeftCorner(k, k).transpose() * v;
  ps = p / s;
  mInv.topLeftCorner(k, k).noalias() += ps * q.transpose();
  mInv.block(0, k, k, 1) = -p / s;
  mInv.block(k, 0, 1, k) = -q.transpose() / s;
  mInv(k, k) = 1.0 / s;
  if (!enterSchur()) enterCholesky();
}

void AccFactor::assign(std::span<const int> members,
                       const CholeskyFactor::RowMajorMatrix& cholesky) {
  prepare();
  for (const int i : mIdx) mPos[i] = -1;
  mIdx.clear();
  mCod.reset();
  mSingular = false;
  mSchur = false;
  for (const int j : members) {
    appendAcc(j);
    mIdx.push_back(j);
  }
  const int k = size();
  mUseCholesky = false;
  if (k == 0 || mReference || enterSchur()) return;
  mUseCholesky = mCholeskyOk && k >= mCholeskyFrom;
  if (mUseCholesky) {
    mChol.reset(static_cast<int>(mA->rows()));
    mChol.assign(cholesky, k);
    return;
  }
  // (L L^T)^-1 = L^-T L^-1, formed as the symmetric rank-k update of its lower half (half
  // the work of a general product) and mirrored.
  Eigen::MatrixXd Linv = Eigen::MatrixXd::Identity(k, k);
  cholesky.topLeftCorner(k, k).triangularView<Eigen::Lower>().solveInPlace(Linv);
  reserveInverse(k);
  auto inv = mInv.topLeftCorner(k, k);
  inv.setZero();
  inv.selfadjointView<Eigen::Lower>().rankUpdate(Linv.transpose());
  inv.triangularView<Eigen::StrictlyUpper>() = inv.transpose();
}

void AccFactor::remove(int j) {
  const auto it = std::find(mIdx.begin(), mIdx.end(), j);
  if (it == mIdx.end()) return;
  const int t = static_cast<int>(it - mIdx.begin());
  const int last = size() - 1;
  mCod.reset();
  if (singular() || (mUseCholesky && !mSchur)) {
    // Erase row and column t of Acc, keeping the order of the others.
    if (!mSparse) {
      for (int c = t; c < last; ++c) mAcc.col(c).head(last + 1) = mAcc.col(c + 1).head(last + 1);
      for (int r = t; r < last; ++r) mAcc.row(r).head(last) = mAcc.row(r + 1).head(last);
    }
    mIdx.erase(it);
    mPos[j] = -1;
    for (int p = t; p < last; ++p) mPos[mIdx[p]] = p;
    if (!singular())
      mChol.remove(t);
    else if (!mReference)
      rebuild();  // Acc may be full rank again
    return;
  }
  if (mSchur) {  // the order of the others may change, as below
    std::swap(mIdx[t], mIdx[last]);
    mPos[mIdx[t]] = t;
    mIdx.pop_back();
    mPos[j] = -1;
    afterSchurChange(mSchurFactor.remove(j));
    return;
  }
  // Move t to the end: P Acc P^T has inverse P Acc^-1 P^T.
  if (t != last) {
    std::swap(mIdx[t], mIdx[last]);
    mPos[mIdx[t]] = t;
    mInv.row(t).head(last + 1).swap(mInv.row(last).head(last + 1));
    mInv.col(t).head(last + 1).swap(mInv.col(last).head(last + 1));
    if (!mSparse) {
      mAcc.row(t).head(last + 1).swap(mAcc.row(last).head(last + 1));
      mAcc.col(t).head(last + 1).swap(mAcc.col(last).head(last + 1));
    }
  }
  mIdx.pop_back();
  mPos[j] = -1;
  const double c = mInv(last, last);
  if (!(std::abs(c) > 0) || !std::isfinite(c)) {
    rebuild();
    return;
  }
  // E - g h / c with g = Inv[:last, last], h = Inv[last, :last] (copied out first: the
  // update overwrites the block they live next to, not them, but Eigen cannot know that).
  auto gc = mPs.head(last);
  auto h = mV.head(last);
  gc = mInv.block(0, last, last, 1) / c;
  h = mInv.block(last, 0, 1, last).transpose();
  mInv.topLeftCorner(last, last).noalias() -= gc * h.transpose();
}

}  // namespace cl
