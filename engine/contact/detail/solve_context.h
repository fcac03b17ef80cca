#pragma once
// The SolveContext a simulation sends its trace sink before a solve: which record each
// row of A comes from, so a traced solve can be drawn on the bodies.
#include <vector>

#include "engine/collision/rigid_body_collision.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/trace/solver_trace.h"

namespace cl {

SolveContext makeSolveContext(const RigidBodySim& sim, const std::vector<RigidBodyCollision>& rows,
                              SolvePurpose purpose, double time, int subset = 0);

// The context of a friction solve (friction_forces.h): the n contacts' rows, then a friction
// row for each (n + i: the same contact, labelled "F <label>", its tangent as the normal).
SolveContext makeFrictionSolveContext(const RigidBodySim& sim,
                                      const std::vector<RigidBodyCollision>& rows,
                                      SolvePurpose purpose, double time, int subset = 0);

}  // namespace cl
