#include "widgets/sim_worker.h"

#include <algorithm>
#include <cmath>

#include "engine/collision_advance/collision_advance.h"
#include "engine/connectors/joint.h"
#include "engine/connectors/rope.h"
#include "engine/contact/contact_sim.h"
#include "engine/forces/gravity_law.h"
#include "engine/forces/spring.h"
#include "engine/forces/thruster_set.h"
#include "widgets/step_runner.h"

namespace cl::widgets {

namespace {

// The nominal gravity of a scene without uniform gravity, for the force scale.
constexpr double kNominalGravity = 9.8;

bool sameJoint(const JointParams& a, const JointParams& b) {
  return a.body1 == b.body1 && a.body2 == b.body2 && a.attach1 == b.attach1 &&
         a.attach2 == b.attach2;
}

void addContacts(const ContactSim& sim, SimSnapshot& s) {
  for (const RigidBodyCollision& c : sim.lastContacts()) {
    if (c.kind == CollisionKind::kConnector) continue;
    s.contacts.push_back({.point = c.impact1,
                          .otherPoint = c.impact2.value_or(c.impact1),
                          .normal = c.normal,
                          .force = c.force,
                          .primaryBody = c.primaryBody,
                          .normalBody = c.normalBody});
  }
}

// Connector records lead lastContacts() in the order the connectors were added,
// one per joint and rod, one per rope that was taut at that evaluate: walking
// both lists together gives each connector its force.
void addConnectors(const ContactSim& sim, SimSnapshot& s) {
  const ConnectorContext ctx = sim.connectorContext(sim.vars());
  const std::vector<RigidBodyCollision>& records = sim.lastContacts();
  std::size_t next = 0;
  const Joint* previousJoint = nullptr;
  for (const auto& connector : sim.connectors()) {
    const auto* joint = dynamic_cast<const Joint*>(connector.get());
    const auto* length = dynamic_cast<const LengthConnector*>(connector.get());
    Vec2 force;
    if (next < records.size()) {
      const RigidBodyCollision& r = records[next];
      const bool bilateral = joint || (length && length->isRod());
      if (r.kind == CollisionKind::kConnector && r.primaryBody == connector->body2() &&
          r.normalBody == connector->body1() && r.joint == bilateral) {
        force = r.normal * r.force;  // +f n acts on the primary body, body2
        ++next;
      }
    }
    if (joint) {
      // The second joint of a double joint joins the mark of the first.
      if (previousJoint && sameJoint(previousJoint->params(), joint->params()) &&
          !s.connectors.empty() && s.connectors.back().joints == 1) {
        s.connectors.back().joints = 2;
        s.connectors.back().force += force;
        previousJoint = nullptr;
        continue;
      }
      const JointParams& p = joint->params();
      s.connectors.push_back({.kind = ConnectorMarkKind::kJoint,
                              .name = p.name,
                              .body1 = p.body1,
                              .body2 = p.body2,
                              .point1 = ctx.worldPoint(p.body1, p.attach1),
                              .point2 = ctx.worldPoint(p.body2, p.attach2),
                              .force = force});
      previousJoint = joint;
      continue;
    }
    previousJoint = nullptr;
    if (!length) continue;  // a kind of connector the view does not know
    const RopeParams& p = length->params();
    s.connectors.push_back(
        {.kind = length->isRod() ? ConnectorMarkKind::kRod : ConnectorMarkKind::kRope,
         .name = p.name,
         .body1 = p.body1,
         .body2 = p.body2,
         .point1 = ctx.worldPoint(p.body1, p.attach1),
         .point2 = ctx.worldPoint(p.body2, p.attach2),
         .length = p.length,
         .taut = length->isTight(ctx),
         .force = force});
  }
}

// Springs, thrusters that fire, and the weight of the heaviest movable body.
void addForceLaws(const RigidBodySim& sim, SimSnapshot& s) {
  const ForceContext ctx{sim.bodies(), sim.vars(), sim.time()};
  double gravity = 0.0;
  for (const auto& law : sim.forceLaws()) {
    if (const auto* g = dynamic_cast<const GravityLaw*>(law.get())) {
      gravity += std::abs(g->gravity());
    } else if (const auto* spring = dynamic_cast<const Spring*>(law.get())) {
      const auto [p1, p2] = spring->ends(ctx);
      s.springs.push_back({p1, p2, spring->params().restLength, spring->params().compressOnly});
    } else if (const auto* set = dynamic_cast<const ThrusterSet*>(law.get())) {
      const int body = set->body();
      if (body < 0 || body >= sim.bodyCount() || sim.bodies()[body].isFixed()) continue;
      const BodyState state = sim.bodyState(body);
      for (const Thruster& t : set->thrusters()) {
        if (!t.active) continue;
        s.thrusters.push_back({body, sim.bodies()[body].bodyToWorld(state, t.location),
                               Polygon::rotateToWorld(state, t.direction) * set->magnitude()});
      }
    }
  }
  double heaviest = 0.0;
  for (const Polygon& b : sim.bodies())
    if (!b.isFixed()) heaviest = std::max(heaviest, b.mass());
  if (!(heaviest > 0.0)) heaviest = 1.0;
  s.referenceForce = heaviest * (gravity > 0.0 ? gravity : kNominalGravity);
}

}  // namespace

SimWorker::~SimWorker() = default;

void SimWorker::rebuild(const SimState& state) {
  // The strategy refers to the simulation, so it goes first.
  mAdvance.reset();
  mSim = state.structure->clone();
  if (auto* cs = dynamic_cast<ContactSim*>(mSim.get())) cs->setTraceSink(nullptr);
  restoreState(*mSim, state);
  mAdvance = makeAdvanceFor(*mSim, state.integrator, state.timeStep);
  mState = state;
}

void SimWorker::install(const SimState& start, quint64 generation) {
  mGeneration = generation;
  mSteps = 0;
  if (start.structure)
    rebuild(start);
  else {
    mAdvance.reset();
    mSim.reset();
  }
}

SimSnapshot SimWorker::snapshotOf(const RigidBodySim& sim, long long steps, quint64 generation) {
  SimSnapshot s;
  s.generation = generation;
  s.time = sim.time();
  s.steps = steps;
  s.states.reserve(sim.bodyCount());
  for (int i = 0; i < sim.bodyCount(); ++i) s.states.push_back(sim.bodyState(i));
  s.energy = sim.energy();
  // A scene's simulation is a ContactSim; a plain RigidBodySim has no contacts.
  if (const auto* contactSim = dynamic_cast<const ContactSim*>(&sim)) {
    addContacts(*contactSim, s);
    addConnectors(*contactSim, s);
  }
  addForceLaws(sim, s);
  return s;
}

StepBatch SimWorker::advanceNow(int steps, std::optional<QString>& error) {
  error.reset();
  StepBatch batch{.generation = mGeneration, .records = {}};
  if (!mAdvance) {
    error = QStringLiteral("no scene is loaded");
    return batch;
  }
  batch.records.reserve(steps > 0 ? static_cast<std::size_t>(steps) : 0);
  for (int i = 0; i < steps; ++i) {
    try {
      batch.records.push_back(recordStep(*mAdvance, mState, mSteps + 1, mGeneration, mTracing));
    } catch (const std::exception& e) {
      // Put the last good state back so the picture, the history and the simulation
      // agree on where the run stopped.
      restoreState(*mSim, mState);
      error = QString::fromStdString(e.what());
      break;
    }
    ++mSteps;
    mState = batch.records.back().state;
  }
  return batch;
}

void SimWorker::advanceAsync(int steps) {
  std::optional<QString> error;
  StepBatch batch = advanceNow(steps, error);
  if (error)
    emit failed(mGeneration, *error, batch);
  else
    emit advanced(batch);
}

void SimWorker::restore(const SimState& state, long long step) {
  if (!state.structure) return;
  mSteps = step;
  if (mSim && state.structure == mState.structure && state.integrator == mState.integrator &&
      state.timeStep == mState.timeStep) {
    restoreState(*mSim, state);
    mState = state;
  } else {
    rebuild(state);
  }
}

SimState SimWorker::apply(const SimEdit& edit) {
  if (!mAdvance) return mState;
  applyEdit(edit, *mSim, *mAdvance);
  std::shared_ptr<RigidBodySim> structure = mSim->clone();
  if (auto* cs = dynamic_cast<ContactSim*>(structure.get())) cs->setTraceSink(nullptr);
  mState = captureState(*mAdvance, std::move(structure), mState.counters);
  return mState;
}

}  // namespace cl::widgets
