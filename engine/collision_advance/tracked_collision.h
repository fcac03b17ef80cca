#pragma once
// TrackedCollision: a RigidBodyCollision as CollisionAdvance follows it through a back-up
// in time (engine2D's RigidBodyCollision bookkeeping): when and how it was detected, the
// estimated time at which it reaches the target gap, and whether it must be handled.
//
// With the collision accuracy c (default 0.6) the accuracy window is
//   accuracy = c * distanceTol / 2                    (0.003 by default)
// and, with targetGap = distanceTol / 2 and v the normal velocity,
//   colliding    not a joint, and distance < 0, or v < -velocityTol and
//                distance < targetGap - accuracy;
//   close enough a contact; or targetGap - accuracy < distance < targetGap + accuracy;
//                or, allowing tiny distances (just after a back-up),
//                0 < distance < targetGap + accuracy.
//
// Estimated time (a constant-acceleration model between two observations):
//   at detection (time t2, distance d2, velocity v2 < -0.001):
//       t2 + (targetGap - d2) / v2                    (the straight line back to the gap);
//   after a back-up to t1 (distance d1, velocity v1), with a = (v2 - v1) / (t2 - t1), the
//   earlier root in (t1, t2) of d1 + v1 s + a s^2 / 2 = targetGap; the previous estimate
//   is kept when there is none.
#include <limits>
#include <vector>

#include "engine/collision/rigid_body_collision.h"

namespace cl {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct TrackedCollision {
  RigidBodyCollision record;
  double detectedTime = kNaN;
  double detectedDistance = kNaN;
  double detectedVelocity = kNaN;
  double estimatedTime = kNaN;
  bool needsHandling = false;

  // Records the detection at time t and the first estimate.
  void setDetected(double t);
  // After the record was re-measured at time `now` (a back-up): a new estimate for a
  // record still approaching, none for the rest.
  // engine2dArithmetic: engine2D's choice of root (the earlier of those strictly between
  // now and the detection, compared as times), without the check that the record still
  // approaches there.
  void updateEstimate(double now, bool engine2dArithmetic = false);
  // Approaching (normal velocity < 0) and either must be handled or is not a contact.
  bool imminent() const;
};

bool isColliding(const RigidBodyCollision& c, double accuracy);
bool closeEnough(const RigidBodyCollision& c, bool allowTiny, double accuracy);

// What a list of tracked collisions amounts to (engine2D's CollisionStats).
struct CollisionStats {
  int joints = 0, contacts = 0, needsHandling = 0, imminent = 0;
  double detectedTime = kNaN;   // earliest detection among those that need handling
  double estimatedTime = kNaN;  // earliest estimate among the imminent; NaN if one lacks it
  double minDistance = kNaN;    // among the imminent

  static CollisionStats of(const std::vector<TrackedCollision>& list);
};

}  // namespace cl
