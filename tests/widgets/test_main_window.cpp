#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <algorithm>
#include <catch2/catch.hpp>

#include "app/workbench/main_window.h"
#include "engine/run/state_json.h"
#include "engine/scene/scene.h"
#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/quiet_window.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/controls_dock.h"
#include "widgets/dock_on_screen.h"
#include "widgets/scene_paths.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"
#include "widgets/solver_comparison_dock.h"
#include "widgets/solver_steps_dock.h"
#include "widgets/time_series_dock.h"
#include "widgets/waypoints_dock.h"

using cl::testing::quietOptions;
using cl::workbench::MainWindow;

namespace {

QAction* action(MainWindow& window, const char* name) {
  return window.findChild<QAction*>(QString::fromLatin1(name));
}

struct DrawCheck {
  int checked = 0;    // bodies whose fill colour was found beside their CM
  int offScreen = 0;  // bodies whose CM was outside the view
};

// Checks that each movable body shows its fill colour just beside its centre
// of mass, where that point lies in the view and in the body (not in a hole).
DrawCheck checkMovableBodiesDrawn(MainWindow& window) {
  cl::widgets::SceneView& view = *window.sceneView();
  const QImage image = static_cast<QWidget&>(view).grab().toImage();
  const auto& bodies = window.session()->bodies();
  const auto& states = window.session()->snapshot().states;
  DrawCheck result;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].isFixed()) continue;
    const QPoint pixel = (view.toScreen(states[i].position()) + QPointF(3, 3)).toPoint();
    if (!image.rect().contains(pixel)) {
      ++result.offScreen;
      continue;
    }
    if (!view.screenOutline(static_cast<int>(i)).contains(QPointF(pixel))) continue;
    INFO("body " << bodies[i].name());
    CHECK(image.pixelColor(pixel) == view.fillColor(static_cast<int>(i)));
    ++result.checked;
  }
  return result;
}

}  // namespace

TEST_CASE("MainWindow opens the default scene, steps it and draws its bodies", "[main_window]") {
  MainWindow window(quietOptions());
  window.resize(1280, 800);
  REQUIRE(window.session()->loadScene(cl::widgets::defaultScenePath()));
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));

  const auto& bodies = window.session()->bodies();
  const int movable = static_cast<int>(
      std::count_if(bodies.begin(), bodies.end(), [](const auto& b) { return !b.isFixed(); }));
  REQUIRE(movable >= 2);
  CHECK(window.windowTitle().contains(QStringLiteral("ContactLab")));
  CHECK(window.readout().startsWith(QStringLiteral("t = 0.000 s  step 0 ")));
  const DrawCheck atLoad = checkMovableBodiesDrawn(window);
  CHECK(atLoad.offScreen == 0);  // the view was fitted to the scene
  CHECK(atLoad.checked >= 2);

  const auto before = window.session()->snapshot().states;
  REQUIRE(window.session()->stepNow(20));
  const auto& after = window.session()->snapshot().states;
  int moved = 0;
  for (std::size_t i = 0; i < bodies.size(); ++i)
    if (!bodies[i].isFixed() && !(after[i] == before[i])) ++moved;
  CHECK(moved == movable);
  CHECK(window.readout().contains(QStringLiteral("step 20 ")));
  CHECK(checkMovableBodiesDrawn(window).checked >= 1);
  CHECK(window.session()->history().size() == 21);
  CHECK(window.timeline()->maximum() == 20);
  CHECK(window.timeline()->value() == 20);
}

TEST_CASE("MainWindow actions carry their shortcuts and drive the session", "[main_window]") {
  MainWindow window(quietOptions());
  REQUIRE(window.session()->loadScene(cl::widgets::defaultScenePath()));
  CHECK(action(window, "runAction")->shortcut() == QKeySequence(Qt::Key_Space));
  CHECK(action(window, "stepAction")->shortcut() == QKeySequence(Qt::Key_N));
  CHECK(action(window, "restartAction")->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_R));
  CHECK(action(window, "openAction")->shortcut() == QKeySequence(QKeySequence::Open));
  CHECK(action(window, "fitAction")->shortcuts().contains(QKeySequence(Qt::Key_Home)));
  CHECK(action(window, "quitAction")->shortcut() == QKeySequence(QKeySequence::Quit));

  QSignalSpy stepped(window.session(), &cl::widgets::Session::stepped);
  action(window, "stepAction")->trigger();
  REQUIRE(stepped.wait(5000));
  CHECK(window.session()->snapshot().steps == 1);
  CHECK(window.readout().contains(QStringLiteral("step 1 ")));

  action(window, "runAction")->trigger();
  CHECK(window.session()->isRunning());
  CHECK(action(window, "runAction")->isChecked());
  REQUIRE(stepped.wait(5000));
  action(window, "runAction")->trigger();
  CHECK_FALSE(window.session()->isRunning());
  CHECK_FALSE(action(window, "runAction")->isChecked());

  action(window, "restartAction")->trigger();
  CHECK(window.session()->snapshot().steps == 0);
  CHECK(window.session()->history().size() == 1);
  // A setting that applies on restart, changed in the Controls dock, is what Restart applies.
  auto* advance = window.controlsDock()->findChild<QComboBox*>(QStringLiteral("advance"));
  REQUIRE(advance);
  advance->setCurrentIndex(advance->findText(QStringLiteral("lcp fixpoint")));
  REQUIRE(window.controlsDock()->restartPending());
  CHECK(window.session()->settings().advance == cl::AdvanceKind::kCollisionAdvance);
  action(window, "restartAction")->trigger();
  CHECK(window.session()->settings().advance == cl::AdvanceKind::kLcpFixpoint);
  CHECK_FALSE(window.controlsDock()->restartPending());
  CHECK(window.session()->history().size() == 1);

  CHECK(action(window, "stepWaypointAction")->shortcut() == QKeySequence(Qt::Key_W));
  CHECK(action(window, "stepPivotAction")->shortcut() == QKeySequence(Qt::Key_P));
  CHECK(action(window, "reloadAction")->shortcut() == QKeySequence(Qt::Key_F5));
  CHECK(action(window, "saveAction")->shortcut() == QKeySequence(QKeySequence::Save));
  CHECK(action(window, "exportAllAction")->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_E));
  CHECK(action(window, "screenshotAction")->shortcut() == QKeySequence(Qt::Key_F12));
  // [ and ] halve and double the time rate within 0.1x .. 10x.
  action(window, "fasterAction")->trigger();
  CHECK(window.session()->timeRate() == 2.0);
  for (int i = 0; i < 10; ++i) action(window, "slowerAction")->trigger();
  CHECK(window.session()->timeRate() == 0.1);
}

TEST_CASE("MainWindow keys reach the actions", "[main_window]") {
  MainWindow window(quietOptions());
  REQUIRE(window.session()->loadScene(cl::widgets::defaultScenePath()));
  window.show();
  window.activateWindow();
  REQUIRE(QTest::qWaitForWindowActive(&window));
  QSignalSpy stepped(window.session(), &cl::widgets::Session::stepped);
  QTest::keyClick(window.sceneView(), Qt::Key_N);
  REQUIRE(stepped.wait(5000));
  CHECK(window.session()->snapshot().steps == 1);
  QTest::keyClick(window.sceneView(), Qt::Key_Space);
  CHECK(window.session()->isRunning());
  QTest::keyClick(window.sceneView(), Qt::Key_Space);
  CHECK_FALSE(window.session()->isRunning());
}

TEST_CASE("MainWindow shows a bad scene's error and stays usable", "[main_window]") {
  MainWindow window(quietOptions());
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("bad.json"));
  QFile file(path);
  REQUIRE(file.open(QIODevice::WriteOnly));
  file.write("{\"format\": \"contactlab-scene\", \"bodies\": 7}");
  file.close();

  CHECK_FALSE(window.session()->loadScene(path));
  CHECK_FALSE(window.lastError().isEmpty());
  CHECK(window.readout() == QStringLiteral("no scene"));
  CHECK_FALSE(action(window, "runAction")->isEnabled());
  window.show();
  CHECK_FALSE(static_cast<QWidget*>(window.sceneView())->grab().isNull());

  // Loading a good scene afterwards works.
  REQUIRE(window.session()->loadScene(cl::widgets::defaultScenePath()));
  CHECK(action(window, "runAction")->isEnabled());
  CHECK(window.readout().startsWith(QStringLiteral("t = 0.000 s")));
}

TEST_CASE("MainWindow docks and tool bars have object names so the layout persists",
          "[main_window]") {
  MainWindow window(quietOptions());
  const auto docks = window.findChildren<QDockWidget*>();
  REQUIRE_FALSE(docks.isEmpty());
  for (QDockWidget* d : docks) CHECK_FALSE(d->objectName().isEmpty());
  for (QToolBar* t : window.findChildren<QToolBar*>()) CHECK_FALSE(t->objectName().isEmpty());

  // Every dock of the workbench (docs/workbench.md) is there and listed in the View menu.
  const QStringList names = {"controlsDock",     "inspectorDock",   "matrixDock",
                             "vectorsDock",      "solverStepsDock", "solverComparisonDock",
                             "timeStepDock",     "waypointsDock",   "timeSeriesDock",
                             "runComparisonDock"};
  CHECK(window.findChildren<QDockWidget*>().size() == names.size());
  for (const QString& name : names) {
    INFO(name.toStdString());
    QDockWidget* dock = window.findChild<QDockWidget*>(name);
    REQUIRE(dock);
    QMenu* view = window.findChild<QMenu*>(QStringLiteral("viewMenu"));
    REQUIRE(view);
    CHECK(view->actions().contains(dock->toggleViewAction()));
  }

  // A layout saved through QSettings with a dock hidden and one floated comes back so,
  // and "reset layout" puts them back.
  QTemporaryDir settingsDir;
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
  window.show();
  window.waypointsDock()->hide();
  window.timeSeriesDock()->setFloating(true);
  window.saveLayout();
  MainWindow other(quietOptions());
  other.show();
  REQUIRE(other.waypointsDock()->isVisible());
  REQUIRE(other.restoreLayout());
  CHECK_FALSE(other.waypointsDock()->isVisible());
  CHECK(other.timeSeriesDock()->isFloating());
  other.resetLayout();
  CHECK(other.waypointsDock()->isVisible());
  CHECK_FALSE(other.timeSeriesDock()->isFloating());
}

TEST_CASE("MainWindow scrubs the history with the timeline and exports it all", "[main_window]") {
  MainWindow window(quietOptions());
  REQUIRE(window.session()->loadScene(cl::widgets::scenesDirectory() +
                                      QStringLiteral("/stack_of_three.json")));
  REQUIRE(window.session()->stepNow(10));
  window.timeline()->setValue(4);
  CHECK(window.session()->currentIndex() == 4);
  CHECK(window.session()->snapshot().steps == 4);
  CHECK(window.readout().contains(QStringLiteral("step 4 ")));

  QTemporaryDir dir;
  const QString out = dir.filePath(QStringLiteral("export"));
  REQUIRE(window.exportAllTo(out));
  for (const char* f : {"body_states.csv", "time_series.csv", "contacts.csv", "solve_matrix.csv",
                        "solve_vectors.csv", "pivots.csv", "waypoints.csv", "scene.json",
                        "scene.png", "state.json"}) {
    INFO(f);
    CHECK(QFileInfo(QDir(out).filePath(QString::fromLatin1(f))).size() > 0);
  }
  // state.json is the step shown, and goes back into the exported scene as that step's state.
  const std::string statePath = QDir(out).filePath(QStringLiteral("state.json")).toStdString();
  const cl::SavedState saved = cl::readStateFile(statePath);
  CHECK(saved.steps == 4);
  CHECK(saved.time == window.session()->current()->state.time);
  cl::Scene exported =
      cl::loadSceneFile(QDir(out).filePath(QStringLiteral("scene.json")).toStdString());
  cl::restoreSavedState(*exported.sim, saved, statePath);
  CHECK(exported.sim->vars() == window.session()->current()->state.vars);
  CHECK(exported.sim->random().seed() == window.session()->current()->state.random.seed());
  // Nothing but the folder is left beside it.
  CHECK(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden) ==
        QStringList{QStringLiteral("export")});
}

TEST_CASE("MainWindow fits the screen's available area with room for its frame", "[main_window]") {
  MainWindow window(quietOptions());
  const QRect available = window.screen()->availableGeometry();
  // The first window already fits.
  CHECK(window.width() <= available.width());
  CHECK(window.height() <= available.height() - 40);
  // Shrinkable to the screen: no dock forces a taller window (the minimum was 1002 px).
  CHECK(window.minimumSizeHint().height() <= 900);
  window.resize(available.width() + 500, available.height() + 500);
  window.fitToScreen();
  CHECK(window.width() <= available.width());
  CHECK(window.height() <= available.height() - 40);
  window.resize(available.width() + 500, available.height() + 500);
  window.resetLayout();
  CHECK(window.height() <= available.height() - 40);
}

TEST_CASE("MainWindow: a dock behind another tab does no work until its tab is chosen",
          "[main_window]") {
  // Qt keeps a dock behind another tab visible (isVisible()), covered by the current one:
  // the solver comparison, behind Solver steps by default, must not solve every selected
  // LCP with all its solvers at every step, and must catch up when its tab is chosen.
  MainWindow window(quietOptions());
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  REQUIRE(window.session()->loadScene(cl::widgets::scenesDirectory() +
                                      QStringLiteral("/stack_of_three.json")));
  REQUIRE(window.session()->stepNow(3));
  QApplication::processEvents();
  REQUIRE(window.session()->selectedSolveTrace());
  auto* comparison = window.comparisonDock();
  auto* steps = window.solverStepsDock();
  CHECK(comparison->isVisible());
  CHECK_FALSE(cl::widgets::dockOnScreen(*comparison));
  CHECK(cl::widgets::dockOnScreen(*steps));
  CHECK(comparison->selected().runs.empty());  // no solver has run
  CHECK_FALSE(comparison->busy());             // nor is one running
  comparison->raise();                         // its tab to the front
  QApplication::processEvents();
  CHECK(cl::widgets::dockOnScreen(*comparison));
  CHECK_FALSE(cl::widgets::dockOnScreen(*steps));
  REQUIRE(cl::testing::waitFor([&] { return !comparison->busy(); }));  // solved off the UI thread
  CHECK(comparison->selected().runs.size() == cl::widgets::SolverComparisonDock::solvers().size());
  // Behind again, a new step leaves the last comparison as it was.
  steps->raise();
  QApplication::processEvents();
  const double before = comparison->selected().runs.front().seconds;
  REQUIRE(window.session()->stepNow(1));
  QApplication::processEvents();
  CHECK_FALSE(comparison->busy());
  CHECK(comparison->selected().runs.front().seconds == before);
}

TEST_CASE("MainWindow: a status message shows whole at 1280 wide, or cut with a tooltip",
          "[main_window]") {
  // A tool's tip or "Saved ..." takes the readout's place while shown, instead of being cut
  // to what the readout and the memory leave ("Run the si..." at 1280 wide).
  MainWindow window(quietOptions());
  window.resize(1280, 800);
  REQUIRE(window.session()->loadScene(cl::widgets::defaultScenePath()));
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  auto* readout = window.findChild<QLabel*>(QStringLiteral("readout"));
  REQUIRE(readout != nullptr);
  CHECK(readout->isVisible());
  const QString tip = QStringLiteral("Run the simulation in real time, or pause it");
  window.statusBar()->showMessage(tip);
  QApplication::processEvents();
  CHECK_FALSE(readout->isVisible());
  // The message has the bar's width up to the memory readout: room for all of it.
  const int room = window.statusBar()->width() -
                   window.findChild<QLabel*>(QStringLiteral("memoryReadout"))->width();
  CHECK(window.statusBar()->fontMetrics().horizontalAdvance(tip) < room);
  window.statusBar()->clearMessage();
  QApplication::processEvents();
  CHECK(readout->isVisible());

  // A note wider than the bar (a poor step's reasons) is cut with an ellipsis, never
  // silently, and the bar's tooltip holds it whole while it is shown.
  QString reasons;
  for (int k = 1; k <= 12; ++k)
    reasons += QStringLiteral("reason %1 of a poor step, said at length; ").arg(k);
  reasons += QStringLiteral("the end");
  emit window.session()->noticeOccurred(reasons);
  QApplication::processEvents();
  const QString shown = window.statusBar()->currentMessage();
  CHECK(shown.startsWith(QStringLiteral("Note: reason 1 of a poor step")));
  CHECK(shown.endsWith(QChar(0x2026)));  // the ellipsis
  CHECK(window.statusBar()->fontMetrics().horizontalAdvance(shown) < room);
  CHECK(window.statusBar()->toolTip() == QStringLiteral("Note: ") + reasons);
  // A message that fits has no tooltip; none is left once the message is gone.
  emit window.session()->noticeOccurred(QStringLiteral("short"));
  QApplication::processEvents();
  CHECK(window.statusBar()->currentMessage() == QStringLiteral("Note: short"));
  CHECK(window.statusBar()->toolTip().isEmpty());
  emit window.session()->noticeOccurred(reasons);
  window.statusBar()->clearMessage();
  QApplication::processEvents();
  CHECK(window.statusBar()->toolTip().isEmpty());
}
