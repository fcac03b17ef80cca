// The waypoints dock: the rows of a step's CollisionAdvance waypoints, back-ups marked
// and filtered, selection shared with the Session, the collisions of the selected
// waypoint, the run's counters, and what it says when there is nothing to show.
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QMouseEvent>
#include <QTableView>
#include <QTest>
#include <catch2/catch.hpp>
#include <cstring>

#include "engine/body/body_state.h"
#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/shots_dir.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/backup_steps_model.h"
#include "widgets/scene_overlay.h"
#include "widgets/scene_paths.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"
#include "widgets/waypoint_models.h"
#include "widgets/waypoints_dock.h"

using cl::BodyState;
using cl::WayPoint;
using cl::widgets::CollisionListModel;
using cl::widgets::SceneLayer;
using cl::widgets::SceneView;
using cl::widgets::Session;
using cl::widgets::WaypointListModel;
using cl::widgets::WaypointsDock;

namespace {

QString scene(const char* file) {
  return cl::widgets::scenesDirectory() + QLatin1Char('/') + QLatin1String(file);
}

// Index of the first waypoint named `name` in `trace`, -1 when none.
int firstNamed(const cl::StepTrace& trace, const char* name) {
  for (std::size_t i = 0; i < trace.waypoints.size(); ++i)
    if (std::strcmp(cl::wayPointName(trace.waypoints[i].point), name) == 0)
      return static_cast<int>(i);
  return -1;
}

// Steps `session` one step at a time until a step backs up in time (its trace has a
// PRE_COLLISION waypoint); returns that waypoint's index.
int stepToBackup(Session& session, int maxSteps = 400) {
  for (int i = 0; i < maxSteps; ++i) {
    REQUIRE(session.stepNow(1));
    const cl::StepTrace* trace = session.currentTrace();
    REQUIRE(trace != nullptr);
    if (const int found = firstNamed(*trace, "PRE_COLLISION"); found >= 0) return found;
  }
  FAIL("no back-up within " << maxSteps << " steps");
  return -1;
}

int bodyNamed(const Session& session, const std::string& name) {
  const auto& bodies = session.bodies();
  for (std::size_t i = 0; i < bodies.size(); ++i)
    if (bodies[i].name() == name) return static_cast<int>(i);
  return -1;
}

QString cell(const QAbstractItemModel* model, int row, int column, int role = Qt::DisplayRole) {
  return model->data(model->index(row, column), role).toString();
}

}  // namespace

TEST_CASE("WaypointsDock lists a back-up step's waypoints and draws the selected one as ghosts",
          "[waypoints_dock]") {
  Session session;
  WaypointsDock dock(&session);
  dock.resize(800, 500);
  dock.show();
  SceneView view(&session);
  view.resize(800, 600);
  REQUIRE(session.loadScene(scene("ball_bounce.json")));
  CHECK(dock.message().contains(QStringLiteral("Step 0")));

  const int backup = stepToBackup(session);
  const cl::StepTrace& trace = *session.currentTrace();
  const auto& waypoints = trace.waypoints;
  CHECK(dock.message().isEmpty());
  const QAbstractItemModel* rows = dock.waypointTable()->model();
  REQUIRE(rows->rowCount() == static_cast<int>(waypoints.size()));
  for (int r = 0; r < rows->rowCount(); ++r) {
    INFO("row " << r);
    CHECK(cell(rows, r, WaypointListModel::kName) ==
          QString::fromLatin1(cl::wayPointName(waypoints[static_cast<std::size_t>(r)].point)));
    CHECK(cell(rows, r, WaypointListModel::kIndex) == QString::number(r + 1));  // from 1
  }
  // An advance starts at START and ends with its counters (SUMMARY), then FINISH.
  CHECK(cell(rows, 0, WaypointListModel::kName) == QStringLiteral("START"));
  CHECK(cell(rows, rows->rowCount() - 2, WaypointListModel::kName) == QStringLiteral("SUMMARY"));
  CHECK(cell(rows, rows->rowCount() - 1, WaypointListModel::kName) == QStringLiteral("FINISH"));
  // The back-up is marked, START is not.
  CHECK(rows->data(rows->index(backup, WaypointListModel::kName), Qt::BackgroundRole).isValid());
  CHECK_FALSE(rows->data(rows->index(0, WaypointListModel::kName), Qt::BackgroundRole).isValid());

  // The run's counters: the bounce backed up at least once and handled a collision.
  const cl::CollisionCounters& counters = session.current()->state.counters;
  CHECK(counters.backups >= 1);
  CHECK(counters.collisions >= 1);
  CHECK(dock.countersText().contains(QStringLiteral("back-ups %1").arg(counters.backups)));
  CHECK(dock.countersText().contains(
      QStringLiteral("collisions handled %1").arg(counters.collisions)));

  // Selecting the row selects the waypoint in the Session.
  CHECK(view.ghostCount() == 0);
  dock.waypointTable()->selectRow(backup);
  REQUIRE(session.selectedWaypoint() == backup);
  const cl::Waypoint& w = waypoints[static_cast<std::size_t>(backup)];

  // Its collisions: the ball against the floor, found penetrating (or within the
  // target gap) and needing handling.
  const QAbstractItemModel* collisions = dock.collisionTable()->model();
  REQUIRE(collisions->rowCount() == static_cast<int>(w.collisions.size()));
  REQUIRE(collisions->rowCount() >= 1);
  CHECK(cell(collisions, 0, CollisionListModel::kBodies).contains(QStringLiteral("ball")));
  CHECK(cell(collisions, 0, CollisionListModel::kNeedsHandling) == QStringLiteral("yes"));

  // The scene view draws every body at the waypoint's state.
  const int ball = bodyNamed(session, "ball");
  REQUIRE(ball >= 0);
  REQUIRE(view.ghostCount() == static_cast<int>(session.bodies().size()));
  const BodyState ghost = view.ghostState(ball);
  CHECK(ghost == BodyState::fromVars(w.vars, ball));
  const BodyState now = session.snapshot().states[static_cast<std::size_t>(ball)];
  CHECK_FALSE(ghost == now);
  // Backed up to before the impact the ball still falls; at the end of the step the
  // impulse has sent it up.
  CHECK(ghost.vy < 0);
  CHECK(now.vy > 0);
  CHECK(view.ghostLabel().startsWith(QStringLiteral("ghost: PRE_COLLISION at t = ")));
  // Drawn in the ghost colour on the ghost's outline, 0.5 below its centre.
  const QImage image = view.grab().toImage();
  const QPointF rim = view.toScreen(ghost.position() + cl::Vec2{0.5 * 0.7071, 0.5 * 0.7071});
  int ghostPixels = 0;
  const QColor ghostColor = QColor::fromRgba(cl::widgets::overlay_colors::kGhost);
  for (int dy = -4; dy <= 4; ++dy)
    for (int dx = -4; dx <= 4; ++dx) {
      const QColor c = image.pixelColor(rim.toPoint() + QPoint(dx, dy));
      if (std::abs(c.red() - ghostColor.red()) < 30 &&
          std::abs(c.green() - ghostColor.green()) < 30 &&
          std::abs(c.blue() - ghostColor.blue()) < 30)
        ++ghostPixels;
    }
  CHECK(ghostPixels > 0);

  // Switching ghosts off removes them.
  view.layerAction(SceneLayer::kGhosts)->setChecked(false);
  CHECK(view.ghostCount() == 0);
  CHECK(view.ghostLabel().isEmpty());
  view.layerAction(SceneLayer::kGhosts)->setChecked(true);

  // Selecting in the Session (another dock, the step-waypoint action) moves the row.
  session.selectWaypoint(0);
  REQUIRE(dock.waypointTable()->selectionModel()->selectedRows().size() == 1);
  CHECK(dock.waypointTable()->selectionModel()->selectedRows().front().row() == 0);
  CHECK(cell(collisions, 0, 0).isEmpty() == (waypoints[0].collisions.empty()));

  SECTION("back-ups only keeps the back-ups, in order, and keeps the selection") {
    session.selectWaypoint(backup);
    dock.backupsOnlyBox()->setChecked(true);
    const char* backupNames[] = {"PRE_COLLISION", "ADVANCE_SIM_COLLIDING", "ADVANCE_SIM_FAIL",
                                 "MAYBE_STUCK", "STUCK"};
    std::vector<int> expected;
    for (std::size_t i = 0; i < waypoints.size(); ++i)
      for (const char* name : backupNames)
        if (std::strcmp(cl::wayPointName(waypoints[i].point), name) == 0)
          expected.push_back(static_cast<int>(i));
    REQUIRE(rows->rowCount() == static_cast<int>(expected.size()));
    for (int r = 0; r < rows->rowCount(); ++r)
      CHECK(cell(rows, r, WaypointListModel::kIndex) ==
            QString::number(expected[static_cast<std::size_t>(r)] + 1));
    REQUIRE(dock.waypointTable()->selectionModel()->selectedRows().size() == 1);
    CHECK(cell(rows, dock.waypointTable()->selectionModel()->selectedRows().front().row(),
               WaypointListModel::kIndex) == QString::number(backup + 1));
    CHECK(session.selectedWaypoint() == backup);
  }
  SECTION("the name filter keeps one kind") {
    const int item = dock.nameFilterBox()->findText(QStringLiteral("NEXT_STEP_FULL"));
    REQUIRE(item > 0);
    dock.nameFilterBox()->setCurrentIndex(item);
    int expected = 0;
    for (const cl::Waypoint& x : waypoints) expected += x.point == WayPoint::NEXT_STEP_FULL;
    CHECK(rows->rowCount() == expected);
    for (int r = 0; r < rows->rowCount(); ++r)
      CHECK(cell(rows, r, WaypointListModel::kName) == QStringLiteral("NEXT_STEP_FULL"));
    // Selecting a filtered row selects the waypoint it stands for.
    if (expected > 0) {
      dock.waypointTable()->selectRow(0);
      CHECK(session.selectedWaypoint() + 1 == cell(rows, 0, WaypointListModel::kIndex).toInt());
    }
  }
  SECTION("a new step clears the selection and the ghosts") {
    REQUIRE(session.stepNow(1));
    CHECK(session.selectedWaypoint() == -1);
    CHECK(view.ghostCount() == 0);
    CHECK(rows->rowCount() == static_cast<int>(session.currentTrace()->waypoints.size()));
    CHECK(dock.waypointTable()->selectionModel()->selectedRows().isEmpty());
  }
}

TEST_CASE("WaypointsDock says why there is nothing to show", "[waypoints_dock]") {
  Session session;
  WaypointsDock dock(&session);
  dock.resize(600, 400);
  dock.show();
  CHECK(dock.message() == QStringLiteral("No scene loaded."));
  CHECK(dock.waypointTable()->model()->rowCount() == 0);

  SECTION("step 0 of a scene") {
    REQUIRE(session.loadScene(scene("block_drop.json")));
    CHECK(dock.message().startsWith(QStringLiteral("Step 0")));
    CHECK(dock.waypointTable()->model()->rowCount() == 0);
    // Selecting nothing is harmless.
    session.selectWaypoint(3);
    CHECK(session.selectedWaypoint() == -1);
  }
  SECTION("a simulation advanced without CollisionAdvance") {
    session.setScene(cl::testing::boxScene());  // a plain RigidBodySim
    REQUIRE(session.stepNow(2));
    CHECK(dock.message().contains(QStringLiteral("no waypoints")));
    CHECK(dock.waypointTable()->model()->rowCount() == 0);
    CHECK(dock.countersText().contains(QStringLiteral("back-ups 0")));
  }
  SECTION("a hidden dock catches up when shown") {
    dock.hide();
    REQUIRE(session.loadScene(scene("block_drop.json")));
    REQUIRE(session.stepNow(3));
    dock.show();
    CHECK(dock.message().isEmpty());
    CHECK(dock.waypointTable()->model()->rowCount() ==
          static_cast<int>(session.currentTrace()->waypoints.size()));
  }
}

TEST_CASE("Back-up waypoints are the ones that go back in time", "[waypoints_dock]") {
  using cl::isBackupWaypoint;
  CHECK(isBackupWaypoint(WayPoint::PRE_COLLISION));
  CHECK(isBackupWaypoint(WayPoint::ADVANCE_SIM_COLLIDING));
  CHECK(isBackupWaypoint(WayPoint::ADVANCE_SIM_FAIL));
  CHECK(isBackupWaypoint(WayPoint::MAYBE_STUCK));
  CHECK(isBackupWaypoint(WayPoint::STUCK));
  CHECK_FALSE(isBackupWaypoint(WayPoint::START));
  CHECK_FALSE(isBackupWaypoint(WayPoint::POST_COLLISION));
  CHECK_FALSE(isBackupWaypoint(WayPoint::NEXT_STEP_BINARY));
  CHECK_FALSE(isBackupWaypoint(WayPoint::FINISH));
}

// Not run by default: writes what the dock and the view show at a back-up to shotsDir(),
// for a person to look at (run with "[.screenshot]").
TEST_CASE("Waypoint screenshots", "[.screenshot]") {
  for (const char* file : {"ball_bounce.json", "block_drop.json"}) {
    Session session;
    WaypointsDock dock(&session);
    dock.resize(760, 420);
    dock.show();
    SceneView view(&session);
    view.resize(800, 600);
    REQUIRE(session.loadScene(scene(file)));
    stepToBackup(session);
    // The state at the end of the step that collided or failed: the bodies as they
    // penetrated.
    int shown = firstNamed(*session.currentTrace(), "ADVANCE_SIM_COLLIDING");
    if (shown < 0) shown = firstNamed(*session.currentTrace(), "ADVANCE_SIM_FAIL");
    if (shown < 0) shown = firstNamed(*session.currentTrace(), "PRE_COLLISION");
    session.selectWaypoint(shown);
    const QString base = shotsDir() + QString::fromLatin1(file).section('.', 0, 0);
    view.grab().save(base + QStringLiteral("_view.png"));
    dock.grab().save(base + QStringLiteral("_dock.png"));
  }
}

TEST_CASE("Scene view screenshot with thrusters and the mouse spring", "[.screenshot]") {
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  REQUIRE(session.loadScene(scene("contact_app_3.json")));
  REQUIRE(session.stepNow(40));
  for (QAction* a :
       {view.layerAction(SceneLayer::kVelocities), view.layerAction(SceneLayer::kNormals),
        view.layerAction(SceneLayer::kBoundingBoxes)})
    a->setChecked(true);
  QTest::keyPress(&view, Qt::Key_E);
  const int block2 = bodyNamed(session, "block2");
  const QPointF grabbed =
      view.toScreen(session.snapshot().states[block2].position()) + QPointF(6, 4);
  QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, grabbed.toPoint());
  QMouseEvent move(QEvent::MouseMove, grabbed + QPointF(160, -120),
                   view.mapToGlobal(grabbed + QPointF(160, -120)), Qt::NoButton, Qt::LeftButton,
                   Qt::NoModifier);
  QApplication::sendEvent(&view, &move);
  REQUIRE(session.stepNow(12));
  view.grab().save(shotsDir() + QStringLiteral("contact_app_3_view.png"));
  QTest::keyRelease(&view, Qt::Key_E);
  QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, grabbed.toPoint());
}

TEST_CASE("WaypointsDock with back-ups only lists every held step that backed up and shows one",
          "[waypoints_dock]") {
  Session session;
  WaypointsDock dock(&session);
  dock.resize(900, 300);
  dock.show();
  REQUIRE(session.loadScene(scene("ball_bounce.json")));
  // The ball falls 2 - 0.005 m under g = 9.8: it crosses the floor at t = 0.638 s, in step
  // 26 (dt 0.025), and leaves at 0.8 of 6.25 m/s, back after 2 x 5.0 / 9.8 = 1.02 s, at
  // t = 1.659 s, in step 67. Each crossing is one back-up.
  REQUIRE(session.stepNow(100));
  CHECK_FALSE(dock.backupStepsTable()->isVisible());
  dock.backupsOnlyBox()->setChecked(true);
  REQUIRE(dock.backupStepsTable()->isVisible());
  const auto* steps = dock.backupStepsModel();
  REQUIRE(steps->rowCount() == 2);
  CHECK(steps->stepAt(0) == 26);
  CHECK(steps->stepAt(1) == 67);
  CHECK(steps->backups() == 2);

  // A click on the second shows step 67, whose back-up waypoints the table lists.
  QTableView* table = dock.backupStepsTable();
  const QRect cell = table->visualRect(table->model()->index(1, 0));
  QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
  REQUIRE(session.current()->step == 67);
  REQUIRE(cl::testing::waitFor([&] { return session.currentTrace() != nullptr; }));
  QApplication::processEvents();
  CHECK(dock.waypointModel()->rowCount() == 2);  // PRE_COLLISION and ADVANCE_SIM_FAIL
  // Showing another step moves the list's selection with it; a step without back-ups
  // clears it.
  session.showStep(26);
  CHECK(table->selectionModel()->selectedRows().front().row() == 0);
  session.showStep(50);
  CHECK(table->selectionModel()->selectedRows().isEmpty());
  // Steps taken later join the list, keeping the row selected.
  session.showStep(67);
  session.showStep(session.history().size() - 1);
  REQUIRE(session.stepNow(60));
  CHECK(steps->rowCount() >= 3);
  CHECK(steps->stepAt(0) == 26);
  // Running again from step 40 drops the later steps, and their rows.
  session.showStep(40);
  REQUIRE(session.stepNow(1));
  REQUIRE(steps->rowCount() == 1);
  CHECK(steps->stepAt(0) == 26);
  CHECK(steps->backups() == 1);
}
