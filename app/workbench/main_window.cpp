#include "app/workbench/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <cstdio>

#include "widgets/controls_dock.h"
#include "widgets/energy_dock.h"
#include "widgets/matrix_dock.h"
#include "widgets/solver_steps_dock.h"
#include "widgets/time_series_dock.h"
#include "widgets/vectors_dock.h"
#include "widgets/waypoints_dock.h"
#include "widgets/scene_paths.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"

namespace cl::workbench {

namespace {
// Bump when the set of docks changes so an old saved layout is ignored.
constexpr int kLayoutVersion = 2;
const char* const kSettingsOrg = "ContactLab";
const char* const kSettingsApp = "workbench";
}  // namespace

MainWindow::MainWindow(Options options, QWidget* parent) : QMainWindow(parent), mOptions(options) {
  setObjectName(QStringLiteral("mainWindow"));
  mSession = new widgets::Session(this);
  mSceneView = new widgets::SceneView(mSession, this);
  setCentralWidget(mSceneView);

  createActions();
  createMenusAndToolBar();
  placeDocks();

  mReadout = new QLabel(this);
  QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  mReadout->setFont(mono);
  mReadout->setContentsMargins(16, 0, 8, 0);  // keep clear of a long status message
  statusBar()->addPermanentWidget(mReadout);

  connect(mSession, &widgets::Session::sceneLoaded, this, [this] {
    updateTitle();
    updateReadout();
  });
  connect(mSession, &widgets::Session::stepped, this, &MainWindow::updateReadout);
  connect(mSession, &widgets::Session::runningChanged, this, &MainWindow::updateRunAction);
  connect(mSession, &widgets::Session::errorOccurred, this, &MainWindow::showError);

  resize(1280, 800);
  if (mOptions.persistLayout) {
    QSettings settings(kSettingsOrg, kSettingsApp);
    restoreGeometry(settings.value("geometry").toByteArray());
    restoreState(settings.value("windowState").toByteArray(), kLayoutVersion);
  }
  updateTitle();
  updateReadout();
  updateRunAction(false);
  mSceneView->setFocus();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
  QStyle* s = style();
  mOpenAction =
      new QAction(s->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open Scene..."), this);
  mOpenAction->setObjectName(QStringLiteral("openAction"));
  mOpenAction->setShortcut(QKeySequence::Open);
  mOpenAction->setStatusTip(tr("Load a scene file (JSON)"));
  connect(mOpenAction, &QAction::triggered, this, &MainWindow::openScene);

  mRunAction = new QAction(this);
  mRunAction->setObjectName(QStringLiteral("runAction"));
  mRunAction->setCheckable(true);
  mRunAction->setShortcut(Qt::Key_Space);
  mRunAction->setStatusTip(tr("Run the simulation in real time, or pause it"));
  connect(mRunAction, &QAction::triggered, this, [this](bool run) {
    mSession->setRunning(run);
    updateRunAction(mSession->isRunning());  // it stays paused without a scene
  });

  mStepAction = new QAction(s->standardIcon(QStyle::SP_MediaSkipForward), tr("&Step"), this);
  mStepAction->setObjectName(QStringLiteral("stepAction"));
  // N for "next": the arrows and S D F E J K L I are kept for thruster keys.
  mStepAction->setShortcut(Qt::Key_N);
  mStepAction->setStatusTip(tr("Pause and advance by one time step"));
  connect(mStepAction, &QAction::triggered, mSession, [this] { mSession->step(1); });

  mRestartAction = new QAction(s->standardIcon(QStyle::SP_BrowserReload), tr("&Restart"), this);
  mRestartAction->setObjectName(QStringLiteral("restartAction"));
  mRestartAction->setShortcut(Qt::CTRL | Qt::Key_R);
  mRestartAction->setStatusTip(tr("Reload the scene file and start again at time 0"));
  connect(mRestartAction, &QAction::triggered, mSession, &widgets::Session::restart);

  mFitAction = new QAction(tr("&Fit View"), this);
  mFitAction->setObjectName(QStringLiteral("fitAction"));
  mFitAction->setShortcuts({Qt::Key_Home, Qt::Key_0});
  mFitAction->setStatusTip(tr("Zoom and pan so every body is in view"));
  connect(mFitAction, &QAction::triggered, mSceneView, &widgets::SceneView::fitToScene);

  mZoomInAction = new QAction(tr("Zoom &In"), this);
  mZoomInAction->setObjectName(QStringLiteral("zoomInAction"));
  mZoomInAction->setShortcuts(QKeySequence::ZoomIn);
  connect(mZoomInAction, &QAction::triggered, mSceneView, [this] { mSceneView->zoomBy(1.25); });
  mZoomOutAction = new QAction(tr("Zoom &Out"), this);
  mZoomOutAction->setObjectName(QStringLiteral("zoomOutAction"));
  mZoomOutAction->setShortcuts(QKeySequence::ZoomOut);
  connect(mZoomOutAction, &QAction::triggered, mSceneView, [this] { mSceneView->zoomBy(0.8); });

  mQuitAction = new QAction(tr("&Quit"), this);
  mQuitAction->setObjectName(QStringLiteral("quitAction"));
  mQuitAction->setShortcut(QKeySequence::Quit);
  connect(mQuitAction, &QAction::triggered, this, &QWidget::close);
}

void MainWindow::createMenusAndToolBar() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(mOpenAction);
  file->addSeparator();
  file->addAction(mQuitAction);

  QMenu* sim = menuBar()->addMenu(tr("&Simulation"));
  sim->addAction(mRunAction);
  sim->addAction(mStepAction);
  sim->addAction(mRestartAction);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->setObjectName(QStringLiteral("viewMenu"));
  view->addAction(mFitAction);
  view->addAction(mZoomInAction);
  view->addAction(mZoomOutAction);
  view->addSeparator();
  view->addAction(mSceneView->showContactForcesAction());

  QToolBar* bar = addToolBar(tr("Simulation"));
  bar->setObjectName(QStringLiteral("simulationToolBar"));
  bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  bar->addAction(mOpenAction);
  bar->addSeparator();
  bar->addAction(mRunAction);
  bar->addAction(mStepAction);
  bar->addAction(mRestartAction);
  bar->addSeparator();
  bar->addAction(mFitAction);
  view->addAction(bar->toggleViewAction());
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
  mEnergyDock = new widgets::EnergyDock(mSession, this);
  addDockWidget(Qt::LeftDockWidgetArea, mControlsDock);
  addDockWidget(Qt::RightDockWidgetArea, mMatrixDock);
  addDockWidget(Qt::RightDockWidgetArea, mVectorsDock);
  addDockWidget(Qt::RightDockWidgetArea, mSolverStepsDock);
  addDockWidget(Qt::BottomDockWidgetArea, mWaypointsDock);
  addDockWidget(Qt::BottomDockWidgetArea, mTimeSeriesDock);
  addDockWidget(Qt::BottomDockWidgetArea, mEnergyDock);
  splitDockWidget(mWaypointsDock, mTimeSeriesDock, Qt::Horizontal);
  tabifyDockWidget(mTimeSeriesDock, mEnergyDock);
  mTimeSeriesDock->raise();
  resizeDocks({mControlsDock, mMatrixDock}, {260, 460}, Qt::Horizontal);
  resizeDocks({mWaypointsDock}, {220}, Qt::Vertical);

  QMenu* view = menuBar()->findChild<QMenu*>(QStringLiteral("viewMenu"));
  if (!view) return;
  view->addSeparator();
  for (QDockWidget* dock : std::initializer_list<QDockWidget*>{
           mControlsDock, mMatrixDock, mVectorsDock, mSolverStepsDock, mWaypointsDock,
           mTimeSeriesDock, mEnergyDock})
    view->addAction(dock->toggleViewAction());
}

void MainWindow::openScene() {
  const QString start = mSession->scenePath().isEmpty()
                            ? widgets::scenesDirectory()
                            : QFileInfo(mSession->scenePath()).absolutePath();
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Scene"), start,
                                                    tr("Scenes (*.json);;All files (*)"));
  if (!path.isEmpty()) mSession->loadScene(path);
}

void MainWindow::showError(const QString& message) {
  mLastError = message;
  std::fprintf(stderr, "contactlab: %s\n", qPrintable(message));
  statusBar()->showMessage(message.simplified(), 15000);
  if (!mOptions.errorDialogs) return;
  // Window-modal and not exec(): no nested event loop, the run stays stopped
  // and the screenshot path is never blocked by it.
  auto* box =
      new QMessageBox(QMessageBox::Warning, tr("ContactLab"), message, QMessageBox::Ok, this);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->setTextInteractionFlags(Qt::TextSelectableByMouse);
  box->open();
}

QString MainWindow::readout() const {
  return mReadout->text();
}

void MainWindow::updateReadout() {
  if (!mSession->hasScene()) {
    mReadout->setText(tr("no scene"));
    return;
  }
  const auto& snap = mSession->snapshot();
  mReadout->setText(tr("t = %1 s   steps %2   dt = %3 s")
                        .arg(snap.time, 0, 'f', 3)
                        .arg(snap.steps)
                        .arg(mSession->timeStep()));
}

void MainWindow::updateTitle() {
  QString title = QStringLiteral("ContactLab");
  if (mSession->hasScene()) {
    const QString name = mSession->title().isEmpty() ? QFileInfo(mSession->scenePath()).fileName()
                                                     : mSession->title();
    title = tr("%1 \u2014 ContactLab").arg(name);
  }
  setWindowTitle(title);
  mRunAction->setEnabled(mSession->hasScene());
  mStepAction->setEnabled(mSession->hasScene());
  mRestartAction->setEnabled(mSession->hasScene());
}

void MainWindow::updateRunAction(bool running) {
  mRunAction->setChecked(running);
  mRunAction->setText(running ? tr("&Pause") : tr("&Run"));
  mRunAction->setIcon(
      style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

void MainWindow::closeEvent(QCloseEvent* event) {
  mSession->setRunning(false);
  if (mOptions.persistLayout) {
    QSettings settings(kSettingsOrg, kSettingsApp);
    settings.setValue("geometry", saveGeometry());
    settings.setValue("windowState", saveState(kLayoutVersion));
  }
  QMainWindow::closeEvent(event);
}

}  // namespace cl::workbench
