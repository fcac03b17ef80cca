// Recording a run in the workbench (Session::saveRecording, openRecording): a saved run with an
// edit reopens to the same records, re-derives a step's trace identical to the one recorded,
// and goes on with the same bits; a damaged file is refused and the run shown stays; loading
// over unsaved steps asks first, and a declined load keeps them.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include "engine/contact/expand_trace.h"
#include "test_scenes.h"
#include "widgets/session.h"

using cl::testing::sameBits;
using cl::testing::scenePath;
using cl::testing::waitFor;
using cl::widgets::Session;

namespace {

// pile_10's first 60 steps, its gravity changed after step 30.
void runWithEdit(Session& s) {
  REQUIRE(s.loadScene(scenePath("pile_10.json")));
  REQUIRE(s.stepNow(30));
  s.apply(cl::SetGravity{5.0});
  REQUIRE(waitFor([&] { return s.editLog().size() == 1; }));
  REQUIRE(s.stepNow(30));
}

}  // namespace

TEST_CASE("Recording: a saved run reopens to its records, re-derives traces, and goes on alike",
          "[recording]") {
  QTemporaryDir dir;
  const QString file = dir.filePath(QStringLiteral("pile.clrun"));
  Session original;
  runWithEdit(original);
  CHECK(original.hasUnsavedSteps());
  REQUIRE(original.saveRecording(file));
  CHECK_FALSE(original.hasUnsavedSteps());

  Session reopened;
  REQUIRE(reopened.loadScene(scenePath("ball_bounce.json")));
  QSignalSpy errors(&reopened, &Session::errorOccurred);
  REQUIRE(reopened.openRecording(file));
  CHECK(reopened.recordingPath().endsWith(QStringLiteral("pile.clrun")));
  CHECK(reopened.title() == original.title());
  REQUIRE(reopened.history().size() == 61);
  CHECK(reopened.currentIndex() == 60);
  CHECK(reopened.editLog().size() == 1);
  CHECK(reopened.lastingEdits().size() == 1);  // the gravity, kept for a restart with settings
  CHECK_FALSE(reopened.hasUnsavedSteps());
  for (int i = 0; i < 61; ++i) {
    const cl::StepRecord& a = original.history().at(i);
    const cl::StepRecord& b = reopened.history().at(i);
    REQUIRE(sameBits(a.state.vars, b.state.vars));
    CHECK(a.draw.contacts.size() == b.draw.contacts.size());
    CHECK(a.stats.collisions == b.stats.collisions);
  }

  // Step 45 (after the edit, the blocks colliding): its trace is re-run from record 44 and
  // equals the one recorded while running (compact in the history: expanded, as shown); a
  // re-run that missed the recorded state would have been reported by errorOccurred.
  QSignalSpy shown(&reopened, &Session::currentChanged);
  reopened.showStep(45);
  REQUIRE(shown.wait(10000));
  REQUIRE(reopened.currentTrace());
  const cl::StepTrace again = cl::expandTrace(*reopened.currentTrace());  // shown opened
  const cl::StepTrace recorded = cl::expandTrace(*original.history().at(45).trace);
  REQUIRE(again.solves.size() == recorded.solves.size());
  for (std::size_t i = 0; i < recorded.solves.size(); ++i)
    CHECK(again.solves[i].solve.f == recorded.solves[i].solve.f);
  CHECK(again.waypoints.size() == recorded.waypoints.size());
  CHECK(errors.count() == 0);

  // Going on from the newest record: the same bits as the original going on.
  reopened.showStep(60);
  REQUIRE(reopened.stepNow(10));
  REQUIRE(original.stepNow(10));
  CHECK(sameBits(reopened.history().back().state.vars, original.history().back().state.vars));
  CHECK(reopened.hasUnsavedSteps());

  // Restart goes back to the recording's scene as its document builds it: gravity 3 (its
  // potential energy at step 0 is the file's), not the 5 edited in after step 30.
  REQUIRE(reopened.restart());
  REQUIRE(reopened.history().size() == 1);
  Session fresh;
  REQUIRE(fresh.loadScene(scenePath("pile_10.json")));
  CHECK(reopened.history().at(0).draw.energy.potential ==
        fresh.history().at(0).draw.energy.potential);
}

TEST_CASE("Recording: a damaged file is refused and the run shown stays", "[recording]") {
  QTemporaryDir dir;
  const QString file = dir.filePath(QStringLiteral("pile.clrun"));
  Session s;
  runWithEdit(s);
  REQUIRE(s.saveRecording(file));
  std::string bytes;
  {
    std::ifstream in(file.toStdString(), std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 1);
  const QString damaged = dir.filePath(QStringLiteral("damaged.clrun"));
  std::ofstream(damaged.toStdString(), std::ios::binary) << bytes;

  REQUIRE(s.stepNow(2));
  QSignalSpy errors(&s, &Session::errorOccurred);
  CHECK_FALSE(s.openRecording(damaged));
  REQUIRE(errors.count() == 1);
  CHECK(errors.front().front().toString().contains(QStringLiteral("fails its check")));
  CHECK_FALSE(s.loadDeclined());
  CHECK(s.history().size() == 63);
  CHECK(s.recordingPath().isEmpty());
}

TEST_CASE("Recording: loading or restarting over unsaved steps asks, and a no keeps them",
          "[recording]") {
  QTemporaryDir dir;
  Session s;
  int asked = 0, stepsAsked = -1;
  bool answer = false;
  Session::DiscardCause causeAsked = Session::DiscardCause::kLoad;
  s.setDiscardGuard([&](int steps, Session::DiscardCause cause) {
    ++asked;
    stepsAsked = steps;
    causeAsked = cause;
    return answer;
  });
  REQUIRE(s.loadScene(scenePath("stack_of_three.json")));
  CHECK(asked == 0);  // nothing to lose: no scene before
  REQUIRE(s.loadScene(scenePath("pile_10.json")));
  CHECK(asked == 0);  // nothing to lose: no step taken
  REQUIRE(s.stepNow(5));
  CHECK_FALSE(s.loadScene(scenePath("ball_bounce.json")));
  CHECK(asked == 1);
  CHECK(stepsAsked == 5);
  CHECK(s.loadDeclined());
  CHECK(s.history().size() == 6);
  CHECK(s.title() == QStringLiteral("Pile of 10 blocks"));
  // A file that does not open is refused before any question.
  CHECK_FALSE(s.openRecording(dir.filePath(QStringLiteral("none.clrun"))));
  CHECK(asked == 1);
  CHECK_FALSE(s.loadDeclined());
  CHECK(causeAsked == Session::DiscardCause::kLoad);
  // Restart drops the run too (Ctrl+R by mistake): asked, and declined it keeps the run.
  CHECK_FALSE(s.restart());
  CHECK(asked == 2);
  CHECK(causeAsked == Session::DiscardCause::kRestart);
  CHECK(s.loadDeclined());
  CHECK(s.history().size() == 6);
  cl::SimSettings settings = s.settings();
  settings.seed += 1;
  CHECK_FALSE(s.restartWithSettings(settings));
  CHECK(asked == 3);
  CHECK(s.history().size() == 6);
  answer = true;
  REQUIRE(s.restart());
  CHECK(asked == 4);
  CHECK_FALSE(s.loadDeclined());
  CHECK(s.history().size() == 1);
  answer = false;
  // Saved: nothing to lose, no question.
  REQUIRE(s.stepNow(4));
  REQUIRE(s.saveRecording(dir.filePath(QStringLiteral("kept.clrun"))));
  REQUIRE(s.loadScene(scenePath("ball_bounce.json")));
  REQUIRE(s.restart());
  CHECK(asked == 4);
  // Agreed: the load goes on.
  REQUIRE(s.stepNow(3));
  answer = true;
  REQUIRE(s.openRecording(dir.filePath(QStringLiteral("kept.clrun"))));
  CHECK(asked == 5);
  CHECK(stepsAsked == 3);
  CHECK_FALSE(s.loadDeclined());
  CHECK(s.history().size() == 5);
}
