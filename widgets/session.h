#pragma once
// Session: the workbench's document. It owns the loaded scene, the thread that
// steps it and the run state, and tells the docks what happened through
// signals; docks read its snapshot and never talk to each other.
//
// Threading: the simulation and its advance strategy live on a worker thread
// (SimWorker). A frame timer on the UI thread asks for as many time steps as
// the wall clock has moved on, at most one request in flight, and the worker
// answers with a SimSnapshot copied out of the simulation.
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <vector>

#include "engine/scene/scene.h"
#include "widgets/sim_snapshot.h"

class QThread;
class QTimer;

namespace cl::widgets {

class SimWorker;

class Session : public QObject {
  Q_OBJECT

 public:
  explicit Session(QObject* parent = nullptr);
  ~Session() override;

  // Loads a scene file and makes it current (emits sceneLoaded). On a bad file
  // it emits errorOccurred with the loader's message, keeps the scene it had
  // and returns false.
  bool loadScene(const QString& path);
  // Makes a scene built in code current; `sourcePath` may be empty.
  void setScene(Scene scene, const QString& sourcePath = {});
  // Back to the start: reloads the file (so edits to it show), or a copy of
  // the scene as it was set when it did not come from a file.
  bool restart();

  bool hasScene() const { return mHasScene; }
  const QString& scenePath() const { return mScenePath; }
  const QString& title() const { return mTitle; }
  const QString& description() const { return mDescription; }
  double timeStep() const { return mTimeStep; }
  // Shapes of the current scene's bodies; they do not change while it runs.
  const std::vector<Polygon>& bodies() const { return mBodies; }
  // The latest state the worker reported.
  const SimSnapshot& snapshot() const { return mSnapshot; }

  bool isRunning() const { return mRunning; }
  void setRunning(bool running);
  // Pauses and queues `steps` time steps; the answer comes as `stepped`.
  void step(int steps = 1);
  // Pauses and takes `steps` time steps before returning (emits `stepped`);
  // false after a SimulationError, which is also reported by errorOccurred.
  bool stepNow(int steps);
  // Runs `change` on the simulation between two steps, on the worker thread:
  // the way to switch thrusters or nudge a body without a data race.
  void editSim(std::function<void(RigidBodySim&)> change);

  // Wall-clock period of the run timer.
  static constexpr int kFrameIntervalMs = 16;

 signals:
  void sceneLoaded();
  void stepped();
  void runningChanged(bool running);
  void errorOccurred(const QString& message);

 private:
  void install(Scene scene, const QString& sourcePath);
  void onFrame();
  void requestSteps(int steps);
  void onAdvanced(const SimSnapshot& snapshot);
  void onFailed(quint64 generation, const QString& message, const SimSnapshot& last);
  // True when `snapshot` is the newest news of the current scene.
  bool takeSnapshot(const SimSnapshot& snapshot);
  void reportSimulationError(const QString& message);

  QThread* mThread = nullptr;
  SimWorker* mWorker = nullptr;  // lives on mThread
  QTimer* mFrameTimer = nullptr;
  QElapsedTimer mClock;
  double mTargetTime = 0.0;  // simulation time the wall clock says we should be at
  int mPending = 0;          // requests sent to the worker and not yet answered
  quint64 mGeneration = 0;
  bool mRunning = false;

  bool mHasScene = false;
  QString mScenePath;
  QString mTitle;
  QString mDescription;
  double mTimeStep = 0.0;
  SimSettings mSettings;
  std::vector<Polygon> mBodies;
  std::unique_ptr<RigidBodySim> mPristine;  // scene as set, for restart without a file
  SimSnapshot mSnapshot;
};

}  // namespace cl::widgets
