#pragma once
// MainWindow: the workbench's frame. It places the docks around the scene view
// in one function, wires the actions to the Session, shows errors, and keeps
// the layout between runs; it does no physics and no drawing of its own.
#include <QMainWindow>
#include <QString>

class QAction;
class QLabel;

namespace cl::widgets {
class ControlsDock;
class EnergyDock;
class MatrixDock;
class SceneView;
class Session;
class SolverStepsDock;
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
    bool errorDialogs = true;   // errors also pop up a message box
  };

  explicit MainWindow(Options options, QWidget* parent = nullptr);
  MainWindow() : MainWindow(Options{}) {}
  ~MainWindow() override;

  widgets::Session* session() const { return mSession; }
  widgets::SceneView* sceneView() const { return mSceneView; }
  widgets::EnergyDock* energyDock() const { return mEnergyDock; }
  widgets::MatrixDock* matrixDock() const { return mMatrixDock; }
  widgets::VectorsDock* vectorsDock() const { return mVectorsDock; }
  widgets::SolverStepsDock* solverStepsDock() const { return mSolverStepsDock; }
  widgets::WaypointsDock* waypointsDock() const { return mWaypointsDock; }
  widgets::TimeSeriesDock* timeSeriesDock() const { return mTimeSeriesDock; }
  widgets::ControlsDock* controlsDock() const { return mControlsDock; }
  // The last error shown (scene or simulation), empty if none.
  const QString& lastError() const { return mLastError; }
  // The time readout of the status bar.
  QString readout() const;

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void createActions();
  void createMenusAndToolBar();
  void placeDocks();
  void openScene();
  void showError(const QString& message);
  void updateReadout();
  void updateTitle();
  void updateRunAction(bool running);

  Options mOptions;
  widgets::Session* mSession = nullptr;
  widgets::SceneView* mSceneView = nullptr;
  widgets::EnergyDock* mEnergyDock = nullptr;
  widgets::MatrixDock* mMatrixDock = nullptr;
  widgets::VectorsDock* mVectorsDock = nullptr;
  widgets::SolverStepsDock* mSolverStepsDock = nullptr;
  widgets::WaypointsDock* mWaypointsDock = nullptr;
  widgets::TimeSeriesDock* mTimeSeriesDock = nullptr;
  widgets::ControlsDock* mControlsDock = nullptr;
  QLabel* mReadout = nullptr;  // time and step count
  QString mLastError;

  QAction* mOpenAction = nullptr;
  QAction* mRunAction = nullptr;
  QAction* mStepAction = nullptr;
  QAction* mRestartAction = nullptr;
  QAction* mFitAction = nullptr;
  QAction* mZoomInAction = nullptr;
  QAction* mZoomOutAction = nullptr;
  QAction* mQuitAction = nullptr;
};

}  // namespace cl::workbench
