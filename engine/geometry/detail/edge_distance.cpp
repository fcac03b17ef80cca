#include "engine/geometry/detail/edge_distance.h"

#include <algorithm>
#include <cmath>

#include "engine/geometry/detail/edge_intersection.h"

namespace cl {
namespace {

double toSegment(const StraightEdge& e, Vec2 p) {
  const Vec2 d = e.end - e.start;
  const double t = std::clamp(dot(p - e.start, d) / d.lengthSquared(), 0.0, 1.0);
  return distance(p, e.start + d * t);
}

double toArc(const CircularEdge& c, Vec2 p) {
  const Vec2 d = p - c.center;
  const double r = c.radius(), len = d.length();
  if (c.isCompleteCircle() || (len > 0 && angleOnArc(c, std::atan2(d.y, d.x))))
    return std::abs(len - r);
  return std::min(distance(p, c.start), distance(p, c.end));
}

}  // namespace

double distanceToEdge(const Edge& edge, Vec2 p) {
  if (const auto* s = std::get_if<StraightEdge>(&edge)) return toSegment(*s, p);
  return toArc(std::get<CircularEdge>(edge), p);
}

}  // namespace cl
