#pragma once
// AccFactor: solves with Acc = A[C, C] while the set C grows and shrinks by one contact
// per pivot.
//
// Incremental mode holds C by one of three factors, by its size and A's symmetry:
//
// The updated inverse (below 32 members, or on an A that is not symmetric) keeps Acc^-1
// by bordering (Gill, Golub, Murray, Saunders 1974, the Schur-complement form): adding
// contact j with u = A[C, j], v = A[j, C], p = Acc^-1 u, q = Acc^-T v^T and pivot
// s = A[j, j] - v p gives
//   [Acc u; v A_jj]^-1 = [Acc^-1 + p q^T / s, -p / s; -q^T / s, 1 / s],
// and removing one is the same identity read backwards, Acc^-1 = E - g h / c. Each is
// about 3 k^2. Each solve takes one step of iterative refinement against A itself and
// checks the residual; when it is still above 1e-10 (relative), the inverse is rebuilt
// from an LU factorization. When Acc becomes rank deficient (a pivot |s| <= 1e-13 |A_jj|),
// the inverse does not exist: solves switch to a complete orthogonal decomposition
// (minimum-norm least squares, exact when the right side lies in Acc's column space) until
// a removal makes Acc full rank again, then the factor is rebuilt.
//
// The Cholesky factor (from 32 members, setCholeskyFrom, on an A symmetric to rounding:
// every contact problem, A = J M^-1 J^T; cholesky_factor.h) appends a member at C's end,
// removes one anywhere by a rank-one update, and solves by two triangular passes: about
// k^2 per pivot, less where L is sparse. A solve whose residual against A is at rounding
// level (1e-14 of max |u|) is taken as it is; otherwise it is refined once and checked for
// drift as the inverse's. ComputeForces' pivot takes that residual from its delta_a
// instead of a second product with A (solveColumn's checkLeft). A drift refactors; a factor that
// fails (Acc not positive definite to 1e-13) leaves C to the inverse (and from 256 members the
// Schur factor) for the rest of the solve. It
// is faster than the inverse from a few members on; below 32 the inverse stays so that small scenes
// keep the bits of their runs (engine2D's PileTest checks pile_10 at 8 s to 0.01: its block 1 ends
// 0.008 off with the inverse's rounding and 0.024 off with the factor's, a contact at f = a = 0
// going to C or to NC by 1e-15 some 1 000 solves in).
//
// Large C (k >= 256 by default, setSchurFrom) on a sparse A, symmetric to rounding, is held
// by SchurFactor (schur_factor.h): a sparse LDL^T of A[C, C] as it was when last factored,
// in a fill-reducing order, and a small Schur complement of the changes since, refactored
// after 16 changes. A pivot then costs two sparse triangular solves and O(k m) for m
// changes. The same refinement step and drift check apply; a drift refactors, and a factor
// that fails (A[C, C] not positive definite to working precision) leaves C to the others.
// The thresholds 32 and 256 are measured choices (docs/performance.md, "The Cholesky
// factor of Acc, from 32 members"), not limits of either factor.
//
// Reference mode re-solves with a complete orthogonal decomposition of Acc, O(k^3) per
// pivot, O(n^4) per solve: the plain method the incremental mode is tested against.
//
// Performance, without changing a single bit of the inverse's results: the residuals of the
// refinement step and the drift check run over A's nonzeros only (A's columns in
// compressed form and each contact's position in C) when A is at most half full, else over
// a contiguous copy of Acc kept in member order (bordered and swapped like the inverse),
// never gathered through the index list; Acc^-1 u runs over u's nonzeros (u = A[C, j] is
// as sparse as A) for k < 128, summing each entry in the order Eigen's dense product does
// (column order from +0, so every skipped term is a product with an exact zero); the
// drift check's |Acc| norm is computed only when the cheap bound does not settle it; the
// work vectors are members, grown by prepare() and kept (ComputeForces keeps one AccFactor
// per thread), so a pivot allocates only when the inverse must grow past the Cholesky
// size (reserveInverse) or the Cholesky factor is first formed.
#include <Eigen/Dense>
#include <optional>
#include <span>
#include <vector>

#include "engine/solver/detail/cholesky_factor.h"
#include "engine/solver/detail/schur_factor.h"
#include "engine/solver/lcp_problem.h"

namespace cl {

class AccFactor {
 public:
  // With `nonzeros` (A's nonzeros by column, lcp_problem.h; kept by the caller until the
  // next reset) A's compressed columns are taken from them rather than from a scan of A.
  void reset(const Eigen::MatrixXd& A, bool reference, const ColumnNonzeros* nonzeros = nullptr);

  const std::vector<int>& members() const { return mIdx; }
  int size() const { return static_cast<int>(mIdx.size()); }
  bool singular() const { return mReference || mSingular; }
  int rebuilds() const { return mRebuilds; }
  // From which size of C the sparse Schur-complement factor takes over (256; tests lower
  // it), and whether it holds C now.
  void setSchurFrom(int k) { mSchurFrom = k; }
  // From which size of C the Cholesky factor takes over from the inverse (32; see above).
  void setCholeskyFrom(int k) { mCholeskyFrom = k; }
  int choleskyFrom() const { return mCholeskyFrom; }
  bool schur() const { return mSchur; }

  // A's nonzeros by column (compressed sparse columns) when A is at most half full
  // (sparse() true), built on first use after reset(); ComputeForces uses them for
  // delta_a = A delta_f, the warm start's envelope order, and a = A f + b.
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
  // With `checkLeft`, where the Cholesky factor holds C the solve skips its residual check
  // and sets *checkLeft: the caller computes delta_a = A delta_f anyway, whose entries on C
  // are A[C, j] - Acc x, minus the residual, and asks atRounding() of them; when that is
  // false it solves again without `checkLeft`. Elsewhere *checkLeft is false.
  Eigen::Map<const Eigen::VectorXd> solveColumn(int j, bool* checkLeft = nullptr);
  // Whether a residual of the latest solve (indexed by contact) is at rounding level on C:
  // max_k |residual[C_k]| <= 1e-14 max_k |A[C_k, j]|.
  bool atRounding(const Eigen::VectorXd& residual, int j) const;
  // Adds j to C. lastSolveIsJ: the latest solveColumn was solveColumn(j) and C has not
  // changed since, so its x is reused instead of solved again.
  void add(int j, bool lastSolveIsJ = false);
  void remove(int j);
  // Makes C = members at once (ComputeForces' warm start; members independent, as its guess
  // solve ensures) with the lower Cholesky factor L of Acc already at hand (the guess's:
  // the top-left k x k block of `cholesky`), instead of an append per member. Solves
  // refine against A itself, so the factor of one triangle of A read as symmetric (the guess
  // reads one) serves while A is symmetric to rounding. Which factor holds C: the Schur factor from
  // its size, else L itself on a symmetric A, else the inverse formed from L.
  void assign(std::span<const int> members, const CholeskyFactor::RowMajorMatrix& cholesky);
  // Whether the Cholesky factor holds C now (else the Schur factor, the inverse or the
  // singular-tolerant solve).
  bool cholesky() const { return mUseCholesky && !mSchur && !singular(); }

 private:
  void prepare();
  Eigen::MatrixXd gather() const;
  // After a drift or a change of mode: the singular-tolerant solve when Acc is rank
  // deficient, else the Cholesky factor afresh (on a symmetric A) or the inverse.
  void rebuild();
  // Factors Acc afresh by appends; false when a pivot is not positive (to 1e-13 of A_jj).
  bool refactorCholesky();
  // x = Acc^-1 u by the Cholesky factor (y = L^-1 u kept in mY for add), refined once
  // unless at rounding level, with the drift check; false when the factor had to be given
  // up (the inverse or the singular-tolerant solve holds C then).
  bool choleskySolve(bool* checkLeft);
  void reserveInverse(int size);
  // Hands C to the Cholesky factor when allowed (A symmetric, C large enough, no factor has
  // failed in this solve) and its factorization succeeds.
  void enterCholesky();
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
  const ColumnNonzeros* mNonzeros = nullptr;  // A's, when its builder listed them
  bool mReference = false;
  bool mSingular = false;
  bool mPrepared = false;
  int mRebuilds = 0;
  bool mSymmetric = false;    // A == A^T to rounding (sparse A only)
  bool mSchur = false;        // SchurFactor holds C; the inverse or Cholesky factor is stale
  bool mUseCholesky = false;  // the Cholesky factor holds C (unless Schur or singular)
  bool mCholeskyOk = false;   // A symmetric, and no Cholesky factor failed in this solve
  int mCholeskyFrom = 32;
  CholeskyFactor mChol;
  int mSchurFrom = 256;
  SchurFactor mSchurFactor;
  std::vector<int> mIdx;
  std::vector<int> mPos;  // mPos[i]: position of contact i in mIdx, -1 when not in C
  bool mSparse = false;
  std::vector<int> mColStart, mNzRow, mNzU;
  std::vector<double> mNzVal;
  Eigen::MatrixXd mInv;  // storage (reserveInverse), the top-left k x k block is Acc^-1
  Eigen::MatrixXd mAcc;  // dense A only: n x n storage, the top-left k x k block is A[C, C]
  // Work vectors, n entries each (allocated by reset); only head(k) is meaningful. mX holds
  // the x that solveColumn returns.
  Eigen::VectorXd mU, mX, mR, mV, mQ, mPs, mT, mY;
  std::optional<Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd>> mCod;
};

}  // namespace cl
