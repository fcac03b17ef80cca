#pragma once
// Gaussian elimination with scaled partial pivoting on an augmented matrix [M | r], in
// engine2D's arithmetic (its UtilEngine.matrixSolve3; Burden & Faires, Numerical Analysis,
// algorithm 6.3), for ComputeForcesEngine2D, which must round as engine2D does.
//
// Each row i is scaled by s_i = max_j |M_ij|; column c's pivot is the row r..n-1 of
// largest |M_pc| / s_p (the first on a tie), swapped in by a row permutation. When even
// that is below zeroTol, the column is moved to the end and the next one tried (at most
// n - 1 - c times); then elimination stops and the rows left must have |r_i| <= 0.1, else
// the system is inconsistent. Back substitution solves from the last nonzero row up,
// taking in each row the leftmost column still open with |M| > zeroTol, and sets to zero
// the unknowns it skips. So a singular M still gives a solution when r lies (nearly) in its
// column space.
#include <Eigen/Dense>
#include <vector>

namespace cl {

using AugmentedMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct ScaledPivoting {
  // -1 when solved; otherwise the row (before permutation) that failed: a zero row of M
  // (every |M_ij| below 1e-10) or an inconsistent one.
  int failedRow = -1;
  Eigen::VectorXd x;      // the solution (zero where back substitution skipped)
  std::vector<int> nrow;  // the row permutation: nrow[k] is the k-th pivot row
  bool ok() const { return failedRow < 0; }
};

// Solves the n x n system held in the first n columns of M (n rows), with the right side
// in column n; M is overwritten with its eliminated form (rows in nrow's order).
ScaledPivoting solveScaledPivoting(AugmentedMatrix& M, double zeroTol);

// engine2D's singularity test after solveScaledPivoting (its UtilEngine.matrixIsSingular):
// true when min_i |M(nrow[i], i)| < limit. It reads the diagonal by the row permutation
// alone, not the column swaps, exactly as engine2D does.
bool smallestDiagonalBelow(const AugmentedMatrix& M, const std::vector<int>& nrow, double limit);

}  // namespace cl
