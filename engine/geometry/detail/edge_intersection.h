#pragma once
// Where two edges (in the same coordinates) meet: the exact intersection points
// of segment/segment, segment/arc and arc/arc. Collinear overlapping segments
// and arcs of the same circle that overlap give the ends of the shared part.
#include <array>
#include <vector>

#include "engine/geometry/edge.h"

namespace cl {

// The points where two edges meet, held in place: at most four (the two ends of each
// edge on the other for collinear segments or arcs of one circle), so the narrow phase,
// which intersects every vertex path with every edge, allocates nothing.
class EdgeCrossings {
 public:
  static constexpr int kCapacity = 4;
  void push_back(Vec2 p) { mPoints[mCount++] = p; }
  const Vec2* begin() const { return mPoints.data(); }
  const Vec2* end() const { return mPoints.data() + mCount; }
  int size() const { return mCount; }
  bool empty() const { return mCount == 0; }

 private:
  std::array<Vec2, kCapacity> mPoints;
  int mCount = 0;
};

// `tol` is the distance within which points count as equal or on an edge.
EdgeCrossings edgeCrossings(const Edge& a, const Edge& b, double tol);
// The same points in a vector.
std::vector<Vec2> edgeIntersections(const Edge& a, const Edge& b, double tol);
// Two segments with their lengths already known (a.length(), b.length()): the same
// points as edgeCrossings without the hypots, for a caller that meets each segment
// many times.
EdgeCrossings segmentCrossings(const StraightEdge& a, double aLength, const StraightEdge& b,
                               double bLength, double tol);

// True when angle `theta` lies on the arc (its sweep from the start angle),
// allowing `slack` radians at either end.
bool angleOnArc(const CircularEdge& arc, double theta, double slack = 0.0);

}  // namespace cl
