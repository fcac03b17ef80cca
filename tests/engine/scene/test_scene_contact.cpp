// Scenes and resting contact: the settings of docs/scene-format.md that tune
// ContactSim, and the example scenes of resting bodies (block_on_floor,
// stack_of_three, leaning_blocks, mutual_gravity_balls).
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <vector>

#include "engine/contact/contact_sim.h"
#include "engine/scene/scene.h"
#include "tests/engine/scene/test_scene_support.h"

using cl::test::loadProblems;
using cl::test::sceneText;

namespace {

const std::filesystem::path kScenes = CONTACTLAB_SCENES_DIR;

const char* const kContactScenes[] = {"block_on_floor.json", "stack_of_three.json",
                                      "leaning_blocks.json", "mutual_gravity_balls.json"};

// A version-2 scene with one block and the given settings members.
std::string withSettings(const std::string& settings, int version = 2) {
  return R"({"format": "contactlab-scene", "version": )" + std::to_string(version) +
         R"(, "settings": {)" + settings +
         R"(}, "bodies": [{"name": "b", "shape": "block", "width": 1, "height": 1}]})";
}

// Evaluates the scene's simulation at its current state, so that lastContacts()
// describes that state.
void evaluateNow(cl::ContactSim& sim) {
  std::vector<double> change(sim.vars().size());
  sim.evaluate(sim.vars(), sim.time(), change);
}

// The total contact force on `body` from the latest evaluate (world coordinates).
cl::Vec2 contactForceOn(const cl::ContactSim& sim, int body) {
  cl::Vec2 total{0, 0};
  for (const cl::RigidBodyCollision& c : sim.lastContacts()) {
    if (c.primaryBody == body) total = total + c.normal * c.force;
    if (c.normalBody == body) total = total - c.normal * c.force;
  }
  return total;
}

// The largest distance any body moved from where it started.
double largestDrift(const cl::RigidBodySim& sim, const std::vector<cl::BodyState>& start) {
  double worst = 0;
  for (int i = 0; i < sim.bodyCount(); ++i)
    worst = std::max(worst, cl::distance(sim.bodyState(i).position(), start[i].position()));
  return worst;
}

std::vector<cl::BodyState> statesOf(const cl::RigidBodySim& sim) {
  std::vector<cl::BodyState> out;
  for (int i = 0; i < sim.bodyCount(); ++i) out.push_back(sim.bodyState(i));
  return out;
}

void runFor(cl::Scene& scene, double seconds) {
  const auto advance = scene.makeAdvance();
  const double dt = advance->timeStep();
  while (scene.sim->time() + dt / 2 < seconds) advance->advance(dt);
}

}  // namespace

TEST_CASE("scenes build a ContactSim with the default contact settings", "[scene][contact]") {
  const cl::Scene s =
      cl::loadScene(sceneText(R"("bodies": [{"name": "b", "shape": "ball", "radius": 1}])"), "t");
  const cl::ContactSim* sim = s.contactSim();
  REQUIRE(sim != nullptr);
  CHECK(sim->distanceTol() == 0.01);
  CHECK(sim->velocityTol() == 0.5);
  CHECK(sim->extraAccel() == cl::ExtraAccel::VELOCITY_AND_DISTANCE_JOINTS);
  CHECK(sim->extraAccelTimeStep() == 0.025);
  CHECK(sim->contactPolicy() == cl::NextContactPolicy::HYBRID);
  CHECK(sim->solverTolerance() == cl::ComputeForcesOptions{}.tolerance);
  CHECK(sim->warmStart());
  CHECK(s.settings.distanceTol == 0.01);
  CHECK(s.settings.contactPolicy == cl::NextContactPolicy::HYBRID);
  CHECK(s.settings.warmStart);
  // SimSettings states ContactSim's default rather than reading it: keep the two in step.
  CHECK(cl::SimSettings{}.warmStart == cl::ContactSim{}.warmStart());
}

TEST_CASE("the contact settings reach the ContactSim and round-trip", "[scene][contact]") {
  const std::string text = withSettings(
      R"("distance_tol": 0.02, "velocity_tol": 0.25, "extra_accel": "velocity",)"
      R"( "extra_accel_time_step": 0.05, "contact_policy": "min_accel", "solver_tolerance": 1e-9)");
  const cl::Scene s = cl::loadScene(text, "t");
  const cl::ContactSim* sim = s.contactSim();
  REQUIRE(sim != nullptr);
  CHECK(sim->distanceTol() == 0.02);
  CHECK(sim->velocityTol() == 0.25);
  CHECK(sim->extraAccel() == cl::ExtraAccel::VELOCITY);
  CHECK(sim->extraAccelTimeStep() == 0.05);
  CHECK(sim->contactPolicy() == cl::NextContactPolicy::MIN_ACCEL);
  CHECK(sim->solverTolerance() == 1e-9);
  const cl::Scene again = cl::loadScene(cl::saveScene(s), "saved");
  CHECK(again.doc == s.doc);
  CHECK(cl::saveScene(again) == cl::saveScene(s));

  for (const char* name : {"none", "velocity", "velocity_joints", "velocity_and_distance",
                           "velocity_and_distance_joints"}) {
    INFO(name);
    const cl::Scene e =
        cl::loadScene(withSettings(std::string(R"("extra_accel": ")") + name + "\""), "t");
    CHECK(cl::nameOf(e.contactSim()->extraAccel()) == std::string(name));
  }
  for (const char* name : {"hybrid", "min_accel", "random", "pre_ordered"}) {
    INFO(name);
    const cl::Scene e =
        cl::loadScene(withSettings(std::string(R"("contact_policy": ")") + name + "\""), "t");
    CHECK(cl::nameOf(e.contactSim()->contactPolicy()) == std::string(name));
  }
}

TEST_CASE("bad contact settings are reported at their paths", "[scene][contact][errors]") {
  const auto p = loadProblems(withSettings(
      R"("distance_tol": 0, "velocity_tol": -1, "extra_accel": "velocity_and_distanse",)"
      R"( "extra_accel_time_step": -0.025, "contact_policy": "Hybrid", "solver_tolerance": 0)"));
  CHECK_SCENE_PROBLEM(p, "/settings/distance_tol", "must be positive");
  CHECK_SCENE_PROBLEM(p, "/settings/velocity_tol", "must be positive");
  CHECK_SCENE_PROBLEM(p, "/settings/extra_accel",
                      "unknown extra acceleration 'velocity_and_distanse'");
  CHECK_SCENE_PROBLEM(p, "/settings/extra_accel", "did you mean 'velocity_and_distance'");
  CHECK_SCENE_PROBLEM(p, "/settings/extra_accel_time_step", "must be positive");
  CHECK_SCENE_PROBLEM(p, "/settings/contact_policy", "unknown contact policy 'Hybrid'");
  CHECK_SCENE_PROBLEM(p, "/settings/contact_policy", "'pre_ordered'");
  CHECK_SCENE_PROBLEM(p, "/settings/solver_tolerance", "must be positive");
  CHECK(p.size() == 6);

  const auto types = loadProblems(withSettings(R"("distance_tol": "small", "extra_accel": 1)"));
  CHECK_SCENE_PROBLEM(types, "/settings/distance_tol", "number");
  CHECK_SCENE_PROBLEM(types, "/settings/extra_accel", "string");

  const auto misspelt = loadProblems(withSettings(R"("distance_tolerance": 0.01)"));
  CHECK_SCENE_PROBLEM(misspelt, "/settings/distance_tolerance", "unknown field");
}

TEST_CASE("warm_start is read, applied to the ContactSim and written back", "[scene][contact]") {
  SECTION("false") {
    const cl::Scene s = cl::loadScene(withSettings(R"("warm_start": false)"), "t");
    REQUIRE(s.doc.settings);
    CHECK(s.doc.settings->warmStart == false);
    CHECK_FALSE(s.settings.warmStart);
    CHECK_FALSE(s.contactSim()->warmStart());
    const std::string saved = cl::saveScene(s);
    CHECK_THAT(saved, Catch::Contains(R"("warm_start": false)"));
    const cl::Scene again = cl::loadScene(saved, "saved");
    CHECK(again.doc == s.doc);
    CHECK_FALSE(again.contactSim()->warmStart());
  }
  SECTION("true, written back although it is the default") {
    const cl::Scene s = cl::loadScene(withSettings(R"("warm_start": true)"), "t");
    CHECK(s.doc.settings->warmStart == true);
    CHECK(s.contactSim()->warmStart());
    CHECK_THAT(cl::saveScene(s), Catch::Contains(R"("warm_start": true)"));
    CHECK(cl::loadScene(cl::saveScene(s), "saved").doc == s.doc);
  }
  SECTION("absent: on, and left out when saved") {
    const cl::Scene s = cl::loadScene(withSettings(R"("solver_tolerance": 1e-9)"), "t");
    CHECK_FALSE(s.doc.settings->warmStart);
    CHECK(s.settings.warmStart);
    CHECK(s.contactSim()->warmStart());
    CHECK_THAT(cl::saveScene(s), !Catch::Contains("warm_start"));
  }
  SECTION("in canonical order, after solver_tolerance") {
    const cl::Scene s = cl::loadScene(
        withSettings(R"("warm_start": false, "solver_tolerance": 1e-9, "distance_tol": 0.02)"),
        "t");
    const std::string saved = cl::saveScene(s);
    const auto tolerance = saved.find("\"solver_tolerance\"");
    const auto warm = saved.find("\"warm_start\"");
    REQUIRE(tolerance != std::string::npos);
    REQUIRE(warm != std::string::npos);
    CHECK(saved.find("\"distance_tol\"") < tolerance);
    CHECK(tolerance < warm);
  }
}

TEST_CASE("a warm_start that is not true or false is reported at its path",
          "[scene][contact][errors]") {
  for (const char* value : {R"("yes")", "1", "null", "[true]"}) {
    INFO(value);
    const auto p = loadProblems(withSettings(std::string(R"("warm_start": )") + value));
    CHECK_SCENE_PROBLEM(p, "/settings/warm_start", "'warm_start' must be true or false");
    CHECK(p.size() == 1);
  }
  const auto yes = loadProblems(withSettings(R"("warm_start": "yes")"));
  CHECK_SCENE_PROBLEM(yes, "/settings/warm_start", "got a string");
  const auto misspelt = loadProblems(withSettings(R"("warmstart": false)"));
  CHECK_SCENE_PROBLEM(misspelt, "/settings/warmstart", "did you mean 'warm_start'");
}

TEST_CASE("contact settings need format version 2", "[scene][contact][errors]") {
  const auto p =
      loadProblems(withSettings(R"("distance_tol": 0.01, "contact_policy": "random")", 1));
  CHECK_SCENE_PROBLEM(p, "/settings/distance_tol", "needs scene format version 2");
  CHECK_SCENE_PROBLEM(p, "/settings/contact_policy", "needs scene format version 2");
  CHECK(p.size() == 2);

  const auto warm = loadProblems(withSettings(R"("warm_start": false)", 1));
  CHECK_SCENE_PROBLEM(warm, "/settings/warm_start", "needs scene format version 2");
  CHECK(warm.size() == 1);
}

TEST_CASE("a document made in code has its contact settings checked", "[scene][contact][errors]") {
  cl::SceneDoc doc;
  cl::SettingsDoc& s = doc.settings.emplace();
  s.distanceTol = -0.01;
  s.velocityTol = std::nan("");
  s.extraAccelTimeStep = 0.0;
  s.solverTolerance = -1.0;
  try {
    (void)cl::makeScene(doc);
    FAIL("makeScene accepted bad settings");
  } catch (const cl::SceneError& e) {
    CHECK_SCENE_PROBLEM(e.problems(), "/settings/distance_tol", "positive");
    CHECK_SCENE_PROBLEM(e.problems(), "/settings/velocity_tol", "positive");
    CHECK_SCENE_PROBLEM(e.problems(), "/settings/extra_accel_time_step", "positive");
    CHECK_SCENE_PROBLEM(e.problems(), "/settings/solver_tolerance", "positive");
  }
}

TEST_CASE("rebuildScene records changed contact settings only", "[scene][contact]") {
  const cl::Scene v1 =
      cl::loadScene(sceneText(R"("bodies": [{"name": "b", "shape": "ball", "radius": 1}])"), "t");
  REQUIRE(v1.doc.version == 1);
  cl::SimSettings same = v1.settings;
  CHECK(cl::rebuildScene(v1, same).doc == v1.doc);
  cl::SimSettings changed = v1.settings;
  changed.distanceTol = 0.02;
  changed.contactPolicy = cl::NextContactPolicy::RANDOM;
  const cl::Scene r = cl::rebuildScene(v1, changed);
  CHECK(r.doc.version == 2);  // the fields exist from version 2 on
  REQUIRE(r.doc.settings);
  CHECK(r.doc.settings->distanceTol == 0.02);
  CHECK(r.doc.settings->contactPolicy == cl::NextContactPolicy::RANDOM);
  CHECK_FALSE(r.doc.settings->velocityTol);
  CHECK_FALSE(r.doc.settings->timeStep);
  CHECK(r.contactSim()->distanceTol() == 0.02);
  CHECK(cl::loadScene(cl::saveScene(r), "saved").doc == r.doc);
  CHECK_FALSE(r.doc.settings->warmStart);  // unchanged: left out

  cl::SimSettings cold = v1.settings;
  cold.warmStart = false;
  const cl::Scene c = cl::rebuildScene(v1, cold);
  CHECK(c.doc.version == 2);
  REQUIRE(c.doc.settings);
  CHECK(c.doc.settings->warmStart == false);
  CHECK_FALSE(c.contactSim()->warmStart());
  CHECK(cl::settingsOf(c.doc).warmStart == false);
  CHECK(cl::loadScene(cl::saveScene(c), "saved").doc == c.doc);
  // Turning it back on records the change too: the document said false.
  cl::SimSettings warm = c.settings;
  warm.warmStart = true;
  const cl::Scene w = cl::rebuildScene(c, warm);
  CHECK(w.doc.settings->warmStart == true);
  CHECK(w.contactSim()->warmStart());
}

TEST_CASE("a scene's warm_start decides whether its solves are warm-started",
          "[scene][contact][examples]") {
  // stack_of_three rests: from the second evaluate on, the force carriers repeat, so with the
  // warm start on most solves are solved by the guess; off, none is.
  cl::Scene warm = cl::loadSceneFile(kScenes / "stack_of_three.json");
  REQUIRE(warm.contactSim()->warmStart());
  cl::SimSettings settings = warm.settings;
  settings.warmStart = false;
  cl::Scene cold = cl::rebuildScene(warm, settings);
  REQUIRE_FALSE(cold.contactSim()->warmStart());
  runFor(warm, 1.0);
  runFor(cold, 1.0);
  const auto& w = warm.contactSim()->solveTotals();
  const auto& c = cold.contactSim()->solveTotals();
  CHECK(w.solves == c.solves);
  CHECK(w.warmStarts > w.solves / 2);
  CHECK(c.warmStarts == 0);
  CHECK(c.warmPartials == 0);
  CHECK(c.warmRejects == 0);
  // The same LCP solutions to rounding, so the two runs end in the same place.
  for (int i = 0; i < warm.sim->bodyCount(); ++i) {
    INFO("body " << i);
    CHECK(warm.sim->bodyState(i).position().x ==
          Approx(cold.sim->bodyState(i).position().x).margin(1e-9));
    CHECK(warm.sim->bodyState(i).position().y ==
          Approx(cold.sim->bodyState(i).position().y).margin(1e-9));
  }
}

TEST_CASE("cloneSimulation keeps a ContactSim a ContactSim", "[scene][contact]") {
  const cl::Scene s = cl::loadSceneFile(kScenes / "block_on_floor.json");
  const auto copy = cl::cloneSimulation(*s.sim);
  const auto* contact = dynamic_cast<const cl::ContactSim*>(copy.get());
  REQUIRE(contact != nullptr);
  CHECK(contact->vars() == s.sim->vars());
  CHECK(contact->distanceTol() == s.contactSim()->distanceTol());
}

TEST_CASE("the resting-contact scenes load, round-trip and touch from step 0",
          "[scene][contact][examples]") {
  for (const char* name : kContactScenes) {
    INFO(name);
    const cl::Scene s = cl::loadSceneFile(kScenes / name);
    CHECK_FALSE(s.title.empty());
    CHECK_FALSE(s.description.empty());
    const std::string saved = cl::saveScene(s);
    CHECK(cl::loadScene(saved, "saved").doc == s.doc);
    cl::ContactSim* sim = s.contactSim();
    REQUIRE(sim != nullptr);
    CHECK(sim->distanceTol() == 0.01);
    evaluateNow(*sim);
    CHECK_FALSE(sim->lastHadPenetration());
    CHECK_FALSE(sim->lastContacts().empty());
    for (const cl::RigidBodyCollision& c : sim->lastContacts()) {
      CHECK(c.distance > 0);
      CHECK(c.distance < sim->distanceTol());
      CHECK(c.distance == Approx(0.005).margin(1e-6));
    }
  }
}

TEST_CASE("block_on_floor rests: contact forces sum to m g, within tolerance over 10 s",
          "[scene][contact][examples]") {
  cl::Scene s = cl::loadSceneFile(kScenes / "block_on_floor.json");
  cl::ContactSim& sim = *s.contactSim();
  const int block = 1;
  const double mg = sim.bodies()[block].mass() * 9.8;
  const auto start = statesOf(sim);
  evaluateNow(sim);
  CHECK(sim.lastContacts().size() == 2);
  const cl::Vec2 f0 = contactForceOn(sim, block);
  CHECK(f0.y == Approx(mg).epsilon(1e-9));
  CHECK(f0.x == Approx(0).margin(1e-9 * mg));

  const auto advance = s.makeAdvance();
  REQUIRE(advance->timeStep() == 0.025);
  double worstDrift = 0, worstForce = 0;
  while (sim.time() + 0.0125 < 10.0) {
    advance->advance(0.025);
    worstDrift = std::max(worstDrift, largestDrift(sim, start));
    evaluateNow(sim);
    worstForce = std::max(worstForce, std::abs(contactForceOn(sim, block).y - mg) / mg);
  }
  CHECK(sim.time() == Approx(10.0));
  INFO("largest drift " << worstDrift << ", largest relative force error " << worstForce);
  CHECK(worstDrift < sim.distanceTol());
  CHECK(worstForce < 1e-6);
  CHECK(std::abs(sim.bodyState(block).angle) < 1e-6);
}

TEST_CASE("stack_of_three stays put for 10 s", "[scene][contact][examples]") {
  cl::Scene s = cl::loadSceneFile(kScenes / "stack_of_three.json");
  cl::ContactSim& sim = *s.contactSim();
  const auto start = statesOf(sim);
  evaluateNow(sim);
  CHECK(sim.lastContacts().size() == 6);  // two corners on each edge below
  // Each block's contact forces (from below minus from above) carry its own weight,
  // and the floor carries all three.
  double total = 0;
  for (int i = 1; i <= 3; ++i) {
    total += sim.bodies()[i].mass() * 9.8;
    CHECK(contactForceOn(sim, i).y == Approx(sim.bodies()[i].mass() * 9.8).epsilon(1e-9));
  }
  CHECK(-contactForceOn(sim, 0).y == Approx(total).epsilon(1e-9));
  runFor(s, 10.0);
  INFO("largest drift " << largestDrift(sim, start));
  CHECK(largestDrift(sim, start) < sim.distanceTol());
}

TEST_CASE("mutual_gravity_balls stay together", "[scene][contact][examples]") {
  cl::Scene s = cl::loadSceneFile(kScenes / "mutual_gravity_balls.json");
  cl::ContactSim& sim = *s.contactSim();
  const auto start = statesOf(sim);
  evaluateNow(sim);
  REQUIRE(sim.lastContacts().size() == 1);
  const double attraction = 5.0 * 2 * 2 / (2.005 * 2.005);
  CHECK(std::abs(contactForceOn(sim, 0).x) == Approx(attraction).epsilon(1e-9));
  runFor(s, 5.0);
  INFO("largest drift " << largestDrift(sim, start));
  CHECK(largestDrift(sim, start) < sim.distanceTol());
}
