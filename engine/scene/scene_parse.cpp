// Reading the scene object, its settings, the walls and the bodies.
#include "engine/scene/scene_parse.h"

#include <fmt/format.h>

#include <climits>
#include <cstdint>

#include "engine/scene/doc_kinds.h"
#include "engine/scene/json_read.h"

namespace cl {
namespace {

using Json = nlohmann::json;

std::string integratorNames() {
  std::string out;
  for (const IntegratorKind k :
       {IntegratorKind::Euler, IntegratorKind::ModifiedEuler, IntegratorKind::RungeKutta})
    out += fmt::format("{}'{}'", out.empty() ? "" : ", ", toString(k));
  return out;
}

constexpr ExtraAccel kExtraAccels[] = {
    ExtraAccel::NONE, ExtraAccel::VELOCITY, ExtraAccel::VELOCITY_JOINTS,
    ExtraAccel::VELOCITY_AND_DISTANCE, ExtraAccel::VELOCITY_AND_DISTANCE_JOINTS};
constexpr NextContactPolicy kPolicies[] = {NextContactPolicy::HYBRID, NextContactPolicy::MIN_ACCEL,
                                           NextContactPolicy::RANDOM,
                                           NextContactPolicy::PRE_ORDERED};

// The value whose name is exactly `name` (scene files take only the canonical
// spelling, so that saving writes back what was read).
template <typename E, std::size_t N, typename NameOf>
std::optional<E> exactName(const std::string& name, const E (&values)[N], NameOf nameOf) {
  for (const E e : values)
    if (name == nameOf(e)) return e;
  return std::nullopt;
}

template <typename E, std::size_t N, typename NameOf>
std::string nameList(const E (&values)[N], NameOf nameOf) {
  std::string out;
  for (const E e : values) out += fmt::format("{}'{}'", out.empty() ? "" : ", ", nameOf(e));
  return out;
}

// A named setting: reported at its path when the name is not one of `values`.
template <typename E, std::size_t N, typename NameOf>
std::optional<E> readNamed(FieldReader& r, std::string_view key, std::string_view what,
                           const E (&values)[N], NameOf nameOf) {
  const auto name = r.string(key, Need::Optional);
  if (!name) return std::nullopt;
  const auto value = exactName(*name, values, nameOf);
  if (!value) {
    std::vector<std::string> names;
    for (const E e : values) names.emplace_back(nameOf(e));
    r.report(r.fieldPath(key), fmt::format("unknown {} '{}'; expected {}{}", what, *name,
                                           nameList(values, nameOf), nearMissHint(*name, names)));
  }
  return value;
}

// Reports each of `keys` present in a file older than `since`.
void requireVersion(FieldReader& r, int version, int since,
                    std::initializer_list<const char*> keys) {
  if (version >= since) return;
  for (const char* key : keys)
    if (r.has(key))
      r.report(r.fieldPath(key),
               fmt::format("'{}' needs scene format version {} or later; this file declares "
                           "version {}",
                           key, since, version));
}

void readContactSettings(FieldReader& r, SettingsDoc& s, int version) {
  s.distanceTol = r.number("distance_tol", Need::Optional, Range::Positive);
  s.velocityTol = r.number("velocity_tol", Need::Optional, Range::Positive);
  s.extraAccel = readNamed(r, "extra_accel", "extra acceleration", kExtraAccels,
                           [](ExtraAccel e) { return extraAccelName(e); });
  s.extraAccelTimeStep = r.number("extra_accel_time_step", Need::Optional, Range::Positive);
  s.contactPolicy = readNamed(r, "contact_policy", "contact policy", kPolicies,
                              [](NextContactPolicy p) { return policyName(p); });
  s.solverTolerance = r.number("solver_tolerance", Need::Optional, Range::Positive);
  s.warmStart = r.boolean("warm_start", Need::Optional);
  requireVersion(r, version, kContactSettingsVersion,
                 {"distance_tol", "velocity_tol", "extra_accel", "extra_accel_time_step",
                  "contact_policy", "solver_tolerance", "warm_start"});
}

void readCollisionSettings(FieldReader& r, SettingsDoc& s, int version) {
  s.collisionHandling =
      readNamed(r, "collision_handling", "collision handling", kCollisionHandlings,
                [](CollisionHandling h) { return collisionHandlingName(h); });
  s.collisionAccuracy = r.number("collision_accuracy", Need::Optional, Range::Positive);
  if (s.collisionAccuracy && *s.collisionAccuracy > 1)
    r.report(r.fieldPath("collision_accuracy"),
             fmt::format("'collision_accuracy' must be in (0, 1], got {}", *s.collisionAccuracy));
  s.jointSmallImpacts = r.boolean("joint_small_impacts", Need::Optional);
  requireVersion(r, version, kCollisionSettingsVersion,
                 {"collision_handling", "collision_accuracy", "joint_small_impacts"});
}

SettingsDoc readSettings(const Json& v, const std::string& path, int version,
                         std::vector<SceneProblem>& problems) {
  FieldReader r(v, path, problems, "'settings'");
  SettingsDoc s;
  s.timeStep = r.number("time_step", Need::Optional, Range::Positive);
  if (const auto name = r.string("integrator", Need::Optional)) {
    s.integrator = integratorFromString(*name);
    if (!s.integrator)
      r.report(r.fieldPath("integrator"),
               fmt::format("unknown integrator '{}'; expected {}", *name, integratorNames()));
  }
  if (const auto seed = r.integer("seed", Need::Optional, 0, UINT32_MAX))
    s.seed = static_cast<std::uint32_t>(*seed);
  readContactSettings(r, s, version);
  readCollisionSettings(r, s, version);
  r.rejectUnknown(" in 'settings'");
  return s;
}

WallsDoc readWalls(const Json& v, const std::string& path, std::vector<SceneProblem>& problems) {
  FieldReader r(v, path, problems, "'walls'");
  WallsDoc w;
  if (const auto x = r.number("width", Need::Required, Range::Positive)) w.width = *x;
  if (const auto x = r.number("height", Need::Required, Range::Positive)) w.height = *x;
  w.thickness = r.number("thickness", Need::Optional, Range::Positive);
  w.center = r.point("center", Need::Optional);
  w.elasticity = r.number("elasticity", Need::Optional, Range::UnitInterval);
  r.rejectUnknown(" in 'walls'");
  return w;
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
  if (const auto* ball = std::get_if<BallShape>(&b.shape); ball && ball->cmOffset && b.centerOfMass)
    r.report(r.fieldPath("center_of_mass"),
             "give the centre of mass once: this ball has 'cm_offset' already");
}

BodyDoc readBody(const Json& v, const std::string& path, std::vector<SceneProblem>& problems) {
  FieldReader r(v, path, problems, "a body");
  BodyDoc b;
  b.name = r.string("name", Need::Required).value_or("");
  const auto kind = r.string("shape", Need::Required);
  std::optional<ShapeDoc> shape;
  if (kind) {
    shape = readShape(*kind, r);
    if (!shape)
      r.report(r.fieldPath("shape"),
               fmt::format("unknown shape '{}'; expected {}", *kind, kindList<ShapeDoc>()));
  }
  if (shape) b.shape = std::move(*shape);
  b.mass = r.number("mass", Need::Optional, Range::Positive);
  b.density = r.number("density", Need::Optional, Range::Positive);
  b.fixed = r.boolean("fixed", Need::Optional);
  b.moment = r.number("moment", Need::Optional, Range::Positive);
  b.centerOfMass = r.point("center_of_mass", Need::Optional);
  b.position = r.point("position", Need::Optional);
  b.angle = r.number("angle", Need::Optional);
  b.velocity = r.point("velocity", Need::Optional);
  b.omega = r.number("omega", Need::Optional);
  b.elasticity = r.number("elasticity", Need::Optional, Range::UnitInterval);
  b.zeroEnergyLevel = r.number("zero_energy_level", Need::Optional);
  b.curvedEdgeSpacing = r.number("curved_edge_spacing", Need::Optional, Range::Positive);
  b.nonCollide = r.names("non_collide", Need::Optional);
  if (shape) {
    checkBodyFields(r, b);
    // Which fields belong depends on the shape, so unknown ones can only be told
    // apart once the shape is known.
    r.rejectUnknown(fmt::format(" for a '{}' body", *kind));
  }
  return b;
}

}  // namespace

ParsedScene parseSceneJson(const Json& root, std::vector<SceneProblem>& problems) {
  FieldReader r(root, "", problems, "a scene");
  if (!r.isObject()) return {};
  const auto format = r.string("format", Need::Required);
  if (format && *format != kSceneFormatName)
    r.report(r.fieldPath("format"),
             fmt::format("not a ContactLab scene: 'format' must be \"{}\", got \"{}\"",
                         kSceneFormatName, *format));
  const auto version = r.integer("version", Need::Required, 1, INT_MAX);
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
  doc.title = r.string("title", Need::Optional);
  doc.description = r.string("description", Need::Optional);
  if (const Json* s = r.object("settings", Need::Optional))
    doc.settings = readSettings(*s, r.fieldPath("settings"), doc.version, problems);
  if (const Json* w = r.object("walls", Need::Optional))
    doc.walls = readWalls(*w, r.fieldPath("walls"), problems);
  if (const Json* bodies = r.array("bodies", Need::Required)) {
    for (std::size_t i = 0; i < bodies->size(); ++i) {
      const std::size_t before = problems.size();
      doc.bodies.push_back(
          readBody((*bodies)[i], pointerChild(r.fieldPath("bodies"), i), problems));
      parsed.origin.buildableBodies.push_back(problems.size() == before);
    }
  }
  if (const Json* forces = r.array("forces", Need::Optional)) {
    auto& list = doc.forces.emplace();
    for (std::size_t i = 0; i < forces->size(); ++i)
      if (auto f = readForce((*forces)[i], pointerChild(r.fieldPath("forces"), i), problems)) {
        list.push_back(std::move(*f));
        parsed.origin.forceIndex.push_back(i);
      }
  }
  if (const Json* connectors = r.array("connectors", Need::Optional)) {
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
