#pragma once
// What a way of advancing cannot express of a scene, said when the scene is loaded with it
// (the CLI's run prints each as a note, the workbench shows it in its status bar).
#include <string>
#include <vector>

#include "engine/dynamics/advance_kind.h"
#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

// One sentence per feature that `kind` cannot express of `sim`, naming it and the bodies
// (empty for CollisionAdvance, or when all is expressed). The time steppers cannot express
// restitution: their collisions are perfectly inelastic.
std::vector<std::string> advanceCaveats(AdvanceKind kind, const RigidBodySim& sim);

}  // namespace cl
