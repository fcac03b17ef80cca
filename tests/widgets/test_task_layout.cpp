// Task layouts (app/workbench/task_layout.h) at a laptop's 1280 x 800: each shows the docks
// its task needs with room for their content, switching keeps each task's layout as it was
// left, and a floated dock opens at a useful size.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <catch2/catch.hpp>

#include "app/workbench/main_window.h"
#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/quiet_window.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/matrix_dock.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"
#include "widgets/solver_steps_dock.h"
#include "widgets/vectors_dock.h"
#include "widgets/waypoints_dock.h"

using cl::testing::quietOptions;
using cl::workbench::MainWindow;
using cl::workbench::TaskLayout;

namespace {

// The docks shown in front (not closed, not behind a tab: a dock behind another's tab stays
// isVisible() but nothing of it is seen).
QStringList docksInFront(MainWindow& window) {
  QStringList out;
  for (QDockWidget* dock : window.findChildren<QDockWidget*>())
    if (dock->isVisible() && !dock->visibleRegion().isEmpty()) out << dock->objectName();
  out.sort();
  return out;
}

}  // namespace

TEST_CASE("Task layouts show their docks large enough at 1280 x 800", "[widgets][layout]") {
  MainWindow window(quietOptions());
  window.resize(1280, 760);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  REQUIRE(window.session()->loadScene(cl::testing::scenePath("stack_of_three.json")));
  REQUIRE(window.session()->stepNow(2));
  CHECK(window.task() == TaskLayout::kEverything);

  struct Expected {
    TaskLayout task;
    QStringList docks;  // in front, sorted
    int key;            // Ctrl+key
  };
  const std::vector<Expected> tasks{
      {TaskLayout::kContactSolving,
       {"controlsDock", "matrixDock", "solverStepsDock", "vectorsDock"},
       Qt::Key_2},
      {TaskLayout::kCollisions, {"controlsDock", "timeSeriesDock", "waypointsDock"}, Qt::Key_3},
      {TaskLayout::kSolverComparison,
       {"controlsDock", "solverComparisonDock", "vectorsDock"},
       Qt::Key_4},
      {TaskLayout::kRunComparison, {"controlsDock", "runComparisonDock"}, Qt::Key_5},
  };
  for (const Expected& e : tasks) {
    INFO(cl::nameOf(e.task));
    // Switched by its key, as a person would.
    QAction* a = nullptr;
    for (QAction* candidate : window.findChildren<QAction*>())
      if (candidate->shortcut() == QKeySequence(Qt::CTRL | e.key)) a = candidate;
    REQUIRE(a);
    a->trigger();
    QApplication::processEvents();
    CHECK(window.task() == e.task);
    CHECK(window.findChild<QComboBox*>(QStringLiteral("layoutBox"))->currentData().toInt() ==
          static_cast<int>(e.task));
    QStringList expected = e.docks;
    expected.sort();
    CHECK(docksInFront(window).join(QLatin1Char(' ')).toStdString() ==
          expected.join(QLatin1Char(' ')).toStdString());
    CHECK(window.layoutUsable());
    CHECK(window.sceneView()->width() >= 300);
    CHECK(window.sceneView()->height() >= 200);
  }

  // Contact solving at 1280 x 800: the matrix, the four plots of the vectors and a dozen rows
  // of pivots have their room (about 260, 330 and 300 pixels high).
  window.showTask(TaskLayout::kContactSolving);
  QApplication::processEvents();
  INFO("window " << window.width() << " x " << window.height() << ", solver steps "
                 << window.solverStepsDock()->width() << " x "
                 << window.solverStepsDock()->height());
  CHECK(window.matrixDock()->height() >= 230);
  CHECK(window.vectorsDock()->height() >= 300);
  CHECK(window.solverStepsDock()->height() >= 260);
  CHECK(window.solverStepsDock()->width() >= 500);

  // A task's layout as the user left it comes back: the vectors closed in contact solving
  // stay closed after a visit to collisions; Reset Layout brings the task's own back.
  window.vectorsDock()->close();
  window.showTask(TaskLayout::kCollisions);
  window.showTask(TaskLayout::kContactSolving);
  QApplication::processEvents();
  CHECK_FALSE(window.vectorsDock()->isVisible());
  window.resetLayout();
  QApplication::processEvents();
  CHECK(window.vectorsDock()->isVisible());

  // Everything is every dock again.
  window.showTask(TaskLayout::kEverything);
  QApplication::processEvents();
  for (QDockWidget* dock : window.findChildren<QDockWidget*>()) CHECK(dock->isVisible());
}

TEST_CASE("A dock floated out of the window opens at a useful size", "[widgets][layout]") {
  MainWindow window(quietOptions());
  window.resize(1280, 760);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  QDockWidget* dock = window.solverStepsDock();
  dock->resize(300, 120);
  dock->setFloating(true);
  REQUIRE(cl::testing::waitFor([&] { return dock->width() >= 600 && dock->height() >= 400; }));
}
