#pragma once
// Narrow phase of contact detection: the RigidBodyCollision records between pairs of
// bodies at one state, in engine2D's manner.
//
// Cases (each body seen from both sides: A's vertices against B's edges and B's
// vertices against A's edges):
//   vertex/straight edge   an end-point vertex within the edge's span, outside the body;
//                          distance along the edge's outward normal
//   vertex/circular edge   the vertex's angle about the centre within the arc; convex arc:
//                          distance |p - c| - R, normal out of the circle; concave arc
//                          (clockwise, material outside the circle): R - |p - c|, normal
//                          towards the centre
//   vertex/vertex          a corner near a corner of the other body with no edge of that
//                          body spanning it; normal along the line between the corners
//   circle/straight        a convex arc against a straight edge (the straight edge gives
//                          the normal); the arc's point nearest the line must be on the
//                          arc and the centre's foot on the segment
//   circle/circle          convex/convex (normal along the centre line, out of the
//                          normal arc) and convex inside concave (the concave arc gives
//                          the normal, pointing towards its centre)
// Decorated (mid-point) vertices are ignored, and so is the seam vertex of a complete
// circle (it is no corner). A vertex inside the other body is a penetration against
// that body's nearest spanning edge; an edge/edge overlap deeper than the arcs' chord
// depth is ignored, as in engine2D. (A vertex inside the other body where no edge of
// that body spans it, possible only near a reflex corner, gives no record: the
// swept tests of the collisions issue are meant to catch such cases.)
//
// Records between the same two bodies that share an edge, lie within a small distance
// of each other and have (anti)parallel normals describe the same gap: only the one of
// smallest distance is kept. So an edge/edge contact replaces the end-point vertex/edge
// contact at the same place (and vice versa when the vertex is closer), and two blocks
// of equal width stacked flush give one contact per corner, not two.
#include <span>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/collision/rigid_body_collision.h"

namespace cl {

class RigidBodySim;

// Every record closer than tol.distanceTol between bodies a and b (indices ia, ib),
// whatever the normal velocity, appended to `out`. Includes penetrations.
void findPairCollisions(const Polygon& a, const BodyState& sa, int ia, const Polygon& b,
                        const BodyState& sb, int ib, const ContactTolerances& tol,
                        std::vector<RigidBodyCollision>& out);

// The same over every pair the broad phase passes (bounds grown by distanceTol).
// `oldVars` is the state at the previous step, for the swept tests the collisions
// issue adds; contact detection looks at `vars` only and ignores it.
std::vector<RigidBodyCollision> findCloseCollisions(const RigidBodySim& sim,
                                                    std::span<const double> vars,
                                                    const ContactTolerances& tol,
                                                    std::span<const double> oldVars = {});

struct ContactSearch {
  std::vector<RigidBodyCollision> contacts;      // close and slow (RigidBodyCollision::contact)
  std::vector<RigidBodyCollision> penetrations;  // distance < 0: evaluate must report these
  std::vector<RigidBodyCollision> others;        // close, not penetrating, |vn| too large (or
                                                 // distance exactly 0)
  bool hasPenetration() const { return !penetrations.empty(); }
};

// findCloseCollisions sorted into contacts, penetrations and the rest.
ContactSearch findContacts(const RigidBodySim& sim, std::span<const double> vars,
                           const ContactTolerances& tol, std::span<const double> oldVars = {});

}  // namespace cl
