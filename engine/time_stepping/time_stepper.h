#pragma once
// TimeStepper: the base of the time-stepping schemes of Hotz et al. (newton_release_stepper.h,
// fischer_burmeister_stepper.h, lcp_fixpoint_stepper.h), an AdvanceStrategy beside
// CollisionAdvance. advance(dt) takes one semi-implicit Euler step of dt (eqs. 1-2; the
// integrator setting does not apply) with the forces f its scheme finds for the step's
// potential contacts (time_step_contacts.h), and then:
//   - the state after the step is sigma(f); a non-finite one throws SimulationError;
//   - ContactSim's lastContacts() become the records re-measured at the end, each with its
//     force, so displays and the step's statistics see them as for CollisionAdvance;
//   - a step whose scheme did not converge is taken with the last iterate (as a fixed-step
//     game engine would), and counted in totals() and the trace, as long as that iterate
//     keeps every gap within the distance tolerance (no penetration, no joint gap beyond
//     it); otherwise advance throws SimulationError naming the scheme, its status, the time
//     and the worst record, and the simulation stays at the start of the step;
//   - the trace: a TimeStepIteration per iteration and a TimeStepSummary per step to the
//     TimeStepSink, and the fixpoint's LCP solves to ContactSim's trace sink.
// Friction: the LCP fixpoint's rounds solve the friction problem of time_step_contacts.h
// (Stewart-Trinkle) in place of the normal LCP; the Newton schemes alternate with it
// (staggered projections, newtonStep below). The energy friction takes is added to the simulation's
// frictionLoss (TimeStepContacts::frictionLoss).
// There are no collisions, impulses or back-ups: a collision is a contact whose gap the step
// closes, so it is perfectly inelastic. Restitution (body elasticity) is therefore not
// expressed; advanceCaveats() (advance_caveats.h) says so, naming the bodies.
#include <functional>
#include <memory>

#include "engine/contact/contact_sim.h"
#include "engine/dynamics/advance_kind.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/solver/lcp_solver.h"
#include "engine/time_stepping/time_step_contacts.h"
#include "engine/trace/time_step_trace.h"

namespace cl {

class TimeStepper : public AdvanceStrategy {
 public:
  void advance(double dt) override;
  RigidBodySim& sim() override { return mSim; }
  ContactSim& contactSim() { return mSim; }

  void setTimeStepSink(TimeStepSink* sink) { mSink = sink; }
  TimeStepSink* timeStepSink() const { return mSink; }

  // Since construction or resetTotals().
  struct Totals {
    long long steps = 0;
    long long iterations = 0;
    long long unconverged = 0;  // steps whose scheme ended other than kConverged
    double worstResidual = 0;
    Totals operator-(const Totals& earlier) const;
  };
  const Totals& totals() const { return mTotals; }
  void resetTotals() { mTotals = {}; }
  // The latest step's outcome (status, iterations, residual).
  TimeStepStatus lastStatus() const { return mLastStatus; }
  int lastIterations() const { return mLastIterations; }

 protected:
  TimeStepper(ContactSim& sim);
  struct Outcome {
    Eigen::VectorXd f;
    Eigen::VectorXd friction;  // one per record along its tangent, or empty (none)
    TimeStepStatus status = TimeStepStatus::kConverged;
    int iterations = 0;
    double residual = 0;
  };
  // The scheme: the forces of the step.
  virtual Outcome solveStep(TimeStepContacts& step) = 0;
  bool tracing() const { return mSink != nullptr; }
  void report(const TimeStepIteration& iteration) const {
    if (mSink) mSink->onTimeStepIteration(iteration);
  }
  // Iteration limit and tolerance of the schemes (each header says what the tolerance is on).
  static constexpr int kMaxIterations = 50;

  // Lemke with the contact solver's tolerance and the simulation's generator, reporting its
  // pivots to ContactSim's trace sink; solveTraced first tells that sink what the solve is (a
  // time-step solve over the step's records), so the workbench shows it as a contact-force
  // solve.
  std::unique_ptr<LcpSolver> makeLemke();
  LcpResult solveTraced(LcpSolver& lemke, const LcpProblem& problem,
                        const TimeStepContacts& step) const;
  // A friction problem of the step (TimeStepContacts::frictionProblem or frictionAt) by
  // computeFrictionForces (Lemke on its LCP form where the pivoting ends without a
  // solution), traced as solveTraced does with the friction rows.
  FrictionResult solveFrictionTraced(const FrictionProblem& problem,
                                     const TimeStepContacts& step) const;
  // For the Newton schemes: `solveFrom(f, firstIndex, friction)` (the normal forces with
  // the friction forces `friction` held) from the forces of the start-of-step LCP
  // (TimeStepContacts::startLcp, with the same friction), and where that does not converge,
  // from none (an empty f: each scheme's own start), iterations then numbered on from the
  // first run's; the better of the two is the normal solution.
  // With friction, staggered projections (Kaufman, Sueda, James and Pai 2008): the normal
  // forces with the friction forces held (from none), then the friction forces with those
  // normal forces held (TimeStepContacts::frictionAt by computeFrictionForces, traced with
  // the friction rows), and again, until a round changes no friction force by more than
  // 1e-8 (1 + max |f_T|); the step then ends with the last normal solution and the friction
  // it held. 20 rounds without that end the step in kLimit.
  using NewtonSolve =
      std::function<Outcome(Eigen::VectorXd f, int firstIndex, const Eigen::VectorXd& friction)>;
  Outcome newtonStep(TimeStepContacts& step, const NewtonSolve& solveFrom);

 private:
  ContactSim& mSim;
  TimeStepSink* mSink = nullptr;
  Totals mTotals;
  TimeStepStatus mLastStatus = TimeStepStatus::kConverged;
  int mLastIterations = 0;
};

}  // namespace cl
