#pragma once
// Rope and Rod: keep a point on body1 and a point on body2 (either may be the Scrim)
// at most (Rope) or exactly (Rod) `length` apart (engine2D's Rope, flexible or rod).
//
// Record (see connector.h): primary = body2, normal body = body1, impact1 = p2 (body2's
// attach point), impact2 = p1, with L = |p1 - p2|:
//   normal   n = (p1 - p2) / L, from body2's point towards body1's, so the force +f n
//            on body2 pulls the bodies together (tension is a positive force);
//   distance = length - L (positive when slack, negative when over-stretched);
//   normal velocity = n . (v(p2) - v(p1)) = d(distance)/dt.
// As in engine2D, the record is shaped for the curved-edge terms of the b vector: the
// primary is an arc of radius 0 at p2 (ballObject, radius1 = 0) and the normal body a
// concave arc (ballNormal, radius2 = -length for a rod, -L for a rope) centred on p1,
// so u1 = r1 and u2 = r2 and b gets the centripetal term -|v(p2) - v(p1)|^2 / radius.
//
// Rod: always one bilateral record (joint = true, targetGap 0).
// Rope: unilateral (joint = false, targetGap = distanceTol / 2 like a contact). While
//   slack (distance >= distanceTol) it makes no record; when taut (distance below the
//   distance tolerance) it makes one, which ContactSim always hands to the solver, so
//   the rope can pull but never push. Over-stretched (distance < 0) the record is a
//   penetration-type record (isPenetrating() is true), but ContactSim does NOT stop on it
//   nor list it in lastPenetrations(): it is solved as an ordinary contact.
//
// align(): a rod moves body2 so its attach point is exactly `length` from body1's along
// their current direction (straight down when the points nearly coincide); a rope does
// the same to length - distanceTol / 2 only when it is longer than that. When body2
// cannot move, body1 is moved instead.
#include "engine/connectors/connector.h"

namespace cl {

struct RopeParams {
  int body1 = kScrim;
  Vec2 attach1;  // body coordinates of body1 (world coordinates for the Scrim)
  int body2 = 0;
  Vec2 attach2;  // body coordinates of body2 (world coordinates for the Scrim)
  double length = 1.0;
  std::string name = "rope";
};

class LengthConnector : public Connector {
 public:
  std::string name() const override { return mP.name; }
  int body1() const override { return mP.body1; }
  int body2() const override { return mP.body2; }
  const RopeParams& params() const { return mP; }
  double length() const { return mP.length; }
  bool isRod() const { return mRod; }

  void addCollisions(const ConnectorContext& ctx,
                     std::vector<RigidBodyCollision>& out) const override;
  void align(RigidBodySim& sim, const ContactTolerances& tolerances) const override;
  // Current length minus length (positive when stretched).
  double error(const ConnectorContext& ctx) const override;

  // Distance between the attach points for the state of ctx.
  double currentLength(const ConnectorContext& ctx) const;
  // The record for the state of ctx, whether or not addCollisions would add it.
  RigidBodyCollision collision(const ConnectorContext& ctx) const override;
  // A rod always; a rope when distance < distanceTol.
  bool isTight(const ConnectorContext& ctx) const;

 protected:
  // Throws std::invalid_argument unless length > 0 and finite.
  LengthConnector(RopeParams p, bool rod);

 private:
  RopeParams mP;
  bool mRod;
};

class Rope : public LengthConnector {
 public:
  explicit Rope(RopeParams p) : LengthConnector(std::move(p), false) {}
  const char* kindName() const override { return "rope"; }
  std::unique_ptr<Connector> clone() const override { return std::make_unique<Rope>(*this); }
};

class Rod : public LengthConnector {
 public:
  explicit Rod(RopeParams p) : LengthConnector(std::move(p), true) {}
  const char* kindName() const override { return "rod"; }
  std::unique_ptr<Connector> clone() const override { return std::make_unique<Rod>(*this); }
};

}  // namespace cl
