#include "app/workbench/main_window.h"

#include <QAbstractButton>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QScreen>
#include <QSettings>
#include <QSignalBlocker>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>
#include <cstdio>
#include <initializer_list>

#include "app/workbench/task_layout.h"
#include "engine/trace/trace_csv.h"
#include "widgets/busy_bar.h"
#include "widgets/controls_dock.h"
#include "widgets/count_text.h"
#include "widgets/determinism_dialog.h"
#include "widgets/error_box.h"
#include "widgets/export_range_dialog.h"
#include "widgets/input_guard.h"
#include "widgets/inspector_dock.h"
#include "widgets/matrix_dock.h"
#include "widgets/notes_bar.h"
#include "widgets/run_comparison_dock.h"
#include "widgets/run_export.h"
#include "widgets/scene_paths.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"
#include "widgets/solver_comparison_dock.h"
#include "widgets/solver_steps_dock.h"
#include "widgets/step_finder.h"
#include "widgets/time_series_dock.h"
#include "widgets/time_step_dock.h"
#include "widgets/vectors_dock.h"
#include "widgets/waypoints_dock.h"

namespace cl::workbench {

using A = WorkbenchAction;

namespace {
// Bump when the set of docks changes so an old saved layout is ignored.
constexpr int kLayoutVersion = 3;
constexpr QSize kDefaultSize(1440, 900);  // before fitting to the screen
const char* const kSettingsOrg = "ContactLab";
// A recording's file name ends in it (docs/recording-format.md).
const char* const kRecordingSuffix = "clrun";
const char* const kSettingsApp = "workbench";
constexpr int kMaxRecent = 8;
// The time rates offered, simulated seconds per wall second.
constexpr double kRates[] = {0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0};

QString megabytes(std::size_t bytes) {
  return QString::number(static_cast<double>(bytes) / (1024.0 * 1024.0), 'f', 1);
}
}  // namespace

MainWindow::MainWindow(Options options, QWidget* parent) : QMainWindow(parent), mOptions(options) {
  setObjectName(QStringLiteral("mainWindow"));
  widgets::InputGuard::install();
  setAcceptDrops(true);
  mSession = new widgets::Session(this);
  mSession->setDiscardGuard([this](int steps, widgets::Session::DiscardCause cause) {
    const QString run = widgets::countText(steps, tr("step"));
    return confirmDiscardHistory(
        cause == widgets::Session::DiscardCause::kRestart
            ? tr("Restarting goes back to the start and drops this run's %1, which are not "
                 "saved.")
                  .arg(run)
            : tr("Loading replaces this run's %1, which are not saved.").arg(run));
  });
  mSceneView = new widgets::SceneView(mSession, this);
  // The scene under the notes the loaded scene calls for (hidden when there are none) and
  // the bar of a step that takes long (hidden but while one does).
  auto* central = new QWidget;
  auto* column = new QVBoxLayout(central);
  column->setContentsMargins(0, 0, 0, 0);
  column->setSpacing(0);
  column->addWidget(new widgets::NotesBar(mSession, central));
  column->addWidget(new widgets::BusyBar(mSession, central));
  column->addWidget(mSceneView, 1);
  setCentralWidget(central);

  createActions();
  createMenusAndToolBars();
  placeDocks();
  createStatusBar();

  connect(mSession, &widgets::Session::sceneLoaded, this, [this] {
    updateTitle();
    updateReadout();
    updateTimeline();
    if (!mSession->scenePath().isEmpty()) addRecent(mSession->scenePath());
    // A load that succeeded replaces whatever an earlier failure left in the status bar.
    statusBar()->clearMessage();
    if (!mSession->recordingPath().isEmpty()) {
      addRecent(mSession->recordingPath());
      const RunHistory& h = mSession->history();
      showStatus(tr("Opened %1: steps %2 to %3")
                     .arg(QFileInfo(mSession->recordingPath()).fileName())
                     .arg(h.at(0).step)
                     .arg(h.back().step),
                 10000);
    }
  });
  connect(mSession, &widgets::Session::stepped, this, [this] {
    updateTimeline();
    updateReadout();
  });
  connect(mSession, &widgets::Session::historyTruncated, this, &MainWindow::updateTimeline);
  connect(mSession, &widgets::Session::currentChanged, this, [this] {
    if (mSession->isRunning()) ++mFrames;
    updateTimeline();
    updateReadout();
  });
  connect(mSession, &widgets::Session::runningChanged, this, &MainWindow::updateRunAction);
  connect(mSession, &widgets::Session::errorOccurred, this, &MainWindow::showError);
  connect(mSession, &widgets::Session::noticeOccurred, this, [this](const QString& message) {
    std::fprintf(stderr, "contactlab: note: %s\n", qPrintable(message));
    showStatus(tr("Note: %1").arg(message), 20000);
  });
  connect(mSession, &widgets::Session::timeRateChanged, this, [this](double rate) {
    for (int i = 0; i < mRateBox->count(); ++i)
      if (mRateBox->itemData(i).toDouble() == rate) mRateBox->setCurrentIndex(i);
  });

  resize(kDefaultSize);
  fitToScreen();
  mDefaultLayout = saveState(kLayoutVersion);
  // A first launch on a laptop-sized screen shows one task's docks, each large enough to
  // read; a large screen shows them all.
  if (mOptions.persistLayout && !restoreLayout()) {
    const QScreen* screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    const bool large = screen && screen->availableGeometry().width() >= 1600 &&
                       screen->availableGeometry().height() >= 1000;
    if (!large) showTask(TaskLayout::kContactSolving);
  }
  updateTitle();
  updateReadout();
  updateTimeline();
  updateRunAction(false);
  updateRecentMenu();
  mSceneView->setFocus();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
  mActions = makeWorkbenchActions(this);
  // What each command does, in the table's order.
  // What each command does.
  const std::pair<A, std::function<void()>> does[] = {
      {A::kOpen, [this] { openScene(); }},
      {A::kReload, [this] { mSession->restart(); }},
      {A::kSave, [this] { saveSceneAs(); }},
      {A::kOpenRecording, [this] { openRecording(); }},
      {A::kOpenState, [this] { openState(); }},
      {A::kOpenLcp, [this] { openLcpProblem(); }},
      {A::kSaveRecording, [this] { saveRecordingAs(); }},
      {A::kExportAll, [this] { exportAll(); }},
      {A::kScreenshot, [this] { saveScreenshot(); }},
      // Running, stepping or editing from a past step sets the steps after it aside (Bring
      // Back, Ctrl+Z, puts them back): nothing is asked, nothing is lost.
      {A::kRun,
       [this] {
         mSession->setRunning(action(A::kRun)->isChecked());
         updateRunAction(mSession->isRunning());  // it stays paused without a scene
       }},
      {A::kStep, [this] { mSession->step(1); }},
      // Within the held steps these two only move the selection; at the newest they step.
      {A::kStepWaypoint, [this] { mSession->stepWaypoint(); }},
      {A::kStepPivot, [this] { mSession->stepPivot(); }},
      {A::kBringBack, [this] { mSession->restoreSetAside(); }},
      // A setting changed in the Controls dock that applies on restart (the advance, the
      // integrator, the seed) is what a restart is for: it is applied, not dropped.
      {A::kRestart,
       [this] {
         if (mControlsDock && mControlsDock->restartPending())
           mControlsDock->restartWithShownSettings();
         else
           mSession->restart();
       }},
      {A::kSlower, [this] { stepTimeRate(-1); }},
      {A::kFaster, [this] { stepTimeRate(+1); }},
      {A::kFit, [this] { mSceneView->fitToScene(); }},
      {A::kFitMoving, [this] { mSceneView->fitToMoving(); }},
      {A::kZoomIn, [this] { mSceneView->zoomBy(1.25); }},
      {A::kZoomOut, [this] { mSceneView->zoomBy(0.8); }},
      {A::kCheckDeterminism,
       [this] {
         if (!mDeterminism) mDeterminism = new widgets::DeterminismDialog(mSession, this);
         mDeterminism->start();
       }},
      {A::kResetLayout, [this] { resetLayout(); }},
      {A::kQuit, [this] { close(); }},
  };
  static_assert(std::size(does) == kWorkbenchActionCount, "one handler per WorkbenchAction");
  for (const auto& [id, handler] : does) connect(action(id), &QAction::triggered, this, handler);

  const auto updateBringBack = [this] {
    const long long from = mSession->setAsideFrom();
    QAction* bringBack = action(A::kBringBack);
    bringBack->setEnabled(from >= 0);
    bringBack->setText(from < 0
                           ? tr("&Bring Back Steps Set Aside")
                           : tr("&Bring Back the %1 Set Aside at Step %2")
                                 .arg(widgets::countText(mSession->setAsideSteps(), tr("Step")))
                                 .arg(from));
  };
  connect(mSession, &widgets::Session::setAsideChanged, this, updateBringBack);
  updateBringBack();
}

void MainWindow::stepTimeRate(int by) {
  mRateBox->setCurrentIndex(std::clamp(mRateBox->currentIndex() + by, 0, mRateBox->count() - 1));
}

QList<QAction*> MainWindow::actions(std::initializer_list<WorkbenchAction> ids) const {
  QList<QAction*> list;
  for (WorkbenchAction id : ids) list << action(id);
  return list;
}

void MainWindow::createMenusAndToolBars() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(action(A::kOpen));
  mRecentMenu = file->addMenu(tr("Open &Recent"));
  mRecentMenu->setObjectName(QStringLiteral("recentMenu"));
  file->addActions(actions({A::kReload, A::kSave}));
  file->addSeparator();
  file->addActions(actions({A::kOpenRecording, A::kOpenState, A::kOpenLcp, A::kSaveRecording}));
  file->addSeparator();
  QMenu* exportMenu = file->addMenu(tr("E&xport CSV"));
  exportMenu->setObjectName(QStringLiteral("exportMenu"));
  exportMenu->addAction(tr("Body States..."), this, [this] {
    exportTable(tr("Export Body States"), QStringLiteral("body_states.csv"),
                [this](std::ostream& o) {
                  widgets::writeBodyStatesCsv(o, mSession->bodies(), mSession->history());
                });
  });
  exportMenu->addAction(tr("Time Series..."), this, [this] {
    exportTable(tr("Export Time Series"), QStringLiteral("time_series.csv"),
                [this](std::ostream& o) { widgets::writeTimeSeriesCsv(o, mSession->history()); });
  });
  const auto solveExport = [this](const QString& title, const QString& name,
                                  void (*write)(std::ostream&, const SolveTrace&, SolveOrigin)) {
    const SolveTrace* solve = mSession->selectedSolveTrace();
    if (!solve) {
      showError(tr("No solve is selected: step a scene with contacts first."));
      return;
    }
    const SolveTrace copy = *solve;
    const SolveOrigin origin = mSession->selectedSolveOrigin();
    exportTable(title, name, [copy, origin, write](std::ostream& o) { write(o, copy, origin); });
  };
  exportMenu->addAction(tr("Selected Solve: A Matrix..."), this, [=] {
    solveExport(tr("Export A Matrix"), QStringLiteral("solve_matrix.csv"), &writeSolveMatrixCsv);
  });
  exportMenu->addAction(tr("Selected Solve: b, f, a..."), this, [=] {
    solveExport(tr("Export Vectors"), QStringLiteral("solve_vectors.csv"), &writeSolveVectorsCsv);
  });
  exportMenu->addAction(tr("Selected Solve: Pivots..."), this, [=] {
    solveExport(tr("Export Pivots"), QStringLiteral("pivots.csv"), &writePivotsCsv);
  });
  exportMenu->addAction(tr("Waypoints of This Step..."), this, [this] {
    const int i = mSession->currentIndex();
    if (i < 1) {
      showError(tr("Step 0 has no waypoints: take a step first."));
      return;
    }
    exportTable(
        tr("Export Waypoints"), QStringLiteral("waypoints.csv"),
        [this, i](std::ostream& o) { widgets::writeWaypointsCsv(o, mSession->history(), i, i); });
  });
  file->addActions(actions({A::kExportAll, A::kScreenshot}));
  file->addSeparator();
  file->addAction(action(A::kQuit));

  QMenu* sim = menuBar()->addMenu(tr("&Simulation"));
  sim->addActions(actions({A::kRun, A::kStep, A::kStepWaypoint, A::kStepPivot}));
  sim->addSeparator();
  sim->addActions(actions({A::kSlower, A::kFaster}));
  sim->addSeparator();
  sim->addActions(actions({A::kRestart, A::kBringBack}));

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->setObjectName(QStringLiteral("viewMenu"));
  view->addActions(actions({A::kFit, A::kFitMoving, A::kZoomIn, A::kZoomOut}));
  view->addSeparator();
  // The scene view's layers and its force scale.
  view->addActions(mSceneView->viewActions());

  QToolBar* bar = addToolBar(tr("Simulation"));
  bar->setObjectName(QStringLiteral("simulationToolBar"));
  bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  bar->addAction(action(A::kOpen));
  bar->addSeparator();
  bar->addActions(actions({A::kRun, A::kStep, A::kStepWaypoint, A::kStepPivot, A::kRestart}));
  bar->addSeparator();
  mRateBox = new QComboBox(bar);
  mRateBox->setObjectName(QStringLiteral("timeRateBox"));
  mRateBox->setToolTip(tr("Time rate: simulated seconds per wall second ([ and ])"));
  for (double r : kRates) mRateBox->addItem(QStringLiteral("%1x").arg(r), r);
  mRateBox->setCurrentIndex(3);  // 1x
  connect(mRateBox, &QComboBox::currentIndexChanged, this,
          [this](int i) { mSession->setTimeRate(mRateBox->itemData(i).toDouble()); });
  bar->addWidget(mRateBox);
  bar->addSeparator();
  mTaskBox = new QComboBox(bar);
  mTaskBox->setObjectName(QStringLiteral("layoutBox"));
  mTaskBox->setToolTip(tr("Layout: the docks a task needs (View > Layout, Ctrl+1 to Ctrl+5)"));
  for (const auto& [task, name] : valuesOf<TaskLayout>())
    mTaskBox->addItem(tr(taskLayoutTitle(task)), static_cast<int>(task));
  connect(mTaskBox, &QComboBox::currentIndexChanged, this,
          [this](int i) { showTask(static_cast<TaskLayout>(mTaskBox->itemData(i).toInt())); });
  bar->addWidget(mTaskBox);
  bar->addSeparator();
  bar->addActions(actions({A::kFit, A::kExportAll}));

  // The timeline: every held record of the history, the record shown at the handle.
  QToolBar* timeBar = new QToolBar(tr("Timeline"), this);
  timeBar->setObjectName(QStringLiteral("timelineToolBar"));
  addToolBar(Qt::BottomToolBarArea, timeBar);
  mTimeline = new QSlider(Qt::Horizontal, timeBar);
  mTimeline->setObjectName(QStringLiteral("timeline"));
  mTimeline->setToolTip(tr("Scrub back to any recorded step; every panel shows that step"));
  mTimelineLabel = new QLabel(timeBar);
  mTimelineLabel->setMinimumWidth(220);
  mTimelineLabel->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  timeBar->addWidget(new QLabel(tr(" History "), timeBar));
  timeBar->addWidget(mTimeline);
  timeBar->addWidget(mTimelineLabel);
  // Find the step worth looking at, over the whole history.
  auto* finder = new widgets::StepFinder(mSession, timeBar);
  timeBar->addWidget(finder);
  sim->addSeparator();
  sim->addAction(finder->previousAction());
  sim->addAction(finder->nextAction());
  sim->addAction(action(A::kCheckDeterminism));
  connect(mTimeline, &QSlider::valueChanged, this, [this](int v) {
    if (v != mSession->currentIndex()) mSession->showStep(v);
  });

  view->addSeparator();
  view->addAction(bar->toggleViewAction());
  view->addAction(timeBar->toggleViewAction());
}

void MainWindow::placeDocks() {
  // Left: what to run. Right: the solve (matrix over vectors over pivots). Bottom: time
  // (waypoints beside the time series).
  mControlsDock = new widgets::ControlsDock(mSession, this);
  mMatrixDock = new widgets::MatrixDock(mSession, this);
  mVectorsDock = new widgets::VectorsDock(mSession, this);
  mSolverStepsDock = new widgets::SolverStepsDock(mSession, this);
  mWaypointsDock = new widgets::WaypointsDock(mSession, this);
  mTimeSeriesDock = new widgets::TimeSeriesDock(mSession, this);
  mComparisonDock = new widgets::SolverComparisonDock(mSession, this);
  mTimeStepDock = new widgets::TimeStepDock(mSession, this);
  mRunComparisonDock = new widgets::RunComparisonDock(mSession, this);
  mInspectorDock = new widgets::InspectorDock(mSession, this);
  addDockWidget(Qt::LeftDockWidgetArea, mControlsDock);
  // The body clicked in the scene: a tab behind the controls, raised by the click.
  addDockWidget(Qt::LeftDockWidgetArea, mInspectorDock);
  tabifyDockWidget(mControlsDock, mInspectorDock);
  mControlsDock->raise();
  addDockWidget(Qt::RightDockWidgetArea, mMatrixDock);
  addDockWidget(Qt::RightDockWidgetArea, mVectorsDock);
  addDockWidget(Qt::RightDockWidgetArea, mSolverStepsDock);
  addDockWidget(Qt::BottomDockWidgetArea, mWaypointsDock);
  addDockWidget(Qt::BottomDockWidgetArea, mTimeSeriesDock);
  splitDockWidget(mWaypointsDock, mTimeSeriesDock, Qt::Horizontal);
  // Comparing solvers is asked for, not watched: the dock starts as a tab behind the
  // solver steps.
  addDockWidget(Qt::RightDockWidgetArea, mComparisonDock);
  tabifyDockWidget(mSolverStepsDock, mComparisonDock);
  // The time steppers' iterations: a tab beside them, raised when the scene uses one.
  addDockWidget(Qt::RightDockWidgetArea, mTimeStepDock);
  tabifyDockWidget(mComparisonDock, mTimeStepDock);
  // Two ways of running the scene: a tab behind the time series.
  addDockWidget(Qt::BottomDockWidgetArea, mRunComparisonDock);
  tabifyDockWidget(mTimeSeriesDock, mRunComparisonDock);
  mTimeSeriesDock->raise();
  mSolverStepsDock->raise();
  // The solve's docks take their bodies' width (the pivot table's columns); on a short
  // screen the right column shares its height about equally, each dock scrolling its body.
  resizeDocks({mControlsDock, mMatrixDock}, {250, 560}, Qt::Horizontal);
  resizeDocks({mWaypointsDock}, {210}, Qt::Vertical);
  resizeDocks({mWaypointsDock, mTimeSeriesDock}, {520, 700}, Qt::Horizontal);
  resizeDocks({mMatrixDock, mVectorsDock, mSolverStepsDock}, {260, 230, 240}, Qt::Vertical);

  QMenu* view = menuBar()->findChild<QMenu*>(QStringLiteral("viewMenu"));
  if (!view) return;
  view->addSeparator();
  for (QDockWidget* dock : std::initializer_list<QDockWidget*>{
           mControlsDock, mInspectorDock, mMatrixDock, mVectorsDock, mSolverStepsDock,
           mComparisonDock, mTimeStepDock, mWaypointsDock, mTimeSeriesDock, mRunComparisonDock})
    view->addAction(dock->toggleViewAction());
  // Task layouts (task_layout.h): the menu's entries, Ctrl+1 to Ctrl+5, and the toolbar's box.
  view->addSeparator();
  QMenu* layouts = view->addMenu(tr("&Layout"));
  layouts->setObjectName(QStringLiteral("layoutMenu"));
  auto* group = new QActionGroup(this);
  int key = Qt::Key_1;
  for (const auto& [task, name] : valuesOf<TaskLayout>()) {
    QAction* a = layouts->addAction(tr(taskLayoutTitle(task)));
    a->setObjectName(QStringLiteral("layout_%1").arg(QString::fromLatin1(name)));
    a->setToolTip(tr(taskLayoutTip(task)));
    a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(key++)));
    a->setCheckable(true);
    group->addAction(a);
    connect(a, &QAction::triggered, this, [this, task = task] { showTask(task); });
    mTaskActions[task] = a;
  }
  layouts->addSeparator();
  layouts->addAction(action(A::kResetLayout));
  view->addAction(action(A::kResetLayout));
  for (QDockWidget* dock : findChildren<QDockWidget*>())
    openFloatedAtUsefulSize(dock, QSize(720, 520));
  updateTaskControls();
}

TaskDocks MainWindow::taskDocks() const {
  return {mControlsDock,   mInspectorDock, mMatrixDock,    mVectorsDock,    mSolverStepsDock,
          mComparisonDock, mTimeStepDock,  mWaypointsDock, mTimeSeriesDock, mRunComparisonDock};
}

void MainWindow::showTask(TaskLayout task) {
  if (task == mTask) {
    updateTaskControls();
    return;
  }
  mTaskStates[mTask] = saveState(kLayoutVersion);
  mTask = task;
  setTaskCorners(*this, task);
  const auto saved = mTaskStates.find(task);
  if (saved == mTaskStates.end() || !restoreState(saved->second, kLayoutVersion))
    applyTaskDefault();
  updateTaskControls();
}

void MainWindow::applyTaskDefault() {
  if (mTask != TaskLayout::kEverything) {
    arrangeTask(*this, taskDocks(), mTask);
    return;
  }
  setTaskCorners(*this, mTask);
  restoreState(mDefaultLayout, kLayoutVersion);
  for (QDockWidget* dock : findChildren<QDockWidget*>()) {
    dock->setFloating(false);
    dock->show();
  }
}

void MainWindow::updateTaskControls() {
  if (const auto a = mTaskActions.find(mTask); a != mTaskActions.end()) a->second->setChecked(true);
  if (mTaskBox) {
    const QSignalBlocker block(mTaskBox);
    mTaskBox->setCurrentIndex(mTaskBox->findData(static_cast<int>(mTask)));
  }
}

void MainWindow::createStatusBar() {
  const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  mReadout = new QLabel(this);
  mReadout->setObjectName(QStringLiteral("readout"));
  mReadout->setFont(mono);
  mReadout->setContentsMargins(4, 0, 8, 0);
  mReadout->setToolTip(
      tr("The step shown: its contacts (the last evaluate's), the collisions CollisionAdvance "
         "handled and its back-ups in time; then the same two counted over the run up to it"));
  mMemory = new QLabel(this);
  mMemory->setObjectName(QStringLiteral("memoryReadout"));
  mMemory->setFont(mono);
  mMemory->setToolTip(tr("Memory held by the history against its budget (Controls dock)"));
  // The readout is a normal widget: a status message (a tool's tip, "Saved ...") takes its
  // place while shown, whole, instead of squeezing into what the readout leaves (at 1280
  // wide, "Run the si..."). The memory stays in view at the right.
  statusBar()->addWidget(mReadout, 1);
  statusBar()->addPermanentWidget(mMemory);
  connect(statusBar(), &QStatusBar::messageChanged, this, [this](const QString& shown) {
    if (shown.isEmpty()) statusBar()->setToolTip({});
  });
  // The frame rate is counted over whole seconds of running.
  auto* rateTimer = new QTimer(this);
  rateTimer->setInterval(1000);
  connect(rateTimer, &QTimer::timeout, this, [this] {
    const double seconds = mFrameClock.isValid() ? mFrameClock.restart() / 1000.0 : 0.0;
    mFrameRate = seconds > 0 ? mFrames / seconds : 0.0;
    mFrames = 0;
    updateReadout();
  });
  mFrameClock.start();
  rateTimer->start();
}

// ---- Files

void MainWindow::openScene() {
  const QString start = mSession->scenePath().isEmpty()
                            ? widgets::scenesDirectory()
                            : QFileInfo(mSession->scenePath()).absolutePath();
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Scene"), start,
                                                    tr("Scenes (*.json);;All files (*)"));
  if (!path.isEmpty()) openFile(path);
}

bool MainWindow::openFile(const QString& path) {
  // A recording is known by its magic number as well as by its name: opened as a scene it
  // would read as malformed JSON.
  const bool recording = QFileInfo(path).suffix() == QLatin1String(kRecordingSuffix) ||
                         isRecordingFile(path.toStdString());
  return recording ? mSession->openRecording(path) : mSession->loadScene(path);
}

void MainWindow::openRecording() {
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open Recording"),
      mSession->recordingPath().isEmpty() ? outputDir()
                                          : QFileInfo(mSession->recordingPath()).absolutePath(),
      tr("ContactLab recordings (*.%1);;All files (*)").arg(kRecordingSuffix));
  if (!path.isEmpty()) mSession->openRecording(path);
}

void MainWindow::openState() {
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open State"),
      mSession->statePath().isEmpty() ? outputDir()
                                      : QFileInfo(mSession->statePath()).absolutePath(),
      tr("ContactLab states (*.json);;All files (*)"));
  if (!path.isEmpty()) mSession->openState(path);
}

void MainWindow::openLcpProblem() {
  // The dock asks for the file, as its own button does: one dialog, wherever it is opened.
  mComparisonDock->show();
  mComparisonDock->raise();
  mComparisonDock->openLcpFileDialog();
}

void MainWindow::saveRecordingAs() {
  if (!mSession->hasScene()) return;
  // Named after the scene (or the recording it came from) and the last step held.
  const QFileInfo origin(mSession->recordingPath().isEmpty() ? mSession->scenePath()
                                                             : mSession->recordingPath());
  const QString base =
      origin.completeBaseName().isEmpty() ? QStringLiteral("run") : origin.completeBaseName();
  const QString name = QStringLiteral("%1-step%2.%3")
                           .arg(base)
                           .arg(mSession->history().back().step)
                           .arg(QLatin1String(kRecordingSuffix));
  const QString path =
      QFileDialog::getSaveFileName(this, tr("Save Recording As"), outputPath(name),
                                   tr("ContactLab recordings (*.%1)").arg(kRecordingSuffix));
  if (path.isEmpty()) return;
  rememberOutputDir(path);
  setCursor(Qt::WaitCursor);
  const bool saved = mSession->saveRecording(path);
  unsetCursor();
  if (saved)
    showStatus(tr("Saved steps %1 to %2 to %3")
                   .arg(mSession->history().at(0).step)
                   .arg(mSession->history().back().step)
                   .arg(path),
               5000);
}

bool MainWindow::confirmDiscardHistory(const QString& what) {
  if (!mOptions.errorDialogs) return true;  // tests: no modal questions
  QMessageBox box(QMessageBox::Question, tr("Discard the run?"), what,
                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
  box.setObjectName(QStringLiteral("discardRunBox"));
  box.setInformativeText(tr("Save them as a recording first, to reopen and inspect later?"));
  box.button(QMessageBox::Save)->setText(tr("Save Recording..."));
  box.setDefaultButton(QMessageBox::Save);
  switch (box.exec()) {
    case QMessageBox::Save:
      saveRecordingAs();
      return !mSession->hasUnsavedSteps();  // saved: go on; the dialog cancelled: stay
    case QMessageBox::Discard:
      return true;
    default:
      return false;
  }
}

void MainWindow::openRecent(const QString& path) {
  if (!QFileInfo::exists(path)) {
    showError(tr("%1 no longer exists.").arg(path));
    QSettings settings(kSettingsOrg, kSettingsApp);
    QStringList list = settings.value("recentFiles").toStringList();
    list.removeAll(path);
    settings.setValue("recentFiles", list);
    updateRecentMenu();
    return;
  }
  openFile(path);
}

QStringList MainWindow::recentFiles() const {
  return QSettings(kSettingsOrg, kSettingsApp).value("recentFiles").toStringList();
}

void MainWindow::addRecent(const QString& path) {
  if (!mOptions.persistLayout) return;  // tests and screenshots leave settings alone
  QSettings settings(kSettingsOrg, kSettingsApp);
  QStringList list = settings.value("recentFiles").toStringList();
  list.removeAll(path);
  list.prepend(path);
  while (list.size() > kMaxRecent) list.removeLast();
  settings.setValue("recentFiles", list);
  updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
  mRecentMenu->clear();
  const QStringList list = mOptions.persistLayout ? recentFiles() : QStringList{};
  for (const QString& path : list)
    mRecentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openRecent(path); })
        ->setToolTip(path);
  mRecentMenu->setEnabled(!list.isEmpty());
}

void MainWindow::saveSceneAs() {
  if (!mSession->hasScene()) return;
  // A scene of the example folder is saved elsewhere by default (the folder may be the source
  // checkout); a scene of the user's own stays where it is.
  const QFileInfo scene(mSession->scenePath());
  const bool example =
      scene.absolutePath() == QFileInfo(widgets::scenesDirectory()).absoluteFilePath();
  const QString start =
      example || mSession->scenePath().isEmpty()
          ? outputPath(scene.fileName().isEmpty() ? QStringLiteral("scene.json") : scene.fileName())
          : mSession->scenePath();
  const QString path =
      QFileDialog::getSaveFileName(this, tr("Save Scene As"), start, tr("Scenes (*.json)"));
  if (!path.isEmpty()) rememberOutputDir(path);
  if (!path.isEmpty() && mSession->saveScene(path)) showStatus(tr("Saved %1").arg(path), 5000);
}

void MainWindow::exportTable(const QString& title, const QString& defaultName,
                             const std::function<void(std::ostream&)>& write) {
  const QString path =
      QFileDialog::getSaveFileName(this, title, outputPath(defaultName), tr("CSV (*.csv)"));
  if (path.isEmpty()) return;
  rememberOutputDir(path);
  try {
    widgets::writeCsvFile(path, write);
    showStatus(tr("Wrote %1").arg(path), 5000);
  } catch (const std::exception& e) {
    showError(tr("Could not write %1: %2").arg(path, QString::fromStdString(e.what())));
  }
}

QString MainWindow::outputDir() const {
  // Where the user last wrote something, else their documents (never the working directory:
  // started from a checkout, that is the source tree).
  QString dir;
  if (mOptions.persistLayout)
    dir = QSettings(kSettingsOrg, kSettingsApp).value("outputDir").toString();
  if (dir.isEmpty() || !QFileInfo(dir).isDir()) dir = mOutputDir;
  if (dir.isEmpty() || !QFileInfo(dir).isDir())
    dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  if (dir.isEmpty() || !QFileInfo(dir).isDir()) dir = QDir::homePath();
  return dir;
}

QString MainWindow::outputPath(const QString& name) const {
  return QDir(outputDir()).filePath(name);
}

void MainWindow::rememberOutputDir(const QString& path) {
  mOutputDir = QFileInfo(path).absolutePath();
  if (mOptions.persistLayout)
    QSettings(kSettingsOrg, kSettingsApp).setValue("outputDir", mOutputDir);
}

void MainWindow::exportAll() {
  if (!mSession->hasScene()) return;
  widgets::ExportRangeDialog range(mSession->history(), mSession->currentIndex(), this);
  if (range.exec() != QDialog::Accepted) return;
  const QString dir =
      QFileDialog::getSaveFileName(this, tr("Export All Into Folder"),
                                   outputPath(QStringLiteral("contactlab-export")), tr("Folder"));
  if (dir.isEmpty()) return;
  rememberOutputDir(dir);
  exportAllTo(dir, range.first(), range.last());
}

bool MainWindow::exportAllTo(const QString& dir, int first, int last) {
  setCursor(Qt::WaitCursor);
  QProgressDialog progress(tr("Exporting..."), tr("Cancel"), 0, 100, this);
  progress.setWindowModality(Qt::WindowModal);
  progress.setMinimumDuration(500);  // short exports show no dialog
  const QImage picture = static_cast<QWidget*>(mSceneView)->grab().toImage();
  const QString error = widgets::exportAll(
      *mSession, dir, picture,
      [&progress](int done, int total) {
        progress.setMaximum(total);
        progress.setValue(done);
        QApplication::processEvents();
        return !progress.wasCanceled();
      },
      first, last);
  unsetCursor();
  if (error.isEmpty()) {
    showStatus(tr("Exported into %1").arg(dir), 8000);
    return true;
  }
  if (error == QStringLiteral("cancelled"))
    showStatus(tr("Export cancelled; nothing was written"), 8000);
  else
    showError(tr("Export into %1 failed, nothing was written: %2").arg(dir, error));
  return false;
}

void MainWindow::saveScreenshot() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Save Screenshot"), outputPath(QStringLiteral("contactlab.png")), tr("PNG (*.png)"));
  if (path.isEmpty()) return;
  rememberOutputDir(path);
  if (grab().save(path, "PNG"))
    showStatus(tr("Wrote %1").arg(path), 5000);
  else
    showError(tr("Could not write %1").arg(path));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.size() == 1 && urls.front().isLocalFile()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.size() != 1 || !urls.front().isLocalFile()) return;
  event->acceptProposedAction();
  openFile(urls.front().toLocalFile());
}

// ---- Layout

void MainWindow::saveLayout() const {
  QSettings settings(kSettingsOrg, kSettingsApp);
  settings.setValue("geometry", saveGeometry());
  settings.setValue("windowState", saveState(kLayoutVersion));
  settings.setValue("task", QString::fromLatin1(nameOf(mTask)));
  settings.remove("taskStates");
  for (const auto& [task, state] : mTaskStates)
    if (task != mTask)
      settings.setValue(QStringLiteral("taskStates/%1").arg(QString::fromLatin1(nameOf(task))),
                        state);
}

bool MainWindow::restoreLayout() {
  QSettings settings(kSettingsOrg, kSettingsApp);
  // The task first: its corners are not part of the saved state.
  if (const auto task = fromName<TaskLayout>(settings.value("task").toString().toStdString()))
    mTask = *task;
  setTaskCorners(*this, mTask);
  const bool geometry = restoreGeometry(settings.value("geometry").toByteArray());
  const bool state = restoreState(settings.value("windowState").toByteArray(), kLayoutVersion);
  mLayoutRestored = geometry && state;
  mTaskStates.clear();
  for (const auto& [task, name] : valuesOf<TaskLayout>()) {
    const QVariant v =
        settings.value(QStringLiteral("taskStates/%1").arg(QString::fromLatin1(name)));
    if (task != mTask && v.isValid()) mTaskStates[task] = v.toByteArray();
  }
  updateTaskControls();
  return mLayoutRestored;
}

bool MainWindow::layoutUsable() const {
  // Room for content: a plot with its axes, a table's header and a few rows.
  constexpr QSize kWindow(640, 400), kScene(160, 120), kDock(60, 40);
  if (width() < kWindow.width() || height() < kWindow.height()) return false;
  if (mSceneView->width() < kScene.width() || mSceneView->height() < kScene.height()) return false;
  const auto docks = findChildren<QDockWidget*>();
  return std::none_of(docks.begin(), docks.end(), [&](const QDockWidget* dock) {
    return dock->isVisible() && !dock->isFloating() &&
           (dock->width() < kDock.width() || dock->height() < kDock.height());
  });
}

void MainWindow::resetLayout() {
  resize(kDefaultSize);
  fitToScreen();
  mTaskStates.erase(mTask);
  applyTaskDefault();
}

void MainWindow::fitToScreen() {
  // The window (with its frame, about kFrameAllowance) inside the screen's available area:
  // a 1440 x 900 window on a 1000-pixel screen left its status bar and timeline below it.
  constexpr int kFrameAllowance = 40;
  const QScreen* screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
  if (!screen) return;
  const QRect available = screen->availableGeometry();
  const QSize fitted(std::min(width(), available.width()),
                     std::min(height(), available.height() - kFrameAllowance));
  if (fitted != size()) resize(fitted);
  if (isVisible() && !available.contains(frameGeometry()))
    move(
        std::clamp(x(), available.left(), std::max(available.left(), available.right() - width())),
        std::clamp(y(), available.top(), std::max(available.top(), available.bottom() - height())));
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (mShownOnce) return;
  mShownOnce = true;
  // Docks left floating by the last session come back in front of the window, not behind.
  QTimer::singleShot(0, this, [this] {
    // A layout saved squashed (the window at its minimum) would come back squashed at every
    // launch: the default one replaces it.
    if (mLayoutRestored && !layoutUsable()) {
      resetLayout();
      showStatus(tr("The saved layout left no room for the docks: the default layout is back"),
                 10000);
    }
    for (QDockWidget* dock : findChildren<QDockWidget*>())
      if (dock->isFloating() && dock->isVisible()) dock->raise();
    // A message from before the window was shown (a notice of the file opened from the
    // command line) was drawn over the readout, which the bar had not hidden: shown again.
    if (const QString early = statusBar()->currentMessage(); !early.isEmpty()) {
      statusBar()->clearMessage();
      showStatus(early, 20000);
    }
  });
}

// ---- Status

void MainWindow::showStatus(const QString& message, int timeoutMs) {
  // A message wider than the bar's room (a poor step's reasons at 1280 wide) is cut with an
  // ellipsis, the whole of it the bar's tooltip while it is shown: cut silently, its end
  // was lost.
  // Before the window is shown (a notice of a file opened from the command line) the bar
  // has no width yet: the message is kept whole.
  const QString text = message.simplified();
  const int room =
      statusBar()->width() - mMemory->width() - 3 * statusBar()->fontMetrics().height();
  const QString shown =
      isVisible() ? statusBar()->fontMetrics().elidedText(text, Qt::ElideRight, room) : text;
  statusBar()->setToolTip(shown == text ? QString() : text);
  statusBar()->showMessage(shown, timeoutMs);
}

void MainWindow::showError(const QString& message) {
  mLastError = message;
  std::fprintf(stderr, "contactlab: %s\n", qPrintable(message));
  showStatus(message, 15000);
  if (!mOptions.errorDialogs) return;
  // Window-modal and not exec(): no nested event loop, the run stays stopped
  // and the screenshot path is never blocked by it.
  widgets::makeErrorBox(tr("ContactLab"), message, this)->open();
}

QString MainWindow::readout() const {
  return mReadout->text();
}

QString MainWindow::memoryReadout() const {
  return mMemory->text();
}

void MainWindow::updateReadout() {
  const RunHistory& h = mSession->history();
  mMemory->setText(tr("history %1, %2 / %3 MB")
                       .arg(widgets::countText(h.size(), tr("record")))
                       .arg(megabytes(h.bytes()))
                       .arg(megabytes(h.budget())));
  const StepRecord* r = mSession->current();
  if (!mSession->hasScene() || !r) {
    mReadout->setText(tr("no scene"));
    return;
  }
  const auto& snap = mSession->snapshot();
  // The step shown's own counts (StepStats, as the time series and time_series.csv), then the
  // run's totals to it (CollisionCounters, as the waypoints dock's grid), each labelled.
  mReadout->setText(tr("t = %1 s  step %2  dt %3 | this step: %4, %5, %6 | run: %7, %8 | %9 fps")
                        .arg(snap.time, 0, 'f', 3)
                        .arg(snap.steps)
                        .arg(mSession->timeStep())
                        .arg(widgets::countText(r->stats.contacts, tr("contact")),
                             widgets::countText(r->stats.collisions, tr("collision")),
                             widgets::countText(r->stats.backups, tr("back-up")),
                             widgets::countText(r->state.counters.collisions, tr("collision")),
                             widgets::countText(r->state.counters.backups, tr("back-up")))
                        .arg(mFrameRate, 0, 'f', 0));
}

void MainWindow::updateTimeline() {
  const RunHistory& h = mSession->history();
  const QSignalBlocker block(mTimeline);
  mTimeline->setEnabled(h.size() > 1);
  mTimeline->setRange(0, std::max(0, h.size() - 1));
  mTimeline->setValue(std::max(0, mSession->currentIndex()));
  const StepRecord* r = mSession->current();
  mTimelineLabel->setText(r ? tr(" step %1 of %2%3")
                                  .arg(r->step)
                                  .arg(h.empty() ? 0 : h.back().step)
                                  .arg(mSession->atLatest() ? QString() : tr("  (past)"))
                            : QString());
}

void MainWindow::updateTitle() {
  QString title = QStringLiteral("ContactLab");
  if (mSession->hasScene()) {
    const QString name = mSession->title().isEmpty() ? QFileInfo(mSession->scenePath()).fileName()
                                                     : mSession->title();
    if (!mSession->recordingPath().isEmpty())
      title = tr("%1 (recording %2) \u2014 ContactLab")
                  .arg(name, QFileInfo(mSession->recordingPath()).fileName());
    else if (!mSession->statePath().isEmpty())
      title = tr("%1 (from state %2) \u2014 ContactLab")
                  .arg(name, QFileInfo(mSession->statePath()).fileName());
    else
      title = tr("%1 \u2014 ContactLab").arg(name);
  }
  setWindowTitle(title);
  const bool has = mSession->hasScene();
  for (QAction* a :
       actions({A::kRun, A::kStep, A::kStepWaypoint, A::kStepPivot, A::kRestart, A::kReload,
                A::kSave, A::kSaveRecording, A::kExportAll, A::kOpenState}))
    a->setEnabled(has);
  action(A::kReload)->setEnabled(has && !mSession->scenePath().isEmpty());
}

void MainWindow::updateRunAction(bool running) {
  action(A::kRun)->setChecked(running);
  action(A::kRun)->setText(running ? tr("&Pause") : tr("&Run"));
  action(A::kRun)->setIcon(
      style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  if (running) {
    mFrames = 0;
    mFrameClock.restart();
  }
}

void MainWindow::closeEvent(QCloseEvent* event) {
  mSession->setRunning(false);
  // Unsaved steps are asked about (Save Recording / Discard / Cancel), paused first.
  if (mSession->hasScene() && mSession->hasUnsavedSteps()) {
    QString what = tr("Quitting discards this run's %1, which are not saved.")
                       .arg(widgets::countText(mSession->history().size() - 1, tr("step")));
    if (mSession->setAsideSteps() > 0)
      what += tr(" The %1 set aside at step %2 go with them.")
                  .arg(widgets::countText(mSession->setAsideSteps(), tr("step")))
                  .arg(mSession->setAsideFrom());
    if (!confirmDiscardHistory(what)) {
      event->ignore();
      return;
    }
  }
  if (mOptions.persistLayout) saveLayout();
  QMainWindow::closeEvent(event);
}

}  // namespace cl::workbench
