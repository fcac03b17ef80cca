#pragma once
// SchurFactor: solves Acc x = u for Acc = A[C, C] while C changes by one contact at a time,
// without an explicit inverse: a sparse LDL^T factor of K = A[B, B] for a base set B (C when
// it was last factored) and a small dense Schur complement for the changes since (the
// Schur-complement update of an active set: Gill, Murray, Saunders and Wright 1990).
//
// With R the members of B removed and D the contacts added since, C = (B \ R) + D. Let
// W = [A[B, D], E_R] (E_R: the unit columns of R's positions in B) and
// H = [A[D, D] 0; 0 0]. Then Acc x = u is the bordered system
//   [K   W] [y]   [u_B, 0 at R]
//   [W^T H] [z] = [u_D, 0     ]
// whose y is x on B \ R (y = 0 on R, whose equations the multipliers z_R absorb) and whose
// z_D is x on D. It is solved as
//   K t = u_B,   S z = [u_D; 0] - W^T t,   y = t - K^-1 W z,
// with S = H - W^T K^-1 W (m x m for m = |D| + |R| changes), kept with the columns
// K^-1 W. A solve costs two sparse triangular solves and O(|B| m); a change one solve and
// O(|B| m) for S's new row and column. A contact removed and added back (or added and
// removed) cancels its change instead of adding one. The owner refactors when m grows.
//
// A is taken to be symmetric (AccFactor checks it is, to rounding); A[B, B] must be
// positive definite to working precision (refactor() says when it is not).
#include <Eigen/Dense>
#include <Eigen/SparseCholesky>
#include <span>
#include <vector>

namespace cl {

class SchurFactor {
 public:
  // A, and its nonzeros by column: column c's rows and values are nzRow / nzVal over
  // [colStart[c], colStart[c + 1]). All must outlive the factor's use.
  void bind(const Eigen::MatrixXd& A, const std::vector<int>& colStart,
            const std::vector<int>& nzRow, const std::vector<double>& nzVal);
  // Factors A[B, B] for B = members, with no changes. False when the factorization fails
  // or a pivot is not above 1e-13 of the largest (A[B, B] singular to working precision).
  bool refactor(std::span<const int> members);
  // C gains j / loses j. False when S becomes singular to working precision: the owner
  // refactors.
  bool add(int j);
  bool remove(int j);
  int changes() const { return static_cast<int>(mChanges.size()); }
  // x with Acc x = u, both in the order of `members` (C as it is now).
  void solve(std::span<const int> members, const double* u, double* x);

 private:
  struct Change {
    int contact;
    bool removal;  // true: a member of B left C (a column of E_R); false: j joined (of D)
  };
  // W's column for change c, as a dense vector over B.
  void column(const Change& c, Eigen::VectorXd& w) const;
  // W[:, c]^T v for a vector v over B.
  double columnDot(const Change& c, const Eigen::VectorXd& v) const;
  bool append(Change c);
  bool erase(int c);
  bool factorS();

  const Eigen::MatrixXd* mA = nullptr;
  const std::vector<int>* mColStart = nullptr;
  const std::vector<int>* mNzRow = nullptr;
  const std::vector<double>* mNzVal = nullptr;
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Lower, Eigen::AMDOrdering<int>> mLdlt;
  int mBaseSize = 0;
  std::vector<int> mBasePos;  // contact -> position in B, or -1
  std::vector<int> mAdded;    // contact -> its change in D, or -1
  std::vector<int> mRemoved;  // contact -> its change in R, or -1
  std::vector<Change> mChanges;
  Eigen::MatrixXd mKinvW;  // |B| x capacity: column c is K^-1 W[:, c]
  Eigen::MatrixXd mS;      // capacity x capacity: the top-left m x m block is S
  Eigen::PartialPivLU<Eigen::MatrixXd> mSLu;
  Eigen::VectorXd mT, mW, mRhs;
  std::vector<Eigen::Triplet<double>> mTriplets;
};

}  // namespace cl
