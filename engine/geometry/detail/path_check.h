#pragma once
// checkPaths: the geometric rules a body's paths must obey, each broken rule
// reported with the path and edge that break it.
#include <span>
#include <string>
#include <vector>

#include "engine/geometry/edge.h"

namespace cl {

struct PathProblem {
  int path = -1;  // index of the offending path, -1 when the problem is the whole shape
  int edge = -1;  // index of the offending edge in that path, -1 when it is the whole path
  std::string message;
};

// Empty when the paths describe a valid body: every path closed, no zero-length
// edge or zero-radius arc, an arc's start and end on its circle, no two edges
// meeting anywhere but the corner they share (within a path or between paths),
// each path enclosing non-zero area, and the material on the left of every
// edge: outer paths counter-clockwise, holes (paths inside an odd number of
// others) clockwise.
std::vector<PathProblem> checkPaths(std::span<const Path> paths);

// Points along the edge, ends included, no further apart than `maxSpacing` and, on an
// arc, at least one every 45 degrees (engine2D's decorated vertices: n equal parts, n the
// larger of sweep / (pi / 4) and sweep r / maxSpacing, rounded up); straight edges give
// their two ends.
std::vector<Vec2> sampleEdge(const Edge& edge, double maxSpacing);

}  // namespace cl
