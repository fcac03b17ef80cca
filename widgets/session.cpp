#include "widgets/session.h"

#include <QFileInfo>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>

#include "widgets/sim_worker.h"

namespace cl::widgets {

namespace {
// Longest wall-clock interval one frame may make up for. After a stall (a
// modal dialog, a slow step) the run continues instead of racing to catch up.
constexpr double kMaxFrameSeconds = 0.1;
}  // namespace

Session::Session(QObject* parent) : QObject(parent) {
  qRegisterMetaType<SimSnapshot>();
  mThread = new QThread(this);
  mThread->setObjectName(QStringLiteral("contactlab-stepper"));
  mWorker = new SimWorker;
  mWorker->moveToThread(mThread);
  // The worker, and with it the simulation, dies on its own thread.
  connect(mThread, &QThread::finished, mWorker, &QObject::deleteLater);
  connect(mWorker, &SimWorker::advanced, this, &Session::onAdvanced, Qt::QueuedConnection);
  connect(mWorker, &SimWorker::failed, this, &Session::onFailed, Qt::QueuedConnection);
  mThread->start();

  mFrameTimer = new QTimer(this);
  mFrameTimer->setTimerType(Qt::PreciseTimer);
  mFrameTimer->setInterval(kFrameIntervalMs);
  connect(mFrameTimer, &QTimer::timeout, this, &Session::onFrame);
}

Session::~Session() {
  mThread->quit();
  mThread->wait();
}

bool Session::loadScene(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  try {
    install(loadSceneFile(absolute.toStdString()), absolute);
    return true;
  } catch (const std::exception& e) {
    // SceneError carries the whole list of problems; GeometryError and the
    // like (a shape the loader let through) are reported the same way.
    emit errorOccurred(QString::fromStdString(e.what()));
    return false;
  }
}

void Session::setScene(Scene scene, const QString& sourcePath) {
  install(std::move(scene), sourcePath);
}

bool Session::restart() {
  if (!mScenePath.isEmpty()) return loadScene(mScenePath);
  if (!mPristine) return false;
  Scene copy;
  copy.title = mTitle.toStdString();
  copy.description = mDescription.toStdString();
  copy.settings = mSettings;
  copy.sim = mPristine->clone();
  install(std::move(copy), {});
  return true;
}

void Session::install(Scene scene, const QString& sourcePath) {
  setRunning(false);
  ++mGeneration;
  mPending = 0;  // answers still on their way belong to the old generation

  mHasScene = scene.sim != nullptr;
  mScenePath = sourcePath;
  mTitle = QString::fromStdString(scene.title);
  mDescription = QString::fromStdString(scene.description);
  mSettings = scene.settings;
  mTimeStep = scene.settings.timeStep;
  mBodies = mHasScene ? scene.sim->bodies() : std::vector<Polygon>{};
  mPristine = mHasScene ? scene.sim->clone() : nullptr;
  mSnapshot = mHasScene ? SimWorker::snapshotOf(*scene.sim, 0, mGeneration) : SimSnapshot{};
  mSnapshot.generation = mGeneration;
  if (mHasScene) mSnapshot.samples.push_back({mSnapshot.time, mSnapshot.energy});

  // From here on only the worker touches the simulation.
  auto shared = std::make_shared<Scene>(std::move(scene));
  QMetaObject::invokeMethod(
      mWorker,
      [worker = mWorker, shared, generation = mGeneration]() mutable {
        worker->install(std::move(shared), generation);
      },
      Qt::QueuedConnection);
  emit sceneLoaded();
}

void Session::setRunning(bool running) {
  running = running && mHasScene;
  if (running == mRunning) return;
  mRunning = running;
  if (running) {
    mTargetTime = mSnapshot.time;
    mClock.start();
    mFrameTimer->start();
  } else {
    mFrameTimer->stop();
  }
  emit runningChanged(running);
}

void Session::step(int steps) {
  setRunning(false);
  if (mHasScene && steps > 0) requestSteps(steps);
}

bool Session::stepNow(int steps) {
  setRunning(false);
  if (!mHasScene) return false;
  if (steps <= 0) return true;
  std::optional<QString> error;
  SimSnapshot result;
  // Queued behind any request in flight, so the worker stays the only thread
  // that touches the simulation; this thread waits for the answer.
  QMetaObject::invokeMethod(
      mWorker, [&] { result = mWorker->advanceNow(steps, error); }, Qt::BlockingQueuedConnection);
  if (takeSnapshot(result)) emit stepped();
  if (error) reportSimulationError(*error);
  return !error;
}

void Session::editSim(std::function<void(RigidBodySim&)> change) {
  if (!mHasScene) return;
  QMetaObject::invokeMethod(
      mWorker, [worker = mWorker, change = std::move(change)] { worker->edit(change); },
      Qt::QueuedConnection);
}

void Session::onFrame() {
  // Real-time pacing: simulation time follows the wall clock in whole steps.
  mTargetTime += std::min(mClock.restart() / 1000.0, kMaxFrameSeconds);
  if (mPending > 0 || mTimeStep <= 0.0) return;
  int steps = static_cast<int>(std::floor((mTargetTime - mSnapshot.time) / mTimeStep + 1e-9));
  if (steps <= 0) return;
  const int maxSteps = std::max(1, static_cast<int>(std::ceil(kMaxFrameSeconds / mTimeStep)));
  if (steps > maxSteps) {
    // The simulation is slower than real time: let it fall behind the clock
    // rather than ask for ever larger batches.
    steps = maxSteps;
    mTargetTime = mSnapshot.time + steps * mTimeStep;
  }
  requestSteps(steps);
}

void Session::requestSteps(int steps) {
  ++mPending;
  QMetaObject::invokeMethod(
      mWorker, [worker = mWorker, steps] { worker->advanceAsync(steps); }, Qt::QueuedConnection);
}

bool Session::takeSnapshot(const SimSnapshot& snapshot) {
  if (snapshot.generation != mGeneration) return false;
  // An answer overtaken by a blocking stepNow is older than what is shown.
  if (snapshot.steps < mSnapshot.steps) return false;
  mSnapshot = snapshot;
  return true;
}

void Session::onAdvanced(const SimSnapshot& snapshot) {
  if (snapshot.generation == mGeneration) mPending = std::max(0, mPending - 1);
  if (takeSnapshot(snapshot)) emit stepped();
}

void Session::onFailed(quint64 generation, const QString& message, const SimSnapshot& last) {
  if (generation != mGeneration) return;
  mPending = std::max(0, mPending - 1);
  if (takeSnapshot(last)) emit stepped();
  reportSimulationError(message);
}

void Session::reportSimulationError(const QString& message) {
  setRunning(false);
  emit errorOccurred(
      tr("Simulation stopped at t = %1 s: %2").arg(mSnapshot.time, 0, 'f', 3).arg(message));
}

}  // namespace cl::widgets
