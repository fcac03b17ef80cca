#pragma once
// MainWindow: the workbench's frame. It places the docks around the scene view
// in one function, wires the actions to the Session, shows errors, and keeps
// the layout between runs; it does no physics and no drawing of its own.
#include <QMainWindow>
#include <QString>

class QAction;
class QLabel;

namespace cl::widgets {
class EnergyDock;
class SceneView;
class Session;
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
