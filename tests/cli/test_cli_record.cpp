// run --record: the recording holds every step of the run, ends on the state --final-state
// writes, re-runs each step from the record before it (so the workbench can re-derive any
// step's trace), carries the settings given on the command line, continues from a saved
// state, and a recording that cannot be written is an error that leaves no file.
// check-recording re-runs a recording and names the first step, body and variable that do
// not reproduce.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "engine/run/run_recording.h"
#include "engine/run/state_json.h"
#include "engine/run/step_run.h"

using namespace cl::test;

extern char** environ;

namespace {

// The record's last state holds the bits of the final-state file's bodies.
void checkEndsOn(const cl::Recording& rec, const fs::path& finalState) {
  const cl::SavedState saved = cl::readStateFile(finalState);
  const std::vector<double>& vars = rec.history.back().state.vars;
  REQUIRE(vars.size() == saved.bodies.size() * cl::kVarsPerBody);
  for (std::size_t i = 0; i < saved.bodies.size(); ++i) {
    const cl::SavedState::Body& b = saved.bodies[i];
    const double want[] = {b.x, b.vx, b.y, b.vy, b.angle, b.omega};
    CHECK(std::memcmp(want, vars.data() + i * cl::kVarsPerBody, sizeof want) == 0);
  }
  CHECK(rec.history.back().step == saved.steps);
}

}  // namespace

TEST_CASE("run --record writes every step, ending on the final state, each step re-runnable",
          "[cli][record]") {
  const fs::path dir = scratch("record");
  const fs::path rec = dir / "pile.clrun", whole = dir / "whole.json";
  const CliResult r = runCli("run " + scene("pile_10.json") + " --until 2 --record " + quoted(rec) +
                                 " --final-state " + quoted(whole),
                             dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.err, Catch::Contains("recording: 81 steps"));
  const cl::Recording recording = cl::readRecording(rec);
  REQUIRE(recording.history.size() == 81);
  CHECK(recording.history.at(0).step == 0);
  checkEndsOn(recording, whole);
  // The blocks land and collide in these steps; each re-runs to the recorded bits.
  CHECK(recording.history.back().state.counters.collisions > 0);
  for (int k = 1; k < recording.history.size(); ++k)
    REQUIRE(cl::sameState(cl::replayStep(recording.history.at(k - 1).state).state,
                          recording.history.at(k).state));
}

TEST_CASE("run --record of a frictional pile with the friction warm start re-runs to the bit",
          "[cli][record]") {
  // The warm start's memory holds the forces of the previous friction solve: a step re-runs
  // to the same bits only when the recording carries them (format version 3).
  const fs::path dir = scratch("record_friction_warm");
  const fs::path rec = dir / "pile.clrun", whole = dir / "whole.json";
  const CliResult r = runCli("run " + scene("pile_10_friction.json") +
                                 " --set friction_warm_start=true --until 3 --record " +
                                 quoted(rec) + " --final-state " + quoted(whole),
                             dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const cl::Recording recording = cl::readRecording(rec);
  CHECK(recording.scene.settings.frictionWarmStart);
  checkEndsOn(recording, whole);
  int remembered = 0;
  for (const cl::WarmStart::Carrier& c : recording.history.back().state.warmStart.carriers())
    remembered += c.force > 0;
  CHECK(remembered > 5);
  for (int k = 1; k < recording.history.size(); ++k)
    REQUIRE(cl::sameState(cl::replayStep(recording.history.at(k - 1).state).state,
                          recording.history.at(k).state));
}

TEST_CASE("run --record keeps the command line's settings and continues a saved state",
          "[cli][record]") {
  const fs::path dir = scratch("record_settings");
  const fs::path half = dir / "half.json", whole = dir / "whole.json", rec = dir / "rest.clrun";
  const std::string run = "run " + scene("pile_10.json") + " --advance lcp_fixpoint";
  REQUIRE(runCli(run + " --until 2 --final-state " + quoted(half), dir).exitCode == 0);
  REQUIRE(runCli(run + " --until 3 --final-state " + quoted(whole), dir).exitCode == 0);
  const CliResult r =
      runCli(run + " --initial-state " + quoted(half) + " --until 3 --record " + quoted(rec), dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const cl::Recording recording = cl::readRecording(rec);
  CHECK(recording.scene.settings.advance == cl::AdvanceKind::kLcpFixpoint);
  REQUIRE(recording.history.size() == 41);
  CHECK(recording.history.at(0).step == 80);
  checkEndsOn(recording, whole);
  CHECK(cl::sameState(cl::replayStep(recording.history.at(0).state).state,
                      recording.history.at(1).state));
}

TEST_CASE("run --record to a place it cannot write fails and leaves nothing", "[cli][record]") {
  const fs::path dir = scratch("record_fail");
  const fs::path rec = dir / "missing" / "r.clrun";
  const CliResult r =
      runCli("run " + scene("pile_10.json") + " --until 0.5 --record " + quoted(rec), dir);
  CHECK(r.exitCode == 3);  // kExitOutputFailed
  CHECK_THAT(r.err, Catch::Contains("missing"));
  CHECK_FALSE(fs::exists(rec));
}

TEST_CASE("check-recording reproduces a recorded run and finds a planted one-ulp difference",
          "[cli][record]") {
  const fs::path dir = scratch("check_recording");
  const fs::path rec = dir / "pile.clrun";
  // With the warm start, so that its memory is in the records.
  REQUIRE(runCli("run " + scene("pile_10.json") + " --set warm_start=true --until 2 --record " +
                     quoted(rec),
                 dir)
              .exitCode == 0);
  const CliResult ok = runCli("check-recording " + quoted(rec), dir);
  INFO(ok.out << ok.err);
  CHECK(ok.exitCode == 0);
  CHECK_THAT(ok.out, Catch::Contains("every step from 1 to 80 reproduced to the bit: 80 steps "
                                     "re-run and compared"));

  // The same recording with one record changed (by `change`), written again.
  const cl::Recording original = cl::readRecording(rec);
  const auto plant = [&](const std::string& name, long long step, const auto& change) {
    const fs::path planted = dir / name;
    cl::RecordingWriter w(planted, original.scene.doc, original.source, original.edits);
    for (int i = 0; i < original.history.size(); ++i) {
      cl::StepRecord r = original.history.at(i);
      if (r.step == step) change(r);
      w.append(r);
    }
    w.commit();
    return runCli("check-recording " + quoted(planted), dir);
  };
  // Step 60's body 7 vy one ulp up.
  const CliResult bad = plant("vy.clrun", 60, [](cl::StepRecord& r) {
    double& vy = r.state.vars[cl::kVarsPerBody * 7 + cl::kVY];
    vy = std::nextafter(vy, INFINITY);
  });
  INFO(bad.out << bad.err);
  CHECK(bad.exitCode == 2);
  const std::string body = original.scene.sim->bodyName(7);
  CHECK_THAT(bad.out, Catch::Contains("step 60 did not reproduce (after 59 that did)"));
  CHECK_THAT(bad.out, Catch::Contains("body '" + body + "' vy: recorded"));

  // Everything else a record claims is compared too: its statistics, what a view draws of
  // it, its warm-start memory; but not the wall time the step took.
  // The first step from `from` on that `has`, for a change that shows.
  const auto stepWhere = [&](long long from, const auto& has) {
    for (int i = 0; i < original.history.size(); ++i)
      if (original.history.at(i).step >= from && has(original.history.at(i)))
        return original.history.at(i).step;
    return -1LL;
  };
  const auto didNotReproduce = [](long long step) {
    return Catch::Contains("step " + std::to_string(step) + " did not reproduce (after " +
                           std::to_string(step - 1) + " that did)");
  };
  const long long pivoted =
      stepWhere(40, [](const cl::StepRecord& r) { return r.stats.solves.pivots > 0; });
  REQUIRE(pivoted > 0);
  const CliResult pivots =
      plant("pivots.clrun", pivoted, [](cl::StepRecord& r) { ++r.stats.solves.pivots; });
  CHECK(pivots.exitCode == 2);
  CHECK_THAT(pivots.out,
             didNotReproduce(pivoted) && Catch::Contains("the step's statistics: recorded"));
  const long long touching =
      stepWhere(40, [](const cl::StepRecord& r) { return !r.draw.contacts.empty(); });
  REQUIRE(touching > 0);
  const CliResult force = plant("force.clrun", touching, [](cl::StepRecord& r) {
    double& f = r.draw.contacts.back().force;
    f = std::nextafter(f, INFINITY);
  });
  CHECK(force.exitCode == 2);
  CHECK_THAT(force.out, didNotReproduce(touching) && Catch::Contains("what a view draws of it"));
  const long long warmed =
      stepWhere(40, [](const cl::StepRecord& r) { return !r.state.warmStart.carriers().empty(); });
  REQUIRE(warmed > 0);
  const CliResult warm = plant("warm.clrun", warmed, [](cl::StepRecord& r) {
    std::vector<cl::WarmStart::Carrier> carriers = r.state.warmStart.carriers();
    carriers.pop_back();
    r.state.warmStart.restore(std::move(carriers));
  });
  CHECK(warm.exitCode == 2);
  CHECK_THAT(warm.out, didNotReproduce(warmed) && Catch::Contains("the warm-start memory"));
  const CliResult wall =
      plant("wall.clrun", 65, [](cl::StepRecord& r) { r.stats.wallSeconds += 1; });
  CHECK(wall.exitCode == 0);
  // Not a recording: a clear refusal.
  const CliResult notOne = runCli("check-recording " + scene("pile_10.json"), dir);
  CHECK(notOne.exitCode == 1);
  CHECK_THAT(notOne.err, Catch::Contains("is not a ContactLab recording"));
}

TEST_CASE("check-recording re-runs a last step off the dt grid with its own size",
          "[cli][record]") {
  // --until 0.51 with dt 0.025: 20 whole steps and a last of 0.01, which re-run with a whole
  // dt would land at 0.525 and "not reproduce".
  const fs::path dir = scratch("check_recording_off_grid");
  const fs::path rec = dir / "pile.clrun";
  for (const char* advance : {"collision_advance", "lcp_fixpoint"}) {
    INFO(advance);
    REQUIRE(runCli("run " + scene("pile_10.json") + " --advance " + advance +
                       " --until 0.51 --record " + quoted(rec),
                   dir)
                .exitCode == 0);
    const CliResult r = runCli("check-recording " + quoted(rec), dir);
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK_THAT(r.out, Catch::Contains("every step from 1 to 21 reproduced to the bit: 21 steps"));
    // Each step's size is in the record, and the re-run takes the recorded one: a last step
    // recorded twice as long as it was lands elsewhere.
    const cl::Recording original = cl::readRecording(rec);
    const cl::StepRecord& last = original.history.back();
    CHECK(original.history.at(20).stats.stepSize == 0.025);
    CHECK(last.stats.stepSize == 0.51 - original.history.at(20).state.time);
    const fs::path planted = dir / "planted.clrun";
    {
      cl::RecordingWriter w(planted, original.scene.doc, original.source, original.edits);
      for (int i = 0; i < original.history.size(); ++i) {
        cl::StepRecord rec = original.history.at(i);
        if (i == original.history.size() - 1) rec.stats.stepSize *= 2;
        w.append(rec);
      }
      w.commit();
    }
    const CliResult bad = runCli("check-recording " + quoted(planted), dir);
    CHECK(bad.exitCode == 2);
    CHECK_THAT(bad.out, Catch::Contains("step 21 did not reproduce (after 20 that did): the time"));
  }
}

TEST_CASE("check-recording reads and checks a recording of format version 1", "[cli][record]") {
  // Written by a build of 2026-11-26 (format 1: no step sizes): contact_app with one edit of
  // every kind. Its steps are re-run with whole time steps, restarting after each edit.
  const fs::path dir = scratch("check_recording_format1");
  const fs::path file =
      fs::path(CONTACTLAB_TEST_DATA_DIR) / "recordings" / "format1_contact_app_edits.clrun";
  const cl::Recording rec = cl::readRecording(file);
  CHECK(std::isnan(rec.history.back().stats.stepSize));
  const CliResult r = runCli("check-recording " + quoted(file), dir);
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("reproduced to the bit") &&
                        Catch::Contains("restarts from the recorded state after an edit"));
}

TEST_CASE("check-recording never passes on nothing", "[cli][record]") {
  const fs::path dir = scratch("check_recording_nothing");
  // A recording of no step (--until 0): its first state alone, nothing to re-run.
  const fs::path empty = dir / "empty.clrun";
  REQUIRE(runCli("run " + scene("pile_10.json") + " --until 0 --record " + quoted(empty), dir)
              .exitCode == 0);
  const CliResult none = runCli("check-recording " + quoted(empty), dir);
  CHECK(none.exitCode == 1);
  CHECK_THAT(none.out, Catch::Contains("nothing to check"));
  CHECK(none.out.find("reproduced") == std::string::npos);
  // Every record a different advance with no edit in the header: a change no re-run can
  // explain, refused at its step instead of "restarted" past.
  const fs::path rec = dir / "pile.clrun", forged = dir / "forged.clrun";
  REQUIRE(runCli("run " + scene("pile_10.json") + " --until 0.5 --record " + quoted(rec), dir)
              .exitCode == 0);
  const cl::Recording original = cl::readRecording(rec);
  {
    cl::RecordingWriter w(forged, original.scene.doc, original.source, original.edits);
    for (int i = 0; i < original.history.size(); ++i) {
      cl::StepRecord r = original.history.at(i);
      if (i % 2 == 1) r.state.advance = cl::AdvanceKind::kLcpFixpoint;
      w.append(r);
    }
    w.commit();
  }
  const CliResult bad = runCli("check-recording " + quoted(forged), dir);
  INFO(bad.out << bad.err);
  CHECK(bad.exitCode == 2);
  CHECK_THAT(bad.out, Catch::Contains("step 1 changes the simulation") &&
                          Catch::Contains("no edit recorded before it"));
}

TEST_CASE("run stopped by Ctrl-C writes what it recorded and exits 130", "[cli][record]") {
  const fs::path dir = scratch("interrupted");
  const fs::path rec = dir / "pile.clrun", out = dir / "stderr.txt";
  // A run far longer than the test: pile_200 for 1000 s, interrupted after a second.
  const std::string scenePath = std::string(CONTACTLAB_SCENES_DIR) + "/pile_200.json";
  std::vector<std::string> args{CONTACTLAB_CLI_PATH, "run",       scenePath, "--until", "1000",
                                "--record",          rec.string()};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 2, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  REQUIRE(::posix_spawn(&pid, argv[0], &files, nullptr, argv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&files);
  ::sleep(1);
  ::kill(pid, SIGINT);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  const std::string err = readAll(out);
  INFO(err);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 130);
  CHECK_THAT(err, Catch::Contains("interrupted (Ctrl-C) at t = "));
  // The steps taken before the interruption are in the recording, and they check.
  const cl::Recording recording = cl::readRecording(rec);
  CHECK(recording.history.size() > 2);
  CHECK(runCli("check-recording " + quoted(rec), dir).exitCode == 0);
}

TEST_CASE("run --record refuses up front a recording too large to write", "[cli][record]") {
  // time_step 1e-9 to 1 s: a billion steps, about a terabyte. Refused before the first step,
  // leaving no file (the issue found one growing, hidden, towards 870 GB).
  const fs::path dir = scratch("record_too_large");
  const fs::path rec = dir / "huge.clrun";
  const CliResult r = runCli(
      "run " + scene("free_fall.json") + " --set time_step=1e-9 --until 1 --record " + quoted(rec),
      dir);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("--record: 1000000000 steps of about") &&
                        Catch::Contains("more than the 16 GB allowed"));
  CHECK_FALSE(fs::exists(rec));
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 2);  // std*.txt
}
