#pragma once
// SimState: enough to put a simulation back exactly where it was after a step, so that a
// run can be shown again from any step and any step re-run bit for bit. Front ends (the
// workbench's history, a recorder) keep one per step.
#include <memory>
#include <vector>

#include "engine/collision_advance/collision_advance.h"
#include "engine/contact/warm_start.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/math/random_lcg.h"

namespace cl {

struct SimState {
  double time = 0.0;
  std::vector<double> vars;
  double frictionLoss = 0.0;  // RigidBodySim::frictionLoss
  RandomLCG random;
  // ContactSim's warm-start memory (which contacts carried force): the next solve's guess,
  // so a re-run from this state repeats the original bit for bit. Empty for other sims.
  WarmStart warmStart;
  // The simulation as of its last structural change (load or an edit: a thruster
  // switched, a setting changed): force laws, connectors and settings come from it.
  // Shared by every state until the next change.
  std::shared_ptr<const RigidBodySim> structure;
  AdvanceKind advance = AdvanceKind::kCollisionAdvance;
  IntegratorKind integrator = IntegratorKind::kRungeKutta;
  double timeStep = 0.0;
  CollisionCounters counters;  // of the run up to here (zeros without CollisionAdvance)
};

// The state of `advance`'s simulation now, with `structure` as its structure and
// `counters` as the run's counters so far.
SimState captureState(AdvanceStrategy& advance, std::shared_ptr<const RigidBodySim> structure,
                      const CollisionCounters& counters);
// Puts vars, time, the friction loss, the random generator and the warm-start memory of `state`
// into `sim` (which has the same structure).
void restoreState(RigidBodySim& sim, const SimState& state);
// True when two states hold the same bits (time, vars, friction loss, random generator).
bool sameState(const SimState& a, const SimState& b);

}  // namespace cl
