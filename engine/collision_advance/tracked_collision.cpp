#include "engine/collision_advance/tracked_collision.h"

#include <algorithm>
#include <cmath>

namespace cl {

namespace {

// Below this approach speed the straight line back to the gap is no estimate.
constexpr double kMinEstimateSpeed = 1e-3;
// Intervals and accelerations below these make the constant-acceleration model degenerate.
constexpr double kTinyInterval = 1e-12;
constexpr double kTinyAccel = 1e-12;

double minOrNaN(double current, double value) {
  return std::isnan(current) ? value : std::min(current, value);
}

}  // namespace

void TrackedCollision::setDetected(double t) {
  detectedTime = t;
  detectedDistance = record.distance;
  detectedVelocity = record.normalVelocity;
  estimatedTime = kNaN;
  if (!record.joint && record.normalVelocity < -kMinEstimateSpeed)
    estimatedTime = t + (record.targetGap - record.distance) / record.normalVelocity;
}

void TrackedCollision::updateEstimate(double now, bool engine2dArithmetic) {
  if (!imminent()) {
    estimatedTime = kNaN;
    return;
  }
  const double h = detectedTime - now;
  if (!(h > kTinyInterval)) return;
  const double v1 = record.normalVelocity, d1 = record.distance;
  const double a = (detectedVelocity - v1) / h;
  if (std::abs(a) < kTinyAccel) return;
  // d1 + v1 s + a s^2 / 2 = targetGap
  const double det = std::sqrt(v1 * v1 - 2.0 * a * (d1 - record.targetGap));
  if (std::isnan(det)) return;
  const double s1 = (-v1 + det) / a, s2 = (-v1 - det) / a;
  if (engine2dArithmetic) {
    const double e1 = now + s1, e2 = now + s2, t2 = detectedTime;
    const bool first = e1 > now && e1 < t2;
    if (first) estimatedTime = e1;
    if (e2 > now && e2 < t2 && (!first || e2 < e1)) estimatedTime = e2;
    return;
  }
  double best = kNaN;
  // A root where the record is still approaching: reaching the gap on the way in, not
  // coming back out through it.
  for (const double s : {s1, s2})
    if (s > 0 && s < h && v1 + a * s < 0) best = minOrNaN(best, s);
  if (!std::isnan(best)) estimatedTime = now + best;
}

bool TrackedCollision::imminent() const {
  return (needsHandling || !record.contact()) && record.normalVelocity < 0;
}

bool isColliding(const RigidBodyCollision& c, double accuracy) {
  if (c.joint) return false;
  return c.distance < 0 ||
         (c.normalVelocity < -c.velocityTol && c.distance < c.targetGap - accuracy);
}

bool closeEnough(const RigidBodyCollision& c, bool allowTiny, double accuracy) {
  if (c.contact()) return true;
  const double upper = c.targetGap + accuracy;
  if (allowTiny) return c.distance > 0 && c.distance < upper;
  return c.distance > c.targetGap - accuracy && c.distance < upper;
}

CollisionStats CollisionStats::of(const std::vector<TrackedCollision>& list) {
  CollisionStats s;
  bool missingEstimate = false;
  for (const TrackedCollision& t : list) {
    const RigidBodyCollision& c = t.record;
    if (c.joint)
      ++s.joints;
    else if (c.contact())
      ++s.contacts;
    if (t.needsHandling) {
      ++s.needsHandling;
      s.detectedTime = minOrNaN(s.detectedTime, t.detectedTime);
    }
    if (t.imminent()) {
      ++s.imminent;
      s.minDistance = minOrNaN(s.minDistance, c.distance);
      if (std::isnan(t.estimatedTime))
        missingEstimate = true;
      else
        s.estimatedTime = minOrNaN(s.estimatedTime, t.estimatedTime);
    }
  }
  if (missingEstimate) s.estimatedTime = kNaN;
  return s;
}

}  // namespace cl
