#pragma once
// Edge: one piece of a polygon path, straight or circular; Path: a closed chain of edges.
#include <variant>
#include <vector>

#include "engine/geometry/circular_edge.h"
#include "engine/geometry/straight_edge.h"

namespace cl {

using Edge = std::variant<StraightEdge, CircularEdge>;

inline Vec2 edgeStart(const Edge& e) {
  return std::visit([](const auto& x) { return x.start; }, e);
}
inline Vec2 edgeEnd(const Edge& e) {
  return std::visit([](const auto& x) { return x.end; }, e);
}
inline double edgeLength(const Edge& e) {
  return std::visit([](const auto& x) { return x.length(); }, e);
}

// A closed path: the end of each edge is the start of the next, and the last
// edge ends where the first begins.
struct Path {
  std::vector<Edge> edges;
  bool operator==(const Path&) const = default;
};

}  // namespace cl
