#pragma once
// DrawData: what a view draws of a simulation at one instant, made by the engine so that
// any front end draws the same thing (as Box2D's debug draw and MuJoCo's scene update do):
// the bodies' states, the contacts with their forces, the connectors with theirs, springs,
// thrusters that fire, and the force a view draws at its reference length.
#include <string>
#include <vector>

#include "engine/body/body_state.h"
#include "engine/body/scrim.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/math/named_enum.h"
#include "engine/math/vec2.h"

namespace cl {

// What a contact is doing, as a view colours it: separating (no normal force: the bodies
// only touch, or part), resting (normal force, no friction at the pair), sticking
// (friction holds the contact within its cone) or sliding (its friction is mu f_N against
// the slip). Sticking and sliding are the friction solve's own decision
// (RigidBodyCollision::sliding), made at the state it solved, which need not be the state
// drawn: the slip shown beside it is the drawn state's.
enum class ContactMode { kSeparating, kResting, kSticking, kSliding };
inline constexpr NamedValue<ContactMode> kContactModeNames[] = {
    {ContactMode::kSeparating, "separating"},
    {ContactMode::kResting, "resting"},
    {ContactMode::kSticking, "sticking"},
    {ContactMode::kSliding, "sliding"}};
constexpr std::span<const NamedValue<ContactMode>> namesOf(ContactMode) {
  return kContactModeNames;
}

// One contact of the latest evaluate (not a connector's record), world coordinates.
// The force acts as +force * normal on the primary body at `point` and as
// -force * normal on the normal body at `otherPoint`.
struct ContactMark {
  Vec2 point;         // impact1, on the primary body
  Vec2 otherPoint;    // impact2, on the normal body (point when the record has none)
  Vec2 normal{0, 1};  // unit, out of the normal body towards the primary
  double force = 0.0;
  // The friction force along the tangent (normal turned +90 degrees), at the same points.
  double frictionForce = 0.0;
  int primaryBody = kScrim;
  int normalBody = kScrim;
  double slip = 0.0;  // tangential slip t . (v(point) - v(otherPoint)) at the state drawn
  ContactMode mode = ContactMode::kSeparating;
};

enum class ConnectorMarkKind { kJoint, kRod, kRope };

// A joint, rod or rope as it is now, world coordinates. The two joints of a
// double joint (same bodies, same attach points) make one mark with joints = 2.
struct ConnectorMark {
  ConnectorMarkKind kind = ConnectorMarkKind::kJoint;
  std::string name;
  int body1 = kScrim;
  int body2 = kScrim;
  Vec2 point1;          // attach point on body1 (on the Scrim: the world point itself)
  Vec2 point2;          // attach point on body2
  double length = 0.0;  // rods and ropes
  bool taut = true;     // a rope within the distance tolerance of its length; others always
  int joints = 1;       // joints only: 2 for a double joint (a pin)
  // Force on body2 from this connector's records in the latest evaluate, the sum
  // of f n over them (zero when it made none, e.g. a slack rope).
  Vec2 force;
};

// A spring between two world points.
struct SpringMark {
  Vec2 point1;  // end on body1
  Vec2 point2;  // end on body2 (a world point on the Scrim)
  double restLength = 0.0;
  bool compressOnly = false;
};

// A thruster that is firing: it pushes its body with `thrust` at `location`.
struct ThrusterMark {
  int body = 0;
  Vec2 location;  // world
  Vec2 thrust;    // world force vector
};

struct DrawData {
  double time = 0.0;
  long long steps = 0;
  std::vector<BodyState> states;  // one per body, in the simulation's order
  EnergyInfo energy;              // at `time`

  // What acts between the bodies. Contacts and connector forces come from the
  // simulation's latest evaluate (with Runge-Kutta the last stage of the step); positions
  // of connectors, springs and thrusters are those of `states`.
  std::vector<ContactMark> contacts;
  std::vector<ConnectorMark> connectors;
  std::vector<SpringMark> springs;
  std::vector<ThrusterMark> thrusters;
  // Weight m g of the heaviest movable body under the scene's uniform gravity
  // (g = 9.8 when it has none): the force a view draws at its reference length.
  double referenceForce = 0.0;
};

// The draw data of `sim` as it is now, `steps` steps into its run.
DrawData drawDataOf(const RigidBodySim& sim, long long steps);

}  // namespace cl
