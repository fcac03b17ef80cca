#pragma once
// MouseSpring: myPhysicsLab's drag spring. Pressing on a movable body ties the point
// pressed (body coordinates) to the mouse (a Scrim point) with a spring of rest length
// 0; moving the mouse moves the Scrim end; releasing lets go. These are edits of the
// simulation, run through Session::editSim between two steps.
//
// RigidBodySim has no way to remove a force law, so the spring is added once and kept:
// letting go ties the body point to itself with stiffness 0, which exerts nothing and
// stores no energy, and the next press re-attaches the same law.
#include "engine/math/vec2.h"

namespace cl {
class RigidBodySim;
class Spring;
}  // namespace cl

namespace cl::widgets {

inline constexpr const char* kMouseSpringName = "mouse drag spring";
// myPhysicsLab's drag spring has stiffness 3 whatever the body; per unit mass here, so
// that a heavy block follows the mouse as readily as a light one (sqrt(3) rad/s).
inline constexpr double kMouseSpringStiffnessPerMass = 3.0;

// Ties `attach` (body coordinates of movable body `body`) to world point `mouse`;
// adds the law the first time. False when `body` is not a movable body.
bool attachMouseSpring(RigidBodySim& sim, int body, Vec2 attach, Vec2 mouse);
// Moves the mouse end; false when the spring is not attached.
bool moveMouseSpring(RigidBodySim& sim, Vec2 mouse);
// Lets go (stiffness 0, both ends on the body point); false when not attached.
bool releaseMouseSpring(RigidBodySim& sim);
// The mouse spring among the force laws, attached or not; null before the first press.
const Spring* findMouseSpring(const RigidBodySim& sim);
// Whether `spring` pulls (attached to the mouse) rather than waits released.
bool isMouseSpringAttached(const Spring& spring);

}  // namespace cl::widgets
