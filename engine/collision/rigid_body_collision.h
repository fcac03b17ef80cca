#pragma once
// RigidBodyCollision: one point where two bodies touch, are about to touch or overlap,
// as found by contact detection (and later by collision detection and connectors).
//
// Naming follows engine2D: the *primary* body is the one whose vertex (or edge)
// meets the other body; the *normal* body is the one whose edge gives the normal.
// The normal points OUT of the normal body, towards the primary body, so
//   distance = normal . (impact1 - impact2)
// is positive when the bodies are apart and negative when they overlap, and the
// normal velocity normal . (v1 - v2) is negative when they approach.
// One exception: a collision found by the swept vertex test (a vertex whose path over
// the step crossed an edge) has both impact points where the path crossed the edge,
// and the distance of the vertex's current position from the edge; updateCollision
// (collision_update.h) re-measures it and restores the rule.
//
// Curved edges: the b vector of ContactSim needs how fast the normal turns. For a
// normal given by a circular edge the normal is (centre-to-point direction), so its
// rate of change is (relative velocity of the two circle centres, or of the vertex
// and the centre) / (radius1 + radius2) with signed radii (negative = concave arc);
// for a straight normal edge it is omega2 x normal, plus -radius1 omega2^2 when the
// primary is a circle. The record therefore keeps ballObject/radius1 (primary edge
// is a circular arc), ballNormal/radius2 (normal edge is a circular arc) and u1/u2
// (the vectors from each body's CM to the centre of its arc, or r1/r2 when straight).
#include <cmath>
#include <limits>
#include <optional>

#include "engine/body/scrim.h"
#include "engine/math/vec2.h"

namespace cl {

// Tolerances of contact detection (engine2D's distanceTol and velocityTol).
struct ContactTolerances {
  double distanceTol = 0.01;  // bodies closer than this are touching
  double velocityTol = 0.5;   // |normal velocity| below this is "not colliding"
  // A point's foot, distance and normal against a straight edge in engine2D's arithmetic
  // (straightEdgeHitEngine2D, feature_gap.h): set with compute_forces_engine2d.
  bool engine2dArithmetic = false;
};

// What made the record.
enum class CollisionKind {
  kVertexEdge,    // a vertex of the primary body against an edge of the normal body (an
                  // end point, or a decorated mid-point in the swept tests)
  kEdgeEdge,      // a circular edge against a straight or circular edge
  kVertexVertex,  // two corners with neither inside the other's edge span
  kConnector,     // made by a joint, rope or rod (not by contact detection)
};

const char* collisionKindName(CollisionKind k);

// An edge of a body, in the body's own indices (Polygon::paths()[path].edges[edge]).
struct EdgeRef {
  int path = -1;
  int edge = -1;
  bool valid() const { return path >= 0 && edge >= 0; }
  bool operator==(const EdgeRef&) const = default;
};

struct RigidBodyCollision {
  inline static constexpr double kNotCurved = std::numeric_limits<double>::infinity();

  CollisionKind kind = CollisionKind::kVertexEdge;
  int primaryBody = kScrim;  // body index, or kScrim (connectors only)
  int normalBody = kScrim;   // body index, or kScrim (connectors only)

  // World coordinates. impact1 is on the primary body; impact2, when set, is the
  // matching point on the normal body (edge/edge, vertex/edge and vertex/vertex all
  // set it; connectors may leave it unset, and then impact1 stands for both).
  Vec2 impact1;
  std::optional<Vec2> impact2;
  Vec2 normal{0, 1};  // unit, world, out of the normal body
  Vec2 r1;            // impact1 - CM of the primary body (world)
  Vec2 r2;            // impact2 (or impact1) - CM of the normal body (world; origin for the Scrim)
  Vec2 u1;            // primary arc's centre - CM of the primary body when ballObject, else r1
  Vec2 u2;            // normal arc's centre - CM of the normal body when ballNormal, else r2

  double distance = std::numeric_limits<double>::quiet_NaN();        // < 0: penetration
  double normalVelocity = std::numeric_limits<double>::quiet_NaN();  // < 0: approaching
  double distanceTol = 0.01;
  double velocityTol = 0.5;
  double targetGap = 0.005;  // distanceTol / 2, or 0 for a joint
  bool joint = false;        // bilateral: a = 0, force of either sign

  // Which features made it (body-local indices, -1 when not applicable).
  int vertex = -1;        // index into primary Polygon::vertices() (vertex/edge, vertex/vertex)
  int normalVertex = -1;  // index into normal Polygon::vertices() (vertex/vertex only)
  EdgeRef primaryEdge;    // the primary's edge (edge/edge only)
  EdgeRef normalEdge;     // the normal body's edge (vertex/edge, edge/edge)
  // The vertex is no corner: a decorated mid-point of a curved edge, or the seam of a
  // complete circle. Such a collision gives way to an edge/edge collision between the
  // same two edges (see contact_detection.h).
  bool decoratedVertex = false;
  // For a connector record: the index of the connector in ContactSim::connectors() that
  // made it (set by ContactSim), so it can be re-measured at another state; else -1.
  int connector = -1;

  // Curvature facts for the b vector (see the header comment).
  bool ballObject = false;      // the primary's contact feature is a circular arc
  double radius1 = kNotCurved;  // its radius, negative when concave
  bool ballNormal = false;      // the normal comes from a circular arc
  double radius2 = kNotCurved;  // its radius, negative when concave
  bool normalFixed = false;     // the normal is fixed in the world (connectors): n' = 0

  // Filled in by ContactSim / the collision handler, for display.
  double force = 0.0;
  double frictionForce = 0.0;  // along the tangent (normal turned +90 degrees)
  // Friction treated the contact as sliding: its friction is mu f_N against the slip
  // (Baraff 94 section 6), not a static force within the cone.
  bool sliding = false;
  double impulse = 0.0;
  double frictionImpulse = 0.0;  // along the tangent, at a collision with friction

  // Takes the tolerances of the search that made the record; the target gap is half
  // the distance tolerance (0 for a joint, which holds its bodies together).
  void setTolerances(const ContactTolerances& tol) {
    distanceTol = tol.distanceTol;
    velocityTol = tol.velocityTol;
    targetGap = joint ? 0.0 : tol.distanceTol / 2.0;
  }

  // Contact: close (0 < distance < distanceTol) and slow (|normal velocity| < velocityTol).
  // A joint is always a contact.
  bool contact() const {
    return joint ||
           (distance > 0 && distance < distanceTol && std::abs(normalVelocity) < velocityTol);
  }
  bool isPenetrating() const { return !joint && distance < 0; }
  // Penetrating, or approaching fast and closer than the half gap.
  bool isColliding() const {
    return !joint && (distance < 0 || (normalVelocity < -velocityTol && distance < targetGap));
  }
  bool isTouching() const { return joint || distance < distanceTol; }
  double distanceToHalfGap() const { return distance - targetGap; }
  bool bilateral() const { return joint; }
};

// Two records of the same features between the same bodies, or of the same connector: the
// same contact found again (after a back-up, or at another iterate of a time step).
bool sameFeatures(const RigidBodyCollision& a, const RigidBodyCollision& b);

}  // namespace cl
