#include "engine/edit/sim_edit.h"

#include <cmath>
#include <memory>

#include "engine/dynamics/advance_strategy.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/edit/detail/mouse_spring.h"
#include "engine/forces/damping_law.h"
#include "engine/forces/gravity_law.h"
#include "engine/forces/thruster_set.h"
#include "engine/math/overloaded.h"
#include "engine/scene/scene.h"

namespace cl {

namespace {

// Calls f on every force law of type Law; returns how many there were.
template <typename Law, typename F>
int forEachLaw(const RigidBodySim& sim, F&& f) {
  int n = 0;
  for (const auto& law : sim.forceLaws())
    if (auto* l = dynamic_cast<Law*>(law.get())) {
      f(*l);
      ++n;
    }
  return n;
}

// Whether body-coordinate push `d` points mostly along `direction`: its component that
// way is positive and at least as large as the one across it.
bool pushesAlong(Vec2 d, ThrustDirection direction) {
  switch (direction) {
    case ThrustDirection::kLeft:
      return d.x < 0 && -d.x >= std::abs(d.y);
    case ThrustDirection::kRight:
      return d.x > 0 && d.x >= std::abs(d.y);
    case ThrustDirection::kDown:
      return d.y < 0 && -d.y >= std::abs(d.x);
    case ThrustDirection::kUp:
      return d.y > 0 && d.y >= std::abs(d.x);
  }
  return false;
}

bool fire(RigidBodySim& sim, const FireThrusters& e) {
  int seen = 0, switched = 0;
  forEachLaw<ThrusterSet>(sim, [&](ThrusterSet& set) {
    if (seen++ != e.set) return;
    const auto& thrusters = set.thrusters();
    for (int i = 0; i < static_cast<int>(thrusters.size()); ++i)
      if (pushesAlong(thrusters[static_cast<std::size_t>(i)].direction, e.direction) &&
          set.setActive(i, e.on))
        ++switched;
  });
  return switched > 0;
}

// Calls f on every force entry of type Doc in `doc`; returns how many there were.
template <typename Doc, typename F>
int forEachForceDoc(SceneDoc& doc, F&& f) {
  int n = 0;
  if (!doc.forces) return 0;
  for (ForceDoc& force : *doc.forces)
    if (auto* d = std::get_if<Doc>(&force)) {
      f(*d);
      ++n;
    }
  return n;
}

void addForceDoc(SceneDoc& doc, ForceDoc force) {
  if (!doc.forces) doc.forces.emplace();
  doc.forces->push_back(std::move(force));
}

}  // namespace

bool applyEdit(const SimEdit& edit, RigidBodySim& sim, AdvanceStrategy& advance) {
  return std::visit(
      Overloaded{
          [&](const SetGravity& e) {
            if (forEachLaw<GravityLaw>(sim, [&](GravityLaw& g) { g.setGravity(e.g); }) == 0 &&
                e.g != 0.0)
              sim.addForceLaw(std::make_unique<GravityLaw>(e.g));
            return true;
          },
          [&](const SetElasticity& e) {
            for (int i = 0; i < sim.bodyCount(); ++i) sim.body(i).setElasticity(e.elasticity);
            return true;
          },
          [&](const SetDamping& e) {
            if (forEachLaw<DampingLaw>(sim, [&](DampingLaw& d) { d.setDamping(e.k); }) == 0 &&
                e.k != 0.0)
              sim.addForceLaw(std::make_unique<DampingLaw>(e.k, kDefaultRotateRatio));
            return true;
          },
          [&](const SetThrust& e) {
            return forEachLaw<ThrusterSet>(
                       sim, [&](ThrusterSet& t) { t.setMagnitude(e.magnitude); }) > 0;
          },
          [&](const SetSettings& e) {
            SimSettings s;
            readSettings(sim, s);
            readSettings(advance, s);
            overlaySettings(s, e.changes);
            applySettings(sim, s);
            applySettings(advance, s);
            return true;
          },
          [&](const SetBodyState& e) {
            if (e.body < 0 || e.body >= sim.bodyCount()) return false;
            sim.setBodyState(e.body, e.state);
            return true;
          },
          [&](const AttachMouseSpring& e) {
            return attachMouseSpring(sim, e.body, e.attach, e.mouse);
          },
          [&](const MoveMouseSpring& e) { return moveMouseSpring(sim, e.mouse); },
          [&](const ReleaseMouseSpring&) { return releaseMouseSpring(sim); },
          [&](const FireThrusters& e) { return fire(sim, e); },
      },
      edit);
}

bool isLasting(const SimEdit& edit) {
  return std::holds_alternative<SetGravity>(edit) || std::holds_alternative<SetElasticity>(edit) ||
         std::holds_alternative<SetDamping>(edit) || std::holds_alternative<SetThrust>(edit) ||
         std::holds_alternative<SetSettings>(edit);
}

void recordEdit(const SimEdit& edit, SceneDoc& doc) {
  std::visit(Overloaded{
                 [&](const SetGravity& e) {
                   if (forEachForceDoc<GravityDoc>(doc, [&](GravityDoc& g) { g.g = e.g; }) == 0 &&
                       e.g != 0.0) {
                     GravityDoc g;
                     g.g = e.g;
                     addForceDoc(doc, g);
                   }
                 },
                 [&](const SetElasticity& e) {
                   for (BodyDoc& b : doc.bodies) b.elasticity = e.elasticity;
                   if (doc.walls) doc.walls->elasticity = e.elasticity;
                 },
                 [&](const SetDamping& e) {
                   if (forEachForceDoc<DampingDoc>(doc, [&](DampingDoc& d) { d.k = e.k; }) == 0 &&
                       e.k != 0.0) {
                     DampingDoc d;
                     d.k = e.k;
                     addForceDoc(doc, d);
                   }
                 },
                 [&](const SetThrust& e) {
                   forEachForceDoc<ThrustersDoc>(
                       doc, [&](ThrustersDoc& t) { t.magnitude = e.magnitude; });
                 },
                 [&](const SetSettings& e) {
                   SimSettings s = settingsOf(doc);
                   overlaySettings(s, e.changes);
                   recordSettings(doc, s);
                 },
                 [](const auto&) {},
             },
             edit);
}

int thrusterSetCount(const RigidBodySim& sim) {
  return forEachLaw<ThrusterSet>(sim, [](const ThrusterSet&) {});
}

}  // namespace cl
