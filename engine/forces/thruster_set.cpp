#include "engine/forces/thruster_set.h"

namespace cl {

bool ThrusterSet::setActive(int index, bool on) {
  if (index < 0 || index >= static_cast<int>(mThrusters.size())) return false;
  mThrusters[index].active = on;
  return true;
}

void ThrusterSet::calculateForces(const ForceContext& ctx, std::vector<Force>& out) const {
  if (ctx.bodies[mBody].isFixed()) return;
  const BodyState s = ctx.state(mBody);
  for (const Thruster& t : mThrusters) {
    if (!t.active) continue;
    out.push_back({mBody, ctx.bodies[mBody].bodyToWorld(s, t.location),
                   Polygon::rotateToWorld(s, t.direction) * mMagnitude, 0.0, mName});
  }
}

}  // namespace cl
