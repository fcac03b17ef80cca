#include "engine/scene/scene_write.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

namespace cl {
namespace {

using OJson = nlohmann::ordered_json;

OJson point(Vec2 p) {
  return OJson::array({jsonNumber(p.x), jsonNumber(p.y)});
}

void put(OJson& j, const char* key, double v) {
  j[key] = jsonNumber(v);
}
void put(OJson& j, const char* key, Vec2 v) {
  j[key] = point(v);
}
void put(OJson& j, const char* key, int v) {
  j[key] = v;
}
void put(OJson& j, const char* key, bool v) {
  j[key] = v;
}
void put(OJson& j, const char* key, const std::string& v) {
  j[key] = v;
}
void put(OJson& j, const char* key, const std::vector<std::string>& v) {
  j[key] = v;
}
template <typename T>
void put(OJson& j, const char* key, const std::optional<T>& v) {
  if (v) put(j, key, *v);
}

void writeFields(OJson& j, const BlockShape& s) {
  put(j, "width", s.width);
  put(j, "height", s.height);
}
void writeFields(OJson& j, const CornerBlockShape& s) {
  put(j, "width", s.width);
  put(j, "height", s.height);
}
void writeFields(OJson& j, const BallShape& s) {
  put(j, "radius", s.radius);
  put(j, "cm_offset", s.cmOffset);
}
void writeFields(OJson& j, const HexagonShape& s) {
  put(j, "side", s.side);
}
void writeFields(OJson& j, const RegularPolygonShape& s) {
  put(j, "sides", s.sides);
  put(j, "radius", s.radius);
}
void writeFields(OJson& j, const RoundCornerBlockShape& s) {
  put(j, "width", s.width);
  put(j, "height", s.height);
  put(j, "corner_radius", s.cornerRadius);
}
void writeFields(OJson& j, const RoundEndBlockShape& s) {
  put(j, "width", s.width);
  put(j, "height", s.height);
}
void writeFields(OJson& j, const PendulumShape& s) {
  put(j, "length", s.length);
  put(j, "stick_width", s.stickWidth);
  put(j, "bob_radius", s.bobRadius);
}
void writeFields(OJson& j, const FrameShape& s) {
  put(j, "width", s.width);
  put(j, "height", s.height);
  put(j, "thickness", s.thickness);
}
void writeFields(OJson& j, const WallShape& s) {
  put(j, "width", s.width);
  put(j, "height", s.height);
}
void writeFields(OJson& j, const RandomPolygonShape& s) {
  put(j, "sides", s.sides);
  put(j, "min_radius", s.minRadius);
  put(j, "max_radius", s.maxRadius);
}
void writeFields(OJson& j, const StraightEdgeDoc& e) {
  put(j, "end", e.end);
}
void writeFields(OJson& j, const CircularEdgeDoc& e) {
  put(j, "end", e.end);
  put(j, "center", e.center);
  put(j, "clockwise", e.clockwise);
}
void writeFields(OJson& j, const PathsShape& s) {
  OJson paths = OJson::array();
  for (const PathDoc& p : s.paths) {
    OJson edges = OJson::array();
    for (const EdgeDoc& e : p.edges) {
      OJson edge{{"kind", kindOf(e)}};
      std::visit([&](const auto& x) { writeFields(edge, x); }, e);
      edges.push_back(std::move(edge));
    }
    paths.push_back(OJson{{"edges", std::move(edges)}});
  }
  j["paths"] = std::move(paths);
}

OJson body(const BodyDoc& b) {
  OJson j;
  put(j, "name", b.name);
  j["shape"] = kindOf(b.shape);
  std::visit([&](const auto& s) { writeFields(j, s); }, b.shape);
  put(j, "mass", b.mass);
  put(j, "density", b.density);
  put(j, "fixed", b.fixed);
  put(j, "moment", b.moment);
  put(j, "center_of_mass", b.centerOfMass);
  put(j, "position", b.position);
  put(j, "angle", b.angle);
  put(j, "velocity", b.velocity);
  put(j, "omega", b.omega);
  put(j, "elasticity", b.elasticity);
  put(j, "friction", b.friction);
  put(j, "zero_energy_level", b.zeroEnergyLevel);
  put(j, "curved_edge_spacing", b.curvedEdgeSpacing);
  put(j, "non_collide", b.nonCollide);
  put(j, "special_edge", b.specialEdge);
  return j;
}

void writeFields(OJson& j, const GravityDoc& f) {
  put(j, "g", f.g);
  put(j, "zero_energy_level", f.zeroEnergyLevel);
  put(j, "bodies", f.bodies);
}
void writeFields(OJson& j, const Gravity2Doc& f) {
  put(j, "G", f.G);
  put(j, "bodies", f.bodies);
}
void writeFields(OJson& j, const DampingDoc& f) {
  put(j, "k", f.k);
  put(j, "rotate_ratio", f.rotateRatio);
  put(j, "bodies", f.bodies);
}
void writeFields(OJson& j, const SpringDoc& f) {
  put(j, "name", f.name);
  put(j, "body1", f.body1);
  put(j, "point1", f.point1);
  put(j, "body2", f.body2);
  put(j, "point2", f.point2);
  put(j, "rest_length", f.restLength);
  put(j, "stiffness", f.stiffness);
  put(j, "damping", f.damping);
  put(j, "compress_only", f.compressOnly);
}
void writeFields(OJson& j, const ThrustersDoc& f) {
  put(j, "name", f.name);
  put(j, "body", f.body);
  put(j, "magnitude", f.magnitude);
  OJson list = OJson::array();
  for (const ThrusterDoc& t : f.thrusters) {
    OJson tj;
    put(tj, "location", t.location);
    put(tj, "direction", t.direction);
    put(tj, "active", t.active);
    list.push_back(std::move(tj));
  }
  j["thrusters"] = std::move(list);
}
void writeFields(OJson& j, const ConstantForceDoc& f) {
  put(j, "name", f.name);
  put(j, "body", f.body);
  put(j, "location", f.location);
  put(j, "force", f.force);
  put(j, "torque", f.torque);
}

void writeEnds(OJson& j, const ConnectorEnds& e) {
  put(j, "body1", e.body1);
  put(j, "point1", e.point1);
  put(j, "body2", e.body2);
  put(j, "point2", e.point2);
}
void writeFields(OJson& j, const JointDoc& c) {
  put(j, "name", c.name);
  writeEnds(j, c.ends);
  put(j, "normal", c.normal);
  if (c.normalCoords) j["normal_coords"] = *c.normalCoords == CoordType::BODY ? "body" : "world";
}
void writeFields(OJson& j, const RodDoc& c) {
  put(j, "name", c.name);
  writeEnds(j, c.ends);
  put(j, "length", c.length);
}

// A kind-tagged list ("forces", "connectors"): each entry's "kind" and then its fields.
template <typename Variant>
OJson taggedList(const std::vector<Variant>& list) {
  OJson out = OJson::array();
  for (const Variant& v : list) {
    OJson j{{"kind", kindOf(v)}};
    std::visit([&](const auto& x) { writeFields(j, x); }, v);
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

OJson jsonNumber(double v) {
  constexpr double kExactIntegers = 9007199254740992.0;  // 2^53
  if (std::trunc(v) == v && std::abs(v) < kExactIntegers && !(v == 0 && std::signbit(v)))
    return static_cast<std::int64_t>(v);
  return v;
}

OJson settingsDocToJson(const SettingsDoc& settings) {
  OJson s = OJson::object();
  forEachSetting([&](const SettingInfo& info, auto, auto given) {
    const auto& value = settings.*given;
    if (!value) return;
    const std::string key(info.key);
    using T = std::decay_t<decltype(*value)>;
    if constexpr (std::is_enum_v<T>)
      s[key] = nameOf(*value);
    else if constexpr (std::is_same_v<T, std::uint32_t>)
      s[key] = *value;
    else
      put(s, key.c_str(), *value);
  });
  return s;
}

OJson sceneDocToJson(const SceneDoc& doc) {
  OJson j;
  j["format"] = kSceneFormatName;
  j["version"] = doc.version;
  put(j, "title", doc.title);
  put(j, "description", doc.description);
  if (doc.view) {
    OJson v;
    put(v, "min", doc.view->min);
    put(v, "max", doc.view->max);
    j["view"] = std::move(v);
  }
  if (doc.settings) j["settings"] = settingsDocToJson(*doc.settings);
  if (doc.walls) {
    OJson w;
    put(w, "width", doc.walls->width);
    put(w, "height", doc.walls->height);
    put(w, "thickness", doc.walls->thickness);
    put(w, "center", doc.walls->center);
    put(w, "elasticity", doc.walls->elasticity);
    put(w, "friction", doc.walls->friction);
    j["walls"] = std::move(w);
  }
  OJson bodies = OJson::array();
  for (const BodyDoc& b : doc.bodies) bodies.push_back(body(b));
  j["bodies"] = std::move(bodies);
  if (doc.forces) j["forces"] = taggedList(*doc.forces);
  if (doc.connectors) j["connectors"] = taggedList(*doc.connectors);
  return j;
}

}  // namespace cl
