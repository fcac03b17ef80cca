#pragma once
// The gap between a feature of one body and a feature of another at one state: the
// measurement shared by contact detection, the swept collision tests and
// updateCollision. As in RigidBodyCollision, P is the primary body (its vertex or
// arc meets the other body) and N the normal body (its edge gives the normal).
//
// Features and their gaps:
//   point/edge         a point of P against an edge of N: the distance along the
//                      edge's outward normal from its line (straight) or circle
//                      (arc: |p - c| - R when convex, R - |p - c| when concave)
//   circle/straight    a convex arc of P against a straight edge of N: the height of
//                      the arc's centre above the edge's line minus the radius
//   circle/circle      a convex arc of P against an arc of N: convex/convex along the
//                      centre line, |c1 - c2| - R1 - R2; convex inside a concave cup,
//                      R2 - R1 - |c1 - c2|
//   corner/corner      a corner of P beside a corner of N: their distance apart
// A gap does not judge whether the points lie within the features (only reports it
// in `inSpan`) nor whether it is close enough to matter: the callers decide that.
#include <optional>

#include "engine/collision/detail/body_view.h"

namespace cl {

// A real corner: an end-point vertex between two different edges. Decorated
// mid-points and the seam of a complete circle (one edge on both sides) are not.
inline bool isCorner(const Vertex& v) {
  return v.endPoint && v.edge1 != v.edge2;
}

// A point against one edge, both in the edge's body coordinates.
struct EdgeHit {
  bool defined = false;  // false at an arc's centre, where no point of the circle is nearest
  bool inSpan = false;   // the foot is on the segment, or the point's angle is on the arc
  double dist = 0;       // signed distance along the outward normal (< 0: behind the edge);
                         // set at an arc's centre too
  Vec2 foot;             // nearest point of the edge's line or circle
  Vec2 normal;           // outward normal there
};
EdgeHit edgeHit(const Edge& e, Vec2 p);
// A point against a straight edge whose outward normal is `normal`. Inline: the corner
// tests of the narrow phase call it for every edge of the other body.
inline EdgeHit straightEdgeHit(const StraightEdge& s, Vec2 normal, Vec2 p) {
  EdgeHit h;
  const Vec2 d = s.end - s.start;
  const double t = dot(p - s.start, d) / d.lengthSquared();
  h.defined = true;
  h.inSpan = t >= 0.0 && t <= 1.0;
  h.normal = normal;
  h.dist = dot(p - s.start, h.normal);
  h.foot = s.start + d * t;
  return h;
}
// The same in engine2D's arithmetic (StraightEdge's projectionOntoLine, distanceToLine and
// getNormalBody): an edge within 1e-10 of vertical or horizontal projects by copying the
// point's other coordinate, any other through its slope k = dy / dx,
//   x = (p_y - y1 + p_x / k + k x1) / (1/k + k),  y = y1 + k (x - x1),
// the distance is |p - foot| signed by the side, the normal (-k, 1) / sqrt(1 + k^2) (or the
// axis) pointing out; the span is tested on the coordinate that varies. `normal` (outward)
// tells only the side. The same points as straightEdgeHit's up to rounding.
EdgeHit straightEdgeHitEngine2D(const StraightEdge& s, Vec2 normal, Vec2 p);
EdgeHit arcEdgeHit(const CircularEdge& a, Vec2 p);
// The same as edgeHit for N's edge `ne`, a straight edge's normal from N's cache when it
// has one (in engine2D's arithmetic when N asks for it).
inline EdgeHit edgeHit(const BodyView& N, EdgeRef ne, Vec2 p) {
  const Edge& e = N.edge(ne);
  if (const auto* s = std::get_if<StraightEdge>(&e))
    return N.engine2d ? straightEdgeHitEngine2D(*s, N.straightNormal(ne, *s), p)
                      : straightEdgeHit(*s, N.straightNormal(ne, *s), p);
  return arcEdgeHit(std::get<CircularEdge>(e), p);
}

// Outward unit normal of an edge at one of its points (body coordinates).
Vec2 normalAt(const Edge& e, Vec2 p);
// The same for N's edge `ne`, from N's cache when it has one.
Vec2 normalAt(const BodyView& N, EdgeRef ne, Vec2 p);

// Depth of the segment an arc's chord cuts off the disc: how deep an edge/edge overlap
// may be before its distance stops meaning anything (2R for a complete circle).
double chordDepth(const CircularEdge& a);

// The signed radius a record keeps for an arc: negative when concave.
double signedRadius(const CircularEdge& a);

// The measured gap, in world coordinates.
struct FeatureGap {
  Vec2 impact1;     // the point of P's feature
  Vec2 impact2;     // the point of N's feature facing it
  Vec2 normal;      // unit, out of N
  double distance;  // normal . (impact1 - impact2); < 0 when the features overlap
  bool inSpan;      // both points lie within their features
};

// P's point pw (world) against N's edge; none at the centre of an arc.
std::optional<FeatureGap> pointEdgeGap(Vec2 pw, const BodyView& N, EdgeRef ne);
// The same from the hit of that edge by pw taken to N's body coordinates (h.defined).
FeatureGap pointEdgeGap(Vec2 pw, const BodyView& N, const EdgeHit& h);

// P's arc against N's edge: circle/straight or circle/circle as above. None when the
// pair has no such gap: P's edge straight, P's arc concave against a straight edge,
// concentric arcs, both concave, or a convex arc no smaller than the cup around it.
std::optional<FeatureGap> edgeEdgeGap(const BodyView& P, EdgeRef pe, const BodyView& N, EdgeRef ne);

// P's corner pv against N's corner nv (vertex indices); none when they coincide.
std::optional<FeatureGap> cornerGap(const BodyView& P, int pv, const BodyView& N, int nv);

// The features a record is made of (indices as in RigidBodyCollision; -1 or invalid
// when not applicable).
struct RecordFeatures {
  int vertex = -1;
  int normalVertex = -1;
  EdgeRef primaryEdge;
  EdgeRef normalEdge;

  static RecordFeatures vertexEdge(int vertex, EdgeRef normalEdge) {
    return {vertex, -1, {}, normalEdge};
  }
  static RecordFeatures edgeEdge(EdgeRef primaryEdge, EdgeRef normalEdge) {
    return {-1, -1, primaryEdge, normalEdge};
  }
  static RecordFeatures vertexVertex(int vertex, int normalVertex) {
    return {vertex, normalVertex, {}, {}};
  }
};

// A new record of P's features against N's: kind, bodies, features, whether the
// vertex is decorated, the curvature facts (ballObject/radius1 when P's edge is an
// arc, ballNormal/radius2 when N's edge is), the tolerances and the gap (applyGap).
RigidBodyCollision makeRecord(CollisionKind kind, const RecordFeatures& f, const FeatureGap& g,
                              const BodyView& P, const BodyView& N, const ContactTolerances& tol);

// Writes a gap into a record whose bodies, features and curvature are set: impact
// points, normal, distance, the r and u vectors and the normal velocity at P's and N's
// states.
void applyGap(RigidBodyCollision& rc, const FeatureGap& g, const BodyView& P, const BodyView& N);

}  // namespace cl
