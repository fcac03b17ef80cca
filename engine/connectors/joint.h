#pragma once
// Joint: keeps a point on body1 and a point on body2 together along one direction, the
// joint's normal (engine2D's Joint). Either body may be the Scrim, whose points are world
// points. One joint alone is a sliding track: the attach points may drift apart at right
// angles to the normal. Two joints at the same points with perpendicular normals
// (makeDoubleJoint) pin the points together.
//
// The normal is given either in WORLD coordinates (fixed) or in BODY coordinates of
// body2, in which case it turns with body2, as engine2D's Joint does. body2 is the
// record's normal body, whose rotation is what ContactSim's b vector accounts for:
// n' = omega2 x n.
//
// The record (engine2D's): primary = body1, normal body = body2, joint = true,
// targetGap 0, impact1 = p1 (body1's attach point), impact2 = p2, normal n in world
// coordinates, distance = n . (p1 - p2) (ideally 0, either sign), normal velocity
// n . (v(p1) - v(p2)), normalFixed for a WORLD normal (or a body2 that cannot turn). Joint
// records are bilateral: they are never contacts to break, never penetrations, and never
// make the simulation back up.
//
// align(): moves body2 so its attach point lands on body1's (the angle is kept); when
// body2 cannot move, body1 is moved instead.
#include <array>

#include "engine/connectors/connector.h"

namespace cl {

enum class CoordType { WORLD, BODY };

struct JointParams {
  int body1 = kScrim;
  Vec2 attach1;  // body coordinates of body1 (world coordinates for the Scrim)
  int body2 = 0;
  Vec2 attach2;  // body coordinates of body2 (world coordinates for the Scrim)
  CoordType normalType = CoordType::WORLD;
  Vec2 normal{0, 1};  // unit (normalised on construction); world or body2 coordinates
  std::string name = "joint";
};

class Joint : public Connector {
 public:
  // Throws std::invalid_argument for a zero or non-finite normal.
  explicit Joint(JointParams p);

  std::string name() const override { return mP.name; }
  const char* kindName() const override { return "joint"; }
  int body1() const override { return mP.body1; }
  int body2() const override { return mP.body2; }
  const JointParams& params() const { return mP; }

  void addCollisions(const ConnectorContext& ctx,
                     std::vector<RigidBodyCollision>& out) const override;
  void align(RigidBodySim& sim, const ContactTolerances& tolerances) const override;
  // The normal distance n . (p1 - p2).
  double error(const ConnectorContext& ctx) const override;
  bool disablesCollision() const override { return true; }
  std::unique_ptr<Connector> clone() const override { return std::make_unique<Joint>(*this); }

  // The record for the state of ctx.
  RigidBodyCollision collision(const ConnectorContext& ctx) const override;
  // The normal in world coordinates.
  Vec2 normalWorld(const ConnectorContext& ctx) const;

 private:
  JointParams mP;
};

// Two joints between the same points, the first with normal `normal` and the second
// with it turned a quarter counter-clockwise (clockwise with engine2dTurn, as engine2D's
// JointUtil.attachRigidBody pairs NORTH with EAST; both in `normalType` coordinates);
// their names are name + "_1" and name + "_2".
std::array<std::unique_ptr<Joint>, 2> makeDoubleJoint(
    int body1, Vec2 attach1, int body2, Vec2 attach2, CoordType normalType = CoordType::WORLD,
    Vec2 normal = {0, 1}, const std::string& name = "joint", bool engine2dTurn = false);

}  // namespace cl
