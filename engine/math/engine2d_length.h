#pragma once
// A vector's length as myPhysicsLab engine2D computes it (Vector.length, distanceTo):
// sqrt(x x + y y), which differs in the last bit from the hypot of Vec2::length for some
// vectors. For the compute_forces_engine2d option's arithmetic, one definition.
#include <cmath>

#include "engine/math/vec2.h"

namespace cl {

inline double lengthEngine2D(Vec2 v) {
  return std::sqrt(v.x * v.x + v.y * v.y);
}

}  // namespace cl
