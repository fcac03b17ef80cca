#include "engine/geometry/detail/path_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <tuple>

#include "engine/geometry/detail/area_moments.h"
#include "engine/geometry/detail/edge_intersection.h"

namespace cl {
namespace {

// Crossings reported before the check stops.
constexpr int kMaxCrossings = 10;

// Ray casting against a fine polyline of the path: true when p is inside.
// Arcs are sampled every 1/100 radian, so the polyline strays from the arc by at
// most r * 1.25e-5; paths that pass checkPaths' crossing test lie far further
// apart than that.
bool insidePath(const Path& path, Vec2 p) {
  bool inside = false;
  for (const Edge& e : path.edges) {
    double spacing = edgeLength(e);
    if (const auto* c = std::get_if<CircularEdge>(&e)) spacing = c->radius() * 0.01;
    const auto pts = sampleEdge(e, spacing);
    for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
      const Vec2 a = pts[i], b = pts[i + 1];
      if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y))
        inside = !inside;
    }
  }
  return inside;
}

// A point on the path away from its corners: the middle of its first edge.
Vec2 pointOnPath(const Path& path) {
  const Edge& e = path.edges[0];
  if (const auto* c = std::get_if<CircularEdge>(&e))
    return c->pointAtAngle(c->startAngle() + c->sweep() / 2);
  return (edgeStart(e) + edgeEnd(e)) / 2.0;
}

}  // namespace

std::vector<Vec2> sampleEdge(const Edge& edge, double maxSpacing) {
  if (const auto* s = std::get_if<StraightEdge>(&edge)) return {s->start, s->end};
  const auto& c = std::get<CircularEdge>(edge);
  const double sweep = c.sweep(), r = c.radius();
  const int n = std::max({1, static_cast<int>(std::ceil(std::abs(sweep) / (std::numbers::pi / 4))),
                          static_cast<int>(std::ceil(std::abs(sweep) * r / maxSpacing))});
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
        if (r <= tol)
          problems.push_back({pi, ei, "circular edge has zero radius"});
        else if (std::abs((c.end - c.center).length() - r) > 1e-7 * std::max(1.0, r))
          problems.push_back({pi, ei,
                              fmt::format("circular edge ends off its circle: |start - center| = "
                                          "{} but |end - center| = {}",
                                          r, (c.end - c.center).length())});
      }
      if (distance(edgeEnd(e), edgeStart(next)) > tol)
        problems.push_back(
            {pi, ei,
             fmt::format("path is not closed: edge ends at ({}, {}) but the next "
                         "edge starts at ({}, {})",
                         edgeEnd(e).x, edgeEnd(e).y, edgeStart(next).x, edgeStart(next).y)});
    }
    if (path.edges.size() == 1 && std::holds_alternative<StraightEdge>(path.edges[0]))
      problems.push_back({pi, -1, "a path of one straight edge encloses nothing"});
  }
  if (!problems.empty()) return problems;

  // Crossing edges: pairs of edges whose bounds overlap (a sweep along x over the boxes,
  // so a convex path of n edges costs n log n, not n^2), intersected exactly. Edges that
  // follow one another may meet only at their shared corner (within a looser tolerance,
  // since an arc leaving a straight edge tangentially meets it in a near double root). A
  // shape that crosses itself is reported at its first kMaxCrossings crossings in sweep
  // order: a star of n points crosses itself about n^2 / 2 times.
  const double cornerTol = 1e-6 * std::max(1.0, scale);
  struct EdgeRef {
    int path, edge;
    Vec2 low, high;  // bounds, widened by the tolerance
  };
  std::vector<EdgeRef> refs;
  for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi)
    for (int ei = 0; ei < static_cast<int>(paths[pi].edges.size()); ++ei) {
      const Edge& e = paths[pi].edges[ei];
      Vec2 low{std::min(edgeStart(e).x, edgeEnd(e).x), std::min(edgeStart(e).y, edgeEnd(e).y)};
      Vec2 high{std::max(edgeStart(e).x, edgeEnd(e).x), std::max(edgeStart(e).y, edgeEnd(e).y)};
      if (const auto* c = std::get_if<CircularEdge>(&e)) {  // the whole circle's box
        const double r = c->radius();
        low = c->center - Vec2{r, r};
        high = c->center + Vec2{r, r};
      }
      refs.push_back({pi, ei, low - Vec2{cornerTol, cornerTol}, high + Vec2{cornerTol, cornerTol}});
    }
  std::sort(refs.begin(), refs.end(),
            [](const EdgeRef& a, const EdgeRef& b) { return a.low.x < b.low.x; });
  int crossings = 0;
  for (std::size_t i = 0; i < refs.size() && crossings <= kMaxCrossings; ++i) {
    for (std::size_t j = i + 1; j < refs.size() && refs[j].low.x <= refs[i].high.x; ++j) {
      if (refs[j].low.y > refs[i].high.y || refs[i].low.y > refs[j].high.y) continue;
      // In file order, so that a message names the earlier edge beside the later one.
      const EdgeRef& first =
          std::tie(refs[i].path, refs[i].edge) < std::tie(refs[j].path, refs[j].edge) ? refs[i]
                                                                                      : refs[j];
      const EdgeRef& second = &first == &refs[i] ? refs[j] : refs[i];
      const int pa = first.path, ea = first.edge, pb = second.path, eb = second.edge;
      const Edge& a = paths[pa].edges[ea];
      const Edge& b = paths[pb].edges[eb];
      const int n = static_cast<int>(paths[pa].edges.size());
      std::vector<Vec2> corners;  // where these two edges are meant to meet
      if (pa == pb && eb == (ea + 1) % n) corners.push_back(edgeEnd(a));
      if (pa == pb && ea == (eb + 1) % n) corners.push_back(edgeEnd(b));
      bool crossed = false;
      for (Vec2 p : edgeIntersections(a, b, tol)) {
        const bool atCorner = std::any_of(corners.begin(), corners.end(),
                                          [&](Vec2 c) { return distance(p, c) <= cornerTol; });
        crossed = crossed || !atCorner;
      }
      if (!crossed) continue;
      if (++crossings > kMaxCrossings) {
        problems.push_back({-1, -1,
                            fmt::format("more crossings not listed: the check stops after the "
                                        "first {}",
                                        kMaxCrossings)});
        break;
      }
      problems.push_back({pb, eb,
                          fmt::format("edge crosses edge {} of path {}: the path intersects "
                                      "itself",
                                      ea, pa)});
    }
  }
  if (!problems.empty()) return problems;

  // Orientation: a path inside an even number of other paths bounds material and
  // runs counter-clockwise; inside an odd number it is a hole and runs clockwise.
  for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi) {
    const Vec2 probe = pointOnPath(paths[pi]);
    int depth = 0;
    for (int pj = 0; pj < static_cast<int>(paths.size()); ++pj)
      if (pj != pi && insidePath(paths[pj], probe)) ++depth;
    const double area = pathMoments(std::span(&paths[pi], 1)).area;
    if (std::abs(area) <= tol * tol) {
      problems.push_back({pi, -1, "path encloses zero area"});
    } else if (depth % 2 == 0 && area < 0) {
      problems.push_back({pi, -1,
                          "outer path runs clockwise: outer paths must run counter-clockwise "
                          "(material on the left)"});
    } else if (depth % 2 == 1 && area > 0) {
      problems.push_back({pi, -1,
                          "hole runs counter-clockwise: a path inside another is a hole and must "
                          "run clockwise (material on the left)"});
    }
  }
  return problems;
}

}  // namespace cl
