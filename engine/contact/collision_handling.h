#pragma once
// How simultaneous collisions are resolved (engine2D's CollisionHandling; engine2D
// overview, "Multiple Simultaneous Collisions").
//   SIMULTANEOUS   one impulse solve over every record: each collision bounces with its
//                  elasticity, contacts and joints take part with elasticity 0.
//   SERIAL_*       one collision at a time, the focus drawn at random (the simulation's
//                  generator) among the records still approaching, until none is;
//                  GROUPED solves the focus together with the joints that connect to its
//                  bodies, SEPARATE the focus alone;
//   HYBRID         serial, the focus solved with every other collision that shares a body
//                  with it (and the joints connected to them);
//   *_LASTPASS     after the serial loop, one simultaneous solve of every record with
//                  elasticity 0 mops up small remaining approach velocities (HYBRID
//                  always ends with it).
#include <optional>
#include <string>

#include "engine/math/named_enum.h"

namespace cl {

enum class CollisionHandling {
  SIMULTANEOUS,
  HYBRID,
  SERIAL_GROUPED,
  SERIAL_GROUPED_LASTPASS,
  SERIAL_SEPARATE,
  SERIAL_SEPARATE_LASTPASS
};
inline constexpr CollisionHandling kDefaultCollisionHandling =
    CollisionHandling::SERIAL_GROUPED_LASTPASS;
inline constexpr NamedValue<CollisionHandling> kCollisionHandlingNames[] = {
    {CollisionHandling::SIMULTANEOUS, "simultaneous"},
    {CollisionHandling::HYBRID, "hybrid"},
    {CollisionHandling::SERIAL_GROUPED, "serial_grouped"},
    {CollisionHandling::SERIAL_GROUPED_LASTPASS, "serial_grouped_lastpass"},
    {CollisionHandling::SERIAL_SEPARATE, "serial_separate"},
    {CollisionHandling::SERIAL_SEPARATE_LASTPASS, "serial_separate_lastpass"}};
constexpr std::span<const NamedValue<CollisionHandling>> namesOf(CollisionHandling) {
  return kCollisionHandlingNames;
}

}  // namespace cl
