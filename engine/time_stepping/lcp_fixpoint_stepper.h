#pragma once
// Fixpoint over Lemke LCPs (Hotz et al. 2.2, eqs. 6 and 7 and the iteration after them):
// starting from the free flight u' = u + dt a_ext, s' = s + dt u' and f = 0, each round
// re-detects and re-measures the contacts at s' and solves the velocity-level LCP
//   A f + b >= 0  compl. to  f >= 0,   A = N^T J^T M^-1 J N
// (the paper's A, symmetric and positive semidefinite: startMatrix() of time_step_contacts.h,
// N and J at s^t, where sigma applies the forces),
//   b = (N^T J^T u_free - nu / dt) / dt,   nu = -delta(s') + dt N^T J^T u'
// with N^T J^T at s^t as well (the normal velocity after the step must reach
// v_n(u') - delta(s') / dt). Since sigma applies the forces along the same N^T J^T, a fixpoint
// f gives A f + b = delta(s') / dt^2 exactly: delta(s') >= 0 compl. to f >= 0, the paper's
// condition, while each round is a chord step of it. (With the exact linearization, rows at
// s', A is not symmetric and Lemke failed on pile_10 at t = 2.175; with the symmetric A at s'
// both piles stopped at t = 1.15 s on an oscillating step.) Joints and rods are equality rows.
// Each LCP goes to our Lemke (solver/lemke.h), then u' = u + dt M^-1 (J N f + f_ext) and
// s' = s + dt u', until
// the end-of-step positions move by at most 1e-8 distance_tol (x, y in m, angle in rad; 1e-10
// by default) from one round to the next. The paper stops on |f' - f| < eps, which the trace
// reports (`change`), but with redundant contacts (a block's two corners on a floor, a pile)
// A is singular, f is not unique, and the rounds hop between solutions that move the bodies
// alike. A round that is no new smallest change for 10 rounds in a row ends the step as
// kOscillated, 50 rounds as kLimit, and an LCP that Lemke cannot solve as kStalled (with the
// previous round's forces). The first round closes the gaps of the start of the step instead
// (delta(s) + dt v_n(u(f)) >= 0), since the free flight may carry a vertex
// deep into a body where its records are poor constraints: with it, pile_20 runs its 12 s
// (without it, it stopped at 1.5 s on an LCP Lemke could not solve). Each round's
// LCP goes to ContactSim's trace sink (a SolveContext of purpose kTimeStep, then Lemke's pivots and
// the solve), so the workbench shows its A, b, f and pivots as for a contact-force solve. Trace per
// round: the position change (residual), |f' - f| (change), f, the gaps at s', and the index of its
// LCP among the step's solves.
#include "engine/time_stepping/time_stepper.h"

namespace cl {

class LcpFixpointStepper : public TimeStepper {
 public:
  explicit LcpFixpointStepper(ContactSim& sim) : TimeStepper(sim) {}
  AdvanceKind kind() const override { return AdvanceKind::kLcpFixpoint; }

 protected:
  Outcome solveStep(TimeStepContacts& step) override;
};

}  // namespace cl
