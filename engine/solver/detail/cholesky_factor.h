#pragma once
// CholeskyFactor: the Cholesky factor L of a symmetric positive definite Acc = A[C, C],
// Acc = L L^T, kept up to date while C gains a member at its end and loses one anywhere,
// as in ComputeForces' pivoting (the updates of Gill, Golub, Murray and Saunders 1974):
// - appending a member j with u = A[C, j]: its row of L is y = L^-1 u and its diagonal
//   sqrt(s), s = A_jj - y.y, the Schur complement that the pivoting tests anyway;
// - removing member t: deleting L's row and column t gives the factor of Acc without t,
//   except that the block after t lacks z z^T for z = L[t+1:, t]. A rank-one update
//   restores it, one plane rotation per column: with r = sqrt(L_jj^2 + z_j^2),
//   c = r / L_jj, s = z_j / L_jj, L_jj becomes r, and for i > j
//   L_ij <- (L_ij + s z_i) / c,  z_i <- c z_i - s L_ij;
// - solving Acc x = u: L y = u forward, L^T x = y backward.
// Each is O(k^2) at most, and a solve costs two triangular passes where an updated
// inverse costs about three dense k x k products; a factor carries no accumulated update
// error (the rotations are stable), so refinement is rarely needed.
//
// Contacts interact only through the bodies they share, so L is sparse by columns: column
// c's nonzeros lie in rows c .. end(c) - 1 (its envelope), and every loop stops there. A
// right side whose leading entries are zero (a contact touching only the latest members)
// starts the forward pass at its first nonzero.
#include <Eigen/Dense>
#include <vector>

namespace cl {

class CholeskyFactor {
 public:
  using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  // Empty, with room for `capacity` members (storage is kept when large enough).
  void reset(int capacity);
  int size() const { return mK; }

  // y <- L^-1 y (size() entries, in place).
  void forward(double* y) const;
  // x <- L^-T x (in place).
  void backward(double* x) const;
  // Appends a member whose row is y = L^-1 A[C, j] and whose Schur complement s > 0.
  void append(const double* y, double s);
  // Removes member t (0-based, in the members' order; the others keep theirs).
  void remove(int t);
  // The factor of m members from the lower triangle of a row-major L (the warm start's);
  // the room reset() made is kept.
  void assign(const RowMajorMatrix& L, int m);

 private:
  Eigen::MatrixXd mL;     // capacity x capacity, column-major; the lower triangle is L
  std::vector<int> mEnd;  // column c's nonzeros lie in rows [c, mEnd[c])
  Eigen::VectorXd mZ;     // the rank-one update's z
  int mK = 0;
};

}  // namespace cl
