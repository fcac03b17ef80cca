#pragma once
// MouseSpring: myPhysicsLab's drag spring. Pressing on a movable body ties the point
// pressed (body coordinates) to the mouse (a Scrim point) with a spring of rest length
// 0; moving the mouse moves the Scrim end; releasing removes the spring. These are edits
// of the simulation (sim_edit.h), applied between two steps.
#include "engine/math/vec2.h"

namespace cl {

class RigidBodySim;
class Spring;

inline constexpr const char* kMouseSpringName = "mouse drag spring";
// myPhysicsLab's drag spring has stiffness 3 whatever the body; per unit mass here, so
// that a heavy block follows the mouse as readily as a light one (sqrt(3) rad/s).
inline constexpr double kMouseSpringStiffnessPerMass = 3.0;

// Ties `attach` (body coordinates of movable body `body`) to world point `mouse`, adding
// the spring or moving the one attached. False when `body` is not a movable body.
bool attachMouseSpring(RigidBodySim& sim, int body, Vec2 attach, Vec2 mouse);
// Moves the mouse end; false when the spring is not attached.
bool moveMouseSpring(RigidBodySim& sim, Vec2 mouse);
// Lets go: removes the spring; false when not attached.
bool releaseMouseSpring(RigidBodySim& sim);
// The mouse spring among the force laws; null when none is attached.
const Spring* findMouseSpring(const RigidBodySim& sim);

}  // namespace cl
