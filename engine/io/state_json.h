#pragma once
// The state of a simulation as JSON: time, steps, energies, and each body's
// name, x, vx, y, vy, angle, omega.
#include <nlohmann/json.hpp>

#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

nlohmann::ordered_json stateJson(const RigidBodySim& sim, long long steps);

}  // namespace cl
