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
// Reference mode re-solves with a complete orthogonal decomposition of Acc, O(k^3) per
// pivot, O(n^4) per solve: the plain method the incremental mode is tested against.
#include <Eigen/Dense>
#include <optional>
#include <vector>

namespace cl {

class AccFactor {
 public:
  void reset(const Eigen::MatrixXd& A, bool reference);

  const std::vector<int>& members() const { return mIdx; }
  int size() const { return static_cast<int>(mIdx.size()); }
  bool singular() const { return mReference || mSingular; }
  int rebuilds() const { return mRebuilds; }

  // x (in the order of members()) with Acc x = A[C, j].
  Eigen::VectorXd solveColumn(int j);
  // Adds j to C; x is solveColumn(j) when the caller already has it.
  void add(int j, const Eigen::VectorXd* x = nullptr);
  void remove(int j);

 private:
  Eigen::MatrixXd gather() const;
  void rebuild();
  Eigen::VectorXd codSolve(const Eigen::VectorXd& rhs);
  Eigen::VectorXd residual(const Eigen::VectorXd& x, const Eigen::VectorXd& u);

  const Eigen::MatrixXd* mA = nullptr;
  bool mReference = false;
  bool mSingular = false;
  int mRebuilds = 0;
  double mAccNorm = 0;
  std::vector<int> mIdx;
  Eigen::MatrixXd mInv;  // n x n storage, the top-left k x k block is Acc^-1
  std::optional<Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd>> mCod;
};

}  // namespace cl
