#include "engine/connectors/joint.h"

#include <cmath>
#include <stdexcept>

#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

Joint::Joint(JointParams p) : mP(std::move(p)) {
  const double len = mP.normal.length();
  if (!(len > 0.0) || !std::isfinite(len))
    throw std::invalid_argument("joint '" + mP.name + "': the normal must be a non-zero vector");
  mP.normal = mP.normal / len;
}

Vec2 Joint::normalWorld(const ConnectorContext& ctx) const {
  if (mP.normalType == CoordType::WORLD) return mP.normal;
  return ctx.turnedBy(mP.body2, mP.normal);
}

RigidBodyCollision Joint::collision(const ConnectorContext& ctx) const {
  const Vec2 p2 = ctx.worldPoint(mP.body2, mP.attach2);
  const Vec2 p1 = ctx.worldPoint(mP.body1, mP.attach1);
  // connectorRecord makes its second body the primary: body1 here, as in engine2D.
  RigidBodyCollision c = connectorRecord(ctx, mP.body2, p2, mP.body1, p1, normalWorld(ctx));
  c.distance = dot(c.normal, p1 - p2);
  c.targetGap = 0.0;
  c.joint = true;
  c.normalFixed = mP.normalType == CoordType::WORLD || !ctx.movable(mP.body2);
  return c;
}

void Joint::addCollisions(const ConnectorContext& ctx, std::vector<RigidBodyCollision>& out) const {
  out.push_back(collision(ctx));
}

double Joint::error(const ConnectorContext& ctx) const {
  return collision(ctx).distance;
}

void Joint::align(RigidBodySim& sim, const ContactTolerances& tolerances) const {
  const ConnectorContext ctx{sim.bodies(), sim.vars(), tolerances};
  if (ctx.movable(mP.body2))
    alignBodyPoint(sim, mP.body2, mP.attach2, ctx.worldPoint(mP.body1, mP.attach1));
  else if (ctx.movable(mP.body1))
    alignBodyPoint(sim, mP.body1, mP.attach1, ctx.worldPoint(mP.body2, mP.attach2));
}

std::array<std::unique_ptr<Joint>, 2> makeDoubleJoint(int body1, Vec2 attach1, int body2,
                                                      Vec2 attach2, CoordType normalType,
                                                      Vec2 normal, const std::string& name,
                                                      bool engine2dTurn) {
  JointParams p{body1, attach1, body2, attach2, normalType, normal, name + "_1"};
  JointParams q = p;
  q.normal = engine2dTurn ? Vec2{normal.y, -normal.x} : Vec2{-normal.y, normal.x};
  q.name = name + "_2";
  return {std::make_unique<Joint>(p), std::make_unique<Joint>(q)};
}

}  // namespace cl
