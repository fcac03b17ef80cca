#pragma once
// Connector: something that ties two bodies together (engine2D's Joint and Rope) by
// handing ContactSim RigidBodyCollision records, which the contact-force solver then
// keeps satisfied alongside the ordinary contacts.
//
// Record conventions shared by every connector here (kind = kConnector):
//   * the connector's body1 is the record's NORMAL body and body2 its PRIMARY body;
//     either may be the Scrim (kScrim; its "body point" is a world point);
//   * impact1 is body2's attach point and impact2 body1's, both in world coordinates,
//     r1/u1 and r2/u2 go from each body's CM to its own attach point;
//   * distance and normal velocity follow RigidBodyCollision: distance is the signed
//     gap that the force drives towards the target gap, and the force acts as +f n on
//     body2 and -f n on body1.
// align() moves body2 (or body1 when body2 cannot move) as engine2D does when a scene
// loads; error() is the current constraint error, for display and tests.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/collision/rigid_body_collision.h"

namespace cl {

class RigidBodySim;

// What a connector sees: the bodies and the state vector being evaluated.
struct ConnectorContext {
  std::span<const Polygon> bodies;
  std::span<const double> vars;
  ContactTolerances tolerances;

  // World position of a body point (the point itself for the Scrim).
  Vec2 worldPoint(int body, Vec2 pBody) const;
  // Velocity of the body point at world position pWorld (zero for the Scrim).
  Vec2 pointVelocity(int body, Vec2 pWorld) const;
  // Centre of mass in world coordinates (the origin for the Scrim).
  Vec2 centerOfMass(int body) const;
  // Angle of the body (zero for the Scrim).
  double angle(int body) const;
  // vBody (a direction in body coordinates) in the world: turned by the body's angle,
  // with engine2D's sine and cosine when the tolerances ask for engine2D's arithmetic.
  Vec2 turnedBy(int body, Vec2 vBody) const;
  // A body with finite mass (not the Scrim, not fixed).
  bool movable(int body) const;
};

class Connector {
 public:
  virtual ~Connector() = default;

  virtual std::string name() const = 0;
  // "joint", "rope" or "rod".
  virtual const char* kindName() const = 0;
  virtual int body1() const = 0;
  virtual int body2() const = 0;

  // The record for the state of ctx, whether or not addCollisions would add it (a slack
  // rope's record shows its positive distance).
  virtual RigidBodyCollision collision(const ConnectorContext& ctx) const = 0;
  // Appends this connector's records (none, or one) for the state of ctx.
  virtual void addCollisions(const ConnectorContext& ctx,
                             std::vector<RigidBodyCollision>& out) const = 0;
  // Moves body2 (or body1, see each class) in sim's state so the connector is satisfied.
  virtual void align(RigidBodySim& sim, const ContactTolerances& tolerances) const = 0;
  // The current error: a joint's normal distance, a rod's or rope's length minus its
  // length (positive when stretched).
  virtual double error(const ConnectorContext& ctx) const = 0;
  // True when the two bodies must not collide with each other (joints).
  virtual bool disablesCollision() const { return false; }

  virtual std::unique_ptr<Connector> clone() const = 0;

  // Throws std::invalid_argument unless both bodies are kScrim or valid indices of
  // `bodies`, they differ, and at least one is movable.
  void checkBodies(std::span<const Polygon> bodies) const;
};

// The part of a connector record every connector shares (see the conventions above):
// kind, bodies, impact points p2 (on body2, world) and p1 (on body1, world), the normal,
// r and u vectors (u = r: connectors are followed at their attach points), the normal
// velocity n . (v(p2) - v(p1)) and the tolerances. Distance, joint flag, target gap and
// curvature are each connector's own.
RigidBodyCollision connectorRecord(const ConnectorContext& ctx, int body1, Vec2 p1, int body2,
                                   Vec2 p2, Vec2 normal);

// Moves `body` (translation only, the angle is kept) so that its body point pBody lands
// on the world point pWorld. Does nothing for the Scrim.
void alignBodyPoint(RigidBodySim& sim, int body, Vec2 pBody, Vec2 pWorld);

}  // namespace cl
