#pragma once
// The swept vertex/edge collision test (engine2D's UtilityCollision.testCollisionVertex):
// a vertex of body P is followed over the last step, seen from the edges of body N.
//
// The vertex's world position at the previous state is taken into N's body
// coordinates with N's previous pose, and its current world position with N's current
// pose; in N's body coordinates the vertex then moved along the straight segment
// old -> new (the straight-line assumption holds well enough over one short step). The
// first place where that segment enters N across one of its edges is the collision:
//   impact    the crossing, taken to the world with N's current pose (both impact
//             points of the record are there)
//   normal    the edge's outward normal at the crossing
//   distance  the signed distance of the vertex's current position from the crossed
//             edge's line or circle: negative once it has passed the edge, and still
//             negative when it has gone through a thin body and out the other side
//             (past a convex arc's circle and out again: the depth past the arc's
//             tangent at the crossing).
// So a fast or small body is caught even when neither end of the step shows an
// overlap, and the edge is the one the vertex went through rather than the one it is
// nearest now (which may be on the far side of N).
// With engine2D's arithmetic (BodyView::engine2d, the compute_forces_engine2d option) the
// test is engine2D's own: any crossing counts, the one nearest the path's start wins, and
// straight edges are crossed and measured in engine2D's arithmetic (swept_vertex.cpp).
#include <algorithm>
#include <optional>

#include "engine/collision/detail/body_view.h"

namespace cl {

// Points this close to an edge count as on it when intersecting (rounding of the
// exact intersection must not lose a crossing at a segment's end or on an arc).
inline constexpr double kPathOnEdge = 1e-9;

// Whether the path from -> to (a body's coordinates, `b` its body bounds) may enter the
// body: it moved relative to the body and its box meets the body's. When not, firstEntry
// finds nothing; inline, so the narrow phase rules out most vertices without a call.
inline bool pathMayEnter(const Bounds& b, Vec2 from, Vec2 to) {
  constexpr double e = kPathOnEdge;
  if ((to - from).lengthSquared() < e * e) return false;  // did not move relative to it
  return !(std::max(from.x, to.x) < b.left - e || std::min(from.x, to.x) > b.right + e ||
           std::max(from.y, to.y) < b.bottom - e || std::min(from.y, to.y) > b.top + e);
}

// Where a path enters a body: the edge, the point (body coordinates) and the fraction
// of the path travelled.
struct PathEntry {
  EdgeRef edge;
  Vec2 point;
  double along = 0;  // in [0, 1]: 0 at the path's start
};

// The first point where the segment from -> to (in `body`'s coordinates) crosses one of
// the body's edges from outside to inside (against the edge's outward normal).
std::optional<PathEntry> firstEntry(const Polygon& body, Vec2 from, Vec2 to);
// The same for the body of view N (any state: only its shape and caches are used).
std::optional<PathEntry> firstEntry(const BodyView& N, Vec2 from, Vec2 to);

// The swept collision of P's vertex `vi` with N over the step from (Pold, Nold) to
// (P, N), or none when its path does not enter N. Vertices of every kind are tested
// (corners, decorated mid-points, the seam of a circle); the record says which in
// decoratedVertex.
std::optional<RigidBodyCollision> sweptVertexCollision(const BodyView& P, const BodyView& Pold,
                                                       int vi, const BodyView& N,
                                                       const BodyView& Nold,
                                                       const ContactTolerances& tol);
// The same from the ends of the vertex's path in N's body coordinates, for a caller
// that has them: from = Nold.toBody(Pold.vertexWorld(vi)), to = N.toBody(P.vertexWorld(vi)).
std::optional<RigidBodyCollision> sweptVertexCollision(const BodyView& P, int vi, const BodyView& N,
                                                       Vec2 from, Vec2 to,
                                                       const ContactTolerances& tol);

}  // namespace cl
