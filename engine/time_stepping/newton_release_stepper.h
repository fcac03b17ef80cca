#pragma once
// Bilateral Newton with release (Hotz et al. 2.1, the first method): every contact of the
// step is first held as bilateral, delta(sigma(f)) = 0 (eq. 3), solved by Newton-Raphson on
// the contacts held (the active set S, joints and rods always in it):
//   dt^2 A_SS d = -delta_S(sigma(f)),   f_S += d
// (A = matrix() at the iterate, time_step_contacts.h; minimum-norm d where A_SS is singular).
// A contact
// whose force turns negative is released (f_k = 0, out of S), and one left out that
// penetrates (delta_k < -tol) is taken back. It converges when |delta_k| <= tol on S and
// delta_k >= -tol off it, with tol = 1e-8 distance_tol (1e-10 m by default); an active set
// seen before after a release ends the step in kCycling, a violation above ten times the first
// one (and the distance tolerance) in kDiverged, and 50 iterations in kLimit; an unconverged
// end keeps the iterate of the smallest violation.
//
// Where Newton starts the paper does not say. It starts from the forces of the velocity-level
// LCP of the start of the step (TimeStepContacts::startLcp, solved by Lemke and traced as a
// time-step solve), holding the contacts that carry force; where it does not converge from
// there, it runs again from f = 0 with every contact held, and the step ends with the better
// of the two. (From f = 0 alone it stopped contact_app_6 at t = 2.15 and diverged on pile_20
// to gaps of 21 m at t = 1.525.)
// Trace per iteration: the largest gap violation (m), the Newton step's size, S, f and the
// gaps.
#include "engine/time_stepping/time_stepper.h"

namespace cl {

class NewtonReleaseStepper : public TimeStepper {
 public:
  explicit NewtonReleaseStepper(ContactSim& sim) : TimeStepper(sim) {}
  AdvanceKind kind() const override { return AdvanceKind::kNewtonRelease; }

 protected:
  Outcome solveStep(TimeStepContacts& step) override;

 private:
  // Newton from the forces f holding the contacts that carry force (empty f: from f = 0
  // with every contact held); iterations are traced from index firstIndex on. The friction forces
  // `friction` (one per record, or fewer: the rest none) act throughout (time_stepper.h's
  // staggering).
  Outcome solveFrom(TimeStepContacts& step, Eigen::VectorXd f, int firstIndex,
                    const Eigen::VectorXd& friction);
};

}  // namespace cl
