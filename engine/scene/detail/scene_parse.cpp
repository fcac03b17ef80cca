// Reading the scene object, its settings, the walls and the bodies.
#include "engine/scene/detail/scene_parse.h"

#include <fmt/format.h>

#include <cctype>
#include <climits>
#include <cstdint>
#include <type_traits>

#include "engine/io/detail/json_read.h"
#include "engine/scene/detail/doc_kinds.h"

namespace cl {
namespace {

using Json = nlohmann::json;

// The lower-case label names an enum setting in messages ("unknown contact policy").
std::string lowerLabel(std::string_view label) {
  std::string out(label);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// One setting of the table (engine/settings/sim_settings.h), checked as its info says.
template <typename T>
std::optional<T> readSetting(FieldReader& r, const SettingInfo& info) {
  if constexpr (std::is_same_v<T, bool>) {
    return r.boolean(info.key, Need::kOptional);
  } else if constexpr (std::is_same_v<T, double>) {
    const auto v = r.number(info.key, Need::kOptional);
    if (!v) return v;
    if (std::string problem = settingValueProblem(info, *v); !problem.empty()) {
      r.report(r.fieldPath(info.key), std::move(problem));
      return std::nullopt;
    }
    return v;
  } else if constexpr (std::is_same_v<T, std::uint32_t>) {
    const auto v = r.integer(info.key, Need::kOptional, 0, UINT32_MAX);
    return v ? std::optional<T>(static_cast<T>(*v)) : std::nullopt;
  } else {
    static_assert(std::is_enum_v<T>, "a setting is a bool, a double, a uint32 or a named enum");
    const auto name = r.string(info.key, Need::kOptional);
    if (!name) return std::nullopt;
    const std::optional<T> value = fromName<T>(*name);
    if (!value) {
      std::vector<std::string> names;
      for (const auto& named : valuesOf<T>()) names.emplace_back(named.name);
      r.report(r.fieldPath(info.key),
               fmt::format("unknown {} '{}'; expected {}{}", lowerLabel(info.label), *name,
                           nameList<T>(), nearMissHint(*name, names)));
    }
    return value;
  }
}

WallsDoc readWalls(const Json& v, const std::string& path, std::vector<JsonProblem>& problems) {
  FieldReader r(v, path, problems, "'walls'");
  WallsDoc w;
  if (const auto x = r.number("width", Need::kRequired, Range::kPositive)) w.width = *x;
  if (const auto x = r.number("height", Need::kRequired, Range::kPositive)) w.height = *x;
  w.thickness = r.number("thickness", Need::kOptional, Range::kPositive);
  w.center = r.point("center", Need::kOptional);
  w.elasticity = r.number("elasticity", Need::kOptional, Range::kUnitInterval);
  w.friction = r.number("friction", Need::kOptional, Range::kNonNegative);
  r.rejectUnknown(" in 'walls'");
  return w;
}

ViewDoc readView(const Json& v, const std::string& path, std::vector<JsonProblem>& problems) {
  FieldReader r(v, path, problems, "'view'");
  ViewDoc view;
  const auto lo = r.point("min", Need::kRequired);
  const auto hi = r.point("max", Need::kRequired);
  if (lo) view.min = *lo;
  if (hi) view.max = *hi;
  if (lo && hi && !(hi->x > lo->x && hi->y > lo->y))
    r.report(r.fieldPath("max"),
             fmt::format("the view's 'max' ({}, {}) must lie above and right of its 'min' ({}, {})",
                         hi->x, hi->y, lo->x, lo->y));
  r.rejectUnknown(" in 'view'");
  return view;
}

// Rules between a body's fields that no single field can check.
void checkBodyFields(FieldReader& r, const BodyDoc& b) {
  const int massGiven = (b.mass ? 1 : 0) + (b.density ? 1 : 0) + (b.fixed.value_or(false) ? 1 : 0);
  if (massGiven > 1) r.report(r.path(), "give only one of 'mass', 'density' and \"fixed\": true");
  if (b.fixed.value_or(false) && b.moment)
    r.report(r.fieldPath("moment"), "a fixed body has an infinite moment; remove 'moment'");
  // Collisions and contacts treat a fixed body as standing still.
  if (b.fixed.value_or(false) || std::holds_alternative<WallShape>(b.shape)) {
    if (b.velocity && (b.velocity->x != 0 || b.velocity->y != 0))
      r.report(r.fieldPath("velocity"), "a fixed body cannot move; remove 'velocity'");
    if (b.omega && *b.omega != 0)
      r.report(r.fieldPath("omega"), "a fixed body cannot turn; remove 'omega'");
  }
  if (std::holds_alternative<WallShape>(b.shape)) {
    for (const char* key : {"mass", "density", "moment"})
      if (r.has(key))
        r.report(r.fieldPath(key),
                 fmt::format("a 'wall' is fixed (infinite mass); '{}' does not apply", key));
    if (b.fixed == false)
      r.report(r.fieldPath("fixed"), "a 'wall' is always fixed; use a 'block' to move it");
  }
  const bool fixed = b.fixed.value_or(false) || std::holds_alternative<WallShape>(b.shape);
  if (b.specialEdge && !fixed)
    r.report(r.fieldPath("special_edge"),
             "only a fixed body (a 'wall', or \"fixed\": true) can have a special edge");
  if (const auto* ball = std::get_if<BallShape>(&b.shape); ball && ball->cmOffset && b.centerOfMass)
    r.report(r.fieldPath("center_of_mass"),
             "give the centre of mass once: this ball has 'cm_offset' already");
}

BodyDoc readBody(const Json& v, const std::string& path, std::vector<JsonProblem>& problems) {
  FieldReader r(v, path, problems, "a body");
  BodyDoc b;
  b.name = r.string("name", Need::kRequired).value_or("");
  const auto kind = r.string("shape", Need::kRequired);
  std::optional<ShapeDoc> shape;
  if (kind) {
    shape = readShape(*kind, r);
    if (!shape)
      r.report(r.fieldPath("shape"),
               fmt::format("unknown shape '{}'; expected {}", *kind, kindList<ShapeDoc>()));
  }
  if (shape) b.shape = std::move(*shape);
  b.mass = r.number("mass", Need::kOptional, Range::kPositive);
  b.density = r.number("density", Need::kOptional, Range::kPositive);
  b.fixed = r.boolean("fixed", Need::kOptional);
  b.moment = r.number("moment", Need::kOptional, Range::kPositive);
  b.centerOfMass = r.point("center_of_mass", Need::kOptional);
  b.position = r.point("position", Need::kOptional);
  b.angle = r.number("angle", Need::kOptional);
  b.velocity = r.point("velocity", Need::kOptional);
  b.omega = r.number("omega", Need::kOptional);
  b.elasticity = r.number("elasticity", Need::kOptional, Range::kUnitInterval);
  b.friction = r.number("friction", Need::kOptional, Range::kNonNegative);
  b.zeroEnergyLevel = r.number("zero_energy_level", Need::kOptional);
  b.curvedEdgeSpacing = r.number("curved_edge_spacing", Need::kOptional, Range::kPositive);
  b.nonCollide = r.names("non_collide", Need::kOptional);
  if (const auto e = r.integer("special_edge", Need::kOptional, 0, INT_MAX))
    b.specialEdge = static_cast<int>(*e);
  if (shape) {
    checkBodyFields(r, b);
    // Which fields belong depends on the shape, so unknown ones can only be told
    // apart once the shape is known.
    r.rejectUnknown(fmt::format(" for a '{}' body", *kind));
  }
  return b;
}

}  // namespace

SettingsDoc readSettingsDoc(const nlohmann::json& v, const std::string& path, int version,
                            std::vector<JsonProblem>& problems) {
  FieldReader r(v, path, problems, "'settings'");
  SettingsDoc s;
  forEachSetting([&](const SettingInfo& info, auto, auto given) {
    using T = typename std::remove_reference_t<decltype(s.*given)>::value_type;
    s.*given = readSetting<T>(r, info);
    // A setting newer than the file's declared version is an error in that file.
    if (version < info.since && r.has(info.key))
      r.report(r.fieldPath(info.key),
               fmt::format("'{}' needs scene format version {} or later; this file declares "
                           "version {}",
                           info.key, info.since, version));
  });
  if (const std::string why = settingsConflict(settingsOf(s)); !why.empty())
    r.report(r.fieldPath("engine"), why);
  r.rejectUnknown(" in 'settings'");
  return s;
}

ParsedScene parseSceneJson(const Json& root, std::vector<JsonProblem>& problems) {
  FieldReader r(root, "", problems, "a scene");
  if (!r.isObject()) return {};
  const auto format = r.string("format", Need::kRequired);
  if (format && *format != kSceneFormatName)
    r.report(r.fieldPath("format"),
             fmt::format("not a ContactLab scene: 'format' must be \"{}\", got \"{}\"",
                         kSceneFormatName, *format));
  const auto version = r.integer("version", Need::kRequired, 1, INT_MAX);
  if (version && *version > kSceneFormatVersion)
    r.report(r.fieldPath("version"),
             fmt::format("scene format version {} is newer than this build of ContactLab reads "
                         "(versions 1 to {})",
                         *version, kSceneFormatVersion));
  if (!format || *format != kSceneFormatName || !version || *version > kSceneFormatVersion)
    return {};

  ParsedScene parsed;
  SceneDoc& doc = parsed.doc.emplace();
  doc.version = static_cast<int>(*version);
  doc.title = r.string("title", Need::kOptional);
  doc.description = r.string("description", Need::kOptional);
  if (const Json* v = r.object("view", Need::kOptional))
    doc.view = readView(*v, r.fieldPath("view"), problems);
  if (const Json* s = r.object("settings", Need::kOptional))
    doc.settings = readSettingsDoc(*s, r.fieldPath("settings"), doc.version, problems);
  if (const Json* w = r.object("walls", Need::kOptional))
    doc.walls = readWalls(*w, r.fieldPath("walls"), problems);
  if (const Json* bodies = r.array("bodies", Need::kRequired)) {
    // Each body costs about 2 KB once built: the limit keeps a scene within a few hundred MB.
    if (bodies->size() > kMaxSceneBodies) {
      problems.push_back({r.fieldPath("bodies"), fmt::format("{} bodies: a scene has at most {}",
                                                             bodies->size(), kMaxSceneBodies)});
      return {};
    }
    for (std::size_t i = 0; i < bodies->size(); ++i) {
      const std::size_t before = problems.size();
      doc.bodies.push_back(
          readBody((*bodies)[i], pointerChild(r.fieldPath("bodies"), i), problems));
      parsed.origin.buildableBodies.push_back(problems.size() == before);
    }
  }
  if (const Json* forces = r.array("forces", Need::kOptional)) {
    auto& list = doc.forces.emplace();
    for (std::size_t i = 0; i < forces->size(); ++i)
      if (auto f = readForce((*forces)[i], pointerChild(r.fieldPath("forces"), i), problems)) {
        list.push_back(std::move(*f));
        parsed.origin.forceIndex.push_back(i);
      }
  }
  if (const Json* connectors = r.array("connectors", Need::kOptional)) {
    if (doc.version < kCollisionSettingsVersion)
      r.report(r.fieldPath("connectors"),
               fmt::format("'connectors' needs scene format version {} or later; this file "
                           "declares version {}",
                           kCollisionSettingsVersion, doc.version));
    auto& list = doc.connectors.emplace();
    for (std::size_t i = 0; i < connectors->size(); ++i)
      if (auto c = readConnector((*connectors)[i], pointerChild(r.fieldPath("connectors"), i),
                                 problems)) {
        list.push_back(std::move(*c));
        parsed.origin.connectorIndex.push_back(i);
      }
  }
  r.rejectUnknown(" in a scene");
  return parsed;
}

}  // namespace cl
