#pragma once
// Lemke's complementary pivoting algorithm, the LCP solver of Hotz et al. (section 2.2),
// on w = M z + q, w, z >= 0, w.z = 0, with the covering vector d = 1 and an artificial
// variable z0: the tableau [I | -M | -d | q] starts from the basis w, z0 enters where q is
// most negative, and from then on the complement of the variable that left enters, until
// z0 leaves (a solution) or no row limits the entering variable (a secondary ray: no
// solution found, LcpError::kRayTermination).
//
// The minimum-ratio test is lexicographic (ratios of the rows of [q | B^-1], which keeps
// every row lexicographically positive, so no basis repeats and degenerate problems do
// not cycle), compared exactly, ties in the ratio going to z0's row. A pivot entry counts only
// above max(1e-11 max(1, max |M|), 1e-10 max |entering column|). The pivot limit (50 m + 100
// by default) ends in kIterationLimit.
//
// Rounding is measured and undone: every 10 pivots the basic solution is checked against
// the original data (|q - B x_B|, relative), and past 1e-10 the tableau is recomputed from M
// and q by an LU factorization of the basis B. A basis singular to
// working precision (reciprocal condition below 1e-14) cannot come from exact pivots: it is
// lost (kLostBasis). A basis seen before cannot come in exact arithmetic either; when
// rounding brings one, the iterate is re-solved on its support (contacts with force, and
// joints) and is a solution if its residuals pass. The same re-solve polishes a solution whose
// residual exceeds the tolerance.
//
// A secondary ray ends in kNoSolution when its z part y is a certificate, checked on the
// problem (lcp_diagnosis.h), as it always is for a copositive-plus M in exact arithmetic;
// otherwise in kRayTermination, which proves nothing. The last resort, for a lost or repeated
// basis and a ray without a certificate, on at most kExactLemkeMaxRows rows (and
// kExactLemkeMaxWork): the same
// pivoting from the start in exact arithmetic (exact_lemke.h), whose outcome is the
// result, marked LcpResult::exactArithmetic and said in its reason.
//
// Joints (a_J = 0, f_J free) are eliminated first: f_J = -A_JJ^-1 (A_JC f_C + b_J), which
// leaves the LCP of the contacts with M = A_CC - A_CJ A_JJ^-1 A_JC and q = b_C - A_CJ
// A_JJ^-1 b_J (m = the contacts). Only when A_JJ is singular (redundant joints) are they
// split instead, f_j = z_j - z_j' with z_j, z_j' >= 0 and rows a_j >= 0, -a_j >= 0 (m = n +
// joints); the split has a ray of its own (z_j and z_j' growing together), so it may end in
// kRayTermination where elimination would not. Trace: one SolverIteration per pivot with the
// entering and leaving variables (w_i = i, z_i = m + i, z0 = 2 m, in the LCP's own rows),
// z0 as `merit` and the basis as `active`, and one with `supportSolve` for a re-solve.
//
// From a guessed basis (startFromGuess, and a guess: the indices expected to carry force):
// each guessed z_j is pivoted into the basis for its complement w_j first, in the guess's
// order, where its entry is a pivot entry above 1e-8 of its column (the rest stay out: a
// degenerate pile's guess is singular). That complementary basis B_0 solves the LCP when
// its x_B = B_0^-1 q >= 0; else Lemke goes on from it with the covering vector d = B_0 1,
// so that z0's column is -1 as at a cold start, and the lexicographic rule compares the
// rows of [x_B | B^-1 B_0] (the columns of B_0's variables, row by row), lexicographically
// positive at its start as [q | I] is. That is Lemke's method on the principal pivot
// transform of M at B_0, which need not be copositive-plus where M is: where it ends
// without a solution (a ray whose z part proves nothing, a lost or repeated basis, the
// limit), Lemke starts again from the cold start with a limit of its own, and the result's
// reason says so; a ray whose certificate holds ends the solve from any start. Other pivots
// than the cold start's, so other rounding.
#include "engine/solver/lcp_solver.h"

namespace cl {

// The most rows (contacts left after eliminating joints) that Lemke pivots exactly as its
// last resort: bench_lemke's exact solves of 100 rows took 0.1 to 1.7 s (random doubles
// make the longest integers), of 200 rows 1.6 to 60 s.
inline constexpr int kExactLemkeMaxRows = 100;
// And the most rows times exactLemkeBits of the data (at 100 rows, 80 bits an entry, which
// random doubles in [-1, 1] need): data of wide range make exact pivoting slow at any size.
inline constexpr long kExactLemkeMaxWork = 8000;

struct LemkeOptions {
  // Off: a repeated or lost basis, or a ray without a certificate, ends the solve with its
  // status (the reason saying so) instead of pivoting again exactly.
  bool exactLastResort = true;
  // From the basis the guess implies (above).
  bool startFromGuess = false;
  // The basis as a sparse LU with product-form updates (detail/sparse_lemke_basis.h) in
  // place of the dense tableau: the same rules, other rounding, and on large sparse
  // problems a fraction of the cost (the friction LCPs of a 200-block pile, 1 700 rows:
  // about a tenth). Its drift is undone as the tableau's is, and its LU is made again every
  // 64 pivots besides; a zero pivot in that LU is a lost basis.
  bool sparseBasis = false;
};

class Lemke : public LcpSolver {
 public:
  explicit Lemke(const LcpSolverOptions& options = {}, const LemkeOptions& lemke = {})
      : mOptions(options), mLemke(lemke) {}
  using LcpSolver::solve;
  LcpSolverKind kind() const override { return LcpSolverKind::kLemke; }
  LcpResult solve(const LcpProblem& problem, std::span<const int> guess) override;

 private:
  LcpSolverOptions mOptions;
  LemkeOptions mLemke;
};

}  // namespace cl
