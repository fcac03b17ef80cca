#include "engine/collision/detail/swept_vertex.h"

#include <algorithm>
#include <cmath>

#include "engine/collision/detail/feature_gap.h"
#include "engine/geometry/detail/edge_intersection.h"
#include "engine/geometry/detail/lines_intersect_engine2d.h"
#include "engine/math/engine2d_length.h"

namespace cl {

namespace {

// engine2D's testCollisionVertex (the engine2D option, N.engine2d): every crossing of the
// path with an edge counts, entering or not, and the crossing nearest the path's start
// (|from - q| as engine2D's Vector.length) gives the edge. A straight edge is crossed by
// engine2D's linesIntersect(edge start, edge end, to, from), and its record has engine2D's
// numbers (makeCollision): the distance of `to` from the edge's line and the edge's normal
// as StraightEdge.distanceToLine and getNormalBody compute them (straightEdgeHitEngine2D).
// An arc is crossed and measured as in ContactLab's own test (engine2D's arcs are not
// ported).
std::optional<RigidBodyCollision> engine2dSweptCollision(const BodyView& P, int vi,
                                                         const BodyView& N, Vec2 from, Vec2 to,
                                                         const ContactTolerances& tol) {
  const Polygon& body = *N.poly;
  const StraightEdge segment{from, to};
  std::optional<PathEntry> first;
  double nearest = 0;
  const auto& paths = body.paths();
  for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi) {
    const auto& edges = paths[pi].edges;
    for (int ei = 0; ei < static_cast<int>(edges.size()); ++ei) {
      if (!body.edgeCollides(pi, ei)) continue;
      EdgeCrossings crossings;
      if (const auto* seg = std::get_if<StraightEdge>(&edges[ei])) {
        if (auto q = linesIntersectEngine2D(seg->start, seg->end, to, from))
          crossings.push_back(*q);
      } else {
        crossings = edgeCrossings(Edge{segment}, edges[ei], kPathOnEdge);
      }
      for (Vec2 q : crossings) {
        const double d = lengthEngine2D(from - q);
        if (!first || d < nearest) first = PathEntry{{pi, ei}, q, 0}, nearest = d;
      }
    }
  }
  if (!first) return std::nullopt;
  const EdgeHit hit = edgeHit(N, first->edge, to);
  const bool straight = std::holds_alternative<StraightEdge>(N.edge(first->edge));
  const Vec2 normal = straight ? hit.normal : normalAt(N, first->edge, first->point);
  double depth = hit.dist;
  if (!straight && depth > 0) depth = dot(to - first->point, normal);
  const Vec2 impact = N.toWorld(first->point);
  const FeatureGap gap{impact, impact, N.dirToWorld(normal), depth, true};
  return makeRecord(CollisionKind::kVertexEdge, RecordFeatures::vertexEdge(vi, first->edge), gap, P,
                    N, tol);
}

}  // namespace

std::optional<PathEntry> firstEntry(const Polygon& body, Vec2 from, Vec2 to) {
  return firstEntry(BodyView(body, BodyState{}, -1), from, to);
}

std::optional<PathEntry> firstEntry(const BodyView& N, Vec2 from, Vec2 to) {
  const Polygon& body = *N.poly;
  if (!pathMayEnter(body.bodyBounds(), from, to)) return std::nullopt;
  const Vec2 d = to - from;
  const double len2 = d.lengthSquared();
  const StraightEdge segment{from, to};
  const Edge path = segment;
  const double pathLength = segment.length();  // for every straight edge below
  std::optional<PathEntry> first;
  const auto& paths = body.paths();
  for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi) {
    const auto& edges = paths[pi].edges;
    for (int ei = 0; ei < static_cast<int>(edges.size()); ++ei) {
      if (!body.edgeCollides(pi, ei)) continue;  // a wall enters only through its face
      const auto* seg = std::get_if<StraightEdge>(&edges[ei]);
      const EdgeCrossings crossings =
          seg ? segmentCrossings(segment, pathLength, *seg, N.straightLength({pi, ei}, *seg),
                                 kPathOnEdge)
              : edgeCrossings(path, edges[ei], kPathOnEdge);
      for (Vec2 p : crossings) {
        // Moving against the outward normal: entering the body here (a path along the
        // edge, or leaving through it, is no entry).
        if (dot(d, normalAt(N, {pi, ei}, p)) >= 0) continue;
        const double along = std::clamp(dot(p - from, d) / len2, 0.0, 1.0);
        if (!first || along < first->along) first = PathEntry{{pi, ei}, p, along};
      }
    }
  }
  return first;
}

std::optional<RigidBodyCollision> sweptVertexCollision(const BodyView& P, const BodyView& Pold,
                                                       int vi, const BodyView& N,
                                                       const BodyView& Nold,
                                                       const ContactTolerances& tol) {
  // From the edges' point of view: each end of the vertex's path in N's frame of that time.
  return sweptVertexCollision(P, vi, N, Nold.toBody(Pold.vertexWorld(vi)),
                              N.toBody(P.vertexWorld(vi)), tol);
}

std::optional<RigidBodyCollision> sweptVertexCollision(const BodyView& P, int vi, const BodyView& N,
                                                       Vec2 from, Vec2 to,
                                                       const ContactTolerances& tol) {
  if (N.engine2d) return engine2dSweptCollision(P, vi, N, from, to, tol);
  const std::optional<PathEntry> entry = firstEntry(N, from, to);
  if (!entry) return std::nullopt;

  const Vec2 normal = normalAt(N, entry->edge, entry->point);
  // The vertex's distance now from the crossed edge's line or circle. A vertex that went
  // through a convex arc's circle and out again is ahead of the circle, though it passed
  // through the body: it gets its depth past the arc's tangent at the crossing instead,
  // negative for any entering path.
  double depth = edgeHit(N, entry->edge, to).dist;
  if (depth > 0) depth = dot(to - entry->point, normal);
  const Vec2 impact = N.toWorld(entry->point);
  const FeatureGap gap{impact, impact, N.dirToWorld(normal), depth, true};
  return makeRecord(CollisionKind::kVertexEdge, RecordFeatures::vertexEdge(vi, entry->edge), gap, P,
                    N, tol);
}

}  // namespace cl
