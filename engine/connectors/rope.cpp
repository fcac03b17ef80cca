#include "engine/connectors/rope.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "engine/dynamics/rigid_body_sim.h"
#include "engine/math/engine2d_length.h"

namespace cl {

LengthConnector::LengthConnector(RopeParams p, bool rod) : mP(std::move(p)), mRod(rod) {
  if (!(mP.length > 0.0) || !std::isfinite(mP.length))
    throw std::invalid_argument((rod ? "rod '" : "rope '") + mP.name +
                                "': the length must be positive and finite");
}

double LengthConnector::currentLength(const ConnectorContext& ctx) const {
  return distance(ctx.worldPoint(mP.body1, mP.attach1), ctx.worldPoint(mP.body2, mP.attach2));
}

double LengthConnector::error(const ConnectorContext& ctx) const {
  return currentLength(ctx) - mP.length;
}

bool LengthConnector::isTight(const ConnectorContext& ctx) const {
  return mRod || mP.length - currentLength(ctx) < ctx.tolerances.distanceTol;
}

RigidBodyCollision LengthConnector::collision(const ConnectorContext& ctx) const {
  const Vec2 p2 = ctx.worldPoint(mP.body2, mP.attach2);
  const Vec2 p1 = ctx.worldPoint(mP.body1, mP.attach1);
  const Vec2 span = p1 - p2;
  // engine2D measures the rope by its Vector.length, not as a hypot.
  const double len = ctx.tolerances.engine2dArithmetic ? lengthEngine2D(span) : span.length();
  // Coincident points have no direction; any unit normal will do for the record.
  RigidBodyCollision c =
      connectorRecord(ctx, mP.body1, p1, mP.body2, p2, len > 0.0 ? span / len : Vec2{0, 1});
  c.distance = mP.length - len;
  c.joint = mRod;
  c.targetGap = mRod ? 0.0 : ctx.tolerances.distanceTol / 2;
  c.ballObject = true;
  c.radius1 = 0.0;
  c.ballNormal = true;
  c.radius2 = -(mRod ? mP.length : len);
  c.normalFixed = false;
  return c;
}

void LengthConnector::addCollisions(const ConnectorContext& ctx,
                                    std::vector<RigidBodyCollision>& out) const {
  RigidBodyCollision c = collision(ctx);
  // A rope has nothing to say about a (nearly) zero length: it is slack.
  if (mRod || (c.distance < ctx.tolerances.distanceTol && c.radius2 < 0.0))
    out.push_back(std::move(c));
}

void LengthConnector::align(RigidBodySim& sim, const ContactTolerances& tolerances) const {
  const ConnectorContext ctx{sim.bodies(), sim.vars(), tolerances};
  const Vec2 p1 = ctx.worldPoint(mP.body1, mP.attach1);
  const Vec2 p2 = ctx.worldPoint(mP.body2, mP.attach2);
  const double target = mRod ? mP.length : mP.length - tolerances.distanceTol / 2;
  const double len = distance(p1, p2);
  if (!mRod && len <= target) return;
  // Keep the direction between the points; straight down when they nearly coincide.
  const double angle = len > 0.01 ? std::atan2(p2.y - p1.y, p2.x - p1.x) : -std::numbers::pi / 2;
  const Vec2 dir{std::cos(angle), std::sin(angle)};
  if (ctx.movable(mP.body2))
    alignBodyPoint(sim, mP.body2, mP.attach2, p1 + dir * target);
  else if (ctx.movable(mP.body1))
    alignBodyPoint(sim, mP.body1, mP.attach1, p2 - dir * target);
}

}  // namespace cl
