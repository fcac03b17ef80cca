#pragma once
// Lemke's method (lemke.h) in exact arithmetic: the same pivoting rules (z0 enters where q is
// most negative, the last such row; the lexicographic minimum-ratio test on the rows of
// [q | B^-1]; z0's row on a tie of the first ratio), on the tableau of w = M z + q + d z0,
// d = 1, with every entry an integer (GMP). Each double is a binary fraction, so scaling
// M, q and d by one power of two makes them integers without rounding (a common scale
// changes no ratio and no lexicographic comparison). The pivots are fraction-free
// (Edmonds, Bareiss): the integer tableau is D B^-1 [I | -M | -d | q] with D = det B, and a
// pivot on (r, c) sets T_ij <- (T_rc T_ij - T_ic T_rj) / D_old for i != r, a division
// without remainder, so the integers grow with the determinants (linearly in the pivots'
// count of digits), not exponentially as a fraction per entry would.
//
// In exact arithmetic the lexicographic rule never repeats a basis, and Lemke's method ends
// with a solution (z0 leaves) or on a secondary ray; on a copositive-plus M the ray's z
// part y proves that no solution exists (y >= 0, M^T y <= 0, q^T y < 0; Cottle, Pang and
// Stone, The Linear Complementarity Problem, theorem 4.4.13). It is the reference the
// floating-point Lemke is measured against, and its last resort on small problems.
#include <Eigen/Dense>

namespace cl {

struct ExactLemkeResult {
  enum class End { kSolution, kRay, kPivotLimit };
  End end = End::kPivotLimit;
  int pivots = 0;        // the first (z0 entering) included
  Eigen::VectorXd z;     // the solution, each entry the double nearest the exact one
  Eigen::VectorXd ray;   // at a ray: the z part of the direction (each entry rounded)
  int rayEntering = -1;  // at a ray: the entering variable (w_i = i, z_i = m + i)
};

// The bits of the largest integer of the scaled data: the integers of the pivots grow from
// it (about m times it, a determinant's digits), and with them each pivot's cost. Data of
// one scale make it about 60; data spanning 1e-300 to 1e300 about 2 000.
long exactLemkeBits(const Eigen::MatrixXd& M, const Eigen::VectorXd& q);

// Every entry of M and q must be finite. pivotLimit bounds the pivots (the first included).
ExactLemkeResult exactLemke(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, int pivotLimit);

}  // namespace cl
