#pragma once
// ComputeForces: Baraff's 1994 pivoting algorithm for a = A f + b with f >= 0, a >= 0,
// f.a = 0 at contacts and a = 0, f free, at joints.
//
// Contacts are treated one at a time (order: NextContactPolicy). Treating d drives a_d to
// zero along delta_f = (delta_f_C, 1) with Acc delta_f_C = -A[C, d], taking the largest step
// that keeps every treated contact valid: a force in C reaching zero moves it to NC, an
// acceleration in NC reaching zero moves it to C. A contact whose entry into C would make
// Acc singular is deferred to R while it carries no force: before it is driven (its pivot
// s = delta_a_d <= singularPivot * |A_dd|), or when it leaves NC that way, or when it
// leaves C by a zero step right after entering it by one (flip-flop). After every other
// contact, deferred contacts are driven (singular Acc allowed) unless their unwanted
// acceleration is at most engine2D's 1e-8 (or 100x the tolerance, when smaller), the
// worst first; one that cannot be driven goes to reRejects, which
// return to R when a step makes progress; reRejects left when R runs out is an infinite
// loop (kInfiniteLoop).
//
// Warm start (solve with a guess): a simulation at rest solves nearly the same LCP at every
// evaluate, so the set C of the previous solve is a good guess of this one's. The guess G is
// tried first: f_G = -A[G, G]^-1 b_G by a Cholesky factorization, whose pivots L_kk^2 are the
// Schur complements s that the pivoting tests when a contact joins C (each must exceed
// singularPivot |A_kk|; which of a dependent pair is dropped follows G's order: sorted, or,
// for a guess of 32 contacts or more on a sparse A, the envelope order of envelope_order.h).
// a = A f + b must then be within the tolerance at G. While some f_G is negative, those
// contacts leave G and it is solved again. With f_G >= 0, every other contact with
// a >= -tol goes to NC; when none is left, f is a solution of the LCP (in general the one
// the pivoting would reach, to rounding; when A is singular possibly another one with the
// same body accelerations, since A (f1 - f2) = 0 implies J^T (f1 - f2) = 0 for
// A = J M^-1 J^T) and the solve ends with no pivot; otherwise the pivots drive the contacts
// left from that valid start. An inaccurate solve gives the guess up: the solve starts over
// from f = 0 exactly as without a guess. A guess is ignored for problems with joints (their
// random order draws from the simulation's generator, and skipping those draws would change
// later decisions) and under the RANDOM policy, for the same reason.
//
// The generator: as engine2D's, HYBRID and RANDOM draw a permutation of all n contacts (n
// numbers) at every choice of the next contact (n >= 2), used or not; the simulation's
// later draws (the order of serial collision handling) depend on that count. A warm start
// draws n for each contact its guess placed, the choices it replaced, so the generator
// ends where the cold solve leaves it whenever that one defers no contact.
#include <optional>
#include <span>

#include "engine/math/random_lcg.h"
#include "engine/solver/lcp_problem.h"
#include "engine/solver/lcp_solver.h"

namespace cl {

struct ComputeForcesOptions {
  NextContactPolicy policy = NextContactPolicy::HYBRID;
  // Acceptable |unwanted acceleration|, relative to max |b_i| (absolute when b = 0);
  // deferred contacts are accepted at 100x this. The final check of a = A f + b, measured
  // afresh, is relative to the larger of max |b_i| and max_i sum_j |A_ij f_j| (the size of
  // the terms its rounding comes from), as Siconos and DART scale theirs.
  double tolerance = 1e-10;
  // Re-solve Acc from scratch at every pivot (O(n^4)) instead of updating a factor of it.
  bool reference = false;
  // The condition threshold: adding d to C counts as making Acc singular when the Schur
  // complement s = A_dd - A[d, C] Acc^-1 A[C, d] (the growth of a_d per unit f_d) satisfies
  // s <= singularPivot * |A_dd|, i.e. d's row is within a relative 1e-9 of the span of C's.
  double singularPivot = 1e-9;
};

class ComputeForces : public LcpSolver {
 public:
  using LcpSolver::solve;
  // rng: the simulation's generator, used by HYBRID and RANDOM; may be null (then a
  // generator seeded 0 owned by this object is used).
  explicit ComputeForces(RandomLCG* rng = nullptr) : mRng(rng) {}

  void setOptions(const ComputeForcesOptions& o) { mOptions = o; }
  const ComputeForcesOptions& options() const { return mOptions; }
  LcpSolverKind kind() const override { return LcpSolverKind::kComputeForces; }

  // The same with a guess of C (indices into the problem, each once; see above).
  LcpResult solve(const LcpProblem& problem, std::span<const int> guess) override;

  // The force of a one-contact problem a = A00 f + b (not a joint), bit for bit what solve()
  // returns for it (f = 0 when b >= -tol, else f = -b / A00), without building the problem
  // or allocating; nullopt wherever solve() would report anything but success (bad input,
  // no solution, a failed check), so that the caller can run solve() for its diagnostics.
  // The serial impulse loop solves tens of thousands of these in a pile.
  std::optional<double> solveSingleContact(double A00, double b) const;

 private:
  RandomLCG* mRng;
  RandomLCG mOwnRng{0};
  ComputeForcesOptions mOptions;
};

// The contact LCP as a simulation solves it (ContactSim::solveLcp, and a compact trace's
// expansion of it): ComputeForces with `options`, or another registered solver with their
// tolerance and policy; rng is the generator the orders that draw use, sink is told every
// decision (null: none).
LcpResult solveContactLcp(const LcpProblem& problem, std::span<const int> guess, LcpSolverKind kind,
                          const ComputeForcesOptions& options, RandomLCG* rng,
                          SolverTraceSink* sink);

// True when f and a satisfy the constraints up to `tolerance` (absolute): at joints
// |a| <= tol; at contacts f >= -tol, a >= -tol and, where f > tol, |a| <= tol.
bool checkForceAccel(double tolerance, const Eigen::VectorXd& f, const Eigen::VectorXd& a,
                     const std::vector<bool>& joint);
// The same for one contact (or joint).
bool forceAccelOk(double tolerance, double f, double a, bool joint);

// The largest unwanted acceleration: |a| at joints, -a where a < 0 at contacts.
double maxUnwantedAccel(const Eigen::VectorXd& a, const std::vector<bool>& joint);

}  // namespace cl
