#include "app/workbench/task_layout.h"

#include <QGuiApplication>
#include <QScreen>
#include <QTimer>
#include <algorithm>
#include <cstddef>
#include <vector>

namespace cl::workbench {

const char* taskLayoutTitle(TaskLayout task) {
  static constexpr const char* kTitles[] = {
#define CL_TASK_TITLE(kind, name, title, tip) title,
      CL_TASK_LAYOUTS(CL_TASK_TITLE)
#undef CL_TASK_TITLE
  };
  return kTitles[static_cast<std::size_t>(task)];
}

const char* taskLayoutTip(TaskLayout task) {
  static constexpr const char* kTips[] = {
#define CL_TASK_TIP(kind, name, title, tip) tip,
      CL_TASK_LAYOUTS(CL_TASK_TIP)
#undef CL_TASK_TIP
  };
  return kTips[static_cast<std::size_t>(task)];
}

namespace {

// Shows `dock` docked in `area` (moving it there from wherever it was).
void dockAt(QMainWindow& window, Qt::DockWidgetArea area, QDockWidget* dock) {
  dock->setFloating(false);
  window.addDockWidget(area, dock);
  dock->show();
}

int fraction(int size, double share) {
  return static_cast<int>(size * share);
}

}  // namespace

void arrangeTask(QMainWindow& window, const TaskDocks& d, TaskLayout task) {
  const std::vector<QDockWidget*> all{d.controls,    d.inspector,        d.matrix,   d.vectors,
                                      d.solverSteps, d.solverComparison, d.timeStep, d.waypoints,
                                      d.timeSeries,  d.runComparison};
  // Closed, not removed: a dock stays in the layout, so that every saved state says where each
  // one is and whether it is shown (a removed dock would be left as it was by a restore).
  for (QDockWidget* dock : all) {
    dock->setFloating(false);
    dock->hide();
  }
  // Every task keeps the controls on the left, the inspector a tab behind them (a click on a
  // body raises it).
  setTaskCorners(window, task);
  dockAt(window, Qt::LeftDockWidgetArea, d.controls);
  dockAt(window, Qt::LeftDockWidgetArea, d.inspector);
  window.tabifyDockWidget(d.controls, d.inspector);
  d.controls->raise();
  const int w = window.width(), h = window.height();
  // Wide enough for the settings' labels and boxes side by side (about 250 px).
  window.resizeDocks({d.controls}, {std::clamp(fraction(w, 0.2), 255, 320)}, Qt::Horizontal);

  switch (task) {
    case TaskLayout::kEverything:
      break;  // the window's own default state
    case TaskLayout::kContactSolving:
      // The matrix over the vectors (four plots) in a column of the window's full height; the
      // pivots under the scene, where the table shows a dozen rows and the sets beside it; a
      // time stepper's iterations a tab behind them.
      dockAt(window, Qt::RightDockWidgetArea, d.matrix);
      dockAt(window, Qt::RightDockWidgetArea, d.vectors);
      window.splitDockWidget(d.matrix, d.vectors, Qt::Vertical);
      dockAt(window, Qt::BottomDockWidgetArea, d.solverSteps);
      dockAt(window, Qt::BottomDockWidgetArea, d.timeStep);
      window.tabifyDockWidget(d.solverSteps, d.timeStep);
      d.solverSteps->raise();
      window.resizeDocks({d.matrix}, {fraction(w, 0.37)}, Qt::Horizontal);
      window.resizeDocks({d.solverSteps}, {fraction(h, 0.40)}, Qt::Vertical);
      window.resizeDocks({d.matrix, d.vectors}, {45, 55}, Qt::Vertical);
      break;
    case TaskLayout::kCollisions:
      // The waypoints across the bottom (the collisions of the selected one beside them), the
      // time series of back-ups and energy beside the scene.
      dockAt(window, Qt::BottomDockWidgetArea, d.waypoints);
      dockAt(window, Qt::RightDockWidgetArea, d.timeSeries);
      window.resizeDocks({d.waypoints}, {fraction(h, 0.42)}, Qt::Vertical);
      window.resizeDocks({d.timeSeries}, {fraction(w, 0.36)}, Qt::Horizontal);
      break;
    case TaskLayout::kSolverComparison:
      dockAt(window, Qt::RightDockWidgetArea, d.solverComparison);
      dockAt(window, Qt::BottomDockWidgetArea, d.vectors);
      window.resizeDocks({d.solverComparison}, {fraction(w, 0.52)}, Qt::Horizontal);
      window.resizeDocks({d.vectors}, {fraction(h, 0.30)}, Qt::Vertical);
      break;
    case TaskLayout::kRunComparison:
      dockAt(window, Qt::BottomDockWidgetArea, d.runComparison);
      window.resizeDocks({d.runComparison}, {fraction(h, 0.66)}, Qt::Vertical);
      break;
  }
}

void setTaskCorners(QMainWindow& window, TaskLayout task) {
  // The solve's tasks give the bottom corners to the side columns, which then run the window's
  // full height (the matrix over the vectors, the comparison's table over its charts); the
  // others keep Qt's corners, the bottom docks spanning the window (the waypoints' tables).
  const bool columns = task == TaskLayout::kContactSolving || task == TaskLayout::kSolverComparison;
  window.setCorner(Qt::BottomLeftCorner,
                   columns ? Qt::LeftDockWidgetArea : Qt::BottomDockWidgetArea);
  window.setCorner(Qt::BottomRightCorner,
                   columns ? Qt::RightDockWidgetArea : Qt::BottomDockWidgetArea);
}

void openFloatedAtUsefulSize(QDockWidget* dock, QSize useful) {
  QObject::connect(dock, &QDockWidget::topLevelChanged, dock, [dock, useful](bool floating) {
    if (!floating) return;
    // After Qt has given the floating window its geometry (the docked size).
    QTimer::singleShot(0, dock, [dock, useful] {
      if (!dock->isFloating()) return;
      QSize want = useful;
      if (dock->widget()) want = want.expandedTo(dock->widget()->sizeHint());
      const QScreen* screen = dock->screen() ? dock->screen() : QGuiApplication::primaryScreen();
      if (screen) want = want.boundedTo(screen->availableGeometry().size() * 0.9);
      const QSize size = dock->size().expandedTo(want);
      if (size != dock->size()) dock->resize(size);
    });
  });
}

}  // namespace cl::workbench
