#pragma once
// What a way of advancing cannot express of a scene, said when the scene is loaded with it
// (the CLI's run prints each as a note, the workbench shows it in its status bar).
#include <string>
#include <vector>

#include "engine/dynamics/advance_kind.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/settings/sim_settings.h"

namespace cl {

// One sentence per feature that `kind` cannot express of `sim`, naming it and the bodies
// (empty for CollisionAdvance, or when all is expressed). The time steppers cannot express
// restitution (their collisions are perfectly inelastic).
std::vector<std::string> advanceCaveats(AdvanceKind kind, const RigidBodySim& sim);
// The same for an engine mode (engine_mode.h): under rigid_body the connectors do nothing and
// bodies pass through each other; under impulse joints, rods and ropes hold only where a
// collision impulse closes them, and resting bodies get stuck.
std::vector<std::string> engineCaveats(EngineMode mode, const RigidBodySim& sim);
// Both, and the force laws an explicit step of that size cannot integrate stably
// (stability_caveats.h), for a scene's settings: what the CLI prints (run and validate) and
// the workbench shows on a load.
std::vector<std::string> settingsCaveats(const SimSettings& settings, const RigidBodySim& sim);

}  // namespace cl
