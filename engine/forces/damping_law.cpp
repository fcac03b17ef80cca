#include "engine/forces/damping_law.h"

namespace cl {

void DampingLaw::calculateForces(const ForceContext& ctx, std::vector<Force>& out) const {
  if (mDamping == 0.0) return;
  for (int i : lawBodies(ctx.bodies, mBodies)) {
    const BodyState s = ctx.state(i);
    out.push_back(
        {i, s.position(), s.velocity() * -mDamping, -mDamping * mRotateRatio * s.omega, name()});
  }
}

}  // namespace cl
