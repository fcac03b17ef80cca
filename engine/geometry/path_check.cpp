#include "engine/geometry/path_check.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "engine/geometry/area_moments.h"

namespace cl {
namespace {

constexpr double kTiny = 1e-9;

// Proper or touching intersection of segments p1p2 and q1q2.
bool segmentsIntersect(Vec2 p1, Vec2 p2, Vec2 q1, Vec2 q2) {
  const double d1 = cross(q2 - q1, p1 - q1), d2 = cross(q2 - q1, p2 - q1);
  const double d3 = cross(p2 - p1, q1 - p1), d4 = cross(p2 - p1, q2 - p1);
  const double eps = kTiny;
  if (((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) &&
      ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps)))
    return true;
  auto onSegment = [](Vec2 a, Vec2 b, Vec2 p, double d) {
    return std::abs(d) <= kTiny && std::min(a.x, b.x) - kTiny <= p.x &&
           p.x <= std::max(a.x, b.x) + kTiny && std::min(a.y, b.y) - kTiny <= p.y &&
           p.y <= std::max(a.y, b.y) + kTiny;
  };
  return onSegment(q1, q2, p1, d1) || onSegment(q1, q2, p2, d2) || onSegment(p1, p2, q1, d3) ||
         onSegment(p1, p2, q2, d4);
}

struct Polyline {
  int path, edge;
  std::vector<Vec2> points;
};

}  // namespace

std::vector<Vec2> sampleEdge(const Edge& edge, double maxSpacing) {
  if (const auto* s = std::get_if<StraightEdge>(&edge)) return {s->start, s->end};
  const auto& c = std::get<CircularEdge>(edge);
  const double sweep = c.sweep(), r = c.radius();
  const int n = std::max(2, static_cast<int>(std::ceil(std::abs(sweep) * r / maxSpacing)));
  std::vector<Vec2> pts;
  pts.reserve(n + 1);
  pts.push_back(c.start);
  for (int i = 1; i < n; ++i) pts.push_back(c.pointAtAngle(c.startAngle() + sweep * i / n));
  pts.push_back(c.end);
  return pts;
}

std::vector<PathProblem> checkPaths(std::span<const Path> paths) {
  std::vector<PathProblem> problems;
  if (paths.empty()) {
    problems.push_back({-1, -1, "a body needs at least one path"});
    return problems;
  }
  double scale = 0.0;  // size of the shape, for relative tolerances
  for (const Path& p : paths)
    for (const Edge& e : p.edges)
      scale = std::max({scale, std::abs(edgeStart(e).x), std::abs(edgeStart(e).y),
                        std::abs(edgeEnd(e).x), std::abs(edgeEnd(e).y)});
  const double tol = 1e-9 * std::max(1.0, scale);

  for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi) {
    const Path& path = paths[pi];
    if (path.edges.empty()) {
      problems.push_back({pi, -1, "path has no edges"});
      continue;
    }
    for (int ei = 0; ei < static_cast<int>(path.edges.size()); ++ei) {
      const Edge& e = path.edges[ei];
      const Edge& next = path.edges[(ei + 1) % path.edges.size()];
      if (const auto* s = std::get_if<StraightEdge>(&e)) {
        if (s->length() <= tol) problems.push_back({pi, ei, "straight edge has zero length"});
      } else {
        const auto& c = std::get<CircularEdge>(e);
        const double r = c.radius();
        if (r <= tol) problems.push_back({pi, ei, "circular edge has zero radius"});
        else if (std::abs((c.end - c.center).length() - r) > 1e-7 * std::max(1.0, r))
          problems.push_back({pi, ei,
                              fmt::format("circular edge ends off its circle: |start - center| = "
                                          "{} but |end - center| = {}",
                                          r, (c.end - c.center).length())});
      }
      if (distance(edgeEnd(e), edgeStart(next)) > tol)
        problems.push_back({pi, ei,
                            fmt::format("path is not closed: edge ends at ({}, {}) but the next "
                                        "edge starts at ({}, {})",
                                        edgeEnd(e).x, edgeEnd(e).y, edgeStart(next).x,
                                        edgeStart(next).y)});
    }
    if (path.edges.size() == 1 && std::holds_alternative<StraightEdge>(path.edges[0]))
      problems.push_back({pi, -1, "a path of one straight edge encloses nothing"});
  }
  if (!problems.empty()) return problems;

  // Crossing edges: compare fine polylines of every pair of non-adjacent edges.
  std::vector<Polyline> lines;
  for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi)
    for (int ei = 0; ei < static_cast<int>(paths[pi].edges.size()); ++ei) {
      const Edge& e = paths[pi].edges[ei];
      lines.push_back({pi, ei, sampleEdge(e, std::max(edgeLength(e) / 64.0, 1e-6))});
    }
  for (std::size_t i = 0; i < lines.size(); ++i) {
    for (std::size_t j = i + 1; j < lines.size(); ++j) {
      const Polyline &a = lines[i], &b = lines[j];
      const int n = static_cast<int>(paths[a.path].edges.size());
      const bool samePath = a.path == b.path;
      const bool nextTo = samePath && (b.edge == a.edge + 1 || (a.edge == 0 && b.edge == n - 1));
      bool crossed = false;
      for (std::size_t u = 0; u + 1 < a.points.size() && !crossed; ++u) {
        for (std::size_t v = 0; v + 1 < b.points.size() && !crossed; ++v) {
          // Adjacent edges share an end point; skip the two segments that meet there.
          if (nextTo) {
            const bool aFirstB = b.edge == a.edge + 1;  // a ends where b starts
            if (aFirstB && u + 2 == a.points.size() && v == 0) continue;
            if (!aFirstB && u == 0 && v + 2 == b.points.size()) continue;
            if (n == 2 && ((u == 0 && v + 2 == b.points.size()) ||
                           (u + 2 == a.points.size() && v == 0)))
              continue;
          }
          crossed = segmentsIntersect(a.points[u], a.points[u + 1], b.points[v], b.points[v + 1]);
        }
      }
      if (crossed)
        problems.push_back({b.path, b.edge,
                            fmt::format("edge crosses edge {} of path {}: the path intersects "
                                        "itself",
                                        a.edge, a.path)});
    }
  }
  if (!problems.empty()) return problems;

  double total = 0.0;
  for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi) {
    const double area = pathMoments(std::span(&paths[pi], 1)).area;
    if (std::abs(area) <= tol * tol) problems.push_back({pi, -1, "path encloses zero area"});
    total += area;
  }
  if (problems.empty() && total <= 0.0)
    problems.push_back({-1, -1,
                        "total area is not positive: outer paths must run counter-clockwise "
                        "(material on the left) and holes clockwise"});
  return problems;
}

}  // namespace cl
