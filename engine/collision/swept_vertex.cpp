#include "engine/collision/swept_vertex.h"

#include <algorithm>

#include "engine/collision/feature_gap.h"
#include "engine/geometry/edge_intersection.h"

namespace cl {

namespace {

// Points this close to an edge count as on it when intersecting (rounding of the
// exact intersection must not lose a crossing at a segment's end or on an arc).
constexpr double kOnEdge = 1e-9;

// The path's box misses the body's box: it cannot enter the body.
bool missesBounds(const Bounds& b, Vec2 from, Vec2 to) {
  return std::max(from.x, to.x) < b.left - kOnEdge || std::min(from.x, to.x) > b.right + kOnEdge ||
         std::max(from.y, to.y) < b.bottom - kOnEdge || std::min(from.y, to.y) > b.top + kOnEdge;
}

}  // namespace

std::optional<PathEntry> firstEntry(const Polygon& body, Vec2 from, Vec2 to) {
  const Vec2 d = to - from;
  const double len2 = d.lengthSquared();
  // A vertex that did not move relative to the body crossed nothing.
  if (len2 < kOnEdge * kOnEdge || missesBounds(body.bodyBounds(), from, to)) return std::nullopt;
  const Edge path = StraightEdge{from, to};
  std::optional<PathEntry> first;
  const auto& paths = body.paths();
  for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi) {
    const auto& edges = paths[pi].edges;
    for (int ei = 0; ei < static_cast<int>(edges.size()); ++ei) {
      for (Vec2 p : edgeIntersections(path, edges[ei], kOnEdge)) {
        // Moving against the outward normal: entering the body here (a path along the
        // edge, or leaving through it, is no entry).
        if (dot(d, normalAt(edges[ei], p)) >= 0) continue;
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
  const Vertex& v = P.vertex(vi);
  // From the edges' point of view: each end of the vertex's path in N's frame of that time.
  const Vec2 from = Nold.toBody(Pold.toWorld(v.location));
  const Vec2 to = N.toBody(P.toWorld(v.location));
  const std::optional<PathEntry> entry = firstEntry(*N.poly, from, to);
  if (!entry) return std::nullopt;

  const Edge& edge = N.edge(entry->edge);
  const Vec2 normal = normalAt(edge, entry->point);
  // The vertex's distance now from the crossed edge's line or circle. A vertex that went
  // through a convex arc's circle and out again is ahead of the circle, though it passed
  // through the body: it gets its depth past the arc's tangent at the crossing instead,
  // negative for any entering path.
  double depth = edgeHit(edge, to).dist;
  if (depth > 0) depth = dot(to - entry->point, normal);
  const Vec2 impact = N.toWorld(entry->point);
  const FeatureGap gap{impact, impact, N.dirToWorld(normal), depth, true};
  return makeRecord(CollisionKind::kVertexEdge, RecordFeatures::vertexEdge(vi, entry->edge), gap, P,
                    N, tol);
}

}  // namespace cl
