#pragma once
// The ways a ContactSim can be advanced in time: engine2D's CollisionAdvance (contact forces
// at the acceleration level, collisions by impulses after backing up in time; the default),
// or one of the three time-stepping schemes of Hotz et al. (engine/time_stepping), which
// make the forces complementary to the contact distances (or velocities) at the end of each
// Euler step. The scene setting `advance` and the CLI's `run --advance` take these names.
#include <span>

#include "engine/math/named_enum.h"

namespace cl {

enum class AdvanceKind { kCollisionAdvance, kNewtonRelease, kFischerBurmeister, kLcpFixpoint };

inline constexpr NamedValue<AdvanceKind> kAdvanceKindNames[] = {
    {AdvanceKind::kCollisionAdvance, "collision_advance"},
    {AdvanceKind::kNewtonRelease, "newton_release"},
    {AdvanceKind::kFischerBurmeister, "fischer_burmeister"},
    {AdvanceKind::kLcpFixpoint, "lcp_fixpoint"},
};
constexpr std::span<const NamedValue<AdvanceKind>> namesOf(AdvanceKind) {
  return kAdvanceKindNames;
}

}  // namespace cl
