#pragma once
// Distance from a point to an edge (both in the same coordinates): to the nearest
// point of the segment, or of the arc (the radial distance when the point's
// angle lies within the arc, else the nearer end).
#include "engine/geometry/edge.h"

namespace cl {

double distanceToEdge(const Edge& edge, Vec2 p);

}  // namespace cl
