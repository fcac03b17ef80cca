// Opening a saved state in the workbench (Session::openState, File > Open State, the
// workbench's --initial-state): the scene runs on from the state with the bits of the run
// that saved it, from its step and time, and so does a recording of that run; a state of other
// bodies, a file that is not a state and a state without a scene are refused with the file named,
// and the run shown stays.
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "engine/run/state_json.h"
#include "test_scenes.h"
#include "widgets/session.h"

using cl::testing::sameBits;
using cl::testing::scenePath;
using cl::widgets::Session;

namespace {

// The state of record `index` of the session's history as a state file, as Export All
// writes it.
QString writeState(const Session& s, int index, const QTemporaryDir& dir, const QString& name) {
  const cl::StepRecord& r = s.history().at(index);
  const QString path = dir.filePath(name);
  std::ofstream(path.toStdString()) << cl::stateJson(r.state, r.step).dump(2) << '\n';
  return path;
}

}  // namespace

TEST_CASE("Open State: the run goes on from a saved state with the bits of the run that saved it",
          "[open_state]") {
  QTemporaryDir dir;
  // pile_10 with friction and the friction warm start, whose guesses decide the bits.
  const auto load = [](Session& s) {
    REQUIRE(s.loadScene(scenePath("pile_10_friction.json")));
    cl::SimSettings settings = s.settings();
    settings.frictionWarmStart = true;
    REQUIRE(s.restartWithSettings(settings));
  };
  Session original;
  load(original);
  REQUIRE(original.stepNow(140));  // the blocks on one another: contacts, warm starts
  const QString state = writeState(original, 100, dir, QStringLiteral("step100.json"));

  Session s;
  load(s);
  QSignalSpy errors(&s, &Session::errorOccurred);
  QSignalSpy notices(&s, &Session::noticeOccurred);
  REQUIRE(s.openState(state));
  CHECK(errors.count() == 0);
  CHECK(s.statePath().endsWith(QStringLiteral("step100.json")));
  REQUIRE(s.history().size() == 1);
  CHECK(s.history().back().step == 100);
  CHECK(s.history().back().state.time == original.history().at(100).state.time);
  CHECK(sameBits(s.history().back().state.vars, original.history().at(100).state.vars));
  CHECK(s.noTraceReason().contains(QStringLiteral("the state the run started from")));
  REQUIRE(notices.count() >= 1);
  CHECK(notices.back().front().toString().contains(QStringLiteral("step 100")));

  // The next 40 steps, bit for bit the original's: the warm-start memory came with the state
  // (without it the first solves pivot from no guess and round otherwise).
  REQUIRE(s.stepNow(40));
  REQUIRE(s.history().size() == 41);
  CHECK(s.history().back().step == 140);
  for (int k = 1; k <= 40; ++k) {
    INFO("step " << 100 + k);
    REQUIRE(sameBits(s.history().at(k).state.vars, original.history().at(100 + k).state.vars));
  }

  // Saved as a recording, the run opens again from the state's step, and goes on alike.
  const QString recording = dir.filePath(QStringLiteral("from_state.clrun"));
  REQUIRE(s.saveRecording(recording));
  Session reopened;
  REQUIRE(reopened.openRecording(recording));
  REQUIRE(reopened.history().size() == 41);
  CHECK(reopened.history().at(0).step == 100);
  reopened.showStep(0);  // the state itself: the run goes on from it again
  REQUIRE(reopened.stepNow(5));
  REQUIRE(sameBits(reopened.history().back().state.vars, original.history().at(105).state.vars));

  // Restart goes back to the scene file at time 0 (with the settings), the state forgotten.
  REQUIRE(s.restart());
  CHECK(s.history().back().step == 0);
  CHECK(s.history().back().state.time == original.history().at(0).state.time);
  CHECK(s.statePath().isEmpty());
}

TEST_CASE("Open State: a state of other bodies or a broken file is refused, the run kept",
          "[open_state]") {
  QTemporaryDir dir;
  Session other;
  REQUIRE(other.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(other.stepNow(3));
  const QString foreign = writeState(other, 3, dir, QStringLiteral("stack.json"));
  const QString broken = dir.filePath(QStringLiteral("broken.json"));
  std::ofstream(broken.toStdString()) << "{\"format\": \"contactlab-state\", \"time\": ";

  Session s;
  REQUIRE(s.loadScene(scenePath("pile_10.json")));
  REQUIRE(s.stepNow(4));
  QSignalSpy errors(&s, &Session::errorOccurred);
  for (const QString& file : {foreign, broken, dir.filePath(QStringLiteral("none.json"))}) {
    INFO(file.toStdString());
    CHECK_FALSE(s.openState(file));
    REQUIRE(errors.count() > 0);
    const QString message = errors.back().front().toString();
    CHECK(message.startsWith(QStringLiteral("State not opened")));
    CHECK(message.contains(QFileInfo(file).fileName()));
    CHECK(s.history().size() == 5);
    CHECK(s.statePath().isEmpty());
  }
  CHECK(errors.count() == 3);

  // Without a scene there is nothing to put a state into.
  Session empty;
  QSignalSpy emptyErrors(&empty, &Session::errorOccurred);
  CHECK_FALSE(empty.openState(foreign));
  REQUIRE(emptyErrors.count() == 1);
  CHECK(emptyErrors.front().front().toString().contains(QStringLiteral("open the scene")));
  CHECK_FALSE(empty.hasScene());
}
