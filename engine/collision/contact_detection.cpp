#include "engine/collision/contact_detection.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "engine/collision/broad_phase.h"
#include "engine/collision/feature_gap.h"
#include "engine/collision/record_pruning.h"
#include "engine/collision/swept_vertex.h"
#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

namespace {

// Below this distance two corners are one point: no direction between them.
constexpr double kTiny = 1e-12;

// A body over the last step: its view at the current state and, for the swept tests,
// at the previous one.
struct BodyStep {
  BodyView now;
  std::optional<BodyView> old;
};

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
      if (h.defined && h.inSpan) {
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

// The tests of one corner of P against N at the current state: the corner near an
// edge of N (a contact or imminent collision), inside N (a penetration of the nearest
// spanning edge behind it), or beside a corner of N.
void cornerCollisions(const BodyView& P, int vi, const BodyView& N, const ContactTolerances& tol,
                      std::vector<RigidBodyCollision>& out) {
  const Polygon& np = *N.poly;
  Bounds nb = np.bodyBounds();
  nb.left -= tol.distanceTol, nb.right += tol.distanceTol;
  nb.bottom -= tol.distanceTol, nb.top += tol.distanceTol;
  const Vec2 pw = P.toWorld(P.vertex(vi).location);
  const Vec2 pb = N.toBody(pw);
  if (pb.x < nb.left || pb.x > nb.right || pb.y < nb.bottom || pb.y > nb.top) return;
  const bool inside = insideBody(np, pb);

  auto record = [&](EdgeRef ref) {
    if (const auto gap = pointEdgeGap(pw, N, ref))
      out.push_back(makeRecord(CollisionKind::kVertexEdge, RecordFeatures::vertexEdge(vi, ref),
                               *gap, P, N, tol));
  };

  bool found = false;
  std::optional<std::pair<EdgeRef, double>> deepest;  // for a corner inside N
  for (int pi = 0; pi < static_cast<int>(np.paths().size()); ++pi) {
    const auto& edges = np.paths()[pi].edges;
    for (int ei = 0; ei < static_cast<int>(edges.size()); ++ei) {
      const EdgeHit h = edgeHit(edges[ei], pb);
      if (!h.defined || !h.inSpan) continue;
      if (inside) {
        // The penetrated edge is the nearest spanning edge behind the corner.
        if (h.dist <= 0 && (!deepest || h.dist > deepest->second))
          deepest = std::make_pair(EdgeRef{pi, ei}, h.dist);
      } else if (h.dist >= 0 && h.dist < tol.distanceTol) {
        record({pi, ei});
        found = true;
      }
    }
  }
  if (inside) {
    if (deepest) record(deepest->first);
    return;
  }
  if (found) return;
  // No edge of N spans the corner: it may be beside one of N's corners.
  const auto& nverts = np.vertices();
  for (int qi = 0; qi < static_cast<int>(nverts.size()); ++qi) {
    if (!isCorner(nverts[qi])) continue;
    const double d = distance(pb, nverts[qi].location);
    if (d < kTiny || d >= tol.distanceTol) continue;
    if (const auto gap = cornerGap(P, vi, N, qi))
      out.push_back(makeRecord(CollisionKind::kVertexVertex, RecordFeatures::vertexVertex(vi, qi),
                               *gap, P, N, tol));
  }
}

// The vertices of P against N. With the previous states, every vertex (decorated
// mid-points too) is first followed over the step (swept_vertex.h): a vertex whose
// path entered N gives that collision and nothing else. The corners then have the
// tests at the current state, which find contacts, imminent collisions and
// penetrations that persist from the previous step.
void vertexCollisions(const BodyStep& P, const BodyStep& N, const ContactTolerances& tol,
                      std::vector<RigidBodyCollision>& out) {
  const bool swept = P.old && N.old;
  const int count = static_cast<int>(P.now.poly->vertices().size());
  for (int vi = 0; vi < count; ++vi) {
    if (swept) {
      if (auto rc = sweptVertexCollision(P.now, *P.old, vi, N.now, *N.old, tol)) {
        out.push_back(std::move(*rc));
        continue;
      }
    }
    if (isCorner(P.now.vertex(vi))) cornerCollisions(P.now, vi, N.now, tol, out);
  }
}

// P's arc against N's edge (see feature_gap.h for the distance), both at the current
// state. The record needs both nearest points within their features and a distance
// under the tolerance, and an overlap no deeper than a chord depth of the arcs: deeper,
// the distance stops meaning anything. Circle/straight also needs the arc's centre on
// the outer side of the line, and, with the previous state, a positive distance there:
// its distance only means a depth for a shallow overlap that has just begun.
void edgeEdgeCollision(const BodyStep& P, EdgeRef pe, const BodyStep& N, EdgeRef ne,
                       const ContactTolerances& tol, std::vector<RigidBodyCollision>& out) {
  const auto gap = edgeEdgeGap(P.now, pe, N.now, ne);
  if (!gap || !gap->inSpan || gap->distance >= tol.distanceTol) return;
  const auto& a1 = std::get<CircularEdge>(P.now.edge(pe));
  const auto* a2 = std::get_if<CircularEdge>(&N.now.edge(ne));
  const double depth = a2 ? std::min(chordDepth(a1), chordDepth(*a2)) : chordDepth(a1);
  if (-gap->distance > depth) return;
  if (!a2) {
    if (gap->distance <= -a1.radius()) return;  // the arc's centre is behind the line
    if (gap->distance < 0 && P.old && N.old) {
      const auto before = edgeEdgeGap(*P.old, pe, *N.old, ne);
      if (!before || before->distance <= 0) return;  // already overlapping a step ago
    }
  }
  out.push_back(makeRecord(CollisionKind::kEdgeEdge, RecordFeatures::edgeEdge(pe, ne), *gap, P.now,
                           N.now, tol));
}

// Edge/edge tests between A and B, each unordered pair of edges once. The arc is the
// primary against a straight edge; of two arcs the concave one (a cup) gives the
// normal, and of two convex arcs B's does. Two straight edges, or two concave arcs,
// meet only at vertices, which the vertex tests cover.
void edgeCollisions(const BodyStep& A, const BodyStep& B, const ContactTolerances& tol,
                    std::vector<RigidBodyCollision>& out) {
  auto forEachEdge = [](const BodyView& v, auto&& f) {
    const auto& paths = v.poly->paths();
    for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi)
      for (int ei = 0; ei < static_cast<int>(paths[pi].edges.size()); ++ei)
        f(EdgeRef{pi, ei}, paths[pi].edges[ei]);
  };
  forEachEdge(A.now, [&](EdgeRef ra, const Edge& ea) {
    forEachEdge(B.now, [&](EdgeRef rb, const Edge& eb) {
      const auto* ca = std::get_if<CircularEdge>(&ea);
      const auto* cb = std::get_if<CircularEdge>(&eb);
      if (!ca && !cb) return;
      const bool bIsPrimary = !ca || (cb && !ca->convex() && cb->convex());
      if (bIsPrimary)
        edgeEdgeCollision(B, rb, A, ra, tol, out);
      else
        edgeEdgeCollision(A, ra, B, rb, tol, out);
    });
  });
}

void findPairRecords(const BodyStep& A, const BodyStep& B, const ContactTolerances& tol,
                     std::vector<RigidBodyCollision>& out) {
  std::vector<RigidBodyCollision> recs;
  vertexCollisions(A, B, tol, recs);
  vertexCollisions(B, A, tol, recs);
  edgeCollisions(A, B, tol, recs);
  pruneRecords(recs, *A.now.poly, A.now.index, *B.now.poly);
  out.insert(out.end(), std::make_move_iterator(recs.begin()), std::make_move_iterator(recs.end()));
}

}  // namespace

void findPairCollisions(const Polygon& a, const BodyState& sa, int ia, const Polygon& b,
                        const BodyState& sb, int ib, const ContactTolerances& tol,
                        std::vector<RigidBodyCollision>& out,
                        const std::optional<PreviousStates>& previous) {
  BodyStep A{BodyView(a, sa, ia), std::nullopt}, B{BodyView(b, sb, ib), std::nullopt};
  if (previous) {
    A.old.emplace(a, previous->a, ia);
    B.old.emplace(b, previous->b, ib);
  }
  findPairRecords(A, B, tol, out);
}

std::vector<RigidBodyCollision> findCloseCollisions(const RigidBodySim& sim,
                                                    std::span<const double> vars,
                                                    const ContactTolerances& tol,
                                                    std::span<const double> oldVars) {
  const bool swept = !oldVars.empty();
  if (swept && oldVars.size() != vars.size())
    throw std::invalid_argument(
        fmt::format("findCloseCollisions: the previous state has {} variables, the current one {}",
                    oldVars.size(), vars.size()));
  const auto pairs = broadPhasePairs(sim, vars, tol.distanceTol, swept ? oldVars : std::span<const double>());
  std::vector<RigidBodyCollision> out;
  const auto& bodies = sim.bodies();
  for (const auto& [i, j] : pairs) {
    std::optional<PreviousStates> previous;
    if (swept)
      previous = PreviousStates{BodyState::fromVars(oldVars, i), BodyState::fromVars(oldVars, j)};
    findPairCollisions(bodies[i], BodyState::fromVars(vars, i), i, bodies[j],
                       BodyState::fromVars(vars, j), j, tol, out, previous);
  }
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
