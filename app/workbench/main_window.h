#pragma once
// MainWindow: the workbench's frame. It places the docks around the scene view in one
// function, wires the actions (run, step, step a waypoint, step a pivot, restart, time
// rate, open, reload, save, export, screenshot) to the Session, keeps the timeline, the
// status bar, recent files and the layout between runs, and shows errors; it does no
// physics and no drawing of its own.
#include <QElapsedTimer>
#include <QList>
#include <QMainWindow>
#include <QString>
#include <functional>
#include <initializer_list>
#include <iosfwd>
#include <map>

#include "app/workbench/task_layout.h"
#include "app/workbench/workbench_actions.h"

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QSlider;

namespace cl::widgets {
class ControlsDock;
class DeterminismDialog;
class InspectorDock;
class MatrixDock;
class SceneView;
class Session;
class SolverStepsDock;
class SolverComparisonDock;
class TimeStepDock;
class RunComparisonDock;
class TimeSeriesDock;
class VectorsDock;
class WaypointsDock;
}  // namespace cl::widgets

namespace cl::workbench {

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  struct Options {
    bool persistLayout = true;  // restore and save the dock layout (QSettings)
    bool errorDialogs = true;   // errors pop up a message box; questions are asked
  };

  explicit MainWindow(Options options, QWidget* parent = nullptr);
  MainWindow() : MainWindow(Options{}) {}
  ~MainWindow() override;

  widgets::Session* session() const { return mSession; }
  widgets::SceneView* sceneView() const { return mSceneView; }
  widgets::MatrixDock* matrixDock() const { return mMatrixDock; }
  widgets::VectorsDock* vectorsDock() const { return mVectorsDock; }
  widgets::SolverStepsDock* solverStepsDock() const { return mSolverStepsDock; }
  widgets::WaypointsDock* waypointsDock() const { return mWaypointsDock; }
  widgets::TimeSeriesDock* timeSeriesDock() const { return mTimeSeriesDock; }
  widgets::SolverComparisonDock* comparisonDock() const { return mComparisonDock; }
  widgets::TimeStepDock* timeStepDock() const { return mTimeStepDock; }
  widgets::ControlsDock* controlsDock() const { return mControlsDock; }
  widgets::InspectorDock* inspectorDock() const { return mInspectorDock; }
  QSlider* timeline() const { return mTimeline; }
  // The last error shown (scene or simulation), empty if none.
  const QString& lastError() const { return mLastError; }
  // The readouts of the status bar.
  QString readout() const;
  QString memoryReadout() const;
  // Recently opened scene files and recordings, newest first.
  QStringList recentFiles() const;
  // Opens a scene or, by its suffix .clrun, a recording (recent files, a drop, the command
  // line); false when it was not opened (the error shown, or the user kept the run).
  bool openFile(const QString& path);

  // Writes every table, the scene and a picture of the scene view into folder `dir`
  // (run_export.h), with a progress dialog that can cancel; false with the error shown.
  bool exportAllTo(const QString& dir, int first = 0, int last = -1);
  // Saves and restores the dock layout and window geometry through QSettings.
  void saveLayout() const;
  bool restoreLayout();
  // The current task's default layout at the default size (fitted to the screen).
  void resetLayout();
  // The task layout shown (task_layout.h) and switching to another: the layout the current
  // one was left in is kept for coming back; a task not shown before gets its default.
  TaskLayout task() const { return mTask; }
  void showTask(TaskLayout task);
  // Whether the window shows its scene and every dock docked in it with room for their content
  // (a layout saved with the window shrunk to its minimum does not). A restored layout that is
  // not is replaced by the default one when the window is first shown.
  bool layoutUsable() const;
  // Shrinks and moves the window into the screen's available area, frame included.
  void fitToScreen();

 protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  QAction* action(WorkbenchAction id) const { return mActions[static_cast<std::size_t>(id)]; }
  QList<QAction*> actions(std::initializer_list<WorkbenchAction> ids) const;
  void createActions();
  // The time rate box one entry slower (-1) or faster (+1).
  void stepTimeRate(int by);
  void createMenusAndToolBars();
  void placeDocks();
  void createStatusBar();
  void openScene();
  void openRecent(const QString& path);
  void addRecent(const QString& path);
  void updateRecentMenu();
  void saveSceneAs();
  // File > Open Recording / Save Recording As (engine/run/run_recording.h).
  void openRecording();
  // Asks for a state file and runs the scene on from it (Session::openState).
  void openState();
  void saveRecordingAs();
  // File > Open LCP Problem: the Solver comparison dock, brought forward, asks for the file.
  void openLcpProblem();
  // Asks before a load or quitting drops unsaved steps (`what` says which and how many),
  // offering to save them as a recording first: Save Recording / Discard / Cancel. True to
  // go on (saved or discarded).
  bool confirmDiscardHistory(const QString& what);
  TaskDocks taskDocks() const;
  // File dialogs that write start where the user last wrote (remembered across launches),
  // else in their documents folder: outputPath(name) is `name` there.
  QString outputDir() const;
  QString outputPath(const QString& name) const;
  void rememberOutputDir(const QString& path);
  // The current task's own default layout; the layout box and menu follow mTask.
  void applyTaskDefault();
  void updateTaskControls();
  void exportTable(const QString& title, const QString& defaultName,
                   const std::function<void(std::ostream&)>& write);
  void exportAll();
  void saveScreenshot();
  // Shows `message` in the status bar for `timeoutMs` (0: until replaced), cut with an
  // ellipsis where it does not fit, whole in the bar's tooltip.
  void showStatus(const QString& message, int timeoutMs);
  void showError(const QString& message);
  void updateReadout();
  void updateTimeline();
  void updateTitle();
  void updateRunAction(bool running);

  Options mOptions;
  widgets::Session* mSession = nullptr;
  widgets::SceneView* mSceneView = nullptr;
  widgets::MatrixDock* mMatrixDock = nullptr;
  widgets::VectorsDock* mVectorsDock = nullptr;
  widgets::SolverStepsDock* mSolverStepsDock = nullptr;
  widgets::WaypointsDock* mWaypointsDock = nullptr;
  widgets::TimeSeriesDock* mTimeSeriesDock = nullptr;
  widgets::SolverComparisonDock* mComparisonDock = nullptr;
  widgets::TimeStepDock* mTimeStepDock = nullptr;
  widgets::RunComparisonDock* mRunComparisonDock = nullptr;
  widgets::InspectorDock* mInspectorDock = nullptr;
  bool mShownOnce = false;
  bool mLayoutRestored = false;
  QString mOutputDir;  // where the user last wrote, this session
  TaskLayout mTask = TaskLayout::kEverything;
  std::map<TaskLayout, QByteArray> mTaskStates;  // each task's layout as it was left
  QComboBox* mTaskBox = nullptr;
  std::map<TaskLayout, QAction*>
      mTaskActions;  // restoreLayout() succeeded: checked at the first show
  widgets::ControlsDock* mControlsDock = nullptr;
  QByteArray mDefaultLayout;  // saveState() right after placeDocks, for "reset layout"

  QLabel* mReadout = nullptr;  // time, step, contacts, collisions, back-ups, frame rate
  QLabel* mMemory = nullptr;   // history memory against its budget
  QSlider* mTimeline = nullptr;
  QLabel* mTimelineLabel = nullptr;
  QComboBox* mRateBox = nullptr;
  QMenu* mRecentMenu = nullptr;
  QString mLastError;
  QElapsedTimer mFrameClock;  // frame rate: records shown per wall second while running
  int mFrames = 0;
  double mFrameRate = 0.0;

  WorkbenchActions mActions{};
  widgets::DeterminismDialog* mDeterminism = nullptr;  // made on first use
};

}  // namespace cl::workbench
