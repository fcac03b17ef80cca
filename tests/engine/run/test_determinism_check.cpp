// The determinism check (engine/run/determinism_check.h): a pile's recorded run re-runs to
// the bit; a state changed by one ulp is found at its step, body and variable; an edit
// between steps restarts the re-run instead of being reported; a cancel stops it.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "engine/body/body_state.h"
#include "engine/run/determinism_check.h"
#include "engine/run/step_record.h"
#include "engine/scene/scene.h"

namespace {

// pile_10's first `steps` steps (2 s at 80: the blocks land at 1.2 s and collide).
std::vector<cl::RecordedState> pileRun(int steps) {
  cl::Scene scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/pile_10.json");
  auto advance = scene.makeAdvance();
  std::vector<cl::RecordedState> records;
  records.push_back({0, cl::initialRecord(*scene.sim, scene.settings.advance,
                                          scene.settings.integrator, scene.settings.timeStep)
                            .state});
  for (int k = 1; k <= steps; ++k)
    records.push_back({k, cl::recordStep(*advance, records.back().state, k, false).state});
  return records;
}

}  // namespace

TEST_CASE("The determinism check re-runs a pile's record to the bit", "[run][determinism]") {
  const std::vector<cl::RecordedState> records = pileRun(80);
  REQUIRE(records.back().state.counters.collisions > 0);
  const cl::DeterminismReport report = cl::checkDeterminism(records);
  CHECK(report.reproduced());
  CHECK(report.compared == 80);
  CHECK(report.resyncs == 0);
}

TEST_CASE("The determinism check finds a one-ulp difference at its step, body and variable",
          "[run][determinism]") {
  std::vector<cl::RecordedState> records = pileRun(80);
  // Step 60 (after the landing): body 7's vy, one ulp up.
  double& vy = records[60].state.vars[cl::kVarsPerBody * 7 + cl::kVY];
  const double recorded = vy;
  vy = std::nextafter(vy, INFINITY);
  const cl::DeterminismReport report = cl::checkDeterminism(records);
  REQUIRE(report.divergedAt);
  CHECK(*report.divergedAt == 60);
  CHECK(report.compared == 60);
  const std::string name = records[60].state.structure->bodyName(7);
  CHECK_THAT(report.difference, Catch::StartsWith("body '" + name + "' vy: recorded"));
  CHECK(report.difference.find(std::to_string(recorded).substr(0, 5)) != std::string::npos);
  CHECK_FALSE(report.reproduced());
}

TEST_CASE("The determinism check starts again after an edit, and stops when cancelled",
          "[run][determinism]") {
  std::vector<cl::RecordedState> records = pileRun(40);
  // An edit after step 20 (a new structure from there on, as the workbench records one).
  std::shared_ptr<const cl::RigidBodySim> edited = records[20].state.structure->clone();
  for (std::size_t k = 20; k < records.size(); ++k) records[k].state.structure = edited;
  // Not said to be an edit: a change a re-run cannot explain, refused.
  const cl::DeterminismReport unexplained = cl::checkDeterminism(records);
  CHECK_THAT(unexplained.failure, Catch::Contains("step 20 changes the simulation") &&
                                      Catch::Contains("with no edit recorded before it"));
  CHECK(unexplained.compared == 19);
  CHECK_FALSE(unexplained.reproduced());
  records[20].edited = true;
  const cl::DeterminismReport report = cl::checkDeterminism(records);
  CHECK(report.reproduced());
  CHECK(report.resyncs == 1);
  CHECK(report.compared == 39);

  const cl::DeterminismReport stopped =
      cl::checkDeterminism(records, [](long long done) { return done < 10; });
  CHECK(stopped.cancelled);
  CHECK(stopped.compared == 10);
  CHECK_FALSE(stopped.reproduced());
}
