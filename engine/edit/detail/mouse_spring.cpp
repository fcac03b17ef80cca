#include "engine/edit/detail/mouse_spring.h"

#include <cmath>

#include "engine/body/scrim.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/forces/spring.h"

namespace cl {

namespace {

// The law the simulation owns (unique_ptr::get gives it mutable even from a const list).
Spring* mouseSpring(const RigidBodySim& sim) {
  for (const auto& law : sim.forceLaws())
    if (auto* spring = dynamic_cast<Spring*>(law.get());
        spring && spring->name() == kMouseSpringName)
      return spring;
  return nullptr;
}

// Force laws cannot be swapped out, but a Spring can be assigned another Spring.
void replace(Spring& spring, const SpringParams& p) {
  spring = Spring(p);
}

}  // namespace

bool attachMouseSpring(RigidBodySim& sim, int body, Vec2 attach, Vec2 mouse) {
  if (body < 0 || body >= sim.bodyCount() || sim.bodies()[body].isFixed()) return false;
  const double mass = sim.bodies()[body].mass();
  if (!(mass > 0) || !std::isfinite(mass)) return false;
  SpringParams p;
  p.body1 = body;
  p.attach1 = attach;
  p.body2 = kScrim;
  p.attach2 = mouse;  // world coordinates on the Scrim
  p.restLength = 0.0;
  p.stiffness = kMouseSpringStiffnessPerMass * mass;
  p.damping = 0.0;
  p.name = kMouseSpringName;
  if (Spring* spring = mouseSpring(sim))
    replace(*spring, p);
  else
    sim.addForceLaw(std::make_unique<Spring>(p));
  return true;
}

bool moveMouseSpring(RigidBodySim& sim, Vec2 mouse) {
  Spring* spring = mouseSpring(sim);
  if (!spring) return false;
  SpringParams p = spring->params();
  p.attach2 = mouse;
  replace(*spring, p);
  return true;
}

bool releaseMouseSpring(RigidBodySim& sim) {
  const Spring* spring = mouseSpring(sim);
  return spring && sim.removeForceLaw(spring);
}

const Spring* findMouseSpring(const RigidBodySim& sim) {
  return mouseSpring(sim);
}

}  // namespace cl
