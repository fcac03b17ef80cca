#include "engine/collision/contact_detection.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

#include "engine/collision/broad_phase.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/geometry/edge_intersection.h"

namespace cl {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
// Below this length a direction (centre to point, centre to centre) is undefined.
constexpr double kTiny = 1e-12;

// One body at one state: the transforms between its body coordinates and the world.
struct BodyView {
  const Polygon* poly;
  BodyState s;
  int index;
  double c, sn;

  BodyView(const Polygon& p, const BodyState& st, int i)
      : poly(&p), s(st), index(i), c(std::cos(st.angle)), sn(std::sin(st.angle)) {}
  Vec2 toWorld(Vec2 pb) const { return s.position() + (pb - poly->centerOfMass()).rotated(c, sn); }
  Vec2 toBody(Vec2 pw) const { return (pw - s.position()).rotated(c, -sn) + poly->centerOfMass(); }
  Vec2 dirToWorld(Vec2 v) const { return v.rotated(c, sn); }
  Vec2 dirToBody(Vec2 v) const { return v.rotated(c, -sn); }
  Vec2 velocityAt(Vec2 pw) const { return poly->isFixed() ? Vec2{} : Polygon::velocityAt(s, pw); }
  const Edge& edge(EdgeRef e) const { return poly->paths()[e.path].edges[e.edge]; }
};

// Outward unit normal of an edge at one of its points (body coordinates).
Vec2 normalAt(const Edge& e, Vec2 p) {
  if (const auto* s = std::get_if<StraightEdge>(&e)) return s->outwardNormal();
  const auto& a = std::get<CircularEdge>(e);
  const Vec2 u = (p - a.center).normalized();
  return a.convex() ? u : -u;
}

// Depth of the segment cut off by an arc's chord: how deep an edge/edge overlap may
// be before its distance stops meaning anything (2R for a complete circle).
double chordDepth(const CircularEdge& a) {
  const double sweep = std::min(std::abs(a.sweep()), kTwoPi);
  return a.radius() * (1.0 - std::cos(sweep / 2.0));
}

// A point against one edge: whether the point lies in the edge's span (its foot on a
// segment, its angle on an arc) and its signed distance along the outward normal.
struct EdgeHit {
  bool inSpan = false;
  double dist = 0;
  Vec2 foot;    // nearest point of the edge's line or circle (body coordinates)
  Vec2 normal;  // outward normal there (body coordinates)
};

EdgeHit edgeHit(const Edge& e, Vec2 p) {
  EdgeHit h;
  if (const auto* s = std::get_if<StraightEdge>(&e)) {
    const Vec2 d = s->end - s->start;
    const double t = dot(p - s->start, d) / d.lengthSquared();
    h.inSpan = t >= 0.0 && t <= 1.0;
    h.normal = s->outwardNormal();
    h.dist = dot(p - s->start, h.normal);
    h.foot = s->start + d * t;
    return h;
  }
  const auto& a = std::get<CircularEdge>(e);
  const Vec2 v = p - a.center;
  const double len = v.length(), r = a.radius();
  if (len < kTiny) return h;  // at the centre: no nearest point
  const Vec2 u = v / len;
  h.inSpan = angleOnArc(a, std::atan2(u.y, u.x));
  h.foot = a.center + u * r;
  h.normal = a.convex() ? u : -u;
  h.dist = a.convex() ? len - r : r - len;
  return h;
}

// Inside a body: the sign of the distance to the nearest boundary point, where at a
// corner the sign comes from the sum of the two edges' normals there (pseudo-normal).
bool insideBody(const Polygon& body, Vec2 p) {
  double best = std::numeric_limits<double>::infinity();
  double sign = 1.0;
  for (const Path& path : body.paths()) {
    const int n = static_cast<int>(path.edges.size());
    for (int i = 0; i < n; ++i) {
      const Edge& e = path.edges[i];
      const EdgeHit h = edgeHit(e, p);
      if (h.inSpan) {
        const double d = std::abs(h.dist);
        if (d < best) best = d, sign = h.dist;
      }
      // The corner at the start of this edge, shared with the previous edge.
      const Edge& prev = path.edges[(i + n - 1) % n];
      const Vec2 q = edgeStart(e);
      const double dq = distance(p, q);
      if (dq < best) {
        best = dq;
        sign = dot(p - q, normalAt(e, q) + normalAt(prev, q));
      }
    }
  }
  return sign < 0;
}

// An end-point vertex that is a real corner: decorated mid-points and the seam of a
// complete circle (one edge on both sides) are not.
bool isCorner(const Vertex& v) {
  return v.endPoint && v.edge1 != v.edge2;
}

// The geometry every record starts from: P's point impact1 faces N's point impact2
// across `normal` (out of N), `distance` apart.
RigidBodyCollision makeRecord(CollisionKind kind, const BodyView& P, const BodyView& N,
                              Vec2 impact1, Vec2 impact2, Vec2 normal, double distance) {
  RigidBodyCollision rc;
  rc.kind = kind;
  rc.primaryBody = P.index;
  rc.normalBody = N.index;
  rc.impact1 = impact1;
  rc.impact2 = impact2;
  rc.normal = normal;
  rc.distance = distance;
  return rc;
}

// Fills the parts every record shares: r and u vectors, normal velocity, tolerances.
void finish(RigidBodyCollision& rc, const BodyView& p, const BodyView& n,
            const ContactTolerances& tol, std::optional<Vec2> centre1,
            std::optional<Vec2> centre2) {
  const Vec2 i2 = rc.impact2.value_or(rc.impact1);
  rc.r1 = rc.impact1 - p.s.position();
  rc.r2 = i2 - n.s.position();
  rc.u1 = centre1 ? *centre1 - p.s.position() : rc.r1;
  rc.u2 = centre2 ? *centre2 - n.s.position() : rc.r2;
  rc.normalVelocity = dot(rc.normal, p.velocityAt(rc.impact1) - n.velocityAt(i2));
  rc.distanceTol = tol.distanceTol;
  rc.velocityTol = tol.velocityTol;
  rc.targetGap = rc.joint ? 0.0 : tol.distanceTol / 2.0;
}

// The vertices of P against the edges (and corners) of N.
void vertexContacts(const BodyView& P, const BodyView& N, const ContactTolerances& tol,
                    std::vector<RigidBodyCollision>& out) {
  const Polygon& np = *N.poly;
  Bounds nb = np.bodyBounds();
  nb.left -= tol.distanceTol, nb.right += tol.distanceTol;
  nb.bottom -= tol.distanceTol, nb.top += tol.distanceTol;
  const auto& verts = P.poly->vertices();
  for (int vi = 0; vi < static_cast<int>(verts.size()); ++vi) {
    if (!isCorner(verts[vi])) continue;
    const Vec2 pw = P.toWorld(verts[vi].location);
    const Vec2 pb = N.toBody(pw);
    if (pb.x < nb.left || pb.x > nb.right || pb.y < nb.bottom || pb.y > nb.top) continue;
    const bool inside = insideBody(np, pb);

    auto record = [&](EdgeRef ref, const EdgeHit& h) {
      RigidBodyCollision rc = makeRecord(CollisionKind::kVertexEdge, P, N, pw, N.toWorld(h.foot),
                                         N.dirToWorld(h.normal), h.dist);
      rc.vertex = vi;
      rc.normalEdge = ref;
      std::optional<Vec2> centre2;
      if (const auto* a = std::get_if<CircularEdge>(&N.edge(ref))) {
        rc.ballNormal = true;
        rc.radius2 = a->convex() ? a->radius() : -a->radius();
        centre2 = N.toWorld(a->center);
      }
      finish(rc, P, N, tol, std::nullopt, centre2);
      out.push_back(rc);
    };

    bool found = false;
    std::optional<std::pair<EdgeRef, EdgeHit>> deepest;  // for a vertex inside N
    for (int pi = 0; pi < static_cast<int>(np.paths().size()); ++pi) {
      const auto& edges = np.paths()[pi].edges;
      for (int ei = 0; ei < static_cast<int>(edges.size()); ++ei) {
        const EdgeHit h = edgeHit(edges[ei], pb);
        if (!h.inSpan) continue;
        if (inside) {
          // The penetrated edge is the nearest spanning edge behind the vertex.
          if (h.dist <= 0 && (!deepest || h.dist > deepest->second.dist))
            deepest = std::make_pair(EdgeRef{pi, ei}, h);
        } else if (h.dist >= 0 && h.dist < tol.distanceTol) {
          record({pi, ei}, h);
          found = true;
        }
      }
    }
    if (inside) {
      if (deepest) record(deepest->first, deepest->second);
      continue;
    }
    if (found) continue;
    // No edge of N spans the vertex: it may be beside one of N's corners.
    const auto& nverts = np.vertices();
    for (int qi = 0; qi < static_cast<int>(nverts.size()); ++qi) {
      if (!isCorner(nverts[qi])) continue;
      const Vec2 q = nverts[qi].location;
      const double d = distance(pb, q);
      if (d < kTiny || d >= tol.distanceTol) continue;
      RigidBodyCollision rc = makeRecord(CollisionKind::kVertexVertex, P, N, pw, N.toWorld(q),
                                         N.dirToWorld((pb - q) / d), d);
      rc.vertex = vi;
      rc.normalVertex = qi;
      finish(rc, P, N, tol, std::nullopt, std::nullopt);
      out.push_back(rc);
    }
  }
}

// A convex arc of P against a straight edge of N (which gives the normal).
void circleStraight(const BodyView& P, EdgeRef pe, const BodyView& N, EdgeRef ne,
                    const ContactTolerances& tol, std::vector<RigidBodyCollision>& out) {
  const auto& arc = std::get<CircularEdge>(P.edge(pe));
  const auto& seg = std::get<StraightEdge>(N.edge(ne));
  if (!arc.convex()) return;  // a concave arc meets a line only at its end points
  const double r = arc.radius();
  const Vec2 cw = P.toWorld(arc.center);
  const Vec2 cb = N.toBody(cw);
  const Vec2 d = seg.end - seg.start;
  const double t = dot(cb - seg.start, d) / d.lengthSquared();
  if (t < 0.0 || t > 1.0) return;
  const Vec2 nb = seg.outwardNormal();
  const double h = dot(cb - seg.start, nb);
  const double dist = h - r;
  if (h <= 0 || dist >= tol.distanceTol || -dist > chordDepth(arc)) return;
  const Vec2 nw = N.dirToWorld(nb);
  const Vec2 toward = P.dirToBody(-nw);  // direction of the arc's nearest point
  if (!angleOnArc(arc, std::atan2(toward.y, toward.x))) return;
  RigidBodyCollision rc = makeRecord(CollisionKind::kEdgeEdge, P, N, cw - nw * r,
                                     N.toWorld(seg.start + d * t), nw, dist);
  rc.primaryEdge = pe;
  rc.normalEdge = ne;
  rc.ballObject = true;
  rc.radius1 = r;
  finish(rc, P, N, tol, cw, std::nullopt);
  out.push_back(rc);
}

// Two arcs, p of P (the primary) and n of N (the normal); not both concave.
void circleCircle(const BodyView& P, EdgeRef pe, const BodyView& N, EdgeRef ne,
                  const ContactTolerances& tol, std::vector<RigidBodyCollision>& out) {
  const auto& a1 = std::get<CircularEdge>(P.edge(pe));
  const auto& a2 = std::get<CircularEdge>(N.edge(ne));
  const double r1 = a1.radius(), r2 = a2.radius();
  const Vec2 c1 = P.toWorld(a1.center), c2 = N.toWorld(a2.center);
  const Vec2 delta = c1 - c2;
  const double len = delta.length();
  if (len < kTiny) return;     // concentric: no single nearest point
  const Vec2 u = delta / len;  // from the normal arc's centre towards the primary's
  double dist;
  Vec2 normal, on1, on2;  // on1, on2: directions from each centre to its contact point
  if (a1.convex() && a2.convex()) {
    dist = len - r1 - r2;
    normal = u, on1 = -u, on2 = u;
  } else if (a1.convex() && !a2.convex()) {
    if (r2 <= r1) return;  // the primary circle cannot fit inside the cup
    dist = r2 - r1 - len;
    normal = -u, on1 = u, on2 = u;
  } else {
    return;  // the caller puts the convex arc first; concave/concave never touch
  }
  if (dist >= tol.distanceTol || -dist > std::min(chordDepth(a1), chordDepth(a2))) return;
  const Vec2 d1 = P.dirToBody(on1), d2 = N.dirToBody(on2);
  if (!angleOnArc(a1, std::atan2(d1.y, d1.x)) || !angleOnArc(a2, std::atan2(d2.y, d2.x))) return;
  RigidBodyCollision rc =
      makeRecord(CollisionKind::kEdgeEdge, P, N, c1 + on1 * r1, c2 + on2 * r2, normal, dist);
  rc.primaryEdge = pe;
  rc.normalEdge = ne;
  rc.ballObject = true;
  rc.radius1 = r1;  // convex here
  rc.ballNormal = true;
  rc.radius2 = a2.convex() ? r2 : -r2;
  finish(rc, P, N, tol, c1, c2);
  out.push_back(rc);
}

// Edge/edge tests between A and B, each unordered pair of edges once.
void edgeContacts(const BodyView& A, const BodyView& B, const ContactTolerances& tol,
                  std::vector<RigidBodyCollision>& out) {
  auto forEachEdge = [](const BodyView& v, auto&& f) {
    const auto& paths = v.poly->paths();
    for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi)
      for (int ei = 0; ei < static_cast<int>(paths[pi].edges.size()); ++ei)
        f(EdgeRef{pi, ei}, paths[pi].edges[ei]);
  };
  forEachEdge(A, [&](EdgeRef ra, const Edge& ea) {
    forEachEdge(B, [&](EdgeRef rb, const Edge& eb) {
      const auto* ca = std::get_if<CircularEdge>(&ea);
      const auto* cb = std::get_if<CircularEdge>(&eb);
      if (ca && !cb) {
        circleStraight(A, ra, B, rb, tol, out);
      } else if (!ca && cb) {
        circleStraight(B, rb, A, ra, tol, out);
      } else if (ca && cb) {
        // The concave arc (a cup) gives the normal; two convex arcs: B's does.
        if (!ca->convex() && cb->convex())
          circleCircle(B, rb, A, ra, tol, out);
        else
          circleCircle(A, ra, B, rb, tol, out);
      }
    });
  });
}

// The edges (body, path, edge) a record touches: a vertex touches the two edges
// meeting at it.
struct Feature {
  int body;
  EdgeRef edge;
  bool operator==(const Feature&) const = default;
};

std::vector<Feature> features(const RigidBodyCollision& c, const Polygon& primary,
                              const Polygon& normalBody) {
  std::vector<Feature> f;
  auto addVertex = [&](int body, const Polygon& poly, int vi) {
    const Vertex& v = poly.vertices()[vi];
    f.push_back({body, {v.path, v.edge1}});
    f.push_back({body, {v.path, v.edge2}});
  };
  if (c.vertex >= 0) addVertex(c.primaryBody, primary, c.vertex);
  if (c.normalVertex >= 0) addVertex(c.normalBody, normalBody, c.normalVertex);
  if (c.primaryEdge.valid()) f.push_back({c.primaryBody, c.primaryEdge});
  if (c.normalEdge.valid()) f.push_back({c.normalBody, c.normalEdge});
  return f;
}

// How far apart two records of the same gap may be: the tolerance, or for a curved
// edge the half-width of the band where the arc stays within the tolerance of its
// tangent, sqrt(2 R tol).
double nearness(const RigidBodyCollision& c, double tol) {
  double r = 0;
  if (c.ballObject) r = std::max(r, std::abs(c.radius1));
  if (c.ballNormal) r = std::max(r, std::abs(c.radius2));
  return std::max(tol, std::sqrt(2.0 * r * tol));
}

bool similar(const RigidBodyCollision& a, const RigidBodyCollision& b,
             const std::vector<Feature>& fa, const std::vector<Feature>& fb) {
  if (std::abs(dot(a.normal, b.normal)) < 0.9) return false;
  const double near = std::max(nearness(a, a.distanceTol), nearness(b, b.distanceTol));
  if ((a.impact1 - b.impact1).lengthSquared() > near * near) return false;
  for (const Feature& x : fa)
    if (std::find(fb.begin(), fb.end(), x) != fb.end()) return true;
  return false;
}

// Keeps the smallest-distance record of each group of similar ones (earlier wins ties).
void removeDuplicates(std::vector<RigidBodyCollision>& recs, const BodyView& A, const BodyView& B) {
  auto poly = [&](int idx) -> const Polygon& { return idx == A.index ? *A.poly : *B.poly; };
  std::vector<std::vector<Feature>> feats;
  feats.reserve(recs.size());
  for (const auto& r : recs) feats.push_back(features(r, poly(r.primaryBody), poly(r.normalBody)));
  std::vector<bool> drop(recs.size(), false);
  for (std::size_t i = 0; i < recs.size(); ++i) {
    if (drop[i]) continue;
    for (std::size_t j = i + 1; j < recs.size(); ++j) {
      if (drop[j] || !similar(recs[i], recs[j], feats[i], feats[j])) continue;
      if (recs[j].distance < recs[i].distance) {
        drop[i] = true;
        break;
      }
      drop[j] = true;
    }
  }
  std::size_t k = 0;
  for (std::size_t i = 0; i < recs.size(); ++i)
    if (!drop[i]) recs[k++] = recs[i];
  recs.resize(k);
}

}  // namespace

void findPairCollisions(const Polygon& a, const BodyState& sa, int ia, const Polygon& b,
                        const BodyState& sb, int ib, const ContactTolerances& tol,
                        std::vector<RigidBodyCollision>& out) {
  const BodyView A(a, sa, ia), B(b, sb, ib);
  std::vector<RigidBodyCollision> recs;
  vertexContacts(A, B, tol, recs);
  vertexContacts(B, A, tol, recs);
  edgeContacts(A, B, tol, recs);
  removeDuplicates(recs, A, B);
  out.insert(out.end(), recs.begin(), recs.end());
}

std::vector<RigidBodyCollision> findCloseCollisions(const RigidBodySim& sim,
                                                    std::span<const double> vars,
                                                    const ContactTolerances& tol,
                                                    std::span<const double> /*oldVars*/) {
  std::vector<RigidBodyCollision> out;
  const auto& bodies = sim.bodies();
  for (const auto& [i, j] : broadPhasePairs(sim, vars, tol.distanceTol))
    findPairCollisions(bodies[i], BodyState::fromVars(vars, i), i, bodies[j],
                       BodyState::fromVars(vars, j), j, tol, out);
  return out;
}

ContactSearch findContacts(const RigidBodySim& sim, std::span<const double> vars,
                           const ContactTolerances& tol, std::span<const double> oldVars) {
  ContactSearch res;
  for (auto& c : findCloseCollisions(sim, vars, tol, oldVars)) {
    if (c.isPenetrating())
      res.penetrations.push_back(std::move(c));
    else if (c.contact())
      res.contacts.push_back(std::move(c));
    else
      res.others.push_back(std::move(c));
  }
  return res;
}

}  // namespace cl
