#include "engine/geometry/detail/lines_intersect_engine2d.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace cl {

namespace {

constexpr double kParallel = 1e-16;  // |dx| or |k2 - k1| below this: vertical, parallel
constexpr double kEndSlack = 1e-14;  // a segment's box widened by this

// Whether v lies in [lo, hi] widened by kEndSlack, with lo and hi in either order.
bool within(double v, double a, double b) {
  if (b < a) std::swap(a, b);
  return a - kEndSlack <= v && v <= b + kEndSlack;
}

}  // namespace

std::optional<Vec2> linesIntersectEngine2D(Vec2 p1, Vec2 p2, Vec2 p3, Vec2 p4) {
  // Both ends of one segment beyond the other's box on one side: no crossing.
  if (p3.x > std::max(p1.x, p2.x) && p4.x > std::max(p1.x, p2.x)) return std::nullopt;
  if (p3.x < std::min(p1.x, p2.x) && p4.x < std::min(p1.x, p2.x)) return std::nullopt;
  if (p3.y > std::max(p1.y, p2.y) && p4.y > std::max(p1.y, p2.y)) return std::nullopt;
  if (p3.y < std::min(p1.y, p2.y) && p4.y < std::min(p1.y, p2.y)) return std::nullopt;
  const bool firstVertical = std::abs(p2.x - p1.x) < kParallel;
  const bool secondVertical = std::abs(p4.x - p3.x) < kParallel;
  Vec2 q;
  // Which coordinates of the crossing are tested against which segment (engine2D skips the
  // test that holds by construction: x on a vertical segment).
  bool testFirstX = true, testSecondX = true;
  if (firstVertical) {
    if (secondVertical) return std::nullopt;
    const double k2 = (p4.y - p3.y) / (p4.x - p3.x);
    q.x = p1.x;
    q.y = k2 * (q.x - p3.x) + p3.y;
    testFirstX = false;
  } else if (secondVertical) {
    const double k1 = (p2.y - p1.y) / (p2.x - p1.x);
    q.x = p3.x;
    q.y = k1 * (q.x - p1.x) + p1.y;
    testSecondX = false;
  } else {
    const double k1 = (p2.y - p1.y) / (p2.x - p1.x);
    const double k2 = (p4.y - p3.y) / (p4.x - p3.x);
    if (std::abs(k2 - k1) < kParallel) return std::nullopt;
    if (std::abs(k2) < kParallel) {  // the second horizontal
      q.y = (p3.y + p4.y) / 2;
      q.x = (q.y - p1.y) / k1 + p1.x;
    } else if (std::abs(k1) < kParallel) {  // the first horizontal
      q.y = (p1.y + p2.y) / 2;
      q.x = (q.y - p3.y) / k2 + p3.x;
    } else {
      q.x = (k2 * p3.x - k1 * p1.x - p3.y + p1.y) / (k2 - k1);
      q.y = k1 * (q.x - p1.x) + p1.y;
    }
  }
  const bool onFirst = (!testFirstX || within(q.x, p1.x, p2.x)) && within(q.y, p1.y, p2.y);
  const bool onSecond = (!testSecondX || within(q.x, p3.x, p4.x)) && within(q.y, p3.y, p4.y);
  if (!onFirst || !onSecond) return std::nullopt;
  return q;
}

}  // namespace cl
