#include "engine/run/draw_data.h"

#include <algorithm>
#include <cmath>

#include "engine/connectors/joint.h"
#include "engine/connectors/rope.h"
#include "engine/contact/contact_sim.h"
#include "engine/contact/detail/friction_problem.h"
#include "engine/forces/gravity_law.h"
#include "engine/forces/spring.h"
#include "engine/forces/thruster_set.h"

namespace cl {

namespace {

// The nominal gravity of a scene without uniform gravity, for the force scale.
constexpr double kNominalGravity = 9.8;

bool sameJoint(const JointParams& a, const JointParams& b) {
  return a.body1 == b.body1 && a.body2 == b.body2 && a.attach1 == b.attach1 &&
         a.attach2 == b.attach2;
}

ContactMode modeOf(const RigidBodyCollision& c, double mu) {
  if (!(c.force > 0)) return ContactMode::kSeparating;
  if (!(mu > 0)) return ContactMode::kResting;
  return c.sliding ? ContactMode::kSliding : ContactMode::kSticking;
}

void addContacts(const ContactSim& sim, DrawData& s) {
  const std::vector<RigidBodyCollision>& contacts = sim.lastContacts();
  const std::vector<double> mu = contactFriction(contacts, sim.bodies());
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const RigidBodyCollision& c = contacts[i];
    if (c.kind == CollisionKind::kConnector) continue;
    const double slip = tangentialSlip(c, sim.bodies(), sim.vars());
    s.contacts.push_back({.point = c.impact1,
                          .otherPoint = c.impact2.value_or(c.impact1),
                          .normal = c.normal,
                          .force = c.force,
                          .frictionForce = c.frictionForce,
                          .primaryBody = c.primaryBody,
                          .normalBody = c.normalBody,
                          .slip = slip,
                          .mode = modeOf(c, mu[i])});
  }
}

// Each connector record names the connector that made it (its `connector` index): the
// force of a connector on its body2 is the sum of f n over its records, +f n when body2
// is the record's primary body (a rope's or rod's), -f n when it is the normal body (a
// joint's, as in engine2D); zero when it made none (a slack rope).
void addConnectors(const ContactSim& sim, DrawData& s) {
  const ConnectorContext ctx = sim.connectorContext(sim.vars());
  std::vector<Vec2> forces(sim.connectors().size());
  for (const RigidBodyCollision& r : sim.lastContacts())
    if (r.kind == CollisionKind::kConnector && r.connector >= 0 &&
        r.connector < static_cast<int>(forces.size()))
      forces[static_cast<std::size_t>(r.connector)] +=
          r.normal * (r.primaryBody == sim.connectors()[r.connector]->body2() ? r.force : -r.force);
  const Joint* previousJoint = nullptr;
  for (std::size_t i = 0; i < sim.connectors().size(); ++i) {
    const Connector* connector = sim.connectors()[i].get();
    const auto* joint = dynamic_cast<const Joint*>(connector);
    const auto* length = dynamic_cast<const LengthConnector*>(connector);
    const Vec2 force = forces[i];
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
void addForceLaws(const RigidBodySim& sim, DrawData& s) {
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

DrawData drawDataOf(const RigidBodySim& sim, long long steps) {
  DrawData s;
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

}  // namespace cl
