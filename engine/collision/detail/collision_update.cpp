#include "engine/collision/detail/collision_update.h"

#include <optional>

#include "engine/collision/detail/feature_gap.h"
#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

namespace {

bool validBody(const RigidBodySim& sim, int i) {
  return i >= 0 && i < sim.bodyCount();
}

bool validVertex(const Polygon& p, int v) {
  return v >= 0 && v < static_cast<int>(p.vertices().size());
}

bool validEdge(const Polygon& p, EdgeRef e) {
  return e.valid() && e.path < static_cast<int>(p.paths().size()) &&
         e.edge < static_cast<int>(p.paths()[e.path].edges.size());
}

// The gap between the record's features at P's and N's states; none when the features
// are not those of the bodies or give no gap.
std::optional<FeatureGap> measure(const RigidBodyCollision& c, const BodyView& P,
                                  const BodyView& N) {
  switch (c.kind) {
    case CollisionKind::kVertexEdge:
      if (!validVertex(*P.poly, c.vertex) || !validEdge(*N.poly, c.normalEdge)) return std::nullopt;
      return pointEdgeGap(P.toWorld(P.vertex(c.vertex).location), N, c.normalEdge);
    case CollisionKind::kEdgeEdge:
      if (!validEdge(*P.poly, c.primaryEdge) || !validEdge(*N.poly, c.normalEdge))
        return std::nullopt;
      return edgeEdgeGap(P, c.primaryEdge, N, c.normalEdge);
    case CollisionKind::kVertexVertex:
      if (!validVertex(*P.poly, c.vertex) || !validVertex(*N.poly, c.normalVertex))
        return std::nullopt;
      return cornerGap(P, c.vertex, N, c.normalVertex);
    case CollisionKind::kConnector:
      break;
  }
  return std::nullopt;
}

}  // namespace

bool updateCollision(RigidBodyCollision& c, const RigidBodySim& sim, std::span<const double> vars,
                     bool engine2dArithmetic) {
  if (c.kind == CollisionKind::kConnector) return true;
  if (!validBody(sim, c.primaryBody) || !validBody(sim, c.normalBody)) return false;
  const auto& bodies = sim.bodies();
  const BodyView P(bodies[c.primaryBody], BodyState::fromVars(vars, c.primaryBody), c.primaryBody,
                   engine2dArithmetic);
  const BodyView N(bodies[c.normalBody], BodyState::fromVars(vars, c.normalBody), c.normalBody,
                   engine2dArithmetic);
  const std::optional<FeatureGap> gap = measure(c, P, N);
  if (!gap) return false;
  applyGap(c, *gap, P, N);
  return true;
}

}  // namespace cl
