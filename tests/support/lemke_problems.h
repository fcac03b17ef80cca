#pragma once
// LCPs w = M z + q from outside contact mechanics whose behaviour under Lemke's method is
// known from theory, for the tests and bench_lemke. Every M here but the game's is
// copositive-plus (z >= 0 and z^T M z = 0 imply (M + M^T) z = 0), on which Lemke's method
// ends with a solution when one exists and otherwise on a ray whose z part proves there is
// none (Cottle, Pang and Stone, theorem 4.4.13).
#include "engine/math/random_lcg.h"
#include "engine/solver/lcp_problem.h"

namespace cl {

// The LCP A f + b with every row a contact (no joints).
LcpProblem lcpOf(Eigen::MatrixXd A, Eigen::VectorXd b);

// Murty's example (1978): M lower triangular, 1 on the diagonal and 2 below it, q = -1.
// A P-matrix (one solution, z = (1, 0, ..., 0)) on which Lemke's method with d = 1 takes
// 2^n pivots (the first, z0 entering, included).
LcpProblem murtyLcp(int n);

// M = G G^T / k + (S - S^T) / 2 with G (n x k) and S entries uniform in [-1, 1]: positive
// semidefinite plus skew-symmetric (so copositive-plus), of rank k in its symmetric part
// (degenerate for k < n); q uniform in [-1, 1]. With `integers`, G and S have entries in
// -3..3, q in -5..5, and M = G G^T + S - S^T: small integers, on which exact pivoting is
// cheap and equal ratios are common.
LcpProblem psdPlusSkewLcp(int n, int k, RandomLCG& rng, bool integers = false);

// The LP of a zero-sum game with a payoff P (k x k, entries 1..9, the row player paying):
// min 1^T u subject to P^T u >= 1, u >= 0, as the LCP of its optimality conditions, z =
// (u, v), M = [0 -P; P^T 0] (skew-symmetric, n = 2 k), q = (1, -1). A solution gives the
// game's value 1 / 1^T u and the row player's optimal strategy u / 1^T u. q's k equal
// entries make the start degenerate.
LcpProblem zeroSumGameLcp(int k, RandomLCG& rng);

// A copositive-plus problem with no solution, in integers (so exactly what it says):
// M = G G^T + K L^T - L K^T with integer G (n x n/2), K, L (n x 2) whose columns sum to
// zero, so M^T 1 = 0, and integer q with 1^T q = -1: y = 1 certifies that nothing solves it.
LcpProblem infeasibleCopositivePlusLcp(int n, RandomLCG& rng);

}  // namespace cl
