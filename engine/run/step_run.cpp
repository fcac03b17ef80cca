#include "engine/run/step_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>

#include "engine/collision_advance/collision_advance.h"
#include "engine/contact/contact_sim.h"
#include "engine/time_stepping/make_advance.h"
#include "engine/time_stepping/time_stepper.h"

namespace cl {

namespace {

CollisionCounters countersOf(AdvanceStrategy& advance) {
  if (auto* c = dynamic_cast<CollisionAdvance*>(&advance)) return c->counters();
  return {};
}

// Empty when the energy is finite; else what is not, naming the first body whose kinetic
// energy overflowed (its state is finite: the advance checks that) or the potential energy.
std::string nonFiniteEnergy(const RigidBodySim& sim, const EnergyInfo& e) {
  if (std::isfinite(e.total())) return {};
  for (int i = 0; i < sim.bodyCount(); ++i) {
    const BodyState s = sim.bodyState(i);
    const Polygon& b = sim.bodies()[static_cast<std::size_t>(i)];
    const double kinetic = b.translationalEnergy(s) + b.rotationalEnergy(s);
    if (!std::isfinite(kinetic))
      return fmt::format(
          "the kinetic energy of '{}' is {} (velocity ({:.3g}, {:.3g}), omega {:.3g})", b.name(),
          kinetic, s.vx, s.vy, s.omega);
  }
  return fmt::format("the potential energy is {}", e.potential);
}

}  // namespace

StepRun runStep(AdvanceStrategy& advance, const SimState& before, StepTracing tracing,
                std::optional<double> stepSize) {
  RigidBodySim& sim = advance.sim();
  auto* contactSim = dynamic_cast<ContactSim*>(&sim);
  auto* collisionAdvance = dynamic_cast<CollisionAdvance*>(&advance);
  auto* timeStepper = dynamic_cast<TimeStepper*>(&advance);
  StepTraceRecorder recorder(tracing == StepTracing::kCompact);
  SolverTraceSink* oldSolverSink = contactSim ? contactSim->traceSink() : nullptr;
  WaypointSink* oldWaypointSink = collisionAdvance ? collisionAdvance->waypointSink() : nullptr;
  TimeStepSink* oldTimeStepSink = timeStepper ? timeStepper->timeStepSink() : nullptr;
  const auto restoreSinks = [&] {
    if (contactSim) contactSim->setTraceSink(oldSolverSink);
    if (collisionAdvance) collisionAdvance->setWaypointSink(oldWaypointSink);
    if (timeStepper) timeStepper->setTimeStepSink(oldTimeStepSink);
  };
  const bool trace = tracing != StepTracing::kOff;
  const bool solves = tracing == StepTracing::kAll || tracing == StepTracing::kCompact;
  if (contactSim && solves) contactSim->setTraceSink(&recorder);
  if (collisionAdvance && trace) collisionAdvance->setWaypointSink(&recorder);
  if (timeStepper && trace) timeStepper->setTimeStepSink(&recorder);
  if (contactSim) contactSim->resetSolveTotals();
  const CollisionCounters countersBefore = countersOf(advance);
  const double size = stepSize.value_or(advance.timeStep());
  const auto start = std::chrono::steady_clock::now();
  try {
    advance.advance(size);
  } catch (const SimulationError& e) {
    restoreSinks();
    if (dynamic_cast<const StepCancelled*>(&e)) restoreState(sim, before);
    throw StepFailure(e, trace ? std::make_shared<const StepTrace>(recorder.take()) : nullptr);
  } catch (...) {
    restoreSinks();
    throw;
  }
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  restoreSinks();
  // A state whose energy overflows has diverged: a failure, not a step to go on from.
  const EnergyInfo energy = sim.energy();
  if (const std::string why = nonFiniteEnergy(sim, energy); !why.empty()) {
    const double reached = sim.time();
    restoreState(sim, before);
    throw StepFailure(SimulationError(fmt::format("the simulation diverged in the step from time "
                                                  "{} to {}: {}",
                                                  before.time, reached, why)),
                      trace ? std::make_shared<const StepTrace>(recorder.take()) : nullptr);
  }

  StepRun r;
  const CollisionCounters stepCounters = countersOf(advance) - countersBefore;
  r.state = captureState(advance, before.structure, before.counters + stepCounters);
  StepStats& s = r.stats;
  s.time = sim.time();
  s.energy = energy;
  s.wallSeconds = wall;
  s.stepSize = size;
  s.minDistance = std::numeric_limits<double>::quiet_NaN();
  if (contactSim) {
    s.contacts = static_cast<int>(contactSim->lastContacts().size());
    for (const RigidBodyCollision& c : contactSim->lastContacts()) {
      if (c.joint) s.maxJointGap = std::max(s.maxJointGap, std::abs(c.distance));
      if (c.kind == CollisionKind::kConnector) continue;
      s.minDistance = std::isnan(s.minDistance) ? c.distance : std::min(s.minDistance, c.distance);
      if (!c.joint) s.contactForce += c.force;
    }
    s.solves = contactSim->solveTotals();
  }
  if (timeStepper) {
    s.iterations = timeStepper->lastIterations();
    s.timeStepStatus = timeStepper->lastStatus();
  }
  s.backups = stepCounters.backups;
  s.collisions = stepCounters.collisions;
  s.binarySteps = stepCounters.binarySteps;
  s.stuck = stepCounters.stuck;
  if (trace) r.trace = std::make_shared<const StepTrace>(recorder.take());
  return r;
}

StepRun replayStep(const SimState& before, StepTracing tracing) {
  std::unique_ptr<RigidBodySim> sim = before.structure->clone();
  // A copy shares its original's trace sink; this one reports to runStep's recorder only.
  if (auto* cs = dynamic_cast<ContactSim*>(sim.get())) cs->setTraceSink(nullptr);
  restoreState(*sim, before);
  std::unique_ptr<AdvanceStrategy> advance =
      makeAdvanceFor(*sim, before.advance, before.integrator, before.timeStep);
  return runStep(*advance, before, tracing);
}

}  // namespace cl
