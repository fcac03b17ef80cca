#pragma once
// StraightEdge: a line segment of a polygon path, in body coordinates.
// Paths keep the body's material on the left of each edge (outer paths run
// counter-clockwise, holes clockwise), so the outward normal is the edge
// direction turned 90 degrees clockwise.
#include "engine/math/vec2.h"

namespace cl {

struct StraightEdge {
  Vec2 start;
  Vec2 end;

  double length() const { return (end - start).length(); }
  // Unit outward normal: (dy, -dx) / |d|.
  Vec2 outwardNormal() const { return outwardNormal(length()); }
  // The same given length(): one hypot for both when a caller needs the two.
  Vec2 outwardNormal(double length) const {
    const Vec2 d = (end - start) / length;
    return {d.y, -d.x};
  }
  bool operator==(const StraightEdge&) const = default;
};

}  // namespace cl
