#pragma once
// AccFactor: solves with Acc = A[C, C] while the set C grows and shrinks by one contact
// per pivot.
//
// Incremental mode keeps Acc^-1 up to date by bordering (Gill, Golub, Murray, Saunders
// 1974, the Schur-complement form): adding contact j with u = A[C, j], v = A[j, C],
// p = Acc^-1 u, q = Acc^-T v^T and pivot s = A[j, j] - v p gives
//   [Acc u; v A_jj]^-1 = [Acc^-1 + p q^T / s, -p / s; -q^T / s, 1 / s],
// and removing one is the same identity read backwards, Acc^-1 = E - g h / c. Each is
// O(k^2), so a solve of n pivots costs O(n^3). A is not assumed symmetric.
// Each solve takes one step of iterative refinement against A itself and checks the
// residual; when it is still above 1e-10 (relative), the inverse is rebuilt from an LU
// factorization. When Acc becomes rank deficient (a pivot
// |s| <= 1e-13 |A_jj|), the inverse does not exist: solves switch to a complete orthogonal
// decomposition (minimum-norm least squares, exact when the right side lies in Acc's
// column space) until a removal makes Acc full rank again, then the inverse is rebuilt.
//
// Large C (k >= 128 by default, setSchurFrom) on a sparse A, symmetric to rounding, leaves the
// inverse for SchurFactor (schur_factor.h): a sparse LDL^T of A[C, C] as it was when last
// factored and a small Schur complement of the changes since, refactored after 24 changes.
// A pivot then costs two sparse triangular solves and O(k m) for m changes, instead of
// about 3 k^2 over the dense inverse, and a warm start of k members needs no O(k^3)
// inverse. The same refinement step and drift check apply; a drift refactors, and a
// factor that fails (A[C, C] not positive definite to working precision) falls back to the
// inverse. Results then differ from the inverse's by rounding, only for problems where C
// reaches that size.
//
// Reference mode re-solves with a complete orthogonal decomposition of Acc, O(k^3) per
// pivot, O(n^4) per solve: the plain method the incremental mode is tested against.
//
// Performance, without changing a single bit of the results: the residuals of the
// refinement step and the drift check run over A's nonzeros only (A's columns in
// compressed form and each contact's position in C) when A is at most half full, else over
// a contiguous copy of Acc kept in member order (bordered and swapped like the inverse),
// never gathered through the index list; Acc^-1 u runs over u's nonzeros (u = A[C, j] is
// as sparse as A) for k < 128, summing each entry in the order Eigen's dense product does
// (column order from +0, so every skipped term is a product with an exact zero); the
// drift check's |Acc| norm is computed only when the cheap bound does not settle it; all
// work vectors are members sized once per reset(), so a pivot allocates nothing.
#include <Eigen/Dense>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "engine/solver/detail/schur_factor.h"

namespace cl {

class AccFactor {
 public:
  void reset(const Eigen::MatrixXd& A, bool reference);

  const std::vector<int>& members() const { return mIdx; }
  int size() const { return static_cast<int>(mIdx.size()); }
  bool singular() const { return mReference || mSingular; }
  int rebuilds() const { return mRebuilds; }
  // From which size of C the sparse Schur-complement factor takes over (128; tests lower
  // it), and whether it holds C now.
  void setSchurFrom(int k) { mSchurFrom = k; }
  bool schur() const { return mSchur; }

  // A's nonzeros by column (compressed sparse columns) when A is at most half full
  // (sparse() true), built on first use after reset(); ComputeForces uses them for
  // delta_a = A delta_f too.
  bool sparse() {
    prepare();
    return mSparse;
  }
  const std::vector<int>& colStart() {
    prepare();
    return mColStart;
  }
  const std::vector<int>& nzRow() {
    prepare();
    return mNzRow;
  }
  const std::vector<double>& nzVal() {
    prepare();
    return mNzVal;
  }

  // x (in the order of members()) with Acc x = A[C, j]. A view of an internal buffer:
  // valid until the next call of solveColumn, add, remove or reset.
  Eigen::Map<const Eigen::VectorXd> solveColumn(int j);
  // Adds j to C. lastSolveIsJ: the latest solveColumn was solveColumn(j) and C has not
  // changed since, so its x is reused instead of solved again.
  void add(int j, bool lastSolveIsJ = false);
  void remove(int j);
  // Makes C = members at once (ComputeForces' warm start; members independent, as its guess
  // solve ensures) with `inverse` = Acc^-1 already at hand (from the guess's Cholesky
  // factor), instead of a bordering per member. Solves refine against A itself, so an
  // inverse of A's symmetric part serves while A is symmetric to rounding.
  // `inverse` is asked for only when the inverse is used (below the Schur size).
  void assign(std::span<const int> members, const std::function<Eigen::MatrixXd()>& inverse);

 private:
  void prepare();
  Eigen::MatrixXd gather() const;
  void rebuild();
  void codSolve(const Eigen::VectorXd& rhs);
  // mR.head(k) = Acc x - u.
  void residual(const Eigen::VectorXd& x, const Eigen::VectorXd& u);
  // The largest column sum of |Acc| (the scale of the drift check).
  double accNorm() const;
  // Appends j's row and column to the contiguous copy of Acc (k = size() before the push).
  void appendAcc(int j);
  // Hands C to the Schur-complement factor when allowed and its factor succeeds (true).
  bool enterSchur();
  // x = Acc^-1 u by the Schur-complement factor, refined once against A, with the drift
  // check; false when the factor had to be given up (the inverse is rebuilt then).
  bool schurSolve();
  // After a change of C recorded by the Schur factor (ok: its S stayed regular): refactors
  // when S is singular or holds too many changes; gives the factor up when that fails.
  void afterSchurChange(bool ok);
  // Back to the inverse, rebuilt for C.
  void leaveSchur();

  const Eigen::MatrixXd* mA = nullptr;
  bool mReference = false;
  bool mSingular = false;
  bool mPrepared = false;
  int mRebuilds = 0;
  bool mSymmetric = false;  // A == A^T to rounding (sparse A only)
  bool mSchur = false;      // SchurFactor holds C; the inverse is stale
  int mSchurFrom = 128;
  SchurFactor mSchurFactor;
  std::vector<int> mIdx;
  std::vector<int> mPos;  // mPos[i]: position of contact i in mIdx, -1 when not in C
  bool mSparse = false;
  std::vector<int> mColStart, mNzRow, mNzU;
  std::vector<double> mNzVal;
  Eigen::MatrixXd mInv;  // n x n storage, the top-left k x k block is Acc^-1
  Eigen::MatrixXd mAcc;  // dense A only: n x n storage, the top-left k x k block is A[C, C]
  // Work vectors, n entries each (allocated by reset); only head(k) is meaningful. mX holds
  // the x that solveColumn returns.
  Eigen::VectorXd mU, mX, mR, mV, mQ, mPs, mT;
  std::optional<Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd>> mCod;
};

}  // namespace cl
