// Reading the entries of "forces": one read function per force law.
#include <fmt/format.h>

#include "engine/io/detail/json_read.h"
#include "engine/scene/detail/doc_kinds.h"
#include "engine/scene/detail/scene_parse.h"

namespace cl {
namespace {

using Json = nlohmann::json;

template <typename T>
void required(const std::optional<T>& v, T& out) {
  if (v) out = *v;
}

void readFields(FieldReader& r, GravityDoc& f) {
  required(r.number("g", Need::kRequired), f.g);
  f.zeroEnergyLevel = r.number("zero_energy_level", Need::kOptional);
  f.bodies = r.names("bodies", Need::kOptional);
}

void readFields(FieldReader& r, Gravity2Doc& f) {
  required(r.number("G", Need::kRequired), f.G);
  f.bodies = r.names("bodies", Need::kOptional);
}

void readFields(FieldReader& r, DampingDoc& f) {
  required(r.number("k", Need::kRequired, Range::kNonNegative), f.k);
  f.rotateRatio = r.number("rotate_ratio", Need::kOptional, Range::kNonNegative);
  f.bodies = r.names("bodies", Need::kOptional);
}

void readFields(FieldReader& r, SpringDoc& f) {
  f.name = r.string("name", Need::kOptional);
  required(r.string("body1", Need::kRequired), f.body1);
  required(r.point("point1", Need::kRequired), f.point1);
  required(r.string("body2", Need::kRequired), f.body2);
  required(r.point("point2", Need::kRequired), f.point2);
  required(r.number("rest_length", Need::kRequired, Range::kNonNegative), f.restLength);
  required(r.number("stiffness", Need::kRequired, Range::kNonNegative), f.stiffness);
  f.damping = r.number("damping", Need::kOptional, Range::kNonNegative);
  f.compressOnly = r.boolean("compress_only", Need::kOptional);
}

ThrusterDoc readThruster(const Json& v, const std::string& path,
                         std::vector<JsonProblem>& problems) {
  FieldReader r(v, path, problems, "a thruster");
  ThrusterDoc t;
  required(r.point("location", Need::kRequired), t.location);
  required(r.point("direction", Need::kRequired), t.direction);
  t.active = r.boolean("active", Need::kOptional);
  r.rejectUnknown(" for a thruster");
  return t;
}

void readFields(FieldReader& r, ThrustersDoc& f) {
  f.name = r.string("name", Need::kOptional);
  required(r.string("body", Need::kRequired), f.body);
  required(r.number("magnitude", Need::kRequired), f.magnitude);
  if (const Json* list = r.array("thrusters", Need::kRequired)) {
    if (list->empty()) r.report(r.fieldPath("thrusters"), "'thrusters' must list at least one");
    for (std::size_t i = 0; i < list->size(); ++i)
      f.thrusters.push_back(
          readThruster((*list)[i], pointerChild(r.fieldPath("thrusters"), i), r.problems()));
  }
}

void readFields(FieldReader& r, ConstantForceDoc& f) {
  f.name = r.string("name", Need::kOptional);
  required(r.string("body", Need::kRequired), f.body);
  required(r.point("location", Need::kRequired), f.location);
  required(r.point("force", Need::kRequired), f.force);
  f.torque = r.number("torque", Need::kOptional);
}

}  // namespace

std::optional<ForceDoc> readForce(const Json& value, const std::string& path,
                                  std::vector<JsonProblem>& problems) {
  FieldReader r(value, path, problems, "a force law");
  const auto kind = r.string("kind", Need::kRequired);
  if (!kind) return std::nullopt;
  std::optional<ForceDoc> force;
  visitKind<ForceDoc>(*kind, [&](auto type) {
    typename decltype(type)::type f;
    readFields(r, f);
    force = std::move(f);
  });
  if (!force) {
    r.report(r.fieldPath("kind"),
             fmt::format("unknown force law '{}'; expected {}", *kind, kindList<ForceDoc>()));
    return std::nullopt;
  }
  r.rejectUnknown(fmt::format(" for a '{}' force law", *kind));
  return force;
}

}  // namespace cl
