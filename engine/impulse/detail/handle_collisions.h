#pragma once
// ImpulseSim's collision handling (engine2D's ImpulseSim.handleCollisions): impulses that
// reverse the collisions among `records`, applied to the simulation's velocities.
//
// `records` is every record at the current state that is to take part: collisions,
// resting contacts and joint/connector records (so an impulse ricochets through bodies
// at rest and joints hold). Each record's impulse is stored in its `impulse` field.
// The impulse LCP of each solve is contact/detail/impulse_lcp.h's; serial foci are drawn from the
// simulation's generator (RandomLCG::randomInts), so a run repeats bit for bit.
//
// Serial loop: a record is done when its working velocity v_i > -smallVelocity (a joint:
// |v_i| <= smallVelocity), smallVelocity starting at 1e-5 and doubling every 20 n
// iterations, so the loop ends; past kMaxSerialIterations it fails instead (a
// SimulationError naming the records), as does a solve that ComputeForces cannot finish
// and whose result fails checkForceAccel at 1e-4.
#include <vector>

#include "engine/collision/rigid_body_collision.h"
#include "engine/contact/collision_handling.h"

namespace cl {

class ContactSim;

inline constexpr double kSmallImpulse = 1e-4;
inline constexpr int kMaxSerialIterations = 100000;

struct ImpulseTotals {
  long long solves = 0;  // impulse LCPs solved (serial iterations, last pass, simultaneous)
};

// Returns true when some impulse exceeded kTinyImpulse.
bool handleCollisions(ContactSim& sim, std::vector<RigidBodyCollision>& records,
                      CollisionHandling mode, ImpulseTotals* totals = nullptr);

// The impulse of a jam (ContactSim's FrictionJam: sliding friction without a solution):
// one simultaneous solve of the frictional impulse problem of `records` with elasticity 0
// and touching contacts held (friction_forces.h), so that a sliding contact whose
// friction drives it into its surface stops with a_N = 0 (Painleve's "impact without
// collision"). Returns true when some impulse exceeded kTinyImpulse; throws SimulationError
// when the solve fails.
bool handleJam(ContactSim& sim, std::vector<RigidBodyCollision>& records);

}  // namespace cl
