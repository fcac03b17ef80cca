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
// seen before after a release ends the step in kCycling, and 50 iterations in kLimit.
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
};

}  // namespace cl
