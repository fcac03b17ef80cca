#include "engine/collision/rigid_body_collision.h"

namespace cl {

const char* collisionKindName(CollisionKind k) {
  switch (k) {
    case CollisionKind::kVertexEdge:
      return "vertex/edge";
    case CollisionKind::kEdgeEdge:
      return "edge/edge";
    case CollisionKind::kVertexVertex:
      return "vertex/vertex";
    case CollisionKind::kConnector:
      return "connector";
  }
  return "?";
}

bool sameFeatures(const RigidBodyCollision& a, const RigidBodyCollision& b) {
  if (a.kind == CollisionKind::kConnector || b.kind == CollisionKind::kConnector)
    return a.kind == b.kind && a.connector >= 0 && a.connector == b.connector;
  return a.kind == b.kind && a.primaryBody == b.primaryBody && a.normalBody == b.normalBody &&
         a.vertex == b.vertex && a.normalVertex == b.normalVertex &&
         a.primaryEdge == b.primaryEdge && a.normalEdge == b.normalEdge;
}

}  // namespace cl
