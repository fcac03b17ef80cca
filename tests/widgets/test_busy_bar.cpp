// A step that takes long (Session::busy, BusyBar): the bar says which step is computing,
// Cancel step stops it with the history at the last whole step, and the step taken again
// afterwards is the one an uncancelled run takes, to the bit.
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <catch2/catch.hpp>

#include "tests/widgets/test_scenes.h"
#include "widgets/busy_bar.h"
#include "widgets/session.h"

using cl::testing::scenePath;
using cl::testing::waitFor;
using cl::widgets::BusyBar;
using cl::widgets::Session;

namespace {

// thin_walls with a time step of 400 s: one step of about 5 000 collisions.
void loadLongSteps(Session& session) {
  REQUIRE(session.loadScene(scenePath("thin_walls.json")));
  cl::SimSettings settings = session.settings();
  settings.timeStep = 400;
  REQUIRE(session.restartWithSettings(settings));
}

}  // namespace

TEST_CASE("BusyBar: a long step shows its number, and Cancel step keeps the last whole step",
          "[busy]") {
  Session session;
  BusyBar bar(&session);  // shown by itself while a step is long
  loadLongSteps(session);
  session.setBusyAfter(0);  // any request in flight counts as long
  QSignalSpy notices(&session, &Session::noticeOccurred);
  CHECK_FALSE(bar.isVisible());

  session.step(1);
  REQUIRE(waitFor([&] { return session.busy(); }));
  CHECK(bar.isVisible());
  CHECK(bar.text().contains(QStringLiteral("Still computing step 1 (time step 400 s)")));
  QTest::mouseClick(bar.cancelButton(), Qt::LeftButton);
  REQUIRE(waitFor([&] { return !session.busy(); }));
  CHECK_FALSE(bar.isVisible());
  CHECK(session.history().size() == 1);  // step 0 alone: nothing half-taken
  REQUIRE(notices.count() == 1);
  const QString notice = notices.at(0).at(0).toString();
  CHECK(notice.contains(QStringLiteral("step 1 cancelled")));
  CHECK(notice.contains(QStringLiteral("the run stays at step 0, t = 0 s")));

  // The simulation was put back whole: the step taken now is an uncancelled run's.
  REQUIRE(session.stepNow(1));
  REQUIRE(session.history().size() == 2);
  Session other;
  loadLongSteps(other);
  REQUIRE(other.stepNow(1));
  CHECK(session.history().back().state.vars == other.history().back().state.vars);
  CHECK(session.history().back().stats.collisions > 1000);
}

TEST_CASE("BusyBar: cancelling with no step in flight does nothing", "[busy]") {
  Session session;
  loadLongSteps(session);
  QSignalSpy notices(&session, &Session::noticeOccurred);
  session.cancelStep();
  REQUIRE(session.stepNow(1));  // the next request is not cancelled by the earlier call
  CHECK(session.history().size() == 2);
  CHECK(notices.count() == 0);
}
