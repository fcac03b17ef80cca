// The example scenes in resources/scenes: each loads, says what it is, and
// survives a save and load unchanged; the physical ones behave as described.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numbers>
#include <sstream>

#include "engine/collision/contact_detection.h"
#include "engine/contact/contact_sim.h"
#include "engine/forces/thruster_set.h"
#include "engine/scene/scene.h"

namespace {

const std::filesystem::path kScenes = CONTACTLAB_SCENES_DIR;

std::string readText(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::filesystem::path> exampleFiles() {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(kScenes))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

void checkSameSimulation(const cl::RigidBodySim& a, const cl::RigidBodySim& b) {
  REQUIRE(a.bodyCount() == b.bodyCount());
  CHECK(a.vars() == b.vars());
  CHECK(a.forceLaws().size() == b.forceLaws().size());
  const auto* ca = dynamic_cast<const cl::ContactSim*>(&a);
  const auto* cb = dynamic_cast<const cl::ContactSim*>(&b);
  REQUIRE((ca && cb));
  REQUIRE(ca->connectors().size() == cb->connectors().size());
  for (std::size_t k = 0; k < ca->connectors().size(); ++k) {
    CHECK(ca->connectors()[k]->name() == cb->connectors()[k]->name());
    CHECK(ca->connectors()[k]->body1() == cb->connectors()[k]->body1());
    CHECK(ca->connectors()[k]->body2() == cb->connectors()[k]->body2());
  }
  for (int i = 0; i < a.bodyCount(); ++i) {
    const cl::Polygon &p = a.bodies()[i], &q = b.bodies()[i];
    CHECK(p.name() == q.name());
    CHECK(p.paths() == q.paths());
    CHECK(p.mass() == q.mass());
    CHECK(p.moment() == q.moment());
    CHECK(p.centerOfMass() == q.centerOfMass());
    CHECK(p.elasticity() == q.elasticity());
    CHECK(p.nonCollide() == q.nonCollide());
  }
}

cl::Scene example(const char* name) {
  return cl::loadSceneFile(kScenes / name);
}

}  // namespace

TEST_CASE("every example scene loads and round-trips", "[scene][examples]") {
  const auto files = exampleFiles();
  REQUIRE(files.size() >= 7);
  for (const auto& file : files) {
    INFO(file.string());
    const std::string text = readText(file);
    const cl::Scene scene = cl::loadSceneFile(file);
    CHECK_FALSE(scene.title.empty());
    CHECK_FALSE(scene.description.empty());
    CHECK(cl::validateSceneFile(file).empty());

    const std::string saved = cl::saveScene(scene);
    // The same JSON document; the examples are canonical, so the same text too.
    CHECK(nlohmann::json::parse(saved) == nlohmann::json::parse(text));
    CHECK(saved == text);
    const cl::Scene again = cl::loadScene(saved, file.string() + " (saved)");
    CHECK(again.doc == scene.doc);
    CHECK(cl::saveScene(again) == saved);
    checkSameSimulation(*scene.sim, *again.sim);
  }
}

TEST_CASE("the required example scenes exist", "[scene][examples]") {
  for (const char* name :
       {"contact_app.json", "free_fall.json", "spring_oscillator.json", "pendulum_spring.json",
        "shapes_gallery.json", "orbit.json", "random_polygons.json", "pendulum_joint.json",
        "double_pendulum.json", "pendulum_rope.json", "pendulum_rod.json"}) {
    INFO(name);
    CHECK(std::filesystem::exists(kScenes / name));
  }
}

TEST_CASE("contact_app: four blocks in a walled box with thrusters on two", "[scene][examples]") {
  const cl::Scene s = example("contact_app.json");
  REQUIRE(s.sim->bodyCount() == 8);
  for (int i = 0; i < 4; ++i) {
    CHECK(s.sim->bodies()[i].name() == "block" + std::to_string(i + 1));
    CHECK_FALSE(s.sim->bodies()[i].isFixed());
    CHECK(s.sim->bodies()[i].elasticity() == 0.8);
  }
  for (int i = 4; i < 8; ++i) CHECK(s.sim->bodies()[i].isFixed());
  int thrusterSets = 0;
  for (const auto& law : s.sim->forceLaws())
    if (const auto* t = dynamic_cast<const cl::ThrusterSet*>(law.get())) {
      CHECK(t->body() == thrusterSets);  // block1, then block2
      CHECK(t->thrusters().size() == 6);
      for (const auto& th : t->thrusters()) CHECK_FALSE(th.active);
      ++thrusterSets;
    }
  CHECK(thrusterSets == 2);
  // Every block starts inside the box.
  for (int i = 0; i < 4; ++i) {
    const cl::Bounds b = s.sim->bodies()[i].worldBounds(s.sim->bodyState(i));
    CHECK(b.left > -6);
    CHECK(b.right < 6);
    CHECK(b.bottom > -6);
    CHECK(b.top < 6);
  }
}

TEST_CASE("free_fall follows y = y0 + v0 t - g t^2 / 2", "[scene][examples]") {
  const cl::Scene s = example("free_fall.json");
  const cl::BodyState s0 = s.sim->bodyState(0);
  auto advance = s.makeAdvance();
  const int steps = 40;
  for (int i = 0; i < steps; ++i) advance->advance(advance->timeStep());
  const double t = s.sim->time(), g = 9.8;
  const cl::BodyState s1 = s.sim->bodyState(0);
  CHECK(t == Approx(steps * advance->timeStep()));
  CHECK(s1.x == Approx(s0.x + s0.vx * t).margin(1e-12));
  CHECK(s1.y == Approx(s0.y + s0.vy * t - g * t * t / 2).margin(1e-12));
  CHECK(s1.vy == Approx(s0.vy - g * t).margin(1e-12));
}

TEST_CASE("spring_oscillator has period pi and keeps its energy", "[scene][examples]") {
  const cl::Scene s = example("spring_oscillator.json");
  const double e0 = s.sim->energy().total();
  CHECK(e0 == Approx(4.0));  // k (L - rest)^2 / 2 = 8 * 1 / 2
  auto advance = s.makeAdvance();
  const double period = std::numbers::pi;
  while (s.sim->time() + advance->timeStep() / 2 < period / 2)
    advance->advance(advance->timeStep());
  advance->advance(period / 2 - s.sim->time());
  CHECK(s.sim->bodyState(0).x == Approx(1.0).margin(1e-6));  // 2 - amplitude
  while (s.sim->time() + advance->timeStep() / 2 < period) advance->advance(advance->timeStep());
  advance->advance(period - s.sim->time());
  CHECK(s.sim->bodyState(0).x == Approx(3.0).margin(1e-6));
  CHECK(s.sim->energy().total() == Approx(e0).epsilon(1e-8));
}

TEST_CASE("orbit keeps its centre of mass and radius", "[scene][examples]") {
  const cl::Scene s = example("orbit.json");
  const auto cm = [&] {
    const auto& b = s.sim->bodies();
    return (s.sim->bodyState(0).position() * b[0].mass() +
            s.sim->bodyState(1).position() * b[1].mass()) /
           (b[0].mass() + b[1].mass());
  };
  const cl::Vec2 cm0 = cm();
  auto advance = s.makeAdvance();
  for (int i = 0; i < 350; ++i) {  // half an orbit
    advance->advance(advance->timeStep());
    CHECK(cl::distance(s.sim->bodyState(0).position(), s.sim->bodyState(1).position()) ==
          Approx(5.0).epsilon(1e-4));
  }
  CHECK(cl::distance(cm(), cm0) < 1e-9);
  CHECK(s.sim->bodyState(1).x < -4.0);  // the planet is across the sun
}

TEST_CASE("shapes_gallery holds one body of every shape", "[scene][examples]") {
  const cl::Scene s = example("shapes_gallery.json");
  std::set<std::string_view> kinds;
  for (const cl::BodyDoc& b : s.doc.bodies) kinds.insert(cl::kindOf(b.shape));
  CHECK(kinds.size() == std::variant_size_v<cl::ShapeDoc>);
  const auto it = std::find_if(s.doc.bodies.begin(), s.doc.bodies.end(), [](const auto& b) {
    return std::holds_alternative<cl::PathsShape>(b.shape);
  });
  REQUIRE(it != s.doc.bodies.end());
  const cl::Polygon& p = s.sim->bodies()[it - s.doc.bodies.begin()];
  CHECK(p.paths().size() == 2);  // outer path and hole
  bool concave = false;
  for (const auto& e : p.paths()[0].edges)
    if (const auto* c = std::get_if<cl::CircularEdge>(&e)) concave = concave || c->clockwise;
  CHECK(concave);
}

TEST_CASE("the JSON examples in docs/scene-format.md are valid", "[scene][examples]") {
  const auto doc = kScenes.parent_path().parent_path() / "docs" / "scene-format.md";
  const std::string text = readText(doc);
  std::vector<std::string> blocks;
  for (std::size_t at = text.find("```json\n"); at != std::string::npos;
       at = text.find("```json\n", at)) {
    at += 8;
    const std::size_t end = text.find("```", at);
    REQUIRE(end != std::string::npos);
    blocks.push_back(text.substr(at, end - at));
  }
  REQUIRE(blocks.size() >= 2);
  for (const std::string& block : blocks) {
    INFO(block);
    // A whole scene, or a body to be placed in one.
    const bool whole = nlohmann::json::parse(block).contains("format");
    const std::string scene =
        whole ? block
              : R"({"format": "contactlab-scene", "version": 1, "bodies": [)" + block + "]}";
    CHECK_NOTHROW(cl::loadScene(scene, doc.string()));
  }
  // The first example states its block's moment of inertia.
  CHECK(cl::loadScene(blocks[0], "first").sim->bodies()[0].moment() == Approx(1.25));
}

// scripts/make_pile_scenes.py stacks rows of ten above pile_20's blocks: each pile starts
// with pile_20's twenty blocks as they are, the blocks and walls all clear of each other (no
// record closer than the contact tolerance), every block inside the pit's side walls and
// below their tops.
TEST_CASE("the stacked piles start with pile_20's blocks, nothing touching, inside the walls",
          "[scene][examples]") {
  const cl::Scene pile20 = cl::loadSceneFile(kScenes / "pile_20.json");
  for (const int blocks : {50, 100, 200}) {
    INFO("pile_" << blocks);
    const cl::Scene scene =
        cl::loadSceneFile(kScenes / ("pile_" + std::to_string(blocks) + ".json"));
    const cl::RigidBodySim& sim = *scene.sim;
    REQUIRE(sim.bodyCount() == blocks + 4);  // four walls
    for (int i = 0; i < pile20.sim->bodyCount(); ++i) {
      CHECK(sim.bodyName(i) == pile20.sim->bodyName(i));
      if (i >= 4) {
        CHECK(sim.bodyState(i).x == pile20.sim->bodyState(i).x);
        CHECK(sim.bodyState(i).y == pile20.sim->bodyState(i).y);
        CHECK(sim.bodyState(i).angle == pile20.sim->bodyState(i).angle);
      }
    }
    const auto& contactSim = dynamic_cast<const cl::ContactSim&>(sim);
    CHECK(cl::findCloseCollisions(sim, sim.vars(), contactSim.tolerances()).empty());
    REQUIRE(sim.bodyName(2) == "wall_right");
    const double wallTop = sim.bodies()[2].worldBounds(sim.bodyState(2)).top;
    for (int i = 4; i < sim.bodyCount(); ++i) {
      CHECK(std::abs(sim.bodyState(i).x) < 10);
      CHECK(sim.bodyState(i).y < wallTop);
    }
  }
}
