// The determinism check (engine/run/determinism_check.h): a pile's recorded run re-runs to
// the bit; a state changed by one ulp is found at its step, body and variable, and so is a
// changed statistic, contact force, counter or warm-start memory; an edit
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

cl::RecordedState recorded(const cl::StepRecord& r) {
  return {r.step, r.state, r.stats, cl::recordDigest(r)};
}

// pile_10's first `steps` steps (2 s at 80: the blocks land at 1.2 s and collide), as a
// recording holds them (with their statistics and pictures when `full`).
std::vector<cl::RecordedState> pileRun(int steps, std::vector<cl::StepRecord>* full = nullptr) {
  cl::Scene scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/pile_10.json");
  auto advance = scene.makeAdvance();
  std::vector<cl::RecordedState> records;
  cl::StepRecord r = cl::initialRecord(*scene.sim, scene.settings.advance,
                                       scene.settings.integrator, scene.settings.timeStep);
  for (int k = 0; k <= steps; ++k) {
    if (k > 0) r = cl::recordStep(*advance, records.back().state, k, false);
    records.push_back(recorded(r));
    if (full) full->push_back(r);
  }
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

TEST_CASE("The determinism check compares all a record claims but the wall time",
          "[run][determinism]") {
  std::vector<cl::StepRecord> full;
  std::vector<cl::RecordedState> records = pileRun(80, &full);
  // The wall time is not compared: no re-run repeats it.
  full[30].stats.wallSeconds *= 2;
  records[30] = recorded(full[30]);
  CHECK(cl::checkDeterminism(records).reproduced());
  // The first record from 31 on that `has`, for a change that shows.
  const auto recordWhere = [&](const auto& has) {
    for (std::size_t k = 31; k < full.size(); ++k)
      if (has(full[k])) return k;
    FAIL("no record has it");
    return std::size_t{0};
  };
  // Changes one record (by `change`) and checks that the check stops there saying `what`.
  const auto findsAt = [&](std::size_t k, const auto& change, const std::string& what) {
    INFO("record " << k << ": " << what);
    std::vector<cl::RecordedState> planted = records;
    cl::StepRecord r = full[k];
    change(r);
    planted[k] = recorded(r);
    const cl::DeterminismReport report = cl::checkDeterminism(planted);
    REQUIRE(report.divergedAt);
    CHECK(*report.divergedAt == static_cast<long long>(k));
    CHECK_THAT(report.difference, Catch::StartsWith(what));
    return report.difference;
  };
  // A contact force in the picture, one ulp up: the state and statistics are the same.
  findsAt(
      recordWhere([](const cl::StepRecord& r) { return !r.draw.contacts.empty(); }),
      [](cl::StepRecord& r) {
        double& f = r.draw.contacts.front().force;
        f = std::nextafter(f, INFINITY);
      },
      "the step's statistics or what a view draws of it");
  // One pivot more in the statistics.
  const std::size_t pivoted =
      recordWhere([](const cl::StepRecord& r) { return r.stats.solves.pivots > 0; });
  const std::string pivots = findsAt(
      pivoted, [](cl::StepRecord& r) { r.stats.solves.pivots += 1; },
      "the step's statistics: recorded");
  CHECK_THAT(pivots,
             Catch::Contains(std::to_string(full[pivoted].stats.solves.pivots) + " pivots"));
  // A collision counter of the run: in the state but not in sameState, found by the digest
  // and named (the warm-start memory likewise: tests/cli/test_cli_record.cpp).
  findsAt(
      recordWhere([](const cl::StepRecord& r) { return r.state.counters.collisions > 0; }),
      [](cl::StepRecord& r) { r.state.counters.collisions += 1; }, "the run's collision counters");
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
