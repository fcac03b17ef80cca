#include "engine/scene/scene_build.h"

#include <fmt/format.h>

#include <cmath>
#include <type_traits>

#include "engine/body/shapes.h"
#include "engine/connectors/joint.h"
#include "engine/connectors/rope.h"
#include "engine/forces/constant_force_law.h"
#include "engine/forces/damping_law.h"
#include "engine/forces/gravity2_law.h"
#include "engine/forces/gravity_law.h"
#include "engine/forces/spring.h"
#include "engine/forces/thruster_set.h"
#include "engine/geometry/detail/path_check.h"
#include "engine/io/detail/json_read.h"
#include "engine/scene/detail/scene_check.h"

namespace cl {
namespace {

// Defaults of the format for what a document leaves out (docs/scene-format.md).
constexpr double kDefaultWallThickness = 1.0;

Polygon factoryPolygon(const BlockShape& s, const std::string& name, RandomLCG&) {
  return shapes::block(s.width, s.height, name);
}
Polygon factoryPolygon(const CornerBlockShape& s, const std::string& name, RandomLCG&) {
  return shapes::cornerBlock(s.width, s.height, name);
}
Polygon factoryPolygon(const BallShape& s, const std::string& name, RandomLCG&) {
  return shapes::ball(s.radius, name, s.cmOffset.value_or(Vec2{}));
}
Polygon factoryPolygon(const HexagonShape& s, const std::string& name, RandomLCG&) {
  return shapes::hexagon(s.side, name);
}
Polygon factoryPolygon(const RegularPolygonShape& s, const std::string& name, RandomLCG&) {
  return shapes::regularPolygon(s.sides, s.radius, name);
}
Polygon factoryPolygon(const RoundCornerBlockShape& s, const std::string& name, RandomLCG&) {
  return shapes::roundCornerBlock(s.width, s.height, s.cornerRadius, name);
}
Polygon factoryPolygon(const RoundEndBlockShape& s, const std::string& name, RandomLCG&) {
  return shapes::roundEndBlock(s.width, s.height, name);
}
Polygon factoryPolygon(const PendulumShape& s, const std::string& name, RandomLCG&) {
  return shapes::pendulum(s.length, s.stickWidth, s.bobRadius, name);
}
Polygon factoryPolygon(const FrameShape& s, const std::string& name, RandomLCG&) {
  return shapes::frame(s.width, s.height, s.thickness, name);
}
Polygon factoryPolygon(const WallShape& s, const std::string& name, RandomLCG&) {
  return shapes::wall(s.width, s.height, name);
}
Polygon factoryPolygon(const RandomPolygonShape& s, const std::string& name, RandomLCG& random) {
  return shapes::randomPolygon(s.sides, s.minRadius, s.maxRadius, random, name);
}

// Edge k starts where edge k - 1 ends; edge 0 where the last ends.
std::vector<Path> enginePaths(const PathsShape& s) {
  std::vector<Path> paths;
  for (const PathDoc& doc : s.paths) {
    Path path;
    const std::size_t n = doc.edges.size();
    for (std::size_t k = 0; k < n; ++k) {
      const Vec2 start =
          std::visit([](const auto& e) { return e.end; }, doc.edges[(k + n - 1) % n]);
      std::visit(
          [&](const auto& e) {
            if constexpr (std::is_same_v<std::decay_t<decltype(e)>, StraightEdgeDoc>)
              path.edges.emplace_back(StraightEdge{start, e.end});
            else
              path.edges.emplace_back(
                  CircularEdge{start, e.end, e.center, e.clockwise.value_or(false)});
          },
          doc.edges[k]);
    }
    paths.push_back(std::move(path));
  }
  return paths;
}

// checkPaths names a path and edge by index; the file names them by JSON pointer.
std::string pathProblemPointer(const std::string& bodyPath, const PathProblem& p) {
  std::string out = pointerChild(bodyPath, "paths");
  if (p.path >= 0) out = pointerChild(out, static_cast<std::size_t>(p.path));
  if (p.path >= 0 && p.edge >= 0)
    out = pointerChild(pointerChild(out, "edges"), static_cast<std::size_t>(p.edge));
  return out;
}

// A body given by explicit paths, with checkPaths' problems at their pointers.
std::optional<Polygon> pathsPolygon(const PathsShape& s, const BodyDoc& b, const std::string& path,
                                    std::vector<JsonProblem>& problems) {
  std::vector<Path> paths = enginePaths(s);
  const auto pathProblems = checkPaths(paths);
  for (const PathProblem& p : pathProblems)
    problems.push_back({pathProblemPointer(path, p), p.message});
  if (!pathProblems.empty()) return std::nullopt;
  return Polygon(b.name, std::move(paths), b.curvedEdgeSpacing.value_or(kDefaultCurvedEdgeSpacing));
}

// The factories use the default spacing of decorated vertices on curved edges:
// rebuild with the file's, keeping the factory's centre of mass (a ball's offset)
// and infinite mass (a wall).
Polygon withSpacing(Polygon made, const std::optional<double>& spacing) {
  if (!spacing) return made;
  Polygon spaced(made.name(), made.paths(), *spacing);
  spaced.setCenterOfMass(made.centerOfMass());
  if (made.isFixed()) spaced.setMass(kInfiniteMass);
  return spaced;
}

// The shape of a body at uniform density and mass 1 (infinite for a wall).
std::optional<Polygon> makeShape(const BodyDoc& b, const std::string& path, RandomLCG& random,
                                 std::vector<JsonProblem>& problems) {
  return std::visit(
      [&](const auto& s) -> std::optional<Polygon> {
        if constexpr (std::is_same_v<std::decay_t<decltype(s)>, PathsShape>)
          return pathsPolygon(s, b, path, problems);
        else
          return withSpacing(factoryPolygon(s, b.name, random), b.curvedEdgeSpacing);
      },
      b.shape);
}

// The body of /bodies/i with its mass properties and attributes, or nullopt with
// the problems reported at the fields that cause them.
std::optional<Polygon> makeBody(const BodyDoc& b, const std::string& path, RandomLCG& random,
                                std::vector<JsonProblem>& problems) {
  std::optional<Polygon> p;
  try {
    p = makeShape(b, path, random, problems);
  } catch (const GeometryError& e) {
    problems.push_back({path, e.what()});
  }
  if (!p) return std::nullopt;
  const std::size_t before = problems.size();
  auto apply = [&](const char* key, auto&& set) {
    try {
      set();
    } catch (const GeometryError& e) {
      problems.push_back({pointerChild(path, key), e.what()});
    }
  };
  if (b.centerOfMass) apply("center_of_mass", [&] { p->setCenterOfMass(*b.centerOfMass); });
  if (b.fixed.value_or(false)) apply("fixed", [&] { p->setMass(kInfiniteMass); });
  if (b.mass) apply("mass", [&] { p->setMass(*b.mass); });
  if (b.density) {
    const double mass = *b.density * p->area();
    if (!std::isfinite(mass))
      problems.push_back({pointerChild(path, "density"),
                          fmt::format("'density' {} times the area {} is not a finite mass",
                                      *b.density, p->area())});
    else
      apply("density", [&] { p->setMass(mass); });
  }
  if (b.moment) {
    if (p->isFixed())
      problems.push_back(
          {pointerChild(path, "moment"), "a fixed body has an infinite moment; remove 'moment'"});
    else
      apply("moment", [&] { p->setMoment(*b.moment); });
  }
  if (b.elasticity) p->setElasticity(*b.elasticity);
  if (b.friction) p->setFriction(*b.friction);
  p->setZeroEnergyLevel(b.zeroEnergyLevel);
  if (b.nonCollide)
    for (const std::string& other : *b.nonCollide) p->addNonCollide(other);
  if (b.specialEdge) apply("special_edge", [&] { p->setSpecialEdge(b.specialEdge); });
  if (problems.size() != before) return std::nullopt;
  return p;
}

BodyState initialState(const BodyDoc& b) {
  const Vec2 x = b.position.value_or(Vec2{}), v = b.velocity.value_or(Vec2{});
  return {x.x, v.x, x.y, v.y, b.angle.value_or(0.0), b.omega.value_or(0.0)};
}

// Body indices of the names a force law uses; the names were checked already.
class BodyIndex {
 public:
  BodyIndex(const RigidBodySim& sim, double defaultZeroEnergyLevel)
      : mSim(sim), mDefaultZeroEnergyLevel(defaultZeroEnergyLevel) {}
  int operator()(const std::string& name) const {
    return name == kScrimName ? kScrim : mSim.findBody(name);
  }
  std::vector<int> operator()(const std::optional<std::vector<std::string>>& names) const {
    std::vector<int> out;
    if (names)
      for (const std::string& n : *names) out.push_back((*this)(n));
    return out;
  }
  double defaultZeroEnergyLevel() const { return mDefaultZeroEnergyLevel; }

 private:
  const RigidBodySim& mSim;
  double mDefaultZeroEnergyLevel;
};

std::unique_ptr<ForceLaw> makeLaw(const GravityDoc& f, const BodyIndex& index) {
  return std::make_unique<GravityLaw>(
      f.g, f.zeroEnergyLevel.value_or(index.defaultZeroEnergyLevel()), index(f.bodies));
}
std::unique_ptr<ForceLaw> makeLaw(const Gravity2Doc& f, const BodyIndex& index) {
  return std::make_unique<Gravity2Law>(f.G, index(f.bodies));
}
std::unique_ptr<ForceLaw> makeLaw(const DampingDoc& f, const BodyIndex& index) {
  return std::make_unique<DampingLaw>(f.k, f.rotateRatio.value_or(kDefaultRotateRatio),
                                      index(f.bodies));
}
std::unique_ptr<ForceLaw> makeLaw(const SpringDoc& f, const BodyIndex& index) {
  SpringParams p;
  p.body1 = index(f.body1);
  p.attach1 = f.point1;
  p.body2 = index(f.body2);
  p.attach2 = f.point2;
  p.restLength = f.restLength;
  p.stiffness = f.stiffness;
  p.damping = f.damping.value_or(0.0);
  p.compressOnly = f.compressOnly.value_or(false);
  if (f.name) p.name = *f.name;
  return std::make_unique<Spring>(std::move(p));
}
std::unique_ptr<ForceLaw> makeLaw(const ThrustersDoc& f, const BodyIndex& index) {
  std::vector<Thruster> thrusters;
  for (const ThrusterDoc& t : f.thrusters)
    thrusters.push_back({t.location, t.direction, t.active.value_or(false)});
  return std::make_unique<ThrusterSet>(index(f.body), f.magnitude, std::move(thrusters),
                                       f.name.value_or("thrusters"));
}
std::unique_ptr<ForceLaw> makeLaw(const ConstantForceDoc& f, const BodyIndex& index) {
  return std::make_unique<ConstantForceLaw>(index(f.body), f.location, f.force,
                                            f.torque.value_or(0.0),
                                            f.name.value_or("constant force"));
}

// The connectors of one entry of "connectors" (two for a double joint). Throws
// std::invalid_argument for what only the engine can tell: two ends that cannot move, a
// rod between coincident points.
std::vector<std::unique_ptr<Connector>> makeConnectors(const JointDoc& c, const BodyIndex& index,
                                                       const ContactSim& sim, bool twin = false) {
  const int b1 = index(c.ends.body1), b2 = index(c.ends.body2);
  const CoordType coords = c.normalCoords.value_or(CoordType::WORLD);
  const Vec2 normal = c.normal.value_or(Vec2{0, 1});
  std::vector<std::unique_ptr<Connector>> out;
  if (twin) {
    for (auto& j : makeDoubleJoint(b1, c.ends.point1, b2, c.ends.point2, coords, normal,
                                   c.name.value_or("joint"), sim.tolerances().engine2dArithmetic))
      out.push_back(std::move(j));
  } else {
    out.push_back(std::make_unique<Joint>(JointParams{b1, c.ends.point1, b2, c.ends.point2, coords,
                                                      normal, c.name.value_or("joint")}));
  }
  return out;
}
std::vector<std::unique_ptr<Connector>> makeConnectors(const DoubleJointDoc& c,
                                                       const BodyIndex& index,
                                                       const ContactSim& sim) {
  return makeConnectors(static_cast<const JointDoc&>(c), index, sim, /*twin=*/true);
}
std::vector<std::unique_ptr<Connector>> makeConnectors(const RodDoc& c, const BodyIndex& index,
                                                       const ContactSim& sim, bool rope = false) {
  RopeParams p;
  p.body1 = index(c.ends.body1);
  p.attach1 = c.ends.point1;
  p.body2 = index(c.ends.body2);
  p.attach2 = c.ends.point2;
  p.name = c.name.value_or(rope ? "rope" : "rod");
  if (c.length) {
    p.length = *c.length;
  } else {
    const ConnectorContext ctx = sim.connectorContext(sim.vars());
    p.length = distance(ctx.worldPoint(p.body1, p.attach1), ctx.worldPoint(p.body2, p.attach2));
    if (!(p.length > 0))
      throw std::invalid_argument(fmt::format(
          "the two points coincide as placed, so the {} needs a 'length'", rope ? "rope" : "rod"));
  }
  std::vector<std::unique_ptr<Connector>> out;
  if (rope)
    out.push_back(std::make_unique<Rope>(std::move(p)));
  else
    out.push_back(std::make_unique<Rod>(std::move(p)));
  return out;
}
std::vector<std::unique_ptr<Connector>> makeConnectors(const RopeDoc& c, const BodyIndex& index,
                                                       const ContactSim& sim) {
  return makeConnectors(static_cast<const RodDoc&>(c), index, sim, /*rope=*/true);
}

// Adds the document's connectors, reporting each one the engine refuses at its entry,
// then aligns them all (as engine2D does when a scene loads).
void addConnectors(const SceneDoc& doc, const DocOrigin& origin, const BodyIndex& index,
                   ContactSim& sim, std::vector<JsonProblem>& problems) {
  if (!doc.connectors) return;
  for (std::size_t i = 0; i < doc.connectors->size(); ++i) {
    try {
      auto made = std::visit([&](const auto& c) { return makeConnectors(c, index, sim); },
                             (*doc.connectors)[i]);
      for (auto& c : made) sim.addConnector(std::move(c));
    } catch (const std::invalid_argument& e) {
      problems.push_back({pointerChild("/connectors", origin.connectorPath(i)), e.what()});
    }
  }
  if (problems.empty()) sim.alignConnectors();
}

// A document made in code (say with the command line's --set) skips the parser's
// checks of the settings; parsed documents never fail here.
void checkSettings(const SceneDoc& doc, std::vector<JsonProblem>& problems) {
  if (!doc.settings) return;
  forEachSetting([&](const SettingInfo& info, auto, auto given) {
    const auto& v = (*doc.settings).*given;
    if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::optional<double>>) {
      if (!v) return;
      if (std::string problem = settingValueProblem(info, *v); !problem.empty())
        problems.push_back({fmt::format("/settings/{}", info.key), std::move(problem)});
    }
  });
}

}  // namespace

std::unique_ptr<ContactSim> buildSimulation(const SceneDoc& doc, const DocOrigin& origin,
                                            std::vector<JsonProblem>& problems) {
  checkSettings(doc, problems);
  checkSceneNames(doc, origin, problems);
  auto sim = std::make_unique<ContactSim>();
  // Seeded before the first random polygon is drawn: a seed fixes the shapes.
  const SimSettings settings = doc.settings ? settingsOf(*doc.settings) : SimSettings{};
  sim->random().setSeed(settings.seed);

  // Every body is made, even after a problem, so that all geometry problems are
  // found at once; bodies whose JSON had problems already are skipped.
  std::vector<std::pair<Polygon, BodyState>> bodies;
  for (std::size_t i = 0; i < doc.bodies.size(); ++i) {
    if (!origin.buildableBodies.empty() && !origin.buildableBodies[i]) continue;
    if (auto p = makeBody(doc.bodies[i], pointerChild("/bodies", i), sim->random(), problems))
      bodies.emplace_back(std::move(*p), initialState(doc.bodies[i]));
  }
  std::optional<shapes::Walls> walls;
  if (doc.walls) {
    const WallsDoc& w = *doc.walls;
    try {
      walls = shapes::walls(w.width, w.height, w.thickness.value_or(kDefaultWallThickness),
                            w.center.value_or(Vec2{}));
    } catch (const GeometryError& e) {
      problems.push_back({"/walls", e.what()});
    }
  }
  if (!problems.empty()) return nullptr;

  applySettings(*sim, settings);
  for (auto& [body, state] : bodies) sim->addBody(std::move(body), state);
  double defaultZeroEnergyLevel = 0.0;
  if (walls) {
    for (std::size_t k = 0; k < walls->bodies.size(); ++k) {
      Polygon& wall = walls->bodies[k];
      if (doc.walls->elasticity) wall.setElasticity(*doc.walls->elasticity);
      if (doc.walls->friction) wall.setFriction(*doc.walls->friction);
      sim->addBody(std::move(wall),
                   BodyState{walls->positions[k].x, 0, walls->positions[k].y, 0, 0, 0});
    }
    // As in myPhysicsLab's ContactApp: potential energy is zero on the floor.
    defaultZeroEnergyLevel = walls->zeroEnergyLevel;
  }
  const BodyIndex index(*sim, defaultZeroEnergyLevel);
  if (doc.forces)
    for (const ForceDoc& f : *doc.forces)
      sim->addForceLaw(std::visit([&](const auto& x) { return makeLaw(x, index); }, f));
  addConnectors(doc, origin, index, *sim, problems);
  if (!problems.empty()) return nullptr;
  return sim;
}

std::unique_ptr<ContactSim> buildSimulation(const SceneDoc& doc) {
  std::vector<JsonProblem> problems;
  auto sim = buildSimulation(doc, DocOrigin{}, problems);
  if (!sim) throw SceneError("", std::move(problems));
  return sim;
}

}  // namespace cl
