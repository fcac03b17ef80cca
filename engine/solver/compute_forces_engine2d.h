#pragma once
// ComputeForcesEngine2D: Baraff's pivoting as myPhysicsLab's engine2D computes it (its
// ComputeForces.compute_forces), so that a scene solved with it rounds as engine2D's run does.
// The solver "compute_forces_engine2d"; ComputeForces (compute_forces.h) is the default.
//
// The same algorithm as ComputeForces, in engine2D's arithmetic and order rather than ours:
// - Every pivot builds Acc = A[C, C] afresh (C in index order) and solves
//   Acc x = -A[C, d] by Gaussian elimination with scaled partial pivoting
//   (scaled_pivoting.h, zero tolerance 1e-9); delta_a_i = sum_j A_ij delta_f_j in j order.
//   No factor is kept from one pivot to the next: O(n^3) per pivot.
// - Adding d to C counts as making Acc singular when the eliminated [Acc+d | 1] has a
//   diagonal entry below 2e-3 in absolute value (engine2D's matrixIsSingular): d is
//   deferred before it is driven, or a contact j leaving NC is deferred when Acc+d+j is.
// - Absolute tolerances: an acceleration within 1e-10 holds; a step under 1e-12 is a zero
//   step, and the contact that limits a second one in the same drive is deferred; the
//   ratio test skips |delta| below 1e-14; a limiting contact whose a (in C) or f (in NC)
//   has drifted past 1e-10 goes to R to be driven again. A drive that no contact limits
//   (or whose step exceeds 1e5) defers d when f_d is below 1e-10, raises d's tolerance to
//   1.1 |a_d| when |a_d| < 1e-5, and otherwise fails.
// - Deferred contacts are driven again, the largest unwanted acceleration first (a deferred
//   joint by |a|), while one exceeds 1e-8. A contact chosen again while deferred joins
//   reRejects, which the next successful drive empties; the state (each contact's set and
//   the contact chosen), once every contact is treated, is remembered, and a state seen
//   before ends the solve (engine2D's checkLoop).
// - The result is checked as engine2D's ContactSim asks: every |a| <= 1e-4 where the
//   force exceeds 1e-10 (at joints always), a >= -1e-4 elsewhere, on the accumulated a.
//   Its forces are engine2D's whatever the verdict; but the status is ok only when they
//   also pass ComputeForces' final check (at 1e-10 times the larger of 1, max |b| and
//   max |A| |f|; 100x at contacts deferred), since engine2D's would pass a negative force. The
//   simulation accepts a result that fails it within 1e-4, as engine2D's ContactSim and ImpulseSim
//   do.
// - HYBRID and RANDOM draw a permutation of all n contacts at every choice of the next
//   contact, as ComputeForces does; a single contact (n = 1) is solved as f = -b / A_00
//   when b < 0 (or at a joint), with no draw and no tolerance.
//
// Where engine2D would stop (a failed assertion, a singular elimination while finding a
// direction), the solve ends with kStalled and says which; engine2D's drive has no bound
// on its pivots, this one stops at 1000 n + 100 (kTooManyPivots). The tolerance option and
// guesses are not used: engine2D has neither.
#include <span>

#include "engine/math/random_lcg.h"
#include "engine/solver/lcp_problem.h"
#include "engine/solver/lcp_solver.h"

namespace cl {

class ComputeForcesEngine2D : public LcpSolver {
 public:
  using LcpSolver::solve;
  // rng: the simulation's generator (null: one of its own, seeded 0).
  explicit ComputeForcesEngine2D(RandomLCG* rng = nullptr,
                                 NextContactPolicy policy = NextContactPolicy::HYBRID)
      : mRng(rng), mPolicy(policy) {}
  LcpSolverKind kind() const override { return LcpSolverKind::kComputeForcesEngine2D; }
  LcpResult solve(const LcpProblem& problem, std::span<const int> guess) override;

 private:
  RandomLCG* mRng;
  RandomLCG mOwnRng{0};
  NextContactPolicy mPolicy;
};

}  // namespace cl
