#include "engine/forces/spring.h"

namespace cl {

std::pair<Vec2, Vec2> Spring::ends(const ForceContext& ctx) const {
  return {ctx.worldPoint(mP.body1, mP.attach1), ctx.worldPoint(mP.body2, mP.attach2)};
}

double Spring::stretch(const ForceContext& ctx) const {
  const auto [p1, p2] = ends(ctx);
  return distance(p1, p2) - mP.restLength;
}

void Spring::calculateForces(const ForceContext& ctx, std::vector<Force>& out) const {
  const auto [p1, p2] = ends(ctx);
  const Vec2 d = p2 - p1;
  const double len = d.length();
  if (len == 0.0) return;  // no direction to act along
  const Vec2 u = d / len;
  const double x = len - mP.restLength;
  if (mP.compressOnly && x > 0.0) return;
  const double rate = dot(ctx.pointVelocity(mP.body2, p2) - ctx.pointVelocity(mP.body1, p1), u);
  const Vec2 f1 = u * (mP.stiffness * x + mP.damping * rate);
  auto movable = [&](int b) { return b != kScrim && !ctx.bodies[b].isFixed(); };
  if (movable(mP.body1)) out.push_back({mP.body1, p1, f1, 0.0, name()});
  if (movable(mP.body2)) out.push_back({mP.body2, p2, -f1, 0.0, name()});
}

double Spring::potentialEnergy(const ForceContext& ctx) const {
  const double x = stretch(ctx);
  if (mP.compressOnly && x > 0.0) return 0.0;
  return 0.5 * mP.stiffness * x * x;
}

}  // namespace cl
