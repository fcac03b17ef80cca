#pragma once
// The SolveContext a simulation sends its trace sink before a solve: which record each
// row of A comes from, so a traced solve can be drawn on the bodies.
#include <vector>

#include "engine/collision/rigid_body_collision.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/solver/compute_forces.h"
#include "engine/trace/compact_solve.h"
#include "engine/trace/solver_trace.h"

namespace cl {

// Record c as a row of a solve's context, labelled "primary/normal" by body names.
SolveContact solveContactOf(const RigidBodySim& sim, const RigidBodyCollision& c);

SolveContext makeSolveContext(const RigidBodySim& sim, const std::vector<RigidBodyCollision>& rows,
                              SolvePurpose purpose, double time, int subset = 0);

// `context` with a friction row after its n rows for each (n + i: the same contact,
// labelled "F <label>", its tangent as the normal, not a joint).
SolveContext withFrictionRows(SolveContext context);

// The context of a friction solve (friction_forces.h): the n contacts' rows, then a friction
// row for each (withFrictionRows).
SolveContext makeFrictionSolveContext(const RigidBodySim& sim,
                                      const std::vector<RigidBodyCollision>& rows,
                                      SolvePurpose purpose, double time, int subset = 0);

// Record c of a serial collision handling at `time`, for a compact trace's one-contact solves
// of it: as solveContactOf has it, with the options its frictionless solves use.
CompactRows makeCompactRows(const RigidBodySim& sim, const RigidBodyCollision& c, double time,
                            const ComputeForcesOptions& options);

}  // namespace cl
