#pragma once
// SceneDoc: the typed form of a scene file (docs/scene-format.md), one plain
// struct per JSON object. A field the file may leave out is a std::optional that
// stays empty when it does, so that saving writes back exactly what was read;
// defaults are applied when the simulation is built (scene_build), not here.
//
// Every alternative of a kind-tagged variant (ShapeDoc, EdgeDoc, ForceDoc,
// ConnectorDoc) names
// its JSON tag in kKind, which the parser, writer and error messages share.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "engine/body/scrim.h"
#include "engine/connectors/joint.h"
#include "engine/contact/collision_handling.h"
#include "engine/contact/extra_accel.h"
#include "engine/dynamics/integrator.h"
#include "engine/math/vec2.h"
#include "engine/settings/sim_settings.h"
#include "engine/solver/lcp_problem.h"

namespace cl {

inline constexpr std::string_view kSceneFormatName = "contactlab-scene";
// The newest version this build reads and the one it writes for new documents (the
// versions that introduced settings are in engine/settings/sim_settings.h).
inline constexpr int kSceneFormatVersion = 5;
// The most bodies a scene may have (a file of more is refused before any is built).
inline constexpr std::size_t kMaxSceneBodies = 100000;

// ---- Shapes by factory (engine/body/shapes.h); lengths in body coordinates.

struct BlockShape {
  static constexpr std::string_view kKind = "block";
  double width = 1.0;
  double height = 1.0;
  bool operator==(const BlockShape&) const = default;
};

struct CornerBlockShape {
  static constexpr std::string_view kKind = "corner_block";
  double width = 1.0;
  double height = 1.0;
  bool operator==(const CornerBlockShape&) const = default;
};

struct BallShape {
  static constexpr std::string_view kKind = "ball";
  double radius = 1.0;
  std::optional<Vec2> cmOffset;  // centre of mass in body coordinates; else the centre
  bool operator==(const BallShape&) const = default;
};

struct HexagonShape {
  static constexpr std::string_view kKind = "hexagon";
  double side = 1.0;
  bool operator==(const HexagonShape&) const = default;
};

struct RegularPolygonShape {
  static constexpr std::string_view kKind = "regular_polygon";
  int sides = 3;
  double radius = 1.0;  // circumradius
  bool operator==(const RegularPolygonShape&) const = default;
};

struct RoundCornerBlockShape {
  static constexpr std::string_view kKind = "round_corner_block";
  double width = 1.0;
  double height = 1.0;
  double cornerRadius = 0.1;
  bool operator==(const RoundCornerBlockShape&) const = default;
};

struct RoundEndBlockShape {
  static constexpr std::string_view kKind = "round_end_block";
  double width = 2.0;
  double height = 1.0;
  bool operator==(const RoundEndBlockShape&) const = default;
};

struct PendulumShape {
  static constexpr std::string_view kKind = "pendulum";
  double length = 1.0;
  double stickWidth = 0.1;
  double bobRadius = 0.2;
  bool operator==(const PendulumShape&) const = default;
};

struct FrameShape {
  static constexpr std::string_view kKind = "frame";
  double width = 1.0;
  double height = 1.0;
  double thickness = 0.1;
  bool operator==(const FrameShape&) const = default;
};

// An infinite-mass block.
struct WallShape {
  static constexpr std::string_view kKind = "wall";
  double width = 1.0;
  double height = 1.0;
  bool operator==(const WallShape&) const = default;
};

// Drawn from the scene's seeded generator when the simulation is built.
struct RandomPolygonShape {
  static constexpr std::string_view kKind = "random_polygon";
  int sides = 4;
  double minRadius = 0.5;
  double maxRadius = 1.0;
  bool operator==(const RandomPolygonShape&) const = default;
};

// ---- Shapes by explicit paths. Each edge starts where the previous edge of its
// path ends, and the first edge starts where the last one ends, so a path is
// closed by construction.

struct StraightEdgeDoc {
  static constexpr std::string_view kKind = "straight";
  Vec2 end;
  bool operator==(const StraightEdgeDoc&) const = default;
};

// An arc about `center`, counter-clockwise (convex) unless clockwise (concave);
// ending where it starts makes a full circle.
struct CircularEdgeDoc {
  static constexpr std::string_view kKind = "circular";
  Vec2 end;
  Vec2 center;
  std::optional<bool> clockwise;
  bool operator==(const CircularEdgeDoc&) const = default;
};

using EdgeDoc = std::variant<StraightEdgeDoc, CircularEdgeDoc>;

struct PathDoc {
  std::vector<EdgeDoc> edges;
  bool operator==(const PathDoc&) const = default;
};

struct PathsShape {
  static constexpr std::string_view kKind = "paths";
  std::vector<PathDoc> paths;  // outer paths counter-clockwise, holes clockwise
  bool operator==(const PathsShape&) const = default;
};

using ShapeDoc = std::variant<BlockShape, CornerBlockShape, BallShape, HexagonShape,
                              RegularPolygonShape, RoundCornerBlockShape, RoundEndBlockShape,
                              PendulumShape, FrameShape, WallShape, RandomPolygonShape, PathsShape>;

// ---- Bodies

struct BodyDoc {
  std::string name;
  ShapeDoc shape;
  // At most one of mass, density and fixed; mass 1 when none is given.
  std::optional<double> mass;
  std::optional<double> density;     // mass = density * area
  std::optional<bool> fixed;         // true: infinite mass and moment
  std::optional<double> moment;      // about the centre of mass; else mass * shape moment
  std::optional<Vec2> centerOfMass;  // body coordinates; else the centroid
  std::optional<Vec2> position;      // world coordinates of the centre of mass
  std::optional<double> angle;       // radians, counter-clockwise
  std::optional<Vec2> velocity;
  std::optional<double> omega;
  std::optional<double> elasticity;
  std::optional<double> friction;  // Coulomb coefficient, >= 0
  std::optional<double> zeroEnergyLevel;
  std::optional<double> curvedEdgeSpacing;
  std::optional<std::vector<std::string>> nonCollide;
  std::optional<int> specialEdge;  // a fixed body colliding through this edge only
  bool operator==(const BodyDoc&) const = default;
};

// The four walls of shapes::walls around a width x height box.
struct WallsDoc {
  double width = 1.0;
  double height = 1.0;
  std::optional<double> thickness;
  std::optional<Vec2> center;
  std::optional<double> elasticity;
  std::optional<double> friction;
  bool operator==(const WallsDoc&) const = default;
};

// The box of the world a view shows first, world coordinates (m): a pile's rather than the
// pit around it. Only front ends read it; the simulation ignores it.
struct ViewDoc {
  Vec2 min;  // lower left
  Vec2 max;  // upper right
  bool operator==(const ViewDoc&) const = default;
};

// ---- Force laws. Body lists name bodies; an absent list means every movable body.

struct GravityDoc {
  static constexpr std::string_view kKind = "gravity";
  double g = 0.0;
  std::optional<double> zeroEnergyLevel;
  std::optional<std::vector<std::string>> bodies;
  bool operator==(const GravityDoc&) const = default;
};

struct Gravity2Doc {
  static constexpr std::string_view kKind = "gravity2";
  double G = 0.0;
  std::optional<std::vector<std::string>> bodies;
  bool operator==(const Gravity2Doc&) const = default;
};

struct DampingDoc {
  static constexpr std::string_view kKind = "damping";
  double k = 0.0;
  std::optional<double> rotateRatio;
  std::optional<std::vector<std::string>> bodies;
  bool operator==(const DampingDoc&) const = default;
};

// An end named kScrimName is a fixed world point.
struct SpringDoc {
  static constexpr std::string_view kKind = "spring";
  std::optional<std::string> name;
  std::string body1;
  Vec2 point1;  // body coordinates of body1 (world coordinates for the Scrim)
  std::string body2;
  Vec2 point2;
  double restLength = 0.0;
  double stiffness = 0.0;
  std::optional<double> damping;
  std::optional<bool> compressOnly;
  bool operator==(const SpringDoc&) const = default;
};

struct ThrusterDoc {
  Vec2 location;   // body coordinates
  Vec2 direction;  // body coordinates, scaled by the set's magnitude
  std::optional<bool> active;
  bool operator==(const ThrusterDoc&) const = default;
};

struct ThrustersDoc {
  static constexpr std::string_view kKind = "thrusters";
  std::optional<std::string> name;
  std::string body;
  double magnitude = 0.0;
  std::vector<ThrusterDoc> thrusters;
  bool operator==(const ThrustersDoc&) const = default;
};

struct ConstantForceDoc {
  static constexpr std::string_view kKind = "constant_force";
  std::optional<std::string> name;
  std::string body;
  Vec2 location;  // body coordinates
  Vec2 force;     // world coordinates
  std::optional<double> torque;
  bool operator==(const ConstantForceDoc&) const = default;
};

using ForceDoc =
    std::variant<GravityDoc, Gravity2Doc, DampingDoc, SpringDoc, ThrustersDoc, ConstantForceDoc>;

// ---- Connectors (engine/connectors). An end named kScrimName is a fixed world point;
// the other point is in body coordinates. Connectors are aligned when the scene loads.

struct ConnectorEnds {
  std::string body1;
  Vec2 point1;
  std::string body2;
  Vec2 point2;
  bool operator==(const ConnectorEnds&) const = default;
};

// One joint: the two points kept together along `normal` (default [0, 1]), fixed in
// world coordinates or turning with body1 ("body").
struct JointDoc {
  static constexpr std::string_view kKind = "joint";
  std::optional<std::string> name;
  ConnectorEnds ends;
  std::optional<Vec2> normal;
  std::optional<CoordType> normalCoords;
  bool operator==(const JointDoc&) const = default;
};

// Two joints at the same points, the second normal a quarter turn from the first: a pin.
struct DoubleJointDoc : JointDoc {
  static constexpr std::string_view kKind = "double_joint";
  bool operator==(const DoubleJointDoc&) const = default;
};

// The points kept exactly `length` apart; without a length, the distance between them
// as the bodies are placed.
struct RodDoc {
  static constexpr std::string_view kKind = "rod";
  std::optional<std::string> name;
  ConnectorEnds ends;
  std::optional<double> length;
  bool operator==(const RodDoc&) const = default;
};

// The points kept at most `length` apart.
struct RopeDoc : RodDoc {
  static constexpr std::string_view kKind = "rope";
  bool operator==(const RopeDoc&) const = default;
};

using ConnectorDoc = std::variant<JointDoc, DoubleJointDoc, RodDoc, RopeDoc>;

// ---- The scene

struct SceneDoc {
  int version = kSceneFormatVersion;
  std::optional<std::string> title;
  std::optional<std::string> description;
  std::optional<ViewDoc> view;
  std::optional<SettingsDoc> settings;
  std::optional<WallsDoc> walls;
  std::vector<BodyDoc> bodies;
  std::optional<std::vector<ForceDoc>> forces;
  std::optional<std::vector<ConnectorDoc>> connectors;
  bool operator==(const SceneDoc&) const = default;
};

// The JSON tag of a kind-tagged variant's current alternative.
template <typename Variant>
std::string_view kindOf(const Variant& v) {
  return std::visit([](const auto& x) { return std::decay_t<decltype(x)>::kKind; }, v);
}

}  // namespace cl
