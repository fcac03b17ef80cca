#pragma once
// The Fischer-Burmeister NCP on contact distances (Hotz et al. 2.1, the second method, eqs. 4
// and 5): delta(sigma(f)) >= 0 complementary to f >= 0, as Phi(f) = 0 with
// Phi_k = phi(f_k, delta_k(sigma(f))) (phi(a, b) = sqrt(a^2 + b^2) - a - b), and
// Phi_j = delta_j at joints and rods, solved by the semismooth Newton method of the LCP solver
// (solver/detail/fischer_newton.h) with the gaps re-measured by contact detection at every
// iterate and trial point, and W = d delta / d f = dt^2 A with A = matrix() at the iterate
// (time_step_contacts.h: the exact Jacobian of the re-measured gaps).
//
// phi mixes a force and a distance; each force is measured as the displacement it makes at
// its own contact, x_k = dt^2 A_kk f_k (A at the free-flight state), so that Phi is in
// metres (a positive scaling of f: the complementarity is the same). It converges when
// max |Phi_k| <= 1e-8 distance_tol (1e-10 m by default), within 50 iterations; contacts met at
// the solution that were not in the set join it and the method runs again from there (at
// most 3 rounds). Newton starts from the forces of the velocity-level LCP of the start of the
// step (TimeStepContacts::startLcp, solved by Lemke and traced as a time-step solve), which
// are near the answer when little changes in a step; where it does not converge from there,
// it runs once more from f = 0 and the step ends with the better of the two. (From f = 0
// alone, pile_10 took 76 iterations per step with 251 of 480 steps unconverged and pile_20
// stopped at t = 2.425; from the LCP alone, pile_10 stopped at 2.275.) Trace per iteration: max
// |Phi| (m), Psi's step length, whether it was a gradient step, the set {k : x_k > delta_k}, f and
// the gaps.
#include "engine/time_stepping/time_stepper.h"

namespace cl {

class FischerBurmeisterStepper : public TimeStepper {
 public:
  explicit FischerBurmeisterStepper(ContactSim& sim) : TimeStepper(sim) {}
  AdvanceKind kind() const override { return AdvanceKind::kFischerBurmeister; }

 protected:
  Outcome solveStep(TimeStepContacts& step) override;

 private:
  // Newton from the forces f (padded with zeros to the step's records; empty: from f = 0);
  // iterations are traced from index firstIndex on. The friction forces `friction`
  // (one per record, or fewer: the rest none) act throughout (time_stepper.h's staggering).
  Outcome solveFrom(TimeStepContacts& step, Eigen::VectorXd f, int firstIndex,
                    const Eigen::VectorXd& friction);
};

}  // namespace cl
