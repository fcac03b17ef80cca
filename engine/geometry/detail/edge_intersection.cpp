#include "engine/geometry/detail/edge_intersection.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cl {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

bool onSegment(const StraightEdge& s, Vec2 p, double tol) {
  const Vec2 d = s.end - s.start;
  const double len2 = d.lengthSquared();
  const double t = std::clamp(dot(p - s.start, d) / len2, 0.0, 1.0);
  return distance(p, s.start + d * t) <= tol;
}

bool onArc(const CircularEdge& c, Vec2 p, double tol) {
  const Vec2 d = p - c.center;
  if (std::abs(d.length() - c.radius()) > tol) return false;
  return angleOnArc(c, std::atan2(d.y, d.x), tol / c.radius());
}

}  // namespace

// Segment p + t d, t in [0, 1], against segment q + u e.
EdgeCrossings segmentCrossings(const StraightEdge& a, double aLength, const StraightEdge& b,
                               double bLength, double tol) {
  const Vec2 d = a.end - a.start, e = b.end - b.start;
  const double denom = cross(d, e);
  const double scale = aLength * bLength;
  if (std::abs(denom) > 1e-12 * scale) {
    const Vec2 w = b.start - a.start;
    const double t = cross(w, e) / denom, u = cross(w, d) / denom;
    const double ta = tol / aLength, tb = tol / bLength;
    EdgeCrossings pts;
    if (t >= -ta && t <= 1 + ta && u >= -tb && u <= 1 + tb) pts.push_back(a.start + d * t);
    return pts;
  }
  // Parallel: they meet only if collinear, at the ends of the overlap.
  EdgeCrossings pts;
  for (Vec2 p : {a.start, a.end})
    if (onSegment(b, p, tol)) pts.push_back(p);
  for (Vec2 p : {b.start, b.end})
    if (onSegment(a, p, tol)) pts.push_back(p);
  return pts;
}

namespace {

EdgeCrossings segmentSegment(const StraightEdge& a, const StraightEdge& b, double tol) {
  return segmentCrossings(a, a.length(), b, b.length(), tol);
}

EdgeCrossings segmentArc(const StraightEdge& s, const CircularEdge& c, double tol) {
  // |start + t d - center|^2 = r^2: a t^2 + 2 b t + k = 0
  const Vec2 d = s.end - s.start, f = s.start - c.center;
  const double r = c.radius();
  const double a = d.lengthSquared(), b = dot(f, d), k = f.lengthSquared() - r * r;
  double disc = b * b - a * k;
  // A line within tol of tangent touches the circle once.
  const double dist = std::abs(cross(d, f)) / std::sqrt(a);
  if (disc < 0) {
    if (dist > r + tol) return {};
    disc = 0;
  }
  EdgeCrossings pts;
  const double sq = std::sqrt(disc);
  for (double t : {(-b - sq) / a, (-b + sq) / a}) {
    const Vec2 p = s.start + d * t;
    if (onSegment(s, p, tol) && onArc(c, p, tol)) pts.push_back(p);
  }
  return pts;
}

EdgeCrossings arcArc(const CircularEdge& a, const CircularEdge& b, double tol) {
  const double r1 = a.radius(), r2 = b.radius();
  const Vec2 d = b.center - a.center;
  const double dist = d.length();
  if (dist <= tol && std::abs(r1 - r2) <= tol) {
    // Same circle: they meet where one arc's ends lie on the other.
    EdgeCrossings pts;
    for (Vec2 p : {a.start, a.end})
      if (onArc(b, p, tol)) pts.push_back(p);
    for (Vec2 p : {b.start, b.end})
      if (onArc(a, p, tol)) pts.push_back(p);
    return pts;
  }
  if (dist > r1 + r2 + tol || dist < std::abs(r1 - r2) - tol || dist == 0) return {};
  // Distance along d from a's centre to the chord through both crossing points.
  const double x = (dist * dist + r1 * r1 - r2 * r2) / (2 * dist);
  const double h = std::sqrt(std::max(0.0, r1 * r1 - x * x));
  const Vec2 u = d / dist, mid = a.center + u * x;
  EdgeCrossings pts;
  for (Vec2 p : {mid + u.perp() * h, mid - u.perp() * h})
    if (onArc(a, p, tol) && onArc(b, p, tol)) pts.push_back(p);
  return pts;
}

}  // namespace

bool angleOnArc(const CircularEdge& arc, double theta, double slack) {
  if (arc.isCompleteCircle()) return true;
  const double sweep = arc.sweep();
  double off = theta - arc.startAngle();
  if (sweep < 0) off = -off;  // measure in the arc's own direction
  off = std::fmod(off, kTwoPi);
  if (off < 0) off += kTwoPi;
  return off <= std::abs(sweep) + slack || off >= kTwoPi - slack;
}

EdgeCrossings edgeCrossings(const Edge& a, const Edge& b, double tol) {
  const auto* sa = std::get_if<StraightEdge>(&a);
  const auto* sb = std::get_if<StraightEdge>(&b);
  if (sa && sb) return segmentSegment(*sa, *sb, tol);
  if (sa) return segmentArc(*sa, std::get<CircularEdge>(b), tol);
  if (sb) return segmentArc(*sb, std::get<CircularEdge>(a), tol);
  return arcArc(std::get<CircularEdge>(a), std::get<CircularEdge>(b), tol);
}

std::vector<Vec2> edgeIntersections(const Edge& a, const Edge& b, double tol) {
  const EdgeCrossings pts = edgeCrossings(a, b, tol);
  return {pts.begin(), pts.end()};
}

}  // namespace cl
