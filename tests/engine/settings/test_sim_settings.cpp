// The settings table (engine/settings/sim_settings.h): its entries, its defaults against the
// engine classes that hold each setting, applying and reading settings on a running
// simulation, text as a command line gives it, and a scene that gives every setting.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "engine/collision_advance/collision_advance.h"
#include "engine/contact/contact_sim.h"
#include "engine/scene/scene.h"
#include "engine/settings/sim_settings.h"
#include "tests/engine/scene/test_scene_support.h"

using cl::SimSettings;

namespace {

// Every setting different from its default (and valid).
SimSettings everyOneChanged() {
  SimSettings s;
  s.timeStep = 0.01;
  s.integrator = cl::IntegratorKind::kEuler;
  s.advance = cl::AdvanceKind::kLcpFixpoint;
  s.seed = 7;
  s.distanceTol = 0.02;
  s.velocityTol = 0.25;
  s.extraAccel = cl::ExtraAccel::VELOCITY;
  s.extraAccelTimeStep = 0.05;
  s.contactPolicy = cl::NextContactPolicy::MIN_ACCEL;
  s.solverTolerance = 1e-9;
  s.warmStart = false;
  s.frictionWarmStart = true;
  s.frictionCompliance = true;
  s.contactSolver = cl::LcpSolverKind::kLemke;
  s.collisionHandling = cl::CollisionHandling::SIMULTANEOUS;
  s.collisionAccuracy = 0.3;
  s.jointSmallImpacts = true;
  s.engineMode = cl::EngineMode::kImpulse;
  return s;
}

// The same, as far as the settings go together: a time stepper needs engine contact
// (settingsConflict), so the engine stays the default here; its own round trip is in
// tests/engine/contact/test_engine_modes.cpp.
SimSettings everyOneChangedTogether() {
  SimSettings s = everyOneChanged();
  s.engineMode = cl::EngineMode::kContact;
  return s;
}

}  // namespace

TEST_CASE("the settings table names each setting once", "[settings]") {
  std::set<std::string> keys, names;
  int count = 0;
  for (const cl::SettingInfo& info : cl::kSettingInfos) {
    ++count;
    CHECK(keys.insert(std::string(info.key)).second);
    CHECK(names.insert(std::string(info.name)).second);
    CHECK_FALSE(info.label.empty());
    CHECK_FALSE(info.help.empty());
    CHECK(info.since >= 1);
    CHECK(info.since <= cl::kSceneFormatVersion);
    // Only what the scene's build alone uses waits for a restart.
    CHECK((info.apply == cl::SettingApply::kRestart) == (info.holder == cl::SettingHolder::kBuild));
    CHECK(cl::findSetting(info.key) == &info);
  }
  CHECK(count == 18);
  CHECK(cl::findSetting("no_such_setting") == nullptr);
  // everyOneChanged() must change every setting, or the tests below prove less.
  int changed = 0;
  const SimSettings defaults, all = everyOneChanged();
  cl::forEachSetting([&](const cl::SettingInfo&, auto value, auto) {
    if (!(all.*value == defaults.*value)) ++changed;
  });
  CHECK(changed == count);
}

TEST_CASE("the settings' defaults are those of the classes that hold them", "[settings]") {
  cl::ContactSim sim;
  cl::CollisionAdvance advance(sim, SimSettings{}.integrator);
  SimSettings read = everyOneChanged();
  cl::readSettings(sim, read);
  cl::readSettings(advance, read);
  SimSettings expected;
  expected.seed = read.seed;  // not held by either: readSettings leaves them
  expected.advance = read.advance;
  CHECK(read == expected);
}

TEST_CASE("applySettings reaches the ContactSim and the advance, and readSettings reads them back",
          "[settings]") {
  cl::ContactSim sim;
  cl::CollisionAdvance advance(sim);
  const SimSettings wanted = everyOneChanged();
  cl::applySettings(sim, wanted);
  cl::applySettings(advance, wanted);
  CHECK(sim.distanceTol() == 0.02);
  CHECK(sim.contactPolicy() == cl::NextContactPolicy::MIN_ACCEL);
  CHECK(sim.collisionHandling() == cl::CollisionHandling::SIMULTANEOUS);
  CHECK(advance.timeStep() == 0.01);
  CHECK(advance.integratorKind() == cl::IntegratorKind::kEuler);
  SimSettings read;
  cl::readSettings(sim, read);
  cl::readSettings(advance, read);
  SimSettings expected = wanted;
  // The seed and the advance apply when a scene is built, never to a running sim.
  expected.seed = SimSettings{}.seed;
  expected.advance = SimSettings{}.advance;
  CHECK(read == expected);
}

TEST_CASE("applySettings sets only what changed, so a warm start keeps its memory", "[settings]") {
  cl::Scene scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/stack_of_three.json");
  cl::ContactSim& sim = *scene.contactSim();
  auto advance = scene.makeAdvance();
  for (int i = 0; i < 3; ++i) advance->advance(scene.settings.timeStep);
  REQUIRE_FALSE(sim.warmStartMemory().carriers().empty());
  cl::applySettings(sim, scene.settings);  // the same settings: nothing to do
  CHECK_FALSE(sim.warmStartMemory().carriers().empty());
  SimSettings cold = scene.settings;
  cold.warmStart = false;
  cl::applySettings(sim, cold);  // a change of the warm start forgets what it knew
  CHECK(sim.warmStartMemory().carriers().empty());
}

TEST_CASE("a scene that gives every setting is read, built and written back", "[settings]") {
  const SimSettings wanted = everyOneChangedTogether();
  CHECK(cl::settingsConflict(everyOneChanged()) != "");
  CHECK(cl::settingsConflict(wanted) == "");
  cl::Scene base = cl::loadScene(
      cl::test::sceneText(R"("bodies": [{"name": "b", "shape": "ball", "radius": 1}])"), "t");
  const cl::Scene s = cl::rebuildScene(base, wanted);
  CHECK(s.settings == wanted);
  CHECK(s.doc.version == cl::kFrictionComplianceVersion);
  SimSettings built;
  cl::readSettings(*s.sim, built);
  built.timeStep = wanted.timeStep;  // the advance's, made by makeAdvance below
  built.integrator = wanted.integrator;
  built.seed = wanted.seed;
  built.advance = wanted.advance;  // the kind of advance makeAdvance makes
  CHECK(built == wanted);
  const auto advance = s.makeAdvance();
  CHECK(advance->kind() == wanted.advance);
  CHECK(advance->timeStep() == wanted.timeStep);
  CHECK(advance->integratorKind() == wanted.integrator);

  const std::string text = cl::saveScene(s);
  for (const cl::SettingInfo& info : cl::kSettingInfos)
    CHECK((text.find('"' + std::string(info.key) + '"') != std::string::npos) ==
          (info.key != "engine"));
  const cl::Scene again = cl::loadScene(text, "saved");
  CHECK(again.doc == s.doc);
  CHECK(again.settings == wanted);
}

TEST_CASE("setSettingFromText takes a command line's text and refuses bad values", "[settings]") {
  SimSettings s;
  CHECK(cl::setSettingFromText(s, "time_step", "0.01").empty());
  CHECK(s.timeStep == 0.01);
  CHECK(cl::setSettingFromText(s, "warm_start", "off").empty());
  CHECK_FALSE(s.warmStart);
  CHECK(cl::setSettingFromText(s, "warm_start", "true").empty());
  CHECK(s.warmStart);
  CHECK(cl::setSettingFromText(s, "collision_handling", "Serial-Separate").empty());
  CHECK(s.collisionHandling == cl::CollisionHandling::SERIAL_SEPARATE);
  CHECK(cl::setSettingFromText(s, "integrator", "modified_euler").empty());
  CHECK(s.integrator == cl::IntegratorKind::kModifiedEuler);
  CHECK(cl::setSettingFromText(s, "seed", "4294967295").empty());
  CHECK(s.seed == 4294967295u);

  const SimSettings before = s;
  CHECK_THAT(cl::setSettingFromText(s, "time_stpe", "0.01"),
             Catch::Contains("unknown setting 'time_stpe'") && Catch::Contains("time_step"));
  CHECK_THAT(cl::setSettingFromText(s, "time_step", "-1"),
             Catch::Contains("'time_step' must be from 1e-09 to 100000 s, got -1"));
  CHECK_THAT(cl::setSettingFromText(s, "time_step", "0.01x"), Catch::Contains("takes a number"));
  CHECK_THAT(cl::setSettingFromText(s, "time_step", "nan"),
             Catch::Contains("'time_step' must be from 1e-09 to 100000 s, got nan"));
  CHECK_THAT(cl::setSettingFromText(s, "time_step", "1e-10"), Catch::Contains("must be from"));
  CHECK(cl::setSettingFromText(s, "time_step", "1e-9").empty());
  CHECK(cl::setSettingFromText(s, "time_step", "1e5").empty());
  s = before;
  CHECK_THAT(cl::setSettingFromText(s, "distance_tol", "nan"),
             Catch::Contains("must be positive and finite"));
  CHECK_THAT(cl::setSettingFromText(s, "collision_accuracy", "1.5"),
             Catch::Contains("must be in (0, 1], got 1.5"));
  CHECK_THAT(cl::setSettingFromText(s, "warm_start", "maybe"),
             Catch::Contains("takes true or false"));
  CHECK_THAT(cl::setSettingFromText(s, "seed", "4294967296"),
             Catch::Contains("whole number from 0 to 4294967295"));
  CHECK_THAT(cl::setSettingFromText(s, "seed", "-1"), Catch::Contains("whole number"));
  CHECK_THAT(cl::setSettingFromText(s, "contact_policy", "fastest"),
             Catch::Contains("'hybrid', 'min_accel', 'random', 'pre_ordered'"));
  CHECK(s == before);  // a refused value changes nothing
}

TEST_CASE("each enum lists its names once and reads them back", "[settings]") {
  for (const auto& [value, name] : cl::kCollisionHandlingNames) {
    CHECK(cl::fromName<cl::CollisionHandling>(name) == value);
    CHECK(std::string(cl::nameOf(value)) == name);
  }
  CHECK(cl::fromName<cl::IntegratorKind>("Euler") == std::nullopt);  // files: exact only
  CHECK(cl::fromLooseName<cl::IntegratorKind>("Runge_Kutta") == cl::IntegratorKind::kRungeKutta);
  CHECK(cl::nameList<cl::IntegratorKind>() == "'euler', 'modified-euler', 'runge-kutta'");
  CHECK(std::string(cl::nameOf(static_cast<cl::ExtraAccel>(99))) == "?");
}
