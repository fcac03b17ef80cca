// Building the simulation a scene describes: bodies where and as heavy as the
// file says, walls, force laws, settings, and the seeded random polygons.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "engine/body/shapes.h"
#include "engine/forces/constant_force_law.h"
#include "engine/forces/damping_law.h"
#include "engine/forces/gravity2_law.h"
#include "engine/forces/gravity_law.h"
#include "engine/forces/spring.h"
#include "engine/forces/thruster_set.h"
#include "engine/scene/scene.h"
#include "tests/engine/scene/test_scene_support.h"

using cl::test::sceneText;

namespace {

cl::Scene load(std::string_view members) {
  return cl::loadScene(sceneText(members), "test");
}

template <typename Law>
const Law& law(const cl::Scene& s, int i) {
  const auto* p = dynamic_cast<const Law*>(s.sim->forceLaws().at(i).get());
  REQUIRE(p != nullptr);
  return *p;
}

}  // namespace

TEST_CASE("a body has the position, mass and moment the file gives", "[scene][build]") {
  const cl::Scene s = load(R"("bodies": [
    {"name": "b", "shape": "block", "width": 2, "height": 1, "mass": 3, "position": [1.5, -2],
     "angle": 0.25, "velocity": [0.5, -0.75], "omega": 2, "elasticity": 0.6,
     "zero_energy_level": -4}])");
  REQUIRE(s.sim->bodyCount() == 1);
  const cl::Polygon& b = s.sim->bodies()[0];
  CHECK(b.name() == "b");
  CHECK(b.mass() == 3.0);
  CHECK(b.moment() == Approx(3.0 * (4.0 + 1.0) / 12.0));  // m (w^2 + h^2) / 12
  CHECK(b.elasticity() == 0.6);
  CHECK(b.zeroEnergyLevel() == -4.0);
  CHECK(s.sim->bodyState(0) == cl::BodyState{1.5, 0.5, -2.0, -0.75, 0.25, 2.0});
}

TEST_CASE("defaults: mass 1, at rest at the origin, elasticity 1", "[scene][build]") {
  const cl::Scene s =
      load(R"("bodies": [{"name": "b", "shape": "block", "width": 2, "height": 1}])");
  const cl::Polygon& b = s.sim->bodies()[0];
  CHECK(b.mass() == 1.0);
  CHECK(b.moment() == Approx(5.0 / 12.0));
  CHECK(b.elasticity() == 1.0);
  CHECK_FALSE(b.zeroEnergyLevel().has_value());
  CHECK(b.curvedEdgeSpacing() == cl::kDefaultCurvedEdgeSpacing);
  CHECK(s.sim->bodyState(0) == cl::BodyState{});
  CHECK(s.settings.timeStep == cl::kDefaultTimeStep);
  CHECK(s.settings.integrator == cl::IntegratorKind::kRungeKutta);
  CHECK(s.settings.seed == 0);
  CHECK(s.title.empty());
  CHECK(s.sim->forceLaws().empty());
}

TEST_CASE("density, fixed, moment and centre-of-mass overrides", "[scene][build]") {
  const cl::Scene s = load(R"("bodies": [
    {"name": "dense", "shape": "block", "width": 2, "height": 1, "density": 2},
    {"name": "fixed", "shape": "block", "width": 2, "height": 1, "fixed": true},
    {"name": "moment", "shape": "block", "width": 2, "height": 1, "mass": 2, "moment": 7},
    {"name": "offset", "shape": "block", "width": 2, "height": 1, "center_of_mass": [0.5, 0]},
    {"name": "ball", "shape": "ball", "radius": 1, "cm_offset": [0.5, 0]},
    {"name": "wall", "shape": "wall", "width": 4, "height": 1}])");
  const auto& b = s.sim->bodies();
  CHECK(b[0].mass() == Approx(4.0));  // density 2 times area 2
  CHECK(b[0].moment() == Approx(4.0 * 5.0 / 12.0));
  CHECK(b[1].isFixed());
  CHECK(std::isinf(b[1].moment()));
  CHECK(b[2].mass() == 2.0);
  CHECK(b[2].moment() == 7.0);
  // Parallel axis theorem: I = m (w^2 + h^2) / 12 + m d^2.
  CHECK(b[3].centerOfMass() == cl::Vec2{0.5, 0});
  CHECK(b[3].moment() == Approx(5.0 / 12.0 + 0.25));
  CHECK(b[4].centerOfMass() == cl::Vec2{0.5, 0});
  CHECK(b[4].moment() == Approx(0.5 + 0.25));  // disc m r^2 / 2 + m d^2
  CHECK(b[5].isFixed());
}

TEST_CASE("every factory shape builds with its parameters", "[scene][build]") {
  const cl::Scene s = load(R"("settings": {"seed": 3}, "bodies": [
    {"name": "corner", "shape": "corner_block", "width": 2, "height": 1},
    {"name": "hex", "shape": "hexagon", "side": 1},
    {"name": "pent", "shape": "regular_polygon", "sides": 5, "radius": 1},
    {"name": "rcb", "shape": "round_corner_block", "width": 2, "height": 1, "corner_radius": 0.2},
    {"name": "reb", "shape": "round_end_block", "width": 3, "height": 1},
    {"name": "pend", "shape": "pendulum", "length": 2, "stick_width": 0.1, "bob_radius": 0.3,
     "curved_edge_spacing": 0.05},
    {"name": "frame", "shape": "frame", "width": 2, "height": 2, "thickness": 0.5},
    {"name": "rand", "shape": "random_polygon", "sides": 7, "min_radius": 0.5, "max_radius": 1}])");
  const auto& b = s.sim->bodies();
  using cl::shapes::frame;
  CHECK(b[0].area() == Approx(2.0));
  CHECK(b[0].centroid() == cl::Vec2{1.0, 0.5});
  CHECK(b[1].area() == Approx(cl::shapes::hexagon(1, "x").area()));
  CHECK(b[2].paths()[0].edges.size() == 5);
  CHECK(b[3].paths() == cl::shapes::roundCornerBlock(2, 1, 0.2, "x").paths());
  CHECK(b[4].paths() == cl::shapes::roundEndBlock(3, 1, "x").paths());
  CHECK(b[5].paths() == cl::shapes::pendulum(2, 0.1, 0.3, "x").paths());
  CHECK(b[5].curvedEdgeSpacing() == 0.05);
  CHECK(b[6].paths().size() == 2);
  CHECK(b[6].area() == Approx(4.0 - 1.0));
  CHECK(b[7].paths()[0].edges.size() == 7);
  for (const auto& body : b) CHECK(body.mass() == 1.0);
}

TEST_CASE("explicit paths chain their edges and may hold arcs and holes", "[scene][build]") {
  // A 2 x 2 square with a half disc of radius 0.5 bitten from its top (a
  // clockwise, concave arc) and a round hole of radius 0.3 (one clockwise arc).
  const cl::Scene s = load(R"("bodies": [{"name": "p", "shape": "paths", "density": 1,
    "paths": [
      {"edges": [{"kind": "straight", "end": [1, -1]}, {"kind": "straight", "end": [1, 1]},
                 {"kind": "straight", "end": [0.5, 1]},
                 {"kind": "circular", "end": [-0.5, 1], "center": [0, 1], "clockwise": true},
                 {"kind": "straight", "end": [-1, 1]}, {"kind": "straight", "end": [-1, -1]}]},
      {"edges": [{"kind": "circular", "end": [0.3, -0.3], "center": [0, -0.3],
                  "clockwise": true}]}]}])");
  const cl::Polygon& p = s.sim->bodies()[0];
  REQUIRE(p.paths().size() == 2);
  const auto& outer = p.paths()[0].edges;
  CHECK(cl::edgeStart(outer[0]) == cl::Vec2{-1, -1});  // the end of the last edge
  CHECK(cl::edgeStart(outer[3]) == cl::Vec2{0.5, 1});
  const auto& bite = std::get<cl::CircularEdge>(outer[3]);
  CHECK(bite.clockwise);
  const auto& hole = std::get<cl::CircularEdge>(p.paths()[1].edges[0]);
  CHECK(hole.isCompleteCircle());
  const double pi = std::numbers::pi;
  const double area = 4.0 - pi * 0.25 / 2.0 - pi * 0.09;
  CHECK(p.area() == Approx(area));
  CHECK(p.mass() == Approx(area));
}

TEST_CASE("walls expand to the four walls of shapes::walls after the bodies", "[scene][build]") {
  const cl::Scene s = load(R"(
    "walls": {"width": 12, "height": 10, "thickness": 0.5, "center": [1, 2], "elasticity": 0.7,
              "friction": 0.4},
    "bodies": [{"name": "b", "shape": "ball", "radius": 0.5, "non_collide": ["WALL_LEFT"]}],
    "forces": [{"kind": "gravity", "g": 3}])");
  REQUIRE(s.sim->bodyCount() == 5);
  CHECK(s.sim->bodies()[0].name() == "b");
  const auto expected = cl::shapes::walls(12, 10, 0.5, {1, 2});
  for (int k = 0; k < 4; ++k) {
    const cl::Polygon& w = s.sim->bodies()[1 + k];
    CHECK(w.name() == expected.bodies[k].name());
    CHECK(w.isFixed());
    CHECK(w.elasticity() == 0.7);
    CHECK(w.friction() == 0.4);
    CHECK(w.paths() == expected.bodies[k].paths());
    CHECK(s.sim->bodyState(1 + k).position() == expected.positions[k]);
  }
  CHECK(s.sim->findBody("WALL_BOTTOM") == 1);
  CHECK(s.sim->bodies()[0].doesNotCollide(s.sim->bodies()[4]));
  // Without its own level, gravity's potential energy is zero on the floor (y = 2 - 5).
  CHECK(law<cl::GravityLaw>(s, 0).zeroEnergyLevel() == -3.0);
  CHECK(s.sim->energy().potential == Approx(1.0 * 3.0 * (0.0 - -3.0)));
}

TEST_CASE("walls default to thickness 1 centred on the origin", "[scene][build]") {
  const cl::Scene s = load(R"("walls": {"width": 4, "height": 6}, "bodies": [])");
  REQUIRE(s.sim->bodyCount() == 4);
  CHECK(s.sim->bodyState(0).position() == cl::Vec2{0, -3.5});
  CHECK(s.sim->bodies()[0].bodyBounds().height() == Approx(1.0));
}

TEST_CASE("force laws are built with their parameters and bodies", "[scene][build]") {
  const cl::Scene s = load(R"(
    "bodies": [
      {"name": "a", "shape": "ball", "radius": 0.5},
      {"name": "b", "shape": "ball", "radius": 0.5, "position": [3, 0]},
      {"name": "c", "shape": "ball", "radius": 0.5, "position": [0, 3]}],
    "forces": [
      {"kind": "gravity", "g": 9.8, "zero_energy_level": -1, "bodies": ["b"]},
      {"kind": "gravity2", "G": 2, "bodies": ["a", "b"]},
      {"kind": "damping", "k": 0.5},
      {"kind": "spring", "name": "s1", "body1": "a", "point1": [0.5, 0], "body2": "scrim",
       "point2": [-1, 2], "rest_length": 1.5, "stiffness": 4, "damping": 0.1,
       "compress_only": true},
      {"kind": "thrusters", "name": "jets", "body": "c", "magnitude": 1.5, "thrusters": [
        {"location": [0, 0.5], "direction": [0, 1], "active": true},
        {"location": [0, -0.5], "direction": [0, -1]}]},
      {"kind": "constant_force", "body": "b", "location": [0, 0.5], "force": [1, 2], "torque": 3}])");
  REQUIRE(s.sim->forceLaws().size() == 6);
  const auto& g = law<cl::GravityLaw>(s, 0);
  CHECK(g.gravity() == 9.8);
  CHECK(g.zeroEnergyLevel() == -1.0);
  CHECK(law<cl::Gravity2Law>(s, 1).gravity() == 2.0);
  CHECK(law<cl::DampingLaw>(s, 2).damping() == 0.5);
  CHECK(law<cl::DampingLaw>(s, 2).rotateRatio() == 1.0);  // myPhysicsLab's default
  const cl::SpringParams& sp = law<cl::Spring>(s, 3).params();
  CHECK(sp.name == "s1");
  CHECK(sp.body1 == 0);
  CHECK(sp.attach1 == cl::Vec2{0.5, 0});
  CHECK(sp.body2 == cl::kScrim);
  CHECK(sp.attach2 == cl::Vec2{-1, 2});
  CHECK(sp.restLength == 1.5);
  CHECK(sp.stiffness == 4.0);
  CHECK(sp.damping == 0.1);
  CHECK(sp.compressOnly);
  const auto& jets = law<cl::ThrusterSet>(s, 4);
  CHECK(jets.name() == "jets");
  CHECK(jets.body() == 2);
  CHECK(jets.magnitude() == 1.5);
  REQUIRE(jets.thrusters().size() == 2);
  CHECK(jets.thrusters()[0].active);
  CHECK_FALSE(jets.thrusters()[1].active);
  CHECK(jets.thrusters()[1].direction == cl::Vec2{0, -1});
  const auto& cf = law<cl::ConstantForceLaw>(s, 5);
  CHECK(cf.body() == 1);
  CHECK(cf.location() == cl::Vec2{0, 0.5});
  CHECK(cf.force() == cl::Vec2{1, 2});
  CHECK(cf.torque() == 3.0);

  // Gravity acts on "b" alone: one gravity force, on body 1.
  int gravityForces = 0;
  for (const cl::Force& f : s.sim->forces(s.sim->vars(), 0.0))
    if (f.law == "gravity") {
      ++gravityForces;
      CHECK(f.body == 1);
    }
  CHECK(gravityForces == 1);
}

TEST_CASE("the seed gives reproducible random polygons", "[scene][build]") {
  const std::string text = R"("settings": {"seed": 4242}, "bodies": [
    {"name": "r1", "shape": "random_polygon", "sides": 6, "min_radius": 0.5, "max_radius": 1},
    {"name": "r2", "shape": "random_polygon", "sides": 5, "min_radius": 0.5, "max_radius": 1}])";
  const cl::Scene a = load(text), b = load(text);
  CHECK(a.sim->bodies()[0].paths() == b.sim->bodies()[0].paths());
  CHECK(a.sim->bodies()[1].paths() == b.sim->bodies()[1].paths());
  CHECK(a.sim->bodies()[0].paths() != a.sim->bodies()[1].paths());
  CHECK(a.sim->random().seed() == b.sim->random().seed());

  // The generator is seeded before the first shape is drawn, and the shapes are
  // drawn in file order from the simulation's own generator.
  cl::RandomLCG random(4242);
  const auto first = cl::shapes::randomPolygon(6, 0.5, 1, random, "r1");
  const auto second = cl::shapes::randomPolygon(5, 0.5, 1, random, "r2");
  CHECK(a.sim->bodies()[0].paths() == first.paths());
  CHECK(a.sim->bodies()[1].paths() == second.paths());
  CHECK(a.sim->random().seed() == random.seed());

  cl::SimSettings other = a.settings;
  other.seed = 4243;
  const cl::Scene c = cl::rebuildScene(a, other);
  CHECK(c.settings.seed == 4243);
  CHECK(c.sim->bodies()[0].paths() != a.sim->bodies()[0].paths());
}

TEST_CASE("rebuildScene records changed settings in the document", "[scene][build]") {
  const cl::Scene s = load(R"("bodies": [{"name": "b", "shape": "ball", "radius": 1}])");
  cl::SimSettings settings = s.settings;
  CHECK(cl::rebuildScene(s, settings).doc == s.doc);  // nothing changed, nothing added
  settings.timeStep = 0.01;
  settings.integrator = cl::IntegratorKind::kEuler;
  const cl::Scene r = cl::rebuildScene(s, settings);
  REQUIRE(r.doc.settings);
  CHECK(r.doc.settings->timeStep == 0.01);
  CHECK(r.doc.settings->integrator == cl::IntegratorKind::kEuler);
  CHECK_FALSE(r.doc.settings->seed);
  CHECK(r.settings.timeStep == 0.01);
  CHECK(r.makeAdvance()->integrator().kind() == cl::IntegratorKind::kEuler);
}

TEST_CASE("makeAdvance uses the scene's time step and integrator", "[scene][build]") {
  const cl::Scene s = load(R"("settings": {"time_step": 0.005, "integrator": "modified-euler"},
    "bodies": [{"name": "b", "shape": "ball", "radius": 1, "velocity": [2, 0]}])");
  auto advance = s.makeAdvance();
  CHECK(advance->timeStep() == 0.005);
  CHECK(advance->integrator().kind() == cl::IntegratorKind::kModifiedEuler);
  CHECK(&advance->sim() == s.sim.get());
  advance->advance(advance->timeStep());
  CHECK(s.sim->bodyState(0).x == Approx(0.01));
}

TEST_CASE("a document made in code builds without any JSON", "[scene][build]") {
  cl::SceneDoc doc;
  doc.title = "code";
  cl::BodyDoc b;
  b.name = "b";
  b.shape = cl::BallShape{0.5, std::nullopt};
  b.mass = 2.0;
  b.position = cl::Vec2{0, 1};
  doc.bodies.push_back(b);
  doc.forces = std::vector<cl::ForceDoc>{cl::GravityDoc{9.8, std::nullopt, std::nullopt}};
  const cl::Scene s = cl::makeScene(doc);
  CHECK(s.title == "code");
  CHECK(s.sim->bodies()[0].mass() == 2.0);
  CHECK(s.sim->energy().potential == Approx(2.0 * 9.8 * 1.0));
  // And it saves to a file that loads back as the same document.
  const auto path = std::filesystem::temp_directory_path() / "contactlab_test_scene_save.json";
  cl::saveSceneFile(s, path);
  CHECK(cl::loadSceneFile(path).doc == doc);
  std::filesystem::remove(path);
}
