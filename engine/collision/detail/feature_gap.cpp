#include "engine/collision/detail/feature_gap.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "engine/geometry/detail/edge_intersection.h"
#include "engine/math/engine2d_length.h"

namespace cl {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
// Below this length a direction (centre to point, centre to centre) is undefined.
constexpr double kTiny = 1e-12;

double angleOf(Vec2 v) {
  return std::atan2(v.y, v.x);
}

// A convex arc of P against a straight edge of N, which gives the normal. The arc's
// nearest point to the line lies along -normal from its centre.
std::optional<FeatureGap> circleStraightGap(const BodyView& P, const CircularEdge& arc,
                                            const BodyView& N, EdgeRef ne,
                                            const StraightEdge& seg) {
  if (!arc.convex()) return std::nullopt;  // a concave arc meets a line only at its ends
  const double r = arc.radius();
  const Vec2 cw = P.toWorld(arc.center);
  const Vec2 cb = N.toBody(cw);
  if (N.engine2d) {
    // engine2D's CircleStraight: the circle's point nearest the line, pb = cb - r n (its
    // pointOffset), measured by distanceToLine; the point on the edge is the centre's
    // projection onto the line (projectionOntoLine), in span as distanceToPoint(pb) decides.
    const EdgeHit atCentre = straightEdgeHitEngine2D(seg, N.straightNormal(ne, seg), cb);
    const Vec2 n = atCentre.normal;
    const Vec2 pb{cb.x + -r * n.x, cb.y + -r * n.y};
    const EdgeHit atPoint = straightEdgeHitEngine2D(seg, N.straightNormal(ne, seg), pb);
    const Vec2 nw = N.dirToWorld(n);
    const bool onArc = angleOnArc(arc, angleOf(P.dirToBody(-nw)));
    return FeatureGap{N.toWorld(pb), N.toWorld(atCentre.foot), nw, atPoint.dist,
                      atPoint.inSpan && onArc};
  }
  const Vec2 d = seg.end - seg.start;
  const double t = dot(cb - seg.start, d) / d.lengthSquared();
  const Vec2 nb = N.straightNormal(ne, seg);
  const Vec2 nw = N.dirToWorld(nb);
  const bool onArc = angleOnArc(arc, angleOf(P.dirToBody(-nw)));
  return FeatureGap{cw - nw * r, N.toWorld(seg.start + d * t), nw, dot(cb - seg.start, nb) - r,
                    t >= 0.0 && t <= 1.0 && onArc};
}

// A convex arc a1 of P against an arc a2 of N.
std::optional<FeatureGap> circleCircleGap(const BodyView& P, const CircularEdge& a1,
                                          const BodyView& N, const CircularEdge& a2) {
  if (!a1.convex()) return std::nullopt;  // the caller puts the convex arc first
  const double r1 = a1.radius(), r2 = a2.radius();
  const Vec2 c1 = P.toWorld(a1.center), c2 = N.toWorld(a2.center);
  const Vec2 delta = c1 - c2;
  const double len = delta.length();
  if (len < kTiny) return std::nullopt;  // concentric: no single nearest point
  const Vec2 u = delta / len;            // from N's centre towards P's
  double dist;
  Vec2 normal, on1, on2;  // on1, on2: directions from each centre to its contact point
  if (a2.convex()) {
    dist = len - r1 - r2;
    normal = u, on1 = -u, on2 = u;
  } else {
    if (r2 <= r1) return std::nullopt;  // P's circle cannot fit inside the cup
    dist = r2 - r1 - len;
    normal = -u, on1 = u, on2 = u;
  }
  const bool onArcs =
      angleOnArc(a1, angleOf(P.dirToBody(on1))) && angleOnArc(a2, angleOf(N.dirToBody(on2)));
  return FeatureGap{c1 + on1 * r1, c2 + on2 * r2, normal, dist, onArcs};
}

Vec2 arcNormal(const CircularEdge& a, Vec2 p) {
  const Vec2 u = (p - a.center).normalized();
  return a.convex() ? u : -u;
}

}  // namespace

EdgeHit edgeHit(const Edge& e, Vec2 p) {
  if (const auto* s = std::get_if<StraightEdge>(&e))
    return straightEdgeHit(*s, s->outwardNormal(), p);
  return arcEdgeHit(std::get<CircularEdge>(e), p);
}

EdgeHit straightEdgeHitEngine2D(const StraightEdge& s, Vec2 normal, Vec2 p) {
  constexpr double kAxis = 1e-10;  // engine2D's TINY_POSITIVE
  const double x1 = s.start.x, y1 = s.start.y, x2 = s.end.x, y2 = s.end.y;
  EdgeHit h;
  h.defined = true;
  const auto within = [](double v, double a, double b) {
    return a < b ? !(v < a || v > b) : !(v < b || v > a);
  };
  if (std::abs(x2 - x1) < kAxis) {  // vertical: outside is up when the normal points right
    const bool up = normal.x > 0;
    h.foot = {x1, p.y};
    h.dist = up ? p.x - x1 : x1 - p.x;
    h.normal = {up ? 1.0 : -1.0, 0.0};
    h.inSpan = within(p.y, y1, y2);
    return h;
  }
  if (std::abs(y2 - y1) < kAxis) {  // horizontal: outside is up when the normal points up
    const bool up = normal.y > 0;
    h.foot = {p.x, y1};
    h.dist = up ? p.y - y1 : y1 - p.y;
    h.normal = {0.0, up ? 1.0 : -1.0};
    h.inSpan = within(p.x, x1, x2);
    return h;
  }
  const bool up = normal.y > 0;
  const double k = (y2 - y1) / (x2 - x1);
  const double qx = (-y1 + p.y + p.x / k + k * x1) / (1 / k + k);
  const double qy = y1 + k * (qx - x1);
  const double dx = p.x - qx, dy = p.y - qy;
  double d = std::sqrt(dx * dx + dy * dy);
  if (p.y < qy) d = -d;
  h.foot = {qx, qy};
  h.dist = up ? d : -d;
  const double len = std::sqrt(1 + k * k);
  h.normal = up ? Vec2{-k / len, 1 / len} : Vec2{k / len, -1 / len};
  h.inSpan = within(qx, x1, x2);
  return h;
}

EdgeHit arcEdgeHit(const CircularEdge& a, Vec2 p) {
  EdgeHit h;
  const Vec2 v = p - a.center;
  const double len = v.length(), r = a.radius();
  h.dist = a.convex() ? len - r : r - len;
  if (len < kTiny) return h;  // at the centre: no nearest point
  const Vec2 u = v / len;
  h.defined = true;
  h.inSpan = angleOnArc(a, angleOf(u));
  h.foot = a.center + u * r;
  h.normal = a.convex() ? u : -u;
  return h;
}

Vec2 normalAt(const Edge& e, Vec2 p) {
  if (const auto* s = std::get_if<StraightEdge>(&e)) return s->outwardNormal();
  return arcNormal(std::get<CircularEdge>(e), p);
}

Vec2 normalAt(const BodyView& N, EdgeRef ne, Vec2 p) {
  const Edge& e = N.edge(ne);
  if (const auto* s = std::get_if<StraightEdge>(&e)) return N.straightNormal(ne, *s);
  return arcNormal(std::get<CircularEdge>(e), p);
}

double chordDepth(const CircularEdge& a) {
  const double sweep = std::min(std::abs(a.sweep()), kTwoPi);
  return a.radius() * (1.0 - std::cos(sweep / 2.0));
}

double signedRadius(const CircularEdge& a) {
  return a.convex() ? a.radius() : -a.radius();
}

std::optional<FeatureGap> pointEdgeGap(Vec2 pw, const BodyView& N, EdgeRef ne) {
  const EdgeHit h = edgeHit(N, ne, N.toBody(pw));
  if (!h.defined) return std::nullopt;
  return pointEdgeGap(pw, N, h);
}

FeatureGap pointEdgeGap(Vec2 pw, const BodyView& N, const EdgeHit& h) {
  return FeatureGap{pw, N.toWorld(h.foot), N.dirToWorld(h.normal), h.dist, h.inSpan};
}

std::optional<FeatureGap> edgeEdgeGap(const BodyView& P, EdgeRef pe, const BodyView& N,
                                      EdgeRef ne) {
  const auto* arc = std::get_if<CircularEdge>(&P.edge(pe));
  if (!arc) return std::nullopt;
  if (const auto* seg = std::get_if<StraightEdge>(&N.edge(ne)))
    return circleStraightGap(P, *arc, N, ne, *seg);
  return circleCircleGap(P, *arc, N, std::get<CircularEdge>(N.edge(ne)));
}

std::optional<FeatureGap> cornerGap(const BodyView& P, int pv, const BodyView& N, int nv) {
  if (N.engine2d) {
    // engine2D (StraightEdge.checkVertexVertex, CornerCornerCollision): measured in N's
    // body coordinates, from N's corner to P's.
    const Vec2 pb = N.toBody(P.vertexWorld(pv)), corner = N.vertex(nv).location;
    const double d = lengthEngine2D(corner - pb);
    if (d < kTiny) return std::nullopt;
    return FeatureGap{P.vertexWorld(pv), N.toWorld(corner), N.dirToWorld((pb - corner) / d), d,
                      true};
  }
  const Vec2 p = P.vertexWorld(pv), q = N.vertexWorld(nv);
  const double d = distance(p, q);
  if (d < kTiny) return std::nullopt;  // coincident: no direction between them
  return FeatureGap{p, q, (p - q) / d, d, true};
}

RigidBodyCollision makeRecord(CollisionKind kind, const RecordFeatures& f, const FeatureGap& g,
                              const BodyView& P, const BodyView& N, const ContactTolerances& tol) {
  RigidBodyCollision rc;
  rc.kind = kind;
  rc.primaryBody = P.index;
  rc.normalBody = N.index;
  rc.vertex = f.vertex;
  rc.normalVertex = f.normalVertex;
  rc.primaryEdge = f.primaryEdge;
  rc.normalEdge = f.normalEdge;
  rc.decoratedVertex = f.vertex >= 0 && !isCorner(P.vertex(f.vertex));
  auto arcOf = [](const BodyView& b, EdgeRef e) -> const CircularEdge* {
    return e.valid() ? std::get_if<CircularEdge>(&b.edge(e)) : nullptr;
  };
  if (const CircularEdge* a1 = arcOf(P, f.primaryEdge)) {
    rc.ballObject = true;
    rc.radius1 = signedRadius(*a1);
  }
  if (const CircularEdge* a2 = arcOf(N, f.normalEdge)) {
    rc.ballNormal = true;
    rc.radius2 = signedRadius(*a2);
  }
  // Two arcs apart by a gap d: the normal runs between the centres, which are
  // radius1 + radius2 + d apart (signed radii), and turns at (q1 - q2) / that distance.
  // Half the gap goes to each radius, as engine2D does when it finds the contact (the
  // record keeps them when it is re-measured, as engine2D's does): without it,
  // ball_ball_contact's energy drifts 1.5e-5 in 4 s where engine2D's holds to 4e-8.
  // (Arc against a straight edge has the gap in u2 instead; see applyGap.)
  if (rc.ballObject && rc.ballNormal && g.distance > 0) {
    rc.radius1 += g.distance / 2;
    rc.radius2 += g.distance / 2;
  }
  // engine2D's arc against a straight edge, apart: the gap goes to the arc's radius
  // (CircleStraight.addCollision).
  if (N.engine2d && kind == CollisionKind::kEdgeEdge && rc.ballObject && !rc.ballNormal &&
      g.distance > 0)
    rc.radius1 += g.distance;
  // A vertex near an arc: the normal runs from the arc's centre to the vertex, which is
  // radius2 + d from it; engine2D's CircularEdge.findVertexContact gives the arc that
  // radius.
  if (!rc.ballObject && rc.ballNormal && rc.kind == CollisionKind::kVertexEdge && g.distance > 0)
    rc.radius2 += g.distance;
  // engine2D's corner/corner record turns its normal as an arc of radius the corners' gap
  // at detection, centred on N's corner (StraightEdge.makeVertexVertex).
  if (N.engine2d && kind == CollisionKind::kVertexVertex) {
    rc.ballNormal = true;
    rc.radius2 = g.distance;
  }
  rc.setTolerances(tol);
  applyGap(rc, g, P, N);
  return rc;
}

void applyGap(RigidBodyCollision& rc, const FeatureGap& g, const BodyView& P, const BodyView& N) {
  // engine2D's arc against a straight edge (CircleStraight) has one point too: the arc's
  // centre projected onto the line while apart, the arc's deepest point once it overlaps.
  // Both bodies are followed there; the arc's curvature stays about its centre.
  if (N.engine2d && rc.kind == CollisionKind::kEdgeEdge && rc.ballObject && !rc.ballNormal) {
    const Vec2 p = g.distance > 0 ? g.impact2 : g.impact1;
    rc.impact1 = p;
    rc.impact2.reset();
    rc.normal = g.normal;
    rc.distance = g.distance;
    rc.r1 = p - P.s.position();
    rc.r2 = rc.u2 = p - N.s.position();
    rc.u1 = P.toWorld(std::get<CircularEdge>(P.edge(rc.primaryEdge)).center) - P.s.position();
    rc.normalVelocity = dot(rc.normal, P.velocityAt(p) - N.velocityAt(p));
    return;
  }
  // engine2D's vertex/edge record (CornerEdgeCollision) has one point, the vertex's foot
  // on the edge, which both bodies follow; its corner/corner record (CornerCornerCollision)
  // likewise has N's corner.
  if (N.engine2d && ((rc.kind == CollisionKind::kVertexEdge && !rc.ballNormal) ||
                     rc.kind == CollisionKind::kVertexVertex)) {
    rc.impact1 = g.impact2;
    rc.impact2.reset();
    rc.normal = g.normal;
    rc.distance = g.distance;
    rc.r1 = rc.u1 = g.impact2 - P.s.position();
    rc.r2 = rc.u2 = g.impact2 - N.s.position();
    rc.normalVelocity = dot(rc.normal, P.velocityAt(g.impact2) - N.velocityAt(g.impact2));
    return;
  }
  rc.impact1 = g.impact1;
  rc.impact2 = g.impact2;
  rc.normal = g.normal;
  rc.distance = g.distance;
  rc.r1 = g.impact1 - P.s.position();
  rc.r2 = g.impact2 - N.s.position();
  // u: from the CM to the centre of the arc whose curvature the record keeps.
  auto centre = [](const BodyView& b, EdgeRef e) {
    return b.toWorld(std::get<CircularEdge>(b.edge(e)).center);
  };
  // A vertex against a straight edge: engine2D puts the contact at the vertex's foot on
  // the edge (StraightEdge.findVertexContact), so the primary body is followed there. The
  // two points differ by the gap along the normal, which leaves A alone but changes the
  // b vector's w1^2 u1 and n' . (p1' - p2') terms by O(gap w^2): a block tumbling onto
  // pile_10's slope took a velocity 1e-5 off engine2D's at the vertex.
  if (rc.ballObject)
    rc.u1 = centre(P, rc.primaryEdge) - P.s.position();
  else if (rc.kind == CollisionKind::kVertexEdge && !rc.ballNormal)
    rc.u1 = g.impact2 - P.s.position();
  else
    rc.u1 = rc.r1;
  // A straight normal edge against an arc: engine2D follows the normal body at the arc's
  // contact point (impact1), not at its foot on the edge. The two differ by the gap along
  // the normal, which changes the n' . (p1' - p2') and w^2 u2 terms of the b vector (and
  // A) by O(gap w^2): ball_block_contact agrees to 1e-14 with it, to 2e-4 without.
  if (rc.ballNormal)
    rc.u2 = centre(N, rc.normalEdge) - N.s.position();
  else if (rc.ballObject)
    rc.u2 = g.impact1 - N.s.position();
  else
    rc.u2 = rc.r2;
  rc.normalVelocity = dot(rc.normal, P.velocityAt(g.impact1) - N.velocityAt(g.impact2));
}

}  // namespace cl
