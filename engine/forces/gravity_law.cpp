#include "engine/forces/gravity_law.h"

namespace cl {

void GravityLaw::calculateForces(const ForceContext& ctx, std::vector<Force>& out) const {
  for (int i : lawBodies(ctx.bodies, mBodies)) {
    const BodyState s = ctx.state(i);
    out.push_back({i, s.position(), {0.0, -ctx.bodies[i].mass() * mGravity}, 0.0, name()});
  }
}

double GravityLaw::potentialEnergy(const ForceContext& ctx) const {
  double pe = 0.0;
  for (int i : lawBodies(ctx.bodies, mBodies)) {
    const Polygon& b = ctx.bodies[i];
    pe += b.mass() * mGravity * (ctx.state(i).y - b.zeroEnergyLevel().value_or(mZeroEnergyLevel));
  }
  return pe;
}

}  // namespace cl
