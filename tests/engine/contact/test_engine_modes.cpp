// The three ways to use the engine (engine_mode.h): rigid_body passes bodies through each
// other under their forces alone, impulse resolves collisions but holds nothing at rest, and
// contact (the default) is today's ContactSim. Checked against free fall, against the contact
// engine where no contact carries force, and on a stack that only contact forces hold up.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "engine/body/body_state.h"
#include "engine/contact/contact_sim.h"
#include "engine/run/advance_run.h"
#include "engine/scene/scene.h"
#include "engine/scene/scene_error.h"
#include "engine/settings/sim_settings.h"
#include "engine/time_stepping/advance_caveats.h"

using cl::EngineMode;

namespace {

cl::Scene sceneWith(const std::string& file, EngineMode mode) {
  cl::Scene s = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/" + file);
  cl::SimSettings settings = s.settings;
  settings.engineMode = mode;
  return cl::rebuildScene(s, settings);
}

}  // namespace

TEST_CASE("Engine rigid_body: bodies fall through the floor as in free fall", "[engine_mode]") {
  cl::Scene s = sceneWith("block_drop.json", EngineMode::kRigidBody);
  REQUIRE(s.contactSim()->engineMode() == EngineMode::kRigidBody);
  const double g = 9.8;  // block_drop's gravity
  std::vector<cl::BodyState> start;
  for (int b = 0; b < s.sim->bodyCount(); ++b) start.push_back(s.sim->bodyState(b));
  const cl::AdvanceRun run = cl::runWithAdvance(s, cl::AdvanceKind::kCollisionAdvance, 3.0);
  REQUIRE(run.failure.empty());
  // y = y0 + vy0 t - g t^2 / 2 for every movable body (RK4 is exact on a quadratic), far
  // below the floor at y = 0 by t = 3; nothing collided, nothing was found.
  const std::vector<double>& end = run.positions.back();
  for (int b = 0; b < s.sim->bodyCount(); ++b) {
    if (s.sim->bodies()[static_cast<std::size_t>(b)].isFixed()) continue;
    const double t = run.reached;
    INFO(s.sim->bodies()[static_cast<std::size_t>(b)].name());
    CHECK(end[3 * b + 1] == Approx(start[b].y + start[b].vy * t - g * t * t / 2).margin(1e-9));
    CHECK(end[3 * b + 1] < -30);
  }
  for (const cl::StepStats& st : run.steps) {
    CHECK(st.collisions == 0);
    CHECK(st.contacts == 0);
  }
  CHECK(s.contactSim()->findCollisions(s.sim->vars()).empty());
}

TEST_CASE("Engine impulse: bounces as the contact engine does, but cannot hold a body at rest",
          "[engine_mode]") {
  // The ball's first bounces (0.8 of the speed each) get no contact force in either engine;
  // the contact engine's evaluate also meets the penetrations inside a step, the impulse
  // engine's only after it (as engine2D's ImpulseSim), so the back-ups differ by rounding.
  const cl::AdvanceRun contact = cl::runWithAdvance(
      sceneWith("ball_bounce.json", EngineMode::kContact), cl::AdvanceKind::kCollisionAdvance, 1.5);
  const cl::AdvanceRun impulse = cl::runWithAdvance(
      sceneWith("ball_bounce.json", EngineMode::kImpulse), cl::AdvanceKind::kCollisionAdvance, 1.5);
  REQUIRE(contact.failure.empty());
  REQUIRE(impulse.failure.empty());
  long long collisions = 0;
  for (const cl::StepStats& st : impulse.steps) collisions += st.collisions;
  CHECK(collisions >= 1);
  REQUIRE(impulse.positions.size() == contact.positions.size());
  for (std::size_t k = 0; k < impulse.positions.size(); ++k)
    for (std::size_t i = 0; i < impulse.positions[k].size(); ++i)
      CHECK(impulse.positions[k][i] == Approx(contact.positions[k][i]).margin(1e-6));
  // The stack of three stands still under contact forces for 3 s; with collisions only, its
  // blocks sink into each other and CollisionAdvance gives up (the seed's "stuck").
  const cl::AdvanceRun held =
      cl::runWithAdvance(sceneWith("stack_of_three.json", EngineMode::kContact),
                         cl::AdvanceKind::kCollisionAdvance, 3);
  CHECK(held.failure.empty());
  const cl::AdvanceRun stuck =
      cl::runWithAdvance(sceneWith("stack_of_three.json", EngineMode::kImpulse),
                         cl::AdvanceKind::kCollisionAdvance, 3);
  CHECK(stuck.reached < 1.0);
  CHECK_THAT(stuck.failure, Catch::Contains("stuck"));
  // No contact forces, whatever the contacts.
  for (const cl::StepStats& st : stuck.steps) CHECK(st.contactForce == 0);
}

TEST_CASE("The engine setting: read, written, overridden, and refused with a time stepper",
          "[engine_mode]") {
  cl::SimSettings settings;
  CHECK(settings.engineMode == EngineMode::kContact);  // the default: today's engine
  CHECK(cl::setSettingFromText(settings, "engine", "impulse").empty());
  CHECK(settings.engineMode == EngineMode::kImpulse);
  CHECK_THAT(cl::setSettingFromText(settings, "engine", "impulsive"),
             Catch::Contains("unknown engine"));
  // Applied to the running simulation (a live setting) and saved with the scene.
  cl::Scene s = sceneWith("pendulum_joint.json", EngineMode::kRigidBody);
  CHECK(s.contactSim()->engineMode() == EngineMode::kRigidBody);
  CHECK_THAT(cl::saveScene(s), Catch::Contains("\"engine\": \"rigid_body\""));
  CHECK(cl::loadScene(cl::saveScene(s), "saved").contactSim()->engineMode() ==
        EngineMode::kRigidBody);
  // The caveats name what the engine cannot do with this scene: its joint does nothing.
  const std::vector<std::string> caveats = cl::settingsCaveats(s.settings, *s.sim);
  REQUIRE(caveats.size() == 1);
  CHECK_THAT(caveats[0], Catch::Contains("connector(s) (joints, rods, ropes) do nothing"));
  CHECK(cl::settingsCaveats(cl::SimSettings{}, *s.sim).empty());
  // A time stepper finds contact forces itself: only with engine contact.
  std::string text = cl::saveScene(s);
  text.replace(text.find("\"engine\""), 0, "\"advance\": \"lcp_fixpoint\", ");
  try {
    cl::loadScene(text, "mixed");
    FAIL("loaded");
  } catch (const cl::SceneError& e) {
    REQUIRE(e.problems().size() == 1);
    CHECK(e.problems()[0].jsonPath == "/settings/engine");
    CHECK_THAT(e.problems()[0].message, Catch::Contains("needs engine 'contact'"));
  }
}
