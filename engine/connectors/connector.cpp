#include "engine/connectors/connector.h"

#include <fmt/format.h>

#include <stdexcept>

#include "engine/body/body_state.h"
#include "engine/body/scrim.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/math/engine2d_trig.h"

namespace cl {

Vec2 ConnectorContext::worldPoint(int body, Vec2 pBody) const {
  if (isScrim(body)) return pBody;
  const BodyState s = BodyState::fromVars(vars, body);
  if (!tolerances.engine2dArithmetic) return bodies[body].bodyToWorld(s, pBody);
  return s.position() + rotatedAs(pBody - bodies[body].centerOfMass(), s.angle, true);
}

Vec2 ConnectorContext::turnedBy(int body, Vec2 vBody) const {
  return rotatedAs(vBody, angle(body), tolerances.engine2dArithmetic);
}

Vec2 ConnectorContext::pointVelocity(int body, Vec2 pWorld) const {
  if (isScrim(body) || bodies[body].isFixed()) return {};
  return Polygon::velocityAt(BodyState::fromVars(vars, body), pWorld);
}

Vec2 ConnectorContext::centerOfMass(int body) const {
  if (isScrim(body)) return {};
  return BodyState::fromVars(vars, body).position();
}

double ConnectorContext::angle(int body) const {
  return isScrim(body) ? 0.0 : vars[kVarsPerBody * body + kAngle];
}

bool ConnectorContext::movable(int body) const {
  return !isScrim(body) && !bodies[body].isFixed();
}

void Connector::checkBodies(std::span<const Polygon> bodies) const {
  const int n = static_cast<int>(bodies.size());
  const auto valid = [n](int b) { return isScrim(b) || (b >= 0 && b < n); };
  if (!valid(body1()) || !valid(body2()))
    throw std::invalid_argument(fmt::format("{} '{}': body index {} or {} out of range", kindName(),
                                            name(), body1(), body2()));
  if (body1() == body2())
    throw std::invalid_argument(
        fmt::format("{} '{}' connects a body to itself", kindName(), name()));
  const auto movable = [&](int b) { return !isScrim(b) && !bodies[b].isFixed(); };
  if (!movable(body1()) && !movable(body2()))
    throw std::invalid_argument(
        fmt::format("{} '{}' connects two bodies that cannot move", kindName(), name()));
}

RigidBodyCollision connectorRecord(const ConnectorContext& ctx, int body1, Vec2 p1, int body2,
                                   Vec2 p2, Vec2 normal) {
  RigidBodyCollision c;
  c.kind = CollisionKind::kConnector;
  c.primaryBody = body2;
  c.normalBody = body1;
  c.impact1 = p2;
  c.impact2 = p1;
  c.normal = normal;
  c.r1 = p2 - ctx.centerOfMass(body2);
  c.r2 = p1 - ctx.centerOfMass(body1);
  c.u1 = c.r1;
  c.u2 = c.r2;
  c.normalVelocity = dot(normal, ctx.pointVelocity(body2, p2) - ctx.pointVelocity(body1, p1));
  c.distanceTol = ctx.tolerances.distanceTol;
  c.velocityTol = ctx.tolerances.velocityTol;
  return c;
}

void alignBodyPoint(RigidBodySim& sim, int body, Vec2 pBody, Vec2 pWorld) {
  if (isScrim(body)) return;
  BodyState s = sim.bodyState(body);
  const Vec2 shift = pWorld - sim.bodies()[body].bodyToWorld(s, pBody);
  s.x += shift.x;
  s.y += shift.y;
  sim.setBodyState(body, s);
}

}  // namespace cl
