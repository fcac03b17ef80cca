#pragma once
// ExtraAccel: a "non-physical" extra acceleration ContactSim asks for at each contact,
// added to b, so that the small velocity left at a resting contact dies out over a few
// time steps and the gap settles at the target gap (half the distance tolerance; zero
// for a joint). Without it resting bodies jitter (engine2D overview, How to Stop Jitter).
//
// With v0 the contact's normal velocity (negative when approaching), x0 its distance
// minus the target gap and h the extra-acceleration time step (default 0.025):
//   VELOCITY:              extra = v0 / h
//   VELOCITY_AND_DISTANCE: extra = (2 v0 h + x0) / h^2
// i.e. the average of the acceleration that stops the velocity within h (-v0 / h) and
// the one that closes the gap within h (-2 (v0 h + x0) / h^2), with the sign reversed
// because it is added to b: an approaching contact gets a more negative b and so more
// force. The plain modes leave joints alone; the _JOINTS modes treat joints too.
#include <optional>
#include <string>

#include "engine/collision/rigid_body_collision.h"
#include "engine/math/named_enum.h"

namespace cl {

enum class ExtraAccel {
  NONE,
  VELOCITY,
  VELOCITY_AND_DISTANCE,
  VELOCITY_JOINTS,
  VELOCITY_AND_DISTANCE_JOINTS
};

inline constexpr ExtraAccel kDefaultExtraAccel = ExtraAccel::VELOCITY_AND_DISTANCE_JOINTS;
inline constexpr double kDefaultExtraAccelTimeStep = 0.025;

inline constexpr NamedValue<ExtraAccel> kExtraAccelNames[] = {
    {ExtraAccel::NONE, "none"},
    {ExtraAccel::VELOCITY, "velocity"},
    {ExtraAccel::VELOCITY_AND_DISTANCE, "velocity_and_distance"},
    {ExtraAccel::VELOCITY_JOINTS, "velocity_joints"},
    {ExtraAccel::VELOCITY_AND_DISTANCE_JOINTS, "velocity_and_distance_joints"}};
constexpr std::span<const NamedValue<ExtraAccel>> namesOf(ExtraAccel) {
  return kExtraAccelNames;
}

// The term added to b_i for contact c (see the header comment); h > 0.
double extraAccelTerm(ExtraAccel mode, const RigidBodyCollision& c, double h);

}  // namespace cl
