#include "engine/contact/extra_accel.h"

namespace cl {

double extraAccelTerm(ExtraAccel mode, const RigidBodyCollision& c, double h) {
  bool velocityOnly = false;
  switch (mode) {
    case ExtraAccel::NONE:
      return 0.0;
    case ExtraAccel::VELOCITY:
      if (c.joint) return 0.0;
      velocityOnly = true;
      break;
    case ExtraAccel::VELOCITY_JOINTS:
      velocityOnly = true;
      break;
    case ExtraAccel::VELOCITY_AND_DISTANCE:
      if (c.joint) return 0.0;
      break;
    case ExtraAccel::VELOCITY_AND_DISTANCE_JOINTS:
      break;
  }
  const double v0 = c.normalVelocity;
  if (velocityOnly) return v0 / h;
  const double x0 = c.distanceToHalfGap();
  return (2.0 * v0 * h + x0) / (h * h);
}

}  // namespace cl
