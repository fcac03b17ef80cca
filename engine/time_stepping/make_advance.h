#pragma once
// The advance a simulation is stepped with: for a ContactSim, CollisionAdvance or the time
// stepper `kind` names; SimpleAdvance for a simulation without contacts (whatever `kind`).
#include <memory>

#include "engine/dynamics/advance_kind.h"
#include "engine/dynamics/advance_strategy.h"

namespace cl {

std::unique_ptr<AdvanceStrategy> makeAdvanceFor(RigidBodySim& sim, AdvanceKind kind,
                                                IntegratorKind integrator, double timeStep);

}  // namespace cl
