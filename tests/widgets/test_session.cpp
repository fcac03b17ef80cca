#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "tests/widgets/test_scenes.h"
#include "widgets/session.h"

using cl::widgets::Session;

namespace {

// Waits (running the event loop) until the session has no request in flight:
// two quiet frames in a row with the same step count.
void settle(Session& session) {
  long long last = -1;
  for (int i = 0; i < 50 && session.snapshot().steps != last; ++i) {
    last = session.snapshot().steps;
    QTest::qWait(4 * Session::kFrameIntervalMs);
  }
}

}  // namespace

TEST_CASE("Session stepNow advances time by N time steps and emits stepped", "[session]") {
  Session session;
  QSignalSpy loaded(&session, &Session::sceneLoaded);
  QSignalSpy stepped(&session, &Session::stepped);
  session.setScene(cl::testing::boxScene());
  REQUIRE(loaded.count() == 1);
  REQUIRE(session.hasScene());
  CHECK(session.snapshot().time == 0.0);
  CHECK(session.snapshot().samples.size() == 1);  // the energy at time 0

  REQUIRE(session.stepNow(10));
  CHECK(stepped.count() == 1);
  CHECK(session.snapshot().steps == 10);
  CHECK(session.snapshot().time == Approx(10 * session.timeStep()));
  CHECK(session.snapshot().samples.size() == 10);
  // The ball (index 5) falls under gravity.
  CHECK(session.snapshot().states[5].y < 2.0);
}

TEST_CASE("Session step runs on the worker and answers with stepped", "[session]") {
  Session session;
  session.setScene(cl::testing::boxScene());
  QSignalSpy stepped(&session, &Session::stepped);
  session.step(5);
  REQUIRE(stepped.wait(5000));
  CHECK(session.snapshot().steps == 5);
  CHECK(session.snapshot().time == Approx(5 * 0.025));
}

TEST_CASE("Session run follows the wall clock and pause stops it", "[session]") {
  Session session;
  session.setScene(cl::testing::boxScene());
  QSignalSpy running(&session, &Session::runningChanged);
  QElapsedTimer clock;
  clock.start();
  session.setRunning(true);
  REQUIRE(running.count() == 1);
  CHECK(running.at(0).at(0).toBool());
  QTest::qWait(400);
  session.setRunning(false);
  const double wall = clock.elapsed() / 1000.0;
  REQUIRE(running.count() == 2);
  CHECK_FALSE(running.at(1).at(0).toBool());
  settle(session);
  const double t = session.snapshot().time;
  CHECK(t > 0.1);
  // Real-time pacing: never ahead of the wall clock by more than a step.
  CHECK(t <= wall + session.timeStep() + 1e-9);
  QTest::qWait(150);
  CHECK(session.snapshot().time == t);
}

TEST_CASE("Session reports a bad scene path through errorOccurred", "[session]") {
  Session session;
  QSignalSpy errors(&session, &Session::errorOccurred);
  QSignalSpy loaded(&session, &Session::sceneLoaded);

  SECTION("a missing file") {
    CHECK_FALSE(session.loadScene(QStringLiteral("/no/such/dir/scene.json")));
    REQUIRE(errors.count() == 1);
    CHECK(errors.at(0).at(0).toString().contains(QStringLiteral("scene.json")));
  }
  SECTION("a file that is not a scene") {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.json"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write("{ \"bodies\": [ oops");
    file.close();
    CHECK_FALSE(session.loadScene(path));
    REQUIRE(errors.count() == 1);
    CHECK_FALSE(errors.at(0).at(0).toString().isEmpty());
  }
  CHECK(loaded.count() == 0);
  CHECK_FALSE(session.hasScene());
  // Nothing to run: the session stays paused.
  session.setRunning(true);
  CHECK_FALSE(session.isRunning());
  CHECK_FALSE(session.stepNow(1));
}

TEST_CASE("Session keeps the scene it had when a load fails", "[session]") {
  Session session;
  session.setScene(cl::testing::boxScene());
  REQUIRE(session.stepNow(3));
  QSignalSpy errors(&session, &Session::errorOccurred);
  CHECK_FALSE(session.loadScene(QStringLiteral("/no/such/scene.json")));
  CHECK(errors.count() == 1);
  CHECK(session.hasScene());
  CHECK(session.snapshot().steps == 3);
  CHECK(session.stepNow(1));
}

TEST_CASE("Session restart goes back to time 0", "[session]") {
  Session session;
  session.setScene(cl::testing::boxScene());
  const cl::BodyState ballAtStart = session.snapshot().states[5];
  REQUIRE(session.stepNow(8));
  QSignalSpy loaded(&session, &Session::sceneLoaded);
  REQUIRE(session.restart());
  CHECK(loaded.count() == 1);
  CHECK(session.snapshot().time == 0.0);
  CHECK(session.snapshot().steps == 0);
  CHECK(session.snapshot().states[5] == ballAtStart);
  // and it runs again from there
  REQUIRE(session.stepNow(2));
  CHECK(session.snapshot().time == Approx(0.05));
}

TEST_CASE("Session apply changes the simulation between steps", "[session]") {
  Session session;
  session.setScene(cl::testing::boxScene());
  cl::BodyState s = session.snapshot().states[4];
  s.vx = 2.0;
  session.apply(cl::SetBodyState{4, s});
  REQUIRE(session.stepNow(4));
  CHECK(session.snapshot().states[4].x == Approx(-3.5 + 2.0 * 0.1));
}

TEST_CASE("Session stops the run on a SimulationError and keeps the last good state", "[session]") {
  Session session;
  session.setScene(cl::testing::boxScene());
  REQUIRE(session.stepNow(2));
  QSignalSpy errors(&session, &Session::errorOccurred);
  cl::BodyState bad = session.snapshot().states[5];
  bad.vx = std::numeric_limits<double>::quiet_NaN();
  session.apply(cl::SetBodyState{5, bad});

  SECTION("while running") {
    QSignalSpy running(&session, &Session::runningChanged);
    session.setRunning(true);
    REQUIRE(errors.wait(5000));
    CHECK_FALSE(session.isRunning());
    CHECK(running.count() == 2);
  }
  SECTION("on a single step") {
    CHECK_FALSE(session.stepNow(1));
  }

  REQUIRE(errors.count() == 1);
  CHECK(errors.at(0).at(0).toString().contains(QStringLiteral("t = 0.050")));
  CHECK(session.snapshot().steps == 2);
  CHECK(std::isfinite(session.snapshot().states[5].x));
}
