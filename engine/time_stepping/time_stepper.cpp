#include "engine/time_stepping/time_stepper.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace cl {

TimeStepper::TimeStepper(ContactSim& sim)
    : AdvanceStrategy(IntegratorKind::RungeKutta), mSim(sim) {}

TimeStepper::Totals TimeStepper::Totals::operator-(const Totals& earlier) const {
  return {steps - earlier.steps, iterations - earlier.iterations, unconverged - earlier.unconverged,
          worstResidual};
}

void TimeStepper::advance(double dt) {
  if (!(dt > 0)) return;
  TimeStepContacts step(mSim, dt);
  const double start = mSim.time();
  Outcome out = solveStep(step);
  step.padForces(out.f);  // records found in the last iteration: no force
  std::vector<double> after = step.stateAfter(out.f);
  if (!std::all_of(after.begin(), after.end(), [](double v) { return std::isfinite(v); }))
    throw SimulationError(
        fmt::format("the {} step at time {} gave a non-finite state ({} after {} iterations)",
                    nameOf(kind()), start, timeStepStatusName(out.status), out.iterations));
  const Eigen::VectorXd gap = step.measure(after);
  mSim.vars() = std::move(after);
  mSim.setTime(start + dt);
  ++mSteps;
  mSim.mLastContacts = step.records();
  for (int k = 0; k < step.size(); ++k)
    mSim.mLastContacts[static_cast<std::size_t>(k)].force = out.f[k];
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

std::vector<std::string> advanceCaveats(AdvanceKind kind, const RigidBodySim& sim) {
  if (kind == AdvanceKind::kCollisionAdvance) return {};
  // A collision's elasticity is the smaller of its two bodies' (impulse_lcp.h): a body's
  // restitution is lost where another body it can meet has some too.
  const auto elasticCount = std::count_if(sim.bodies().begin(), sim.bodies().end(),
                                          [](const Polygon& b) { return b.elasticity() > 0; });
  std::vector<std::string> elastic;
  for (const Polygon& b : sim.bodies())
    if (!b.isFixed() && b.elasticity() > 0 && elasticCount >= 2)
      elastic.push_back(fmt::format("'{}' ({})", b.name(), b.elasticity()));
  std::vector<std::string> out;
  if (!elastic.empty()) {
    const std::size_t shown = std::min<std::size_t>(elastic.size(), 5);
    out.push_back(fmt::format(
        "advance '{}' cannot express restitution: its collisions are perfectly inelastic, so "
        "the elasticity of {}{} is not used",
        nameOf(kind), fmt::join(elastic.begin(), elastic.begin() + static_cast<long>(shown), ", "),
        elastic.size() > shown ? fmt::format(" and {} more bodies", elastic.size() - shown)
                               : std::string()));
  }
  return out;
}

}  // namespace cl
