// runStep and replayStep (engine/run/step_run.h): a recorded step re-runs bit for bit from
// the state before it, and a step's statistics agree with the run's counters.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "engine/run/step_run.h"
#include "engine/scene/scene.h"

namespace {

cl::Scene scene(const std::string& file) {
  return cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/" + file);
}

}  // namespace

TEST_CASE("replayStep re-runs every step of a pile bit for bit", "[run]") {
  cl::Scene s = scene("pile_10.json");
  auto advance = s.makeAdvance();
  std::shared_ptr<const cl::RigidBodySim> structure = s.sim->clone();
  std::vector<cl::SimState> states{cl::captureState(*advance, structure, {})};
  long long backups = 0, collisions = 0;
  constexpr int kSteps = 80;  // 2 s: the blocks fall, hit the pit and each other
  for (int k = 0; k < kSteps; ++k) {
    const cl::StepRun run = cl::runStep(*advance, states.back(),
                                        k % 2 == 0 ? cl::StepTracing::kAll : cl::StepTracing::kOff);
    CHECK((run.trace != nullptr) == (k % 2 == 0));
    CHECK(run.stats.time == s.sim->time());
    CHECK(run.stats.backups == run.state.counters.backups - states.back().counters.backups);
    backups += run.stats.backups;
    collisions += run.stats.collisions;
    states.push_back(run.state);
  }
  REQUIRE(collisions > 0);  // the test means something only if the pile collided
  CHECK(backups == states.back().counters.backups);
  CHECK(collisions == states.back().counters.collisions);

  for (int k = 0; k < kSteps; k += 7) {
    INFO("step " << k + 1);
    const cl::StepRun again = cl::replayStep(states[static_cast<std::size_t>(k)]);
    CHECK(cl::sameState(again.state, states[static_cast<std::size_t>(k) + 1]));
    REQUIRE(again.trace);
    CHECK(again.state.counters.collisions ==
          states[static_cast<std::size_t>(k) + 1].counters.collisions);
  }
  // A state that differs in one bit is told apart.
  cl::SimState nudged = states.back();
  nudged.vars[0] = std::nextafter(nudged.vars[0], 1e9);
  CHECK_FALSE(cl::sameState(nudged, states.back()));
}

TEST_CASE("CollisionCounters add and subtract field by field", "[run]") {
  cl::CollisionCounters a, b;
  a.collisions = 5;
  a.backups = 3;
  a.stuck = 1;
  b.collisions = 2;
  b.impulses = 7;
  const cl::CollisionCounters sum = a + b, diff = sum - b;
  CHECK(sum.collisions == 7);
  CHECK(sum.impulses == 7);
  CHECK(diff.collisions == 5);
  CHECK(diff.backups == 3);
  CHECK(diff.impulses == 0);
  CHECK(diff.stuck == 1);
}

TEST_CASE("runStep fails a step whose energy overflows and puts the state back", "[run][hostile]") {
  // Two balls 3 apart under mutual gravity G = 1e308: the first step leaves them at finite
  // positions with speeds near 1e305, whose kinetic energy is inf.
  cl::Scene s = cl::loadScene(R"({"format": "contactlab-scene", "version": 3,
    "bodies": [{"name": "a", "shape": "ball", "radius": 0.5, "position": [0, 0]},
               {"name": "b", "shape": "ball", "radius": 0.5, "position": [3, 0]}],
    "forces": [{"kind": "gravity2", "G": 1e308}]})",
                              "diverging");
  auto advance = s.makeAdvance();
  const cl::SimState before = cl::captureState(*advance, s.sim->clone(), {});
  try {
    cl::runStep(*advance, before, cl::StepTracing::kOff);
    FAIL("the step was taken");
  } catch (const cl::StepFailure& e) {
    CHECK_THAT(e.what(), Catch::Contains("the kinetic energy of 'a' is inf"));
  }
  CHECK(cl::sameState(cl::captureState(*advance, s.sim->clone(), {}), before));
  CHECK(std::isfinite(s.sim->energy().total()));
}

TEST_CASE("A cancelled step stops at its next sub-step and puts the state back", "[run]") {
  // thin_walls with a time step of 400 s: one step of thousands of collisions. The cancel
  // check answers yes at its 50th question, deep inside the step.
  cl::Scene s = scene("thin_walls.json");
  auto advance = s.makeAdvance();
  const cl::SimState before = cl::captureState(*advance, s.sim->clone(), {});
  int asked = 0;
  advance->setCancelCheck([&] { return ++asked >= 50; });
  try {
    cl::runStep(*advance, before, cl::StepTracing::kWaypoints, 400.0);
    FAIL("the step was taken");
  } catch (const cl::StepFailure& e) {
    CHECK(e.cancelled);
    CHECK_THAT(e.what(), Catch::Contains("cancelled"));
    REQUIRE(e.partialTrace);
    CHECK_FALSE(e.partialTrace->waypoints.empty());  // what it did before the cancel
  }
  CHECK(asked == 50);
  CHECK(cl::sameState(cl::captureState(*advance, s.sim->clone(), {}), before));

  // Without the cancel the same step is taken, and is the step an advance that was never
  // cancelled takes, to the bit.
  advance->setCancelCheck({});
  const cl::StepRun run = cl::runStep(*advance, before, cl::StepTracing::kOff, 400.0);
  cl::Scene fresh = scene("thin_walls.json");
  auto other = fresh.makeAdvance();
  const cl::StepRun reference = cl::runStep(
      *other, cl::captureState(*other, fresh.sim->clone(), {}), cl::StepTracing::kOff, 400.0);
  CHECK(run.state.vars == reference.state.vars);
  CHECK(run.stats.collisions > 1000);
  // A step beyond the work one step may take fails with its own message, not as a cancel.
  cl::Scene loaded = scene("thin_walls.json");
  cl::SimSettings settings = loaded.settings;
  settings.timeStep = 40000;  // as run --dt 40000 sets it
  cl::Scene diverging = cl::rebuildScene(loaded, settings);
  auto third = diverging.makeAdvance();
  try {
    cl::runStep(*third, cl::captureState(*third, diverging.sim->clone(), {}), cl::StepTracing::kOff,
                40000.0);
    FAIL("a step of 40000 s in thin walls was taken");
  } catch (const cl::StepFailure& e) {
    CHECK_FALSE(e.cancelled);
    CHECK_THAT(e.what(), Catch::Contains("the most one step may take"));
  }
}
