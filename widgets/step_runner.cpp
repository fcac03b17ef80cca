#include "widgets/step_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>

#include "engine/collision_advance/collision_advance.h"
#include "engine/contact/contact_sim.h"
#include "widgets/sim_worker.h"

namespace cl::widgets {

namespace {

CollisionCounters countersOf(AdvanceStrategy& advance) {
  if (auto* c = dynamic_cast<CollisionAdvance*>(&advance)) return c->counters();
  return {};
}

CollisionCounters plus(const CollisionCounters& base, const CollisionCounters& a,
                       const CollisionCounters& b) {
  // base + (b - a), field by field
  CollisionCounters out = base;
  out.collisions += b.collisions - a.collisions;
  out.backups += b.backups - a.backups;
  out.odeSteps += b.odeSteps - a.odeSteps;
  out.binarySteps += b.binarySteps - a.binarySteps;
  out.impulses += b.impulses - a.impulses;
  out.contacts += b.contacts - a.contacts;
  out.estimates += b.estimates - a.estimates;
  out.stuck += b.stuck - a.stuck;
  return out;
}

}  // namespace

SimState captureState(AdvanceStrategy& advance, std::shared_ptr<const RigidBodySim> structure,
                      const CollisionCounters& counters) {
  const RigidBodySim& sim = advance.sim();
  const auto* contactSim = dynamic_cast<const ContactSim*>(&sim);
  return {.time = sim.time(),
          .vars = sim.vars(),
          .random = sim.random(),
          .warmStart = contactSim ? contactSim->warmStartMemory() : WarmStart(),
          .structure = std::move(structure),
          .integrator = advance.integrator().kind(),
          .timeStep = advance.timeStep(),
          .counters = counters};
}

void restoreState(RigidBodySim& sim, const SimState& state) {
  sim.vars() = state.vars;
  sim.setTime(state.time);
  sim.random() = state.random;
  if (auto* contactSim = dynamic_cast<ContactSim*>(&sim))
    contactSim->setWarmStartMemory(state.warmStart);
}

StepRecord runStep(AdvanceStrategy& advance, const SimState& before, long long step,
                   quint64 generation, bool trace) {
  RigidBodySim& sim = advance.sim();
  auto* contactSim = dynamic_cast<ContactSim*>(&sim);
  auto* collisionAdvance = dynamic_cast<CollisionAdvance*>(&advance);
  StepTraceRecorder recorder;
  SolverTraceSink* oldSolverSink = contactSim ? contactSim->traceSink() : nullptr;
  WaypointSink* oldWaypointSink = collisionAdvance ? collisionAdvance->waypointSink() : nullptr;
  if (trace) {
    if (contactSim) contactSim->setTraceSink(&recorder);
    if (collisionAdvance) collisionAdvance->setWaypointSink(&recorder);
  }
  if (contactSim) contactSim->resetSolveTotals();
  const CollisionCounters countersBefore = countersOf(advance);
  const auto start = std::chrono::steady_clock::now();
  try {
    advance.advance(advance.timeStep());
  } catch (...) {
    if (contactSim) contactSim->setTraceSink(oldSolverSink);
    if (collisionAdvance) collisionAdvance->setWaypointSink(oldWaypointSink);
    throw;
  }
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (contactSim) contactSim->setTraceSink(oldSolverSink);
  if (collisionAdvance) collisionAdvance->setWaypointSink(oldWaypointSink);

  StepRecord r;
  r.step = step;
  r.snapshot = SimWorker::snapshotOf(sim, step, generation);
  r.state = captureState(advance, before.structure,
                         plus(before.counters, countersBefore, countersOf(advance)));
  StepStats& s = r.stats;
  s.time = sim.time();
  s.energy = r.snapshot.energy;
  s.wallSeconds = wall;
  s.minDistance = std::numeric_limits<double>::quiet_NaN();
  if (contactSim) {
    s.contacts = static_cast<int>(contactSim->lastContacts().size());
    for (const RigidBodyCollision& c : contactSim->lastContacts())
      if (c.kind != CollisionKind::kConnector)
        s.minDistance =
            std::isnan(s.minDistance) ? c.distance : std::min(s.minDistance, c.distance);
    const ContactSim::SolveTotals& totals = contactSim->solveTotals();
    s.solves = totals.solves;
    s.pivots = totals.pivots;
    s.maxViolation = totals.maxViolation;
  }
  s.backups = r.state.counters.backups - before.counters.backups;
  s.collisions = r.state.counters.collisions - before.counters.collisions;
  if (trace) r.trace = std::make_shared<const StepTrace>(recorder.take());
  return r;
}

StepRecord replayStep(const SimState& before, long long step, quint64 generation) {
  std::unique_ptr<RigidBodySim> sim = before.structure->clone();
  // A copy shares its original's trace sink; this one reports to runStep's recorder only.
  if (auto* cs = dynamic_cast<ContactSim*>(sim.get())) cs->setTraceSink(nullptr);
  restoreState(*sim, before);
  std::unique_ptr<AdvanceStrategy> advance =
      makeAdvanceFor(*sim, before.integrator, before.timeStep);
  return runStep(*advance, before, step, generation, true);
}

bool sameState(const SimState& a, const SimState& b) {
  // Bit-wise, so that -0.0 and 0.0 or two NaNs are told apart exactly as stored.
  return std::memcmp(&a.time, &b.time, sizeof(double)) == 0 && a.vars.size() == b.vars.size() &&
         std::memcmp(a.vars.data(), b.vars.data(), sizeof(double) * a.vars.size()) == 0 &&
         a.random.seed() == b.random.seed();
}

}  // namespace cl::widgets
