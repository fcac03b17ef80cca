#pragma once
// The linear solve of ComputeForces' warm start: f_G = -A[G, G]^-1 b_G for a guessed set G.
//
// A[G, G] is factored by Cholesky, one contact at a time in the order of G (Acc is
// symmetric positive definite for contacts that are independent; only its lower half is
// read). The pivot L_rr^2 of contact r is the Schur complement
//   s = A_rr - A[r, K] A[K, K]^-1 A[K, r]   (K: the contacts of G kept before r),
// the same number the pivoting tests when a contact joins C. A contact whose s is at most
// singularPivot |A_rr| is (to that tolerance) dependent on those kept: it is dropped from the
// set instead of spoiling the factor, and carries no force. One step of iterative refinement
// against A itself follows when the residual is above `tolerance`.
#include <Eigen/Dense>
#include <span>
#include <vector>

#include "engine/solver/detail/sparse_product.h"

namespace cl {

struct GuessSolve {
  std::vector<int> kept;     // G without the dropped contacts, in G's order
  std::vector<int> dropped;  // dependent contacts (force 0)
  Eigen::VectorXd f;         // size n: the forces of `kept`, zero elsewhere
  // The Cholesky factor of A[kept, kept] (lower triangle of the top-left block), handed to
  // AccFactor::assign for a start that pivots must finish.
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> L;
};

// With `envelope` (G in envelope order, envelope_order.h, and A's pattern) each row's first
// neighbour and the residual come from the pattern, and the triangular passes skip the
// zeros before each row's envelope; without it every pass runs over whole rows (small
// problems keep their bits: a dot product's rounding depends on where it starts).
GuessSolve solveGuess(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, std::span<const int> G,
                      double singularPivot, double tolerance,
                      const ColumnPattern* envelope = nullptr);

}  // namespace cl
