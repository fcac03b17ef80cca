#pragma once
// CircularEdge: an arc of a circle from start to end about center, running
// counter-clockwise unless `clockwise`. With the material on the left of every
// edge, a counter-clockwise arc is convex (material on the centre's side) and a
// clockwise arc is concave. start == end makes a complete circle.
#include <numbers>

#include "engine/math/vec2.h"

namespace cl {

struct CircularEdge {
  Vec2 start;
  Vec2 end;
  Vec2 center;
  bool clockwise = false;

  double radius() const { return (start - center).length(); }
  bool convex() const { return !clockwise; }
  bool isCompleteCircle() const { return start == end; }
  double startAngle() const { return std::atan2(start.y - center.y, start.x - center.x); }
  // Signed angle swept from start to end: in (0, 2pi] counter-clockwise, [-2pi, 0) clockwise.
  double sweep() const {
    constexpr double kTwoPi = 2.0 * std::numbers::pi;
    if (isCompleteCircle()) return clockwise ? -kTwoPi : kTwoPi;
    double a = std::atan2(end.y - center.y, end.x - center.x) - startAngle();
    if (clockwise) {
      while (a >= 0) a -= kTwoPi;
      while (a < -kTwoPi) a += kTwoPi;
    } else {
      while (a <= 0) a += kTwoPi;
      while (a > kTwoPi) a -= kTwoPi;
    }
    return a;
  }
  Vec2 pointAtAngle(double theta) const {
    const double r = radius();
    return {center.x + r * std::cos(theta), center.y + r * std::sin(theta)};
  }
  double length() const { return radius() * std::abs(sweep()); }
  bool operator==(const CircularEdge&) const = default;
};

}  // namespace cl
