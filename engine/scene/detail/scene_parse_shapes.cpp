// Reading the shape of a body: the factory parameters, which sit in the body's
// own object next to "shape", or explicit paths of edges.
#include <fmt/format.h>

#include "engine/io/detail/json_read.h"
#include "engine/scene/detail/doc_kinds.h"
#include "engine/scene/detail/scene_parse.h"

namespace cl {
namespace {

using Json = nlohmann::json;

// A required positive length; a missing one leaves the default, which is never
// built because the body then has a problem.
void length(FieldReader& r, std::string_view key, double& out) {
  if (const auto v = r.number(key, Need::kRequired, Range::kPositive)) out = *v;
}

void sides(FieldReader& r, int& out) {
  if (const auto v = r.integer("sides", Need::kRequired, 3, 10000)) out = static_cast<int>(*v);
}

void readFields(FieldReader& r, BlockShape& s) {
  length(r, "width", s.width);
  length(r, "height", s.height);
}

void readFields(FieldReader& r, CornerBlockShape& s) {
  length(r, "width", s.width);
  length(r, "height", s.height);
}

void readFields(FieldReader& r, BallShape& s) {
  length(r, "radius", s.radius);
  s.cmOffset = r.point("cm_offset", Need::kOptional);
}

void readFields(FieldReader& r, HexagonShape& s) {
  length(r, "side", s.side);
}

void readFields(FieldReader& r, RegularPolygonShape& s) {
  sides(r, s.sides);
  length(r, "radius", s.radius);
}

void readFields(FieldReader& r, RoundCornerBlockShape& s) {
  length(r, "width", s.width);
  length(r, "height", s.height);
  length(r, "corner_radius", s.cornerRadius);
}

void readFields(FieldReader& r, RoundEndBlockShape& s) {
  length(r, "width", s.width);
  length(r, "height", s.height);
}

void readFields(FieldReader& r, PendulumShape& s) {
  length(r, "length", s.length);
  length(r, "stick_width", s.stickWidth);
  length(r, "bob_radius", s.bobRadius);
}

void readFields(FieldReader& r, FrameShape& s) {
  length(r, "width", s.width);
  length(r, "height", s.height);
  length(r, "thickness", s.thickness);
}

void readFields(FieldReader& r, WallShape& s) {
  length(r, "width", s.width);
  length(r, "height", s.height);
}

void readFields(FieldReader& r, RandomPolygonShape& s) {
  sides(r, s.sides);
  length(r, "min_radius", s.minRadius);
  length(r, "max_radius", s.maxRadius);
  if (r.has("min_radius") && r.has("max_radius") && s.maxRadius < s.minRadius)
    r.report(r.fieldPath("max_radius"),
             fmt::format("'max_radius' ({}) must be at least 'min_radius' ({})", s.maxRadius,
                         s.minRadius));
}

void readFields(FieldReader& r, StraightEdgeDoc& e) {
  if (const auto p = r.point("end", Need::kRequired)) e.end = *p;
}

void readFields(FieldReader& r, CircularEdgeDoc& e) {
  if (const auto p = r.point("end", Need::kRequired)) e.end = *p;
  if (const auto p = r.point("center", Need::kRequired)) e.center = *p;
  e.clockwise = r.boolean("clockwise", Need::kOptional);
}

std::optional<EdgeDoc> readEdge(const Json& v, const std::string& path,
                                std::vector<JsonProblem>& problems) {
  FieldReader r(v, path, problems, "an edge");
  const auto kind = r.string("kind", Need::kRequired);
  if (!kind) return std::nullopt;
  std::optional<EdgeDoc> edge;
  visitKind<EdgeDoc>(*kind, [&](auto type) {
    typename decltype(type)::type e;
    readFields(r, e);
    edge = e;
  });
  if (!edge) {
    r.report(r.fieldPath("kind"),
             fmt::format("unknown edge kind '{}'; expected {}", *kind, kindList<EdgeDoc>()));
    return std::nullopt;
  }
  r.rejectUnknown(fmt::format(" for a '{}' edge", *kind));
  return edge;
}

void readFields(FieldReader& r, PathsShape& s) {
  const Json* paths = r.array("paths", Need::kRequired);
  if (!paths) return;
  for (std::size_t i = 0; i < paths->size(); ++i) {
    FieldReader pr((*paths)[i], pointerChild(r.fieldPath("paths"), i), r.problems(), "a path");
    PathDoc path;
    if (const Json* edges = pr.array("edges", Need::kRequired))
      for (std::size_t k = 0; k < edges->size(); ++k)
        if (auto e = readEdge((*edges)[k], pointerChild(pr.fieldPath("edges"), k), r.problems()))
          path.edges.push_back(*e);
    pr.rejectUnknown(" in a path");
    s.paths.push_back(std::move(path));
  }
}

}  // namespace

std::optional<ShapeDoc> readShape(std::string_view kind, FieldReader& body) {
  std::optional<ShapeDoc> shape;
  visitKind<ShapeDoc>(kind, [&](auto type) {
    typename decltype(type)::type s;
    readFields(body, s);
    shape = std::move(s);
  });
  return shape;
}

}  // namespace cl
