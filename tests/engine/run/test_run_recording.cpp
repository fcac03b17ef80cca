// A run's recording (engine/run/run_recording.h): written and read back to the same bits,
// every recorded step re-runs from the record before it on the rebuilt structures (the edits
// made during the run re-applied), and a file cut short, damaged, of a newer version or not
// a recording at all is refused with a message that says so.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/io/detail/byte_stream.h"
#include "engine/run/run_recording.h"
#include "engine/run/sim_state.h"
#include "engine/run/step_record.h"
#include "engine/scene/scene.h"

namespace fs = std::filesystem;

namespace {

struct MadeRun {
  cl::Scene scene;
  std::vector<cl::StepRecord> records;
  std::vector<cl::RecordedEdit> edits;
};

cl::SettingsDoc tighterSolver() {
  cl::SettingsDoc s;
  s.solverTolerance = 1e-10;
  return s;
}

// contact_app's first 120 steps, edited as a person at the workbench would between steps:
// gravity, the mouse spring (attached, moved, released), a thruster, a setting and a body's
// state, each applied after some step as the workbench's worker applies them.
MadeRun editedRun() {
  MadeRun run;
  run.scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/contact_app.json");
  cl::RigidBodySim& sim = *run.scene.sim;
  auto advance = run.scene.makeAdvance();
  run.records.push_back(cl::initialRecord(
      sim, run.scene.settings.advance, run.scene.settings.integrator, run.scene.settings.timeStep));
  std::vector<cl::RecordedEdit> plan = {{10, cl::SetGravity{5.5}},
                                        {20, cl::AttachMouseSpring{1, {0.1, 0.2}, {1.0, 2.0}}},
                                        {21, cl::MoveMouseSpring{{1.5, 2.5}}},
                                        {30, cl::ReleaseMouseSpring{}},
                                        {40, cl::FireThrusters{0, cl::ThrustDirection::kUp, true}},
                                        {60, cl::FireThrusters{0, cl::ThrustDirection::kUp, false}},
                                        {70, cl::SetSettings{tighterSolver()}},
                                        {80, cl::SetBodyState{2, {0.5, 1.0, 1.0, -0.25, 0.3, 2.0}}},
                                        {80, cl::SetDamping{0.2}}};
  std::size_t next = 0;
  for (long long k = 1; k <= 120; ++k) {
    cl::StepRecord r = cl::recordStep(*advance, run.records.back().state, k, false);
    bool edited = false;
    for (; next < plan.size() && plan[next].afterStep == k; ++next) {
      REQUIRE(cl::applyEdit(plan[next].edit, sim, *advance));
      run.edits.push_back(plan[next]);
      edited = true;
    }
    if (edited) r.state = cl::captureState(*advance, sim.clone(), r.state.counters);
    run.records.push_back(std::move(r));
  }
  return run;
}

fs::path tempFile(const std::string& name) {
  return fs::temp_directory_path() / ("contactlab_test_" + name);
}

void write(const fs::path& path, const MadeRun& run, std::size_t from = 0) {
  cl::RecordingWriter w(path, run.scene.doc, "contact_app.json", run.edits);
  for (std::size_t i = from; i < run.records.size(); ++i) w.append(run.records[i]);
  w.commit();
}

std::string bytesOf(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

bool sameBits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// The message of the error reading `bytes` gives.
std::string refusal(const std::string& bytes) {
  std::istringstream in(bytes);
  try {
    cl::readRecording(in, "rec");
  } catch (const cl::RecordingError& e) {
    return e.what();
  }
  return "(read without error)";
}

}  // namespace

TEST_CASE("A recording reads back every record to the bit", "[run][recording]") {
  MadeRun run = editedRun();
  // The fields only a frictional run with friction_compliance sets (format versions 5 and
  // 6): the warm-start memory's held-static and held-compliant marks, and the solves they
  // sent to the compliant solve first or held static at once. (contact_app has no friction:
  // each record's memory gets a remembered frictional carrier, marked held static on all but
  // every third step and compliant on every other one.)
  for (cl::StepRecord& r : run.records) {
    std::vector<cl::WarmStart::Carrier> carriers = r.state.warmStart.carriers();
    carriers.push_back({.low = 0,
                        .high = 1,
                        .point = {0.25, -1.5},
                        .normal = {0, 1},
                        .force = 2.5,
                        .friction = -0.75,
                        .heldStatic = r.step % 3 != 0,
                        .heldCompliant = r.step % 2 == 1});
    r.state.warmStart.restore(std::move(carriers));
    r.stats.solves.frictionCompliantFirst = r.step % 3;
    r.stats.solves.frictionHeldAtOnce = r.step % 5;
  }
  const fs::path path = tempFile("roundtrip.clrun");
  write(path, run);
  const cl::Recording rec = cl::readRecording(path);
  REQUIRE(rec.history.size() == static_cast<int>(run.records.size()));
  CHECK(rec.source == "contact_app.json");
  CHECK(rec.edits.size() == run.edits.size());
  CHECK(rec.scene.sim->bodyCount() == run.scene.sim->bodyCount());
  for (int i = 0; i < rec.history.size(); ++i) {
    const cl::StepRecord& a = run.records[static_cast<std::size_t>(i)];
    const cl::StepRecord& b = rec.history.at(i);
    INFO("step " << a.step);
    REQUIRE(b.step == a.step);
    CHECK(cl::sameState(a.state, b.state));
    CHECK(a.state.warmStart == b.state.warmStart);
    CHECK(a.state.counters.collisions == b.state.counters.collisions);
    CHECK(a.state.counters.jams == b.state.counters.jams);
    CHECK(sameBits(a.state.timeStep, b.state.timeStep));
    CHECK(a.state.integrator == b.state.integrator);
    CHECK(sameBits(a.stats.energy.total(), b.stats.energy.total()));
    CHECK(sameBits(a.stats.minDistance, b.stats.minDistance));  // NaN at step 0 too
    CHECK(a.stats.solves.pivots == b.stats.solves.pivots);
    CHECK(a.stats.solves.frictionCompliantFirst == b.stats.solves.frictionCompliantFirst);
    CHECK(a.stats.solves.frictionHeldAtOnce == b.stats.solves.frictionHeldAtOnce);
    CHECK(sameBits(a.stats.wallSeconds, b.stats.wallSeconds));
    REQUIRE(a.draw.contacts.size() == b.draw.contacts.size());
    for (std::size_t c = 0; c < a.draw.contacts.size(); ++c) {
      CHECK(sameBits(a.draw.contacts[c].force, b.draw.contacts[c].force));
      CHECK(sameBits(a.draw.contacts[c].point.y, b.draw.contacts[c].point.y));
      CHECK(a.draw.contacts[c].normalBody == b.draw.contacts[c].normalBody);
      CHECK(a.draw.contacts[c].mode == b.draw.contacts[c].mode);
    }
    REQUIRE(a.draw.states.size() == b.draw.states.size());
    for (std::size_t s = 0; s < a.draw.states.size(); ++s)
      CHECK(a.draw.states[s] == b.draw.states[s]);
    CHECK(a.draw.thrusters.size() == b.draw.thrusters.size());
    CHECK(a.draw.springs.size() == b.draw.springs.size());
    CHECK(b.trace == nullptr);
  }
  fs::remove(path);
}

TEST_CASE("A reopened recording re-runs every step on its rebuilt structures", "[run][recording]") {
  const MadeRun run = editedRun();
  // The run saw a collision, the thrusters fire in the draw data, the spring was drawn.
  REQUIRE(run.records.back().state.counters.collisions > 0);
  REQUIRE(run.records[45].draw.thrusters.size() == 1);
  REQUIRE(run.records[25].draw.springs.size() == 1);
  const fs::path path = tempFile("rerun.clrun");
  write(path, run);
  const cl::Recording rec = cl::readRecording(path);
  for (int k = 1; k < rec.history.size(); ++k) {
    INFO("step " << k);
    // The body state set after step 80 is in record 80's state, which no re-run of step 80
    // gives; step 81 re-runs from it.
    if (k == 80) continue;
    const cl::StepRun again = cl::replayStep(rec.history.at(k - 1).state);
    REQUIRE(cl::sameState(again.state, rec.history.at(k).state));
  }
  // The scene itself stays as its document builds it (a restart starts from it): the
  // edits went into copies. Its potential energy is under the file's gravity 3, not 5.5.
  const cl::Scene fresh =
      cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/contact_app.json");
  CHECK(rec.scene.sim->energy().potential == fresh.sim->energy().potential);
  CHECK(rec.scene.sim->forceLaws().size() == fresh.sim->forceLaws().size());
  // The check can fail: without the gravity edit (the scene's structure) step 11 differs.
  cl::SimState unedited = rec.history.at(10).state;
  unedited.structure = rec.history.at(0).state.structure;
  CHECK_FALSE(cl::sameState(cl::replayStep(unedited).state, rec.history.at(11).state));
  fs::remove(path);
}

TEST_CASE("A recording of the last records rebuilds the edits made before its first",
          "[run][recording]") {
  const MadeRun run = editedRun();
  const fs::path path = tempFile("tail.clrun");
  write(path, run, 90);  // steps 90 to 120: every edit came before
  const cl::Recording rec = cl::readRecording(path);
  REQUIRE(rec.history.size() == 31);
  CHECK(rec.history.at(0).step == 90);
  for (int k = 1; k < rec.history.size(); ++k)
    REQUIRE(
        cl::sameState(cl::replayStep(rec.history.at(k - 1).state).state, rec.history.at(k).state));
  // A budget smaller than the file keeps the newest records (and holds the two copies of the
  // simulation, about 7 kB each: the scene's and the edited one).
  const std::size_t budget = 24 * rec.history.at(0).bytes();
  REQUIRE(budget > 16 * 1024);
  const cl::Recording small = cl::readRecording(path, budget);
  CHECK(small.history.size() < 31);
  CHECK(small.history.back().step == 120);
  fs::remove(path);
}

TEST_CASE("A recording whose edits need more copies of the simulation than the budget is refused",
          "[run][recording]") {
  // Nine edits after eight different steps: nine copies of contact_app of about 7 kB, more
  // than a 30 kB budget holds (a hostile file of an edit per step would ask for millions).
  const MadeRun run = editedRun();
  const fs::path path = tempFile("copies.clrun");
  write(path, run);
  CHECK_THROWS_WITH(cl::readRecording(path, 30 * 1024),
                    Catch::Contains("copies of the simulation") &&
                        Catch::Contains("more than the memory budget"));
  CHECK_NOTHROW(cl::readRecording(path, 1 << 20));
  fs::remove(path);
}

TEST_CASE("A recording cut short, damaged or of a newer version is refused", "[run][recording]") {
  const MadeRun run = editedRun();
  const fs::path path = tempFile("damage.clrun");
  write(path, run);
  const std::string good = bytesOf(path);
  fs::remove(path);
  CHECK(refusal(good) == "(read without error)");

  // Cut anywhere: in the header, in a step, right before the end mark.
  for (const std::size_t cut :
       {std::size_t{5}, std::size_t{200}, good.size() / 2, good.size() - 21, good.size() - 1}) {
    INFO("cut at " << cut);
    const std::string why = refusal(good.substr(0, cut));
    CHECK((why.find("cut short") != std::string::npos ||
           why.find("is not a ContactLab recording") != std::string::npos));
  }
  // One byte changed in the middle of a step.
  std::string flipped = good;
  flipped[good.size() / 2] = static_cast<char>(flipped[good.size() / 2] ^ 0x10);
  CHECK_THAT(refusal(flipped), Catch::Contains("fails its check"));
  // A newer version.
  std::string newer = good;
  newer[8] = static_cast<char>(cl::kRecordingFormatVersion + 1);
  CHECK_THAT(refusal(newer),
             Catch::Contains(fmt::format("newer ContactLab (recording format version {})",
                                         cl::kRecordingFormatVersion + 1)));
  // Not a recording: a scene file.
  CHECK_THAT(refusal(bytesOf(std::string(CONTACTLAB_SCENES_DIR) + "/pile_10.json")),
             Catch::Contains("is not a ContactLab recording"));
  // Bytes after the end mark.
  CHECK_THAT(refusal(good + "x"), Catch::Contains("bytes after its end mark"));
}

TEST_CASE("A recording's header is checked with the JSON path of each problem",
          "[run][recording]") {
  // A header frame written by hand: an unknown edit kind and a scene that does not load.
  const auto frameOf = [](char kind, const std::string& payload) {
    cl::ByteWriter w;
    w.put(static_cast<std::uint8_t>(kind));
    w.put(static_cast<std::uint32_t>(payload.size()));
    w.put(cl::fnv1a64(payload));
    return w.take() + payload;
  };
  const std::string start = std::string("CLRUN\r\n\x1a", 8) + std::string("\x01\0\0\0", 4);
  const std::string header =
      R"({"format": "contactlab-recording", "version": 1, "scene": {"format": "contactlab-scene",
          "version": 3, "bodies": []}, "edits": [{"after_step": 3, "edit": {"kind": "gravty"}}]})";
  const std::string why = refusal(start + frameOf('H', header));
  CHECK_THAT(why, Catch::Contains("/edits/0/edit/kind: unknown edit kind 'gravty'"));
  CHECK_THAT(why, Catch::Contains("did you mean 'gravity'"));
}

TEST_CASE("A recording writer leaves no file until it commits, and keeps steps in order",
          "[run][recording]") {
  const MadeRun run = editedRun();
  const fs::path path = tempFile("uncommitted.clrun");
  fs::remove(path);
  {
    cl::RecordingWriter w(path, run.scene.doc, "", {});
    w.append(run.records[0]);
    CHECK_THROWS_AS(w.append(run.records[2]), cl::RecordingError);
  }
  CHECK_FALSE(fs::exists(path));
  // Edits past the last step recorded are refused at commit.
  cl::RecordingWriter w(path, run.scene.doc, "", run.edits);
  w.append(run.records[0]);
  CHECK_THROWS_WITH(w.commit(), Catch::Contains("comes after the last step recorded"));
}

TEST_CASE("A recording whose edit cannot apply is refused, naming the edit", "[run][recording]") {
  // recording-format.md: an edit that cannot be applied is refused. Each of these changes
  // nothing (or leaves settings no run can take) in contact_app, so a file holding it is
  // not a run that happened.
  MadeRun run = editedRun();
  cl::SettingsDoc tiny;
  tiny.timeStep = 1e-12;
  const std::vector<std::pair<cl::SimEdit, std::string>> bad = {
      {cl::SetBodyState{99, {}}, "changes nothing"},
      {cl::AttachMouseSpring{99, {0, 0}, {1, 1}}, "changes nothing"},
      {cl::FireThrusters{9, cl::ThrustDirection::kUp, true}, "changes nothing"},
      {cl::MoveMouseSpring{{1, 1}}, "changes nothing"},  // nothing attached after step 30
      {cl::SetSettings{tiny}, "'time_step' must be from"}};
  for (const auto& [edit, why] : bad) {
    INFO(why);
    run.edits.push_back({100, edit});
    const fs::path path = tempFile("bad_edit.clrun");
    write(path, run);
    run.edits.pop_back();
    // Named by its number, or by its JSON path where the header's reader refuses it.
    CHECK_THROWS_WITH(
        cl::readRecording(path),
        (Catch::Contains("edit 10 ") || Catch::Contains("/edits/9/")) && Catch::Contains(why));
  }
  // The same run without it reads.
  const fs::path path = tempFile("good_edit.clrun");
  write(path, run);
  CHECK(cl::readRecording(path).edits.size() == 9);
}
