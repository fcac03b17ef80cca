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

}  // namespace cl
