#include "engine/solver/detail/held_inverse.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "engine/solver/detail/sparse_product.h"

namespace cl {

namespace {

constexpr double kPivot = 1e-13;       // a leave's 1 / e22 this small (of A's scale): singular
constexpr double kDependent = 1e-10;   // a join's pivot this small (of its terms): dependent
constexpr double kWeak = 1e-6;         // this small: held back until a solve needs it
constexpr double kResidual = 1e-12;    // a basic solve's residual above this: formed afresh
constexpr double kConsistency = 1e-9;  // the decomposition's bound (friction_forces.cpp)

// out = E u, or E^T u when `transposed` (E the top-left r x r of `inv`, r = u.size()), summed
// over u's nonzeros where those are at most a quarter of it: a pile's contact shares a body
// with few others, so a member's row and column of M are mostly exact zeros (a seventh is
// nonzero on pile_20 with friction), and a product that skips them has the dense one's terms.
constexpr Eigen::Index kSparseShare = 4;

// From this many basic members, M_BB^-1 times a sparse right side runs over the side's
// nonzeros (the same bits as the dense product, sparse_product.h).
constexpr Eigen::Index kSparseFrom = 32;

using Segment = HeldInverse::Segment;

void inverseTimes(const Eigen::MatrixXd& inv, const Segment& u, bool transposed,
                  std::vector<Eigen::Index>& nz, Segment out) {
  const Eigen::Index r = u.size();
  const auto E = inv.topLeftCorner(r, r);
  nz.clear();
  for (Eigen::Index i = 0; i < r; ++i)
    if (u(i) != 0) nz.push_back(i);
  if (static_cast<Eigen::Index>(nz.size()) * kSparseShare > r) {
    if (transposed)
      out.noalias() = E.transpose() * u;
    else
      out.noalias() = E * u;
    return;
  }
  if (!transposed) {
    out.setZero();
    for (const Eigen::Index j : nz) out.noalias() += E.col(j) * u(j);
    return;
  }
  for (Eigen::Index i = 0; i < r; ++i) {
    double sum = 0;
    for (const Eigen::Index j : nz) sum += E(j, i) * u(j);
    out(i) = sum;
  }
}

}  // namespace

void HeldInverse::reset(const Eigen::MatrixXd& A, std::span<const double> mu) {
  mA = &A;
  mMu = mu;
  mN = static_cast<int>(mu.size());
  const auto cap = static_cast<Eigen::Index>(2 * mN);
  mScale = cap > 0 ? std::max(A.diagonal().cwiseAbs().maxCoeff(), 1e-300) : 1.0;
  mIdx.clear();
  mTie.clear();
  mPos.assign(static_cast<std::size_t>(cap), -1);
  mWant.assign(static_cast<std::size_t>(cap), 0);
  if (mM.rows() < cap) {
    mM.resize(cap, cap);
    mInv.resize(cap, cap);
    mWork.resize(kWorkVectors * cap);
  }
  mCapacity = cap;
  mBasis = 0;
  mStale = false;
  mRebuilds = 0;
}

double HeldInverse::entry(int r, int c, int tie) const {
  const Eigen::MatrixXd& A = *mA;
  return tie == 0 ? A(r, c) : A(r, c) + tie * mMu[static_cast<std::size_t>(c)] * A(r, mN + c);
}

void HeldInverse::swapMembers(int s, int t) {
  if (s == t) return;
  const auto k = static_cast<Eigen::Index>(mIdx.size());
  mM.row(s).head(k).swap(mM.row(t).head(k));
  mM.col(s).head(k).swap(mM.col(t).head(k));
  if (s < mBasis && t < mBasis) {
    mInv.row(s).head(mBasis).swap(mInv.row(t).head(mBasis));
    mInv.col(s).head(mBasis).swap(mInv.col(t).head(mBasis));
  }
  std::swap(mIdx[s], mIdx[t]);
  std::swap(mTie[s], mTie[t]);
  mPos[mIdx[s]] = s;
  mPos[mIdx[t]] = t;
}

bool HeldInverse::promote(int t, double least) {
  const auto r = static_cast<Eigen::Index>(mBasis);
  Segment col = work(kCol, r), row = work(kRow, r), p = work(kP, r), q = work(kQ, r);
  col = mM.col(t).head(r);
  row = mM.row(t).head(r).transpose();
  inverseTimes(mInv, col, false, mNz, p);
  inverseTimes(mInv, row, true, mNz, q);
  // s = M_tt - v.p cancels to rounding where t depends on the basis: measured against its
  // terms, not A's scale (a basis that is itself near dependent magnifies the rounding).
  const double s = mM(t, t) - row.dot(p);
  if (!(std::abs(s) > least * (std::abs(mM(t, t)) + row.norm() * p.norm()))) return false;
  swapMembers(t, mBasis);  // to the basis' end (both outside the basis: M only)
  p /= s;                  // p / s once, for the update and the border (-p / s is -(p / s))
  mInv.topLeftCorner(r, r).noalias() += p * q.transpose();
  mInv.col(r).head(r) = -p;
  mInv.row(r).head(r) = -q.transpose() / s;
  mInv(r, r) = 1 / s;
  ++mBasis;
  return true;
}

void HeldInverse::promoteDeferred(double least) {
  // A promotion swaps the first deferred member into the promoted one's place, so each
  // place is looked at again until its member stays deferred.
  const auto k = static_cast<int>(mIdx.size());
  for (int t = mBasis; t < k;)
    if (!promote(t, least) || t < mBasis) ++t;
}

void HeldInverse::rebuild() {
  ++mRebuilds;
  mBasis = 0;
  mStale = false;
  promoteDeferred(kWeak);
}

void HeldInverse::add(int j, int tie) {
  const auto k = static_cast<Eigen::Index>(mIdx.size());
  for (Eigen::Index r = 0; r < k; ++r) {
    mM(r, k) = entry(mIdx[r], j, tie);
    mM(k, r) = entry(j, mIdx[r], mTie[r]);
  }
  mM(k, k) = entry(j, j, tie);
  mIdx.push_back(j);
  mTie.push_back(tie);
  mPos[j] = static_cast<int>(k);
  if (!mStale) promote(static_cast<int>(k), kWeak);
}

void HeldInverse::remove(int t) {
  int replacement = -1;  // the deferred member (its row of A) offered t's place in B
  if (t < mBasis && !mStale) {
    // Out of the basis: to its end, the inverse of the rest by the bordering read
    // backwards; e22 = 1 / s for the rest's Schur complement s, and s beyond 1e13 of A's
    // scale means the rest is singular to working precision: formed afresh instead.
    swapMembers(t, mBasis - 1);
    const auto r = static_cast<Eigen::Index>(--mBasis);
    const double e22 = mInv(r, r);
    if (std::abs(e22) * mScale > kPivot) {
      // A deferred member j depends on B (its pivot s_j ~ 0); against B without t its
      // pivot is s_j + p_t q_t / e22, p = M_BB^-1 M[B, j] and q = M_BB^-T M[j, B] (both
      // with the inverse as it is before the downdate). Only one member can take t's
      // place (the rank drops by one at most), so only the likeliest is offered.
      const auto d = static_cast<Eigen::Index>(mIdx.size()) - (r + 1);
      if (d > 0) {
        Segment pd = work(kP, d), qd = work(kQ, d);
        pd.noalias() =
            mM.block(0, r + 1, r + 1, d).transpose() * mInv.row(r).head(r + 1).transpose();
        qd.noalias() = mM.block(r + 1, 0, d, r + 1) * mInv.col(r).head(r + 1);
        Eigen::Index best = 0;
        pd.cwiseProduct(qd).cwiseAbs().maxCoeff(&best);
        replacement = mIdx[static_cast<std::size_t>(r + 1 + best)];
      }
      Segment p = work(kP, r), q = work(kQ, r);
      p = mInv.col(r).head(r) / e22;
      q = mInv.row(r).head(r).transpose();
      mInv.topLeftCorner(r, r).noalias() -= p * q.transpose();
    } else {
      mStale = true;
    }
    t = mBasis;
  }
  const auto last = static_cast<int>(mIdx.size()) - 1;
  swapMembers(t, last);
  mPos[mIdx[last]] = -1;
  mIdx.pop_back();
  mTie.pop_back();
  mBasis = std::min(mBasis, last);
  // A deferred member leaving changes nothing of B.
  if (replacement >= 0 && !mStale) promote(mPos[replacement], kWeak);
}

// x less its part in M's null space: x - Z (Z^T Z)^-1 Z^T x for Z = [-W; I] (mW and the
// factor mG as solveInMemberOrder formed them).
void HeldInverse::project(Segment x) {
  const auto r = static_cast<Eigen::Index>(mBasis);
  const auto d = static_cast<Eigen::Index>(mIdx.size()) - r;
  if (d == 0) return;
  Segment y = work(kY, d);
  y = x.tail(d);
  y.noalias() -= mW.transpose() * x.head(r);
  mG.solveInPlace(y);
  x.head(r).noalias() += mW * y;
  x.tail(d) -= y;
}

// out = the minimum-norm solution of M out = v from v's basis rows: the basic solution,
// projected.
void HeldInverse::minimumNorm(Segment v, Segment out) {
  const auto r = static_cast<Eigen::Index>(mBasis);
  out.setZero();
  // Over v's nonzeros where it is sparse (a pivot's right side is its driven column, a
  // handful of nonzeros).
  const auto sparse = [&] {
    return r >= kSparseFrom &&
           std::count_if(v.data(), v.data() + r, [](double e) { return e != 0; }) * kSparseShare <=
               r;
  };
  if (sparse())
    productOfSparse(mInv.topLeftCorner(r, r), v.head(r), out.head(r), work(kCol, r));
  else
    out.head(r).noalias() = mInv.topLeftCorner(r, r) * v.head(r);
  project(out);
}

// x = M^+ v (work kX and kV, in member order), refined once against M; with the start s
// (kStart, mHasStart), the solution nearest to it: s + M^+ (v - M s). True when M x = v to the
// bound for its kind: `basicBound` with no deferred member, else the decomposition's.
bool HeldInverse::solveInMemberOrder(double basicBound) {
  const auto k = static_cast<Eigen::Index>(mIdx.size());
  const auto r = static_cast<Eigen::Index>(mBasis);
  const auto d = k - r;
  const auto M = mM.topLeftCorner(k, k);
  if (d > 0) {
    // W = M_BB^-1 M_BD, refined once (its rounding is the null space's), and the
    // factor of Z^T Z = W^T W + I.
    const auto inv = mInv.topLeftCorner(r, r);
    const auto Mbd = mM.block(0, r, r, d);
    mW.noalias() = inv * Mbd;
    mWr = Mbd;
    mWr.noalias() -= mM.topLeftCorner(r, r) * mW;
    mW.noalias() += inv * mWr;
    mZz.noalias() = mW.transpose() * mW;
    mZz.diagonal().array() += 1;
    mG.compute(mZz);
  }
  Segment V = work(kV, k), start = work(kStart, k), B = work(kB, k), R = work(kR, k),
          X = work(kX, k), Y2 = work(kY2, k);
  B = V;
  if (mHasStart) B.noalias() -= M * start;
  minimumNorm(B, X);
  R = B;
  R.noalias() -= M * X;
  minimumNorm(R, Y2);
  X += Y2;
  // The residual cannot see an error in the null space: x projected once more.
  project(X);
  if (mHasStart) X += start;
  if (!X.allFinite()) return false;
  R = V;
  R.noalias() -= M * X;
  const double residual = R.norm();
  const double bound = d > 0 ? kConsistency : basicBound;
  if (residual <= bound * V.norm()) return true;
  return residual <= bound * (V.norm() + M.norm() * X.norm());
}

bool HeldInverse::solve(std::span<const int> held, std::span<const int> tie,
                        Eigen::Ref<const Eigen::VectorXd> rhs, Eigen::Ref<Eigen::VectorXd> x,
                        const Eigen::VectorXd* start) {
  if (x.size() != static_cast<Eigen::Index>(held.size())) return false;
  // The membership made `held`: members no longer held (or tied otherwise) leave, from
  // the back so that the positions still to visit stay put, then the new ones join.
  const auto tieOf = [&](int h) { return h < mN ? tie[static_cast<std::size_t>(h)] : 0; };
  for (const int h : held) mWant[h] = tieOf(h) + 2;
  for (auto t = static_cast<int>(mIdx.size()) - 1; t >= 0; --t)
    if (mWant[mIdx[t]] != mTie[t] + 2) remove(t);
  for (const int h : held)
    if (mPos[h] < 0) add(h, tieOf(h));
  for (const int h : held) mWant[h] = 0;
  if (mStale) rebuild();
  const auto k = static_cast<Eigen::Index>(held.size());
  // The right side and the start in member order (again after a rebuild or a promotion,
  // which reorder), solved.
  const auto solved = [&](double basicBound) {
    Segment v = work(kV, k), s = work(kStart, k);
    for (Eigen::Index i = 0; i < k; ++i) v(mPos[held[i]]) = rhs(i);
    mHasStart = start != nullptr;
    if (start)
      for (Eigen::Index i = 0; i < k; ++i) s(mPos[held[i]]) = (*start)(i);
    return solveInMemberOrder(basicBound);
  };
  const auto copyOut = [&] {
    const Segment solution = work(kX, k);
    for (Eigen::Index i = 0; i < k; ++i) x(i) = solution(mPos[held[i]]);
    return true;
  };
  if (solved(kResidual)) return copyOut();
  if (mBasis == k) {  // a drift of the updated inverse: formed afresh once (then no drift)
    rebuild();
    if (solved(kConsistency)) return copyOut();
  }
  // Weak members held back that the system needs (the residual is their part of the right
  // side): offered at the dependence test. What then fails is the system's: the caller
  // decides.
  const int before = mBasis;
  promoteDeferred(kDependent);
  return mBasis > before && solved(kConsistency) && copyOut();
}

}  // namespace cl
