// Reading the entries of "connectors": joints, double joints, rods and ropes.
#include <fmt/format.h>

#include "engine/io/detail/json_read.h"
#include "engine/scene/detail/doc_kinds.h"
#include "engine/scene/detail/scene_parse.h"

namespace cl {
namespace {

using Json = nlohmann::json;

void readEnds(FieldReader& r, ConnectorEnds& e) {
  e.body1 = r.string("body1", Need::kRequired).value_or("");
  e.point1 = r.point("point1", Need::kRequired).value_or(Vec2{});
  e.body2 = r.string("body2", Need::kRequired).value_or("");
  e.point2 = r.point("point2", Need::kRequired).value_or(Vec2{});
}

std::optional<CoordType> readCoords(FieldReader& r) {
  const auto name = r.string("normal_coords", Need::kOptional);
  if (!name) return std::nullopt;
  if (*name == "world") return CoordType::WORLD;
  if (*name == "body") return CoordType::BODY;
  r.report(r.fieldPath("normal_coords"),
           fmt::format("unknown normal_coords '{}'; expected 'world' or 'body'", *name));
  return std::nullopt;
}

void readFields(FieldReader& r, JointDoc& c) {
  c.name = r.string("name", Need::kOptional);
  readEnds(r, c.ends);
  c.normal = r.point("normal", Need::kOptional);
  if (c.normal && c.normal->x == 0 && c.normal->y == 0)
    r.report(r.fieldPath("normal"), "'normal' must not be the zero vector");
  c.normalCoords = readCoords(r);
}

void readFields(FieldReader& r, RodDoc& c) {
  c.name = r.string("name", Need::kOptional);
  readEnds(r, c.ends);
  c.length = r.number("length", Need::kOptional, Range::kPositive);
}

}  // namespace

std::optional<ConnectorDoc> readConnector(const Json& value, const std::string& path,
                                          std::vector<JsonProblem>& problems) {
  FieldReader r(value, path, problems, "a connector");
  const auto kind = r.string("kind", Need::kRequired);
  if (!kind) return std::nullopt;
  std::optional<ConnectorDoc> connector;
  visitKind<ConnectorDoc>(*kind, [&](auto type) {
    typename decltype(type)::type c;
    readFields(r, c);
    connector = std::move(c);
  });
  if (!connector) {
    r.report(r.fieldPath("kind"),
             fmt::format("unknown connector '{}'; expected {}", *kind, kindList<ConnectorDoc>()));
    return std::nullopt;
  }
  r.rejectUnknown(fmt::format(" for a '{}' connector", *kind));
  return connector;
}

}  // namespace cl
