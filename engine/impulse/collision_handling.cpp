#include "engine/impulse/collision_handling.h"

namespace cl {

const char* collisionHandlingName(CollisionHandling h) {
  switch (h) {
    case CollisionHandling::SIMULTANEOUS:
      return "simultaneous";
    case CollisionHandling::HYBRID:
      return "hybrid";
    case CollisionHandling::SERIAL_GROUPED:
      return "serial_grouped";
    case CollisionHandling::SERIAL_GROUPED_LASTPASS:
      return "serial_grouped_lastpass";
    case CollisionHandling::SERIAL_SEPARATE:
      return "serial_separate";
    case CollisionHandling::SERIAL_SEPARATE_LASTPASS:
      return "serial_separate_lastpass";
  }
  return "?";
}

std::optional<CollisionHandling> parseCollisionHandling(const std::string& name) {
  for (const CollisionHandling h : kCollisionHandlings)
    if (name == collisionHandlingName(h)) return h;
  return std::nullopt;
}

}  // namespace cl
