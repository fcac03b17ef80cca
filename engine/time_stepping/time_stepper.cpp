#include "engine/time_stepping/time_stepper.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "engine/contact/detail/friction_problem.h"

namespace cl {

namespace {

// How far a record's gap is from allowed: penetration at a contact, any gap at a joint.
double violation(const RigidBodyCollision& c, double gap) {
  return c.joint ? std::abs(gap) : std::max(0.0, -gap);
}

}  // namespace

TimeStepper::TimeStepper(ContactSim& sim)
    : AdvanceStrategy(IntegratorKind::kRungeKutta), mSim(sim) {}

TimeStepper::Totals TimeStepper::Totals::operator-(const Totals& earlier) const {
  return {steps - earlier.steps, iterations - earlier.iterations, unconverged - earlier.unconverged,
          worstResidual};
}

std::unique_ptr<LcpSolver> TimeStepper::makeLemke() {
  LcpSolverOptions options;
  options.tolerance = mSim.solverTolerance();
  std::unique_ptr<LcpSolver> lemke = makeLcpSolver(LcpSolverKind::kLemke, options, &mSim.random());
  lemke->setTraceSink(mSim.traceSink());
  return lemke;
}

LcpResult TimeStepper::solveTraced(LcpSolver& lemke, const LcpProblem& problem,
                                   const TimeStepContacts& step) const {
  const double n = static_cast<double>(problem.size());
  step.charge(kLemkeWork * n * n * n, "a Lemke solve");
  if (SolverTraceSink* sink = mSim.traceSink())
    sink->onSolveContext(step.context(SolvePurpose::kTimeStep));
  return lemke.solve(problem);
}

FrictionResult TimeStepper::solveFrictionTraced(const FrictionProblem& problem,
                                                const TimeStepContacts& step) const {
  const double n = static_cast<double>(problem.A.rows());
  step.charge(kLemkeWork * n * n * n, "a friction solve");
  FrictionOptions options;
  options.tolerance = mSim.solverTolerance();
  if ((options.sink = mSim.traceSink()))
    options.sink->onSolveContext(step.context(SolvePurpose::kTimeStep, true));
  return computeFrictionForces(problem, options);
}

TimeStepper::Outcome TimeStepper::newtonStep(TimeStepContacts& step, const NewtonSolve& solveFrom) {
  int iterations = 0;
  const auto normalForces = [&](const Eigen::VectorXd& friction) {
    const LcpResult start = solveTraced(*makeLemke(), step.startLcp(friction), step);
    Outcome first;
    if (start.ok()) {
      first = solveFrom(start.f, iterations, friction);
      if (first.status == TimeStepStatus::kConverged) return first;
    }
    Outcome second = solveFrom(Eigen::VectorXd(), iterations + first.iterations, friction);
    second.iterations += first.iterations;
    if (!start.ok() || second.status == TimeStepStatus::kConverged ||
        second.residual < first.residual)
      return second;
    first.iterations = second.iterations;
    return first;
  };
  if (!step.hasFriction()) return normalForces(Eigen::VectorXd());
  constexpr int kMaxRounds = 20;
  const double tol = 1e-8 * mSim.distanceTol();
  // The first friction forces: those of the step's velocity-level friction problem at the
  // start (the LCP fixpoint's first round), near the answer when the normal forces are.
  Eigen::VectorXd friction;
  if (const FrictionResult start = solveFrictionTraced(step.frictionProblem(step.startLcp()), step);
      start.ok())
    friction = start.f.tail(step.size());
  for (int round = 0;; ++round) {
    throwIfCancelled(mSim.time());
    step.padForces(friction);
    Outcome out = normalForces(friction);
    iterations += out.iterations;
    out.iterations = iterations;
    out.friction = friction;
    // The records the normal solve met join with no friction.
    step.padForces(out.f);
    step.padForces(out.friction);
    const FrictionResult r = solveFrictionTraced(step.frictionAt(out.f), step);
    if (!r.ok()) {
      out.status = TimeStepStatus::kStalled;
      return out;
    }
    const Eigen::VectorXd next = r.f.tail(step.size());
    // Friction forces are not unique where the contacts are more than the bodies' freedoms
    // (a pile): what must settle is the motion they make, the step's end.
    const double change =
        positionChange(step.stateAfter(out.f, out.friction), step.stateAfter(out.f, next));
    if (change <= tol) return out;
    if (round + 1 >= kMaxRounds) {
      out.status = TimeStepStatus::kLimit;
      out.residual = std::max(out.residual, change);
      return out;
    }
    friction = next;
  }
}

void TimeStepper::advance(double dt) {
  if (!(dt > 0)) return;
  // The schemes find the contact forces themselves: a mode without them has no meaning here.
  if (mSim.engineMode() != EngineMode::kContact)
    throw SimulationError(
        fmt::format("advance '{}' computes contact forces and needs engine 'contact', not '{}'",
                    nameOf(kind()), nameOf(mSim.engineMode())));
  TimeStepContacts step(mSim, dt, [this] { throwIfCancelled(mSim.time()); });
  const double start = mSim.time();
  Outcome out = solveStep(step);
  step.padForces(out.f);  // records found in the last iteration: no force
  if (out.friction.size() > 0) step.padForces(out.friction);
  std::vector<double> after = step.stateAfter(out.f, out.friction);
  if (!std::all_of(after.begin(), after.end(), [](double v) { return std::isfinite(v); }))
    throw SimulationError(
        fmt::format("the {} step at time {} gave a non-finite state ({} after {} iterations)",
                    nameOf(kind()), start, timeStepStatusName(out.status), out.iterations));
  const Eigen::VectorXd gap = step.measure(after);
  // An unconverged step is taken only while its last iterate keeps every gap within the
  // distance tolerance: beyond that it would throw bodies through each other.
  if (out.status != TimeStepStatus::kConverged) {
    int worst = -1;
    for (int k = 0; k < step.size(); ++k)
      if (worst < 0 || violation(step.records()[static_cast<std::size_t>(k)], gap[k]) >
                           violation(step.records()[static_cast<std::size_t>(worst)], gap[worst]))
        worst = k;
    if (worst >= 0) {
      const RigidBodyCollision& c = step.records()[static_cast<std::size_t>(worst)];
      if (violation(c, gap[worst]) > c.distanceTol)
        throw SimulationError(fmt::format(
            "the {} step at time {:.10g} did not converge ({} after {} iterations, residual "
            "{:.3g}) "
            "and its last iterate is off by {:.3g} at {}/{} (more than the distance tolerance "
            "{}); the step is refused",
            nameOf(kind()), start, timeStepStatusName(out.status), out.iterations, out.residual,
            violation(c, gap[worst]), mSim.bodyName(c.primaryBody), mSim.bodyName(c.normalBody),
            c.distanceTol));
    }
  }
  mSim.addFrictionLoss(step.frictionLoss(out.friction, after));
  mSim.vars() = std::move(after);
  mSim.setTime(start + dt);
  ++mSteps;
  mSim.mLastContacts = step.records();
  // The step is solved at the velocity level: a contact slides when it still slips at the
  // step's end (its friction then at the cone's edge, time_step_contacts.h).
  const std::vector<double> mu = step.friction();
  for (int k = 0; k < step.size(); ++k) {
    RigidBodyCollision& c = mSim.mLastContacts[static_cast<std::size_t>(k)];
    c.force = out.f[k];
    c.frictionForce = out.friction.size() > 0 ? out.friction[k] : 0.0;
    c.sliding = mu[static_cast<std::size_t>(k)] > 0 &&
                std::abs(tangentialSlip(c, mSim.bodies(), mSim.vars())) > kStaticSlipSpeed;
  }
  mSim.mLastPenetrations.clear();

  ++mTotals.steps;
  mTotals.iterations += out.iterations;
  if (out.status != TimeStepStatus::kConverged) ++mTotals.unconverged;
  mTotals.worstResidual = std::max(mTotals.worstResidual, out.residual);
  mLastStatus = out.status;
  mLastIterations = out.iterations;
  if (mSink) {
    TimeStepSummary s;
    s.scheme = static_cast<int>(kind());
    s.time = start;
    s.dt = dt;
    s.status = out.status;
    s.iterations = out.iterations;
    s.residual = out.residual;
    s.records = step.context(SolvePurpose::kTimeStep).contacts;
    s.f = out.f;
    s.gap = gap;
    mSink->onTimeStep(s);
  }
}

}  // namespace cl
