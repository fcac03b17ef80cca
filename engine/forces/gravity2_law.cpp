#include "engine/forces/gravity2_law.h"

#include <cmath>

#include "engine/math/engine2d_length.h"

namespace cl {

void Gravity2Law::calculateForces(const ForceContext& ctx, std::vector<Force>& out) const {
  const auto ids = lawBodies(ctx.bodies, mBodies);
  for (std::size_t a = 0; a < ids.size(); ++a) {
    for (std::size_t b = a + 1; b < ids.size(); ++b) {
      const int i = ids[a], j = ids[b];
      const Vec2 pi = ctx.state(i).position(), pj = ctx.state(j).position();
      if (ctx.engine2d) {
        // engine2D's Gravity2Law: the unit vector from j to i, scaled by G mi mj / (r r).
        const Vec2 v = pi - pj;
        const double r = lengthEngine2D(v);
        if (r == 0.0) continue;
        const double mag = mGravity * ctx.bodies[i].mass() * ctx.bodies[j].mass() / (r * r);
        const Vec2 dir{mag * (v.x / r), mag * (v.y / r)};
        out.push_back({i, pi, {-1 * dir.x, -1 * dir.y}, 0.0, name()});
        out.push_back({j, pj, dir, 0.0, name()});
        continue;
      }
      const Vec2 d = pj - pi;
      const double r2 = d.lengthSquared();
      if (r2 == 0.0) continue;  // coincident centres: no direction to pull along
      const double mag = mGravity * ctx.bodies[i].mass() * ctx.bodies[j].mass() / r2;
      const Vec2 f = d * (mag / std::sqrt(r2));
      out.push_back({i, pi, f, 0.0, name()});
      out.push_back({j, pj, -f, 0.0, name()});
    }
  }
}

double Gravity2Law::potentialEnergy(const ForceContext& ctx) const {
  const auto ids = lawBodies(ctx.bodies, mBodies);
  double pe = 0.0;
  for (std::size_t a = 0; a < ids.size(); ++a)
    for (std::size_t b = a + 1; b < ids.size(); ++b) {
      const int i = ids[a], j = ids[b];
      const double r = distance(ctx.state(i).position(), ctx.state(j).position());
      const double closest = ctx.bodies[i].minHeight() + ctx.bodies[j].minHeight();
      if (r > 0.0)
        pe += mGravity * ctx.bodies[i].mass() * ctx.bodies[j].mass() * (1 / closest - 1 / r);
    }
  return pe;
}

}  // namespace cl
