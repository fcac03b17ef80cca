#pragma once
// Where two edges (in the same coordinates) meet: the exact intersection points
// of segment/segment, segment/arc and arc/arc. Collinear overlapping segments
// and arcs of the same circle that overlap give the ends of the shared part.
#include <vector>

#include "engine/geometry/edge.h"

namespace cl {

// `tol` is the distance within which points count as equal or on an edge.
std::vector<Vec2> edgeIntersections(const Edge& a, const Edge& b, double tol);

// True when angle `theta` lies on the arc (its sweep from the start angle),
// allowing `slack` radians at either end.
bool angleOnArc(const CircularEdge& arc, double theta, double slack = 0.0);

}  // namespace cl
