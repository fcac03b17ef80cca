#include "widgets/session.h"

#include <QFileInfo>
#include <QThread>
#include <QThreadPool>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>
#include <utility>

#include "engine/io/atomic_file.h"
#include "engine/run/step_marks.h"
#include "engine/run/step_record.h"
#include "engine/run/step_run.h"
#include "engine/solver/solve_state.h"
#include "engine/time_stepping/advance_caveats.h"
#include "widgets/count_text.h"
#include "widgets/run_pacing.h"
#include "widgets/sim_worker.h"
#include "widgets/thread_handoff.h"

namespace cl::widgets {

namespace {
// Longest wall-clock interval one frame may make up for. After a stall (a
// modal dialog, a slow step) the run continues instead of racing to catch up. Also the
// frame a batch of steps is kept to, of simulated and of wall time (run_pacing.h).
constexpr double kMaxFrameSeconds = 0.1;
constexpr double kMinTimeRate = 0.1;
constexpr double kMaxTimeRate = 10.0;
}  // namespace

Session::Session(QObject* parent) : QObject(parent) {
  qRegisterMetaType<StepBatch>();
  mThread = new QThread(this);
  mThread->setObjectName(QStringLiteral("contactlab-stepper"));
  mWorker = new SimWorker;
  mWorker->moveToThread(mThread);
  // The worker, and with it the simulation, dies on its own thread.
  connect(mThread, &QThread::finished, mWorker, &QObject::deleteLater);
  connect(mWorker, &SimWorker::advanced, this, &Session::onAdvanced);
  connect(mWorker, &SimWorker::failed, this, &Session::onFailed);
  connect(mWorker, &SimWorker::cancelled, this, &Session::onCancelled);
  mThread->start();

  mTracePool = new QThreadPool(this);
  mTracePool->setMaxThreadCount(1);
  // Traces the budget drops are freed off the UI thread: a pile_200 step's took up to
  // 60 ms to free, while the window was to stay responsive.
  mDisposePool = new QThreadPool(this);
  mDisposePool->setMaxThreadCount(1);
  mDisposer = [this](std::shared_ptr<const StepTrace> trace) {
    mDisposePool->start([t = std::move(trace)]() mutable { t.reset(); });
  };
  mHistory.setTraceDisposer(mDisposer);

  mFrameTimer = new QTimer(this);
  mFrameTimer->setTimerType(Qt::PreciseTimer);
  mFrameTimer->setInterval(kFrameIntervalMs);
  connect(mFrameTimer, &QTimer::timeout, this, &Session::onFrame);

  mBusyTimer = new QTimer(this);
  mBusyTimer->setSingleShot(true);
  mBusyTimer->setInterval(kBusyAfterMs);
  connect(mBusyTimer, &QTimer::timeout, this, [this] {
    if (mPending > 0 && !mBusy) {
      mBusy = true;
      emit busyChanged(true);
    }
  });
}

Session::~Session() {
  // A re-derivation in flight posts its answer to this object: let it finish first (the
  // answer is then discarded with the object).
  mTracePool->waitForDone();
  mDisposePool->waitForDone();
  // A long step in flight would hold the thread: cancel it.
  mWorker->requestCancel();
  mThread->quit();
  mThread->wait();
}

// ---- Scene

bool Session::mayDiscardHistory(DiscardCause cause) {
  if (!mHasScene || !mUnsaved || !mDiscardGuard) return true;
  setRunning(false);  // the count asked about stays the count dropped
  mLoadDeclined = !mDiscardGuard(mHistory.size() - 1, cause);
  return !mLoadDeclined;
}

bool Session::loadScene(const QString& path, bool keepEdits) {
  return replaceScene(path, keepEdits, DiscardCause::kLoad);
}

bool Session::replaceScene(const QString& path, bool keepEdits, DiscardCause cause) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  mLoadDeclined = false;
  try {
    Scene scene = loadSceneFile(absolute.toStdString());
    if (keepEdits) {
      SceneDoc doc = scene.doc;
      for (const SimEdit& e : mLastingEdits) recordEdit(e, doc);
      scene = makeScene(std::move(doc));
    }
    // Asked once the file is known to load: a bad file keeps the run without a question.
    if (!mayDiscardHistory(cause)) return false;
    install(std::move(scene), absolute);
    if (!keepEdits) mLastingEdits.clear();
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
  mLastingEdits.clear();
}

bool Session::restart() {
  if (!mScenePath.isEmpty()) return replaceScene(mScenePath, false, DiscardCause::kRestart);
  if (!mPristine) return false;
  mLoadDeclined = false;
  if (!mayDiscardHistory(DiscardCause::kRestart)) return false;
  Scene copy;
  copy.title = mTitle.toStdString();
  copy.description = mDescription.toStdString();
  copy.settings = mSettings;
  copy.doc = mDoc;
  copy.sim = mPristine->clone();
  install(std::move(copy), {});
  return true;
}

bool Session::canRebuild() const {
  return mHasScene && !(mDoc.bodies.empty() && !mBodies.empty());
}

bool Session::restartWithSettings(const SimSettings& settings) {
  if (!mHasScene) return false;
  if (!canRebuild()) {
    emit errorOccurred(
        tr("This scene was built in code and has no document to rebuild it from: settings "
           "that apply on restart cannot be applied."));
    return false;
  }
  try {
    SceneDoc doc = mDoc;
    for (const SimEdit& e : mLastingEdits) recordEdit(e, doc);
    recordSettings(doc, settings);
    Scene scene = makeScene(std::move(doc));
    mLoadDeclined = false;
    if (!mayDiscardHistory(DiscardCause::kRestart)) return false;
    // The edits are in the document now; they stay listed for a scene loaded next.
    std::vector<SimEdit> edits = std::move(mLastingEdits);
    install(std::move(scene), mScenePath);
    mLastingEdits = std::move(edits);
    return true;
  } catch (const std::exception& e) {
    emit errorOccurred(tr("Settings not applied: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
}

bool Session::saveScene(const QString& path) {
  if (!mHasScene) return false;
  try {
    AtomicFile file(path.toStdString());
    file.stream() << sceneDocText(mDoc);
    file.commit();
    return true;
  } catch (const std::exception& e) {
    emit errorOccurred(tr("Could not save %1: %2").arg(path, QString::fromStdString(e.what())));
    return false;
  }
}

bool Session::saveRecording(const QString& path) {
  if (!mHasScene) return false;
  setRunning(false);
  if (!canRebuild()) {
    emit errorOccurred(
        tr("This scene was built in code and has no document: its run cannot be "
           "recorded."));
    return false;
  }
  try {
    RecordingWriter writer(path.toStdString(), mDoc, mScenePath.toStdString(), mEditLog);
    for (int i = 0; i < mHistory.size(); ++i) writer.append(mHistory.at(i));
    writer.commit();
    mUnsaved = false;
    return true;
  } catch (const std::exception& e) {
    emit errorOccurred(tr("Could not save %1: %2").arg(path, QString::fromStdString(e.what())));
    return false;
  }
}

bool Session::openRecording(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  mLoadDeclined = false;
  Recording recording;
  try {
    recording = readRecording(absolute.toStdString(), mHistory.budget());
  } catch (const std::exception& e) {
    emit errorOccurred(tr("Recording not opened: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  // Asked once the file is known to open: a bad file keeps the run without a question.
  if (!mayDiscardHistory(DiscardCause::kLoad)) return false;
  // No source path: Restart goes back to the recording's scene (its document), not to the
  // file it came from, which may have changed since. Its lasting edits (parameters,
  // settings) are kept as a run's are, for a restart with settings or another number of
  // ContactApp blocks.
  mLastingEdits.clear();
  for (const RecordedEdit& e : recording.edits)
    if (isLasting(e.edit)) mLastingEdits.push_back(e.edit);
  install(std::move(recording.scene), {},
          Recorded{std::move(recording.history), std::move(recording.edits), absolute});
  return true;
}

void Session::install(Scene scene, const QString& sourcePath, std::optional<Recorded> recorded) {
  setRunning(false);
  ++mGeneration;
  // Answers still on their way belong to the old generation; a step still computing for
  // it is cancelled, so the new scene's install does not wait behind it.
  mWorker->requestCancel();
  mPending = 0;
  mThen = {};
  if (mBusy) {
    mBusy = false;
    emit busyChanged(false);
  }

  mHasScene = scene.sim != nullptr;
  mScenePath = sourcePath;
  mTitle = QString::fromStdString(scene.title);
  mDescription = QString::fromStdString(scene.description);
  mDoc = scene.doc;
  mSettings = scene.settings;
  mTimeStep = scene.settings.timeStep;
  mBodies = mHasScene ? scene.sim->bodies() : std::vector<Polygon>{};
  mPristine = mHasScene ? std::shared_ptr<const RigidBodySim>(scene.sim->clone()) : nullptr;
  mHistory.clear();
  mEditLog.clear();
  mRecordingPath.clear();
  mUnsaved = false;
  mComparison.reset();
  mSelectedBody = -1;
  mPoorSolveStep = -1;
  const bool hadSetAside = !mSetAside.empty();
  mSetAside.clear();

  if (recorded) {
    const std::size_t budget = mHistory.budget();
    mHistory = std::move(recorded->history);
    mHistory.setBudget(budget);
    mEditLog = std::move(recorded->edits);
    mRecordingPath = recorded->path;
  } else if (mHasScene) {
    mHistory.append(initialRecord(*scene.sim, scene.settings.advance, scene.settings.integrator,
                                  scene.settings.timeStep));
  }
  mHistory.setTraceDisposer(mDisposer);
  SimState start;
  if (mHasScene) start = mHistory.back().state;
  const long long startStep = mHasScene ? mHistory.back().step : 0;
  if (mHasScene) mTimeStep = start.timeStep;
  mCurrent = mHasScene ? mHistory.size() - 1 : -1;
  mSnapshot = mHasScene ? snapshotOf(mHistory.back().draw, mGeneration) : SimSnapshot{};
  if (mHasScene) mSnapshot.samples.push_back({mSnapshot.time, mSnapshot.energy});
  resetSelection();

  // From here on only the worker touches the live simulation.
  postTo(mWorker,
         [worker = mWorker, start, startStep, generation = mGeneration, tracing = mTracing] {
           worker->setTracing(tracing);
           worker->install(start, generation, startStep);
         });
  emit sceneLoaded();
  emit comparisonChanged();
  if (hadSetAside) emit setAsideChanged();
  if (mHasScene)
    for (const std::string& caveat : notes()) emit noticeOccurred(QString::fromStdString(caveat));
  emit notesChanged();
  emit currentChanged();
  emit selectionChanged();
}

// ---- History

void Session::setHistoryBudget(std::size_t bytes) {
  const long long shownStep = current() ? current()->step : 0;
  mHistory.setBudget(bytes);
  mCurrent = std::max(0, mHistory.indexOfStep(shownStep));
  if (mHistory.empty()) mCurrent = -1;
}

const StepRecord* Session::current() const {
  return mCurrent >= 0 && mCurrent < mHistory.size() ? &mHistory.at(mCurrent) : nullptr;
}

void Session::showStep(int index) {
  if (mHistory.empty()) return;
  setRunning(false);
  setCurrent(std::clamp(index, 0, mHistory.size() - 1));
}

bool Session::showMarkedStep(StepMark mark, int direction) {
  if (mHistory.empty()) return false;
  const int found = findMarkedStep(mHistory, mCurrent, direction, mark);
  if (found < 0) {
    const long long shown = current() ? current()->step : 0;
    emit noticeOccurred(tr("no '%1' step %2 step %3 (the history holds steps %4 to %5)")
                            .arg(QString::fromLatin1(nameOf(mark)))
                            .arg(direction > 0 ? tr("after") : tr("before"))
                            .arg(shown)
                            .arg(mHistory.at(0).step)
                            .arg(mHistory.back().step));
    return false;
  }
  const StepRecord& r = mHistory.at(found);
  mPoorSolveStep = -1;
  if (mark == StepMark::kPoorSolve || (mark == StepMark::kAny && poorSolve(r.stats))) {
    mPoorSolveStep = r.step;
    emit noticeOccurred(tr("step %1 is poor: %2")
                            .arg(r.step)
                            .arg(QString::fromStdString(poorSolveReason(r.stats))));
  }
  showStep(found);
  selectPendingPoorSolve();  // the record may have been shown already
  return true;
}

void Session::selectPendingPoorSolve() {
  const StepRecord* r = current();
  if (!r || r->step != mPoorSolveStep || !r->trace) return;
  mPoorSolveStep = -1;
  const int k = poorSolveIndex(*r->trace);
  if (k < 0) return;  // a time step that did not converge: no solve to point at
  const SolveTrace& t = r->trace->solves[static_cast<std::size_t>(k)];
  mSelectedSolve = k;
  mSelectedPivot = resultPosition(t);
  mSelectedContact = -1;
  emit selectionChanged();
  emit noticeOccurred(tr("step %1 is poor (%7): solve %2 of %3 selected: %4, violation %5, by %6")
                          .arg(r->step)
                          .arg(k + 1)
                          .arg(r->trace->solves.size())
                          .arg(QString::fromLatin1(errorName(t.solve.error)))
                          .arg(t.solve.maxComplementarityViolation, 0, 'g', 3)
                          .arg(QString::fromStdString(howSolved(t)))
                          .arg(QString::fromStdString(poorSolveReason(r->stats))));
}

void Session::setCurrent(int index) {
  if (index == mCurrent && current() && mSnapshot.steps == current()->step) return;
  mCurrent = index;
  mSnapshot = snapshotOf(mHistory.at(index).draw, mGeneration);
  resetSelection();
  emit currentChanged();
  emit selectionChanged();
}

const StepTrace* Session::currentTrace() const {
  const StepRecord* r = current();
  return r ? r->trace.get() : nullptr;
}

bool Session::derivingTrace() const {
  // One re-run at a time: while another is in flight, the record shown is next (the
  // answer asks for it when paused).
  const StepRecord* r = current();
  return r && !r->trace && mCurrent > 0 && mDerivingStep >= 0 &&
         (mDerivingStep == r->step || !mRunning);
}

void Session::requestTrace() {
  const StepRecord* r = current();
  if (!r || r->trace || mCurrent == 0) return;
  if (mDerivingStep >= 0) return;  // one at a time: the answer asks again for this one
  mDerivingStep = r->step;
  ++mTraceJobs;
  // The state before the step, copied: the history may drop it meanwhile. Its structure
  // is shared and never changed, so cloning it on the pool's thread is safe.
  mTracePool->start(
      [this, before = mHistory.at(mCurrent - 1).state, generation = mGeneration, step = r->step] {
        std::optional<StepRun> run;
        QString error;
        try {
          run = replayStep(before);
        } catch (const std::exception& e) {
          error = QString::fromStdString(e.what());
        }
        postTo(this, [this, generation, step, run = std::move(run), error] {
          onTraceDerived(generation, step, run, error);
        });
      });
}

void Session::onTraceDerived(quint64 generation, long long step, const std::optional<StepRun>& run,
                             const QString& error) {
  if (--mTraceJobs == 0) mDerivingStep = -1;
  const int index = generation == mGeneration ? mHistory.indexOfStep(step) : -1;
  if (index >= 0 && !run)
    emit errorOccurred(tr("Re-running step %1 failed: %2").arg(step).arg(error));
  if (index >= 0 && run && !mHistory.at(index).trace) {
    if (!sameState(run->state, mHistory.at(index).state))
      emit errorOccurred(tr("Re-running step %1 from the recorded state did not reproduce it "
                            "bit for bit; the trace shown is of the re-run.")
                             .arg(step));
    mHistory.setTrace(index, run->trace);
    if (index == mCurrent) {
      resetSelection();
      emit currentChanged();
      emit selectionChanged();
      selectPendingPoorSolve();
      return;
    }
  }
  // The record shown moved on while this one was derived: its own turn.
  const StepRecord* shown = current();
  if (!mRunning && shown && (generation != mGeneration || shown->step != step)) requestTrace();
}

QString Session::noTraceReason() const {
  const StepRecord* r = current();
  if (!mHasScene || !r) return tr("No scene loaded.");
  if (r->trace) return {};
  if (r->step == 0) return tr("Step 0 is the initial state: no solve yet. Take a step.");
  if (derivingTrace()) return tr("Re-running step %1 to re-derive its trace…").arg(r->step);
  if (mCurrent == 0)
    return tr("The trace of step %1 is not held and cannot be re-derived: the record before "
              "it was dropped to keep within the memory budget.")
        .arg(r->step);
  if (mRunning)
    return tr("Step %1 was taken without tracing. Pause to see its trace.").arg(r->step);
  return tr("The trace of step %1 is not held yet.").arg(r->step);
}

void Session::setTracing(bool on) {
  mTracing = on;
  postTo(mWorker, [worker = mWorker, on] { worker->setTracing(on); });
}

void Session::discardFuture() {
  if (mHistory.empty() || atLatest()) return;
  setRunning(false);
  const int steps = mHistory.size() - 1 - mCurrent;
  mSetAside.push_back(setAsideAfter(mHistory, mCurrent, mEditLog, mDisposer));
  if (static_cast<int>(mSetAside.size()) > kMaxSetAside) mSetAside.erase(mSetAside.begin());
  continueFromNewest();
  emit historyTruncated();
  emit setAsideChanged();
  emit noticeOccurred(tr("the %1 after step %2 are set aside: Simulation > Bring Back (Ctrl+Z) "
                         "puts them back")
                          .arg(countText(steps, tr("step")))
                          .arg(mHistory.back().step));
}

void Session::continueFromNewest() {
  ++mGeneration;  // answers in flight continue an end that is gone
  mPending = 0;
  const StepRecord& r = mHistory.back();
  postTo(mWorker, [worker = mWorker, state = r.state, step = r.step, generation = mGeneration] {
    worker->install(state, generation, step);
  });
  mSnapshot.generation = mGeneration;
}

int Session::setAsideSteps() const {
  return mSetAside.empty() ? 0 : mSetAside.back().steps();
}

long long Session::setAsideFrom() const {
  return mSetAside.empty() ? -1 : mSetAside.back().from;
}

bool Session::restoreSetAside() {
  if (mSetAside.empty() || !mHasScene) return false;
  setRunning(false);
  SetAsideFuture& future = mSetAside.back();
  const long long from = future.from;
  if (!swapSetAside(mHistory, mEditLog, future, mDisposer)) {
    mSetAside.pop_back();
    emit setAsideChanged();
    emit errorOccurred(tr("The steps set aside after step %1 cannot come back: the history no "
                          "longer holds step %1 (the memory budget dropped it).")
                           .arg(from));
    return false;
  }
  if (future.records.empty() && future.edits.empty()) mSetAside.pop_back();  // nothing replaced
  mUnsaved = true;
  continueFromNewest();
  mTimeStep = mHistory.back().state.timeStep;
  mCurrent = mHistory.indexOfStep(from);
  mSnapshot = snapshotOf(mHistory.at(mCurrent).draw, mGeneration);
  resetSelection();
  emit historyTruncated();
  emit setAsideChanged();
  emit notesChanged();
  emit currentChanged();
  emit selectionChanged();
  return true;
}

// ---- Selection

void Session::resetSelection() {
  if (!mRunning) requestTrace();
  mSelectedSolve = -1;
  mSelectedPivot = -1;
  mSelectedWaypoint = -1;
  mSelectedContact = -1;
  // Only a trace at hand is looked at; re-deriving one waits until a dock asks.
  const StepRecord* r = current();
  const StepTrace* trace = r && r->trace ? r->trace.get() : nullptr;
  if (!trace || trace->solves.empty()) return;
  // The last contact-force solve is the one of the state shown (the last evaluate).
  mSelectedSolve = static_cast<int>(trace->solves.size()) - 1;
  for (int i = mSelectedSolve; i >= 0; --i)
    if (trace->solves[static_cast<std::size_t>(i)].context.purpose ==
        SolvePurpose::kContactForces) {
      mSelectedSolve = i;
      break;
    }
  mSelectedPivot = resultPosition(trace->solves[static_cast<std::size_t>(mSelectedSolve)]);
}

void Session::selectSolve(int index) {
  const StepTrace* trace = currentTrace();
  const int n = trace ? static_cast<int>(trace->solves.size()) : 0;
  index = index >= 0 && index < n ? index : -1;
  mSelectedSolve = index;
  mSelectedPivot = index < 0 ? -1 : resultPosition(trace->solves[static_cast<std::size_t>(index)]);
  mSelectedContact = -1;
  emit selectionChanged();
}

const SolveTrace* Session::selectedSolveTrace() const {
  const StepTrace* trace = currentTrace();
  if (!trace || mSelectedSolve < 0 || mSelectedSolve >= static_cast<int>(trace->solves.size()))
    return nullptr;
  return &trace->solves[static_cast<std::size_t>(mSelectedSolve)];
}

SolveOrigin Session::selectedSolveOrigin() const {
  const StepRecord* r = current();
  return {r ? r->step : 0, mSelectedSolve + 1};
}

QString Session::noSolveReason() const {
  if (selectedSolveTrace()) return {};
  const StepTrace* trace = currentTrace();
  if (!trace) return noTraceReason();
  if (trace->solves.empty()) {
    // The engines without contact forces solve only collisions (impulse) or nothing.
    switch (mSettings.engineMode) {
      case EngineMode::kImpulse:
        return tr(
            "Engine 'impulse' (ImpulseSim) computes no contact forces: only the "
            "impulses of collisions are solved, and this step had none.");
      case EngineMode::kRigidBody:
        return tr(
            "Engine 'rigid_body' (RigidBodySim) finds no collisions or contacts: "
            "nothing is ever solved.");
      case EngineMode::kContact:
        break;
    }
    return tr("This step had no contacts: nothing was solved.");
  }
  return tr("No solve selected.");
}

void Session::selectPivot(int index) {
  const SolveTrace* solve = selectedSolveTrace();
  if (!solve) return;
  mSelectedPivot = std::clamp(index, -1, resultPosition(*solve));
  emit selectionChanged();
}

void Session::selectWaypoint(int index) {
  const StepTrace* trace = currentTrace();
  const int n = trace ? static_cast<int>(trace->waypoints.size()) : 0;
  mSelectedWaypoint = index >= 0 && index < n ? index : -1;
  emit selectionChanged();
}

const Waypoint* Session::selectedWaypointData() const {
  const StepTrace* trace = currentTrace();
  if (!trace || mSelectedWaypoint < 0 ||
      mSelectedWaypoint >= static_cast<int>(trace->waypoints.size()))
    return nullptr;
  return &trace->waypoints[static_cast<std::size_t>(mSelectedWaypoint)];
}

void Session::selectBody(int body) {
  mSelectedBody = body >= 0 && body < static_cast<int>(mBodies.size()) ? body : -1;
  emit selectionChanged();
}

void Session::selectContact(int row) {
  const SolveTrace* solve = selectedSolveTrace();
  const int n = solve ? static_cast<int>(solve->solve.b.size()) : 0;
  mSelectedContact = row >= 0 && row < n ? row : -1;
  emit selectionChanged();
}

// ---- Running

void Session::setRunning(bool running) {
  running = running && mHasScene;
  if (running == mRunning) return;
  if (running && !atLatest()) discardFuture();
  mRunning = running;
  if (running) {
    mTargetTime = mHistory.back().state.time;
    mClock.start();
    mFrameTimer->start();
  } else {
    mFrameTimer->stop();
    requestTrace();  // the step it stopped on may have been taken without tracing
  }
  emit runningChanged(running);
}

void Session::setTimeRate(double rate) {
  rate = std::clamp(rate, kMinTimeRate, kMaxTimeRate);
  if (rate == mTimeRate) return;
  mTimeRate = rate;
  emit timeRateChanged(rate);
}

void Session::step(int steps) {
  setRunning(false);
  if (!mHasScene || steps <= 0) return;
  if (!atLatest()) discardFuture();
  requestSteps(steps);
}

bool Session::stepNow(int steps) {
  setRunning(false);
  if (!mHasScene) return false;
  if (steps <= 0) return true;
  if (!atLatest()) discardFuture();
  std::optional<QString> error;
  bool cancelled = false;
  StepBatch result;
  // Queued behind any request in flight, so the worker stays the only thread
  // that touches the simulation; this thread waits for the answer.
  const quint64 token = mWorker->cancelToken();
  postTo(
      mWorker, [&] { result = mWorker->advanceNow(steps, token, error, cancelled); },
      Qt::BlockingQueuedConnection);
  takeBatch(result);
  if (error) reportSimulationError(*error);
  return !error;
}

void Session::stepPivot() {
  setRunning(false);
  if (!mHasScene) return;
  if (const SolveTrace* solve = selectedSolveTrace();
      solve && mSelectedPivot < resultPosition(*solve)) {
    selectPivot(mSelectedPivot + 1);
    return;
  }
  const StepTrace* trace = currentTrace();
  if (!trace || mSelectedSolve + 1 >= static_cast<int>(trace->solves.size())) {
    // The record's solves are done: on to the next record, a new step at the newest.
    const auto first = [this] {
      mSelectedSolve = -1;
      openNextSolve();
    };
    if (atLatest()) {
      if (mPending == 0) requestSteps(1, first);
      return;
    }
    setCurrent(mCurrent + 1);
    first();
    return;
  }
  openNextSolve();
}

void Session::openNextSolve() {
  // The next solve, before its first decision (f = 0, a = b); none when the step had none.
  const StepTrace* trace = currentTrace();
  const bool any = trace && mSelectedSolve + 1 < static_cast<int>(trace->solves.size());
  mSelectedSolve = any ? mSelectedSolve + 1 : -1;
  mSelectedPivot = -1;
  mSelectedContact = -1;
  emit selectionChanged();
}

void Session::stepWaypoint() {
  setRunning(false);
  if (!mHasScene) return;
  const StepTrace* trace = currentTrace();
  if (trace && mSelectedWaypoint + 1 < static_cast<int>(trace->waypoints.size())) {
    selectWaypoint(mSelectedWaypoint + 1);
    return;
  }
  if (atLatest()) {
    if (mPending == 0) requestSteps(1, [this] { openFirstWaypoint(); });
    return;
  }
  setCurrent(mCurrent + 1);
  openFirstWaypoint();
}

void Session::openFirstWaypoint() {
  const StepTrace* trace = currentTrace();
  if (trace && !trace->waypoints.empty()) selectWaypoint(0);
}

void Session::apply(SimEdit edit) {
  if (!mHasScene) return;
  if (const auto* s = std::get_if<SetSettings>(&edit); s && s->changes.timeStep)
    mTimeStep = *s->changes.timeStep;
  if (isLasting(edit)) mLastingEdits.push_back(edit);
  postEdit(std::move(edit));
}

void Session::postEdit(SimEdit edit) {
  if (!mHasScene) return;
  if (!atLatest()) discardFuture();
  postTo(mWorker, [this, worker = mWorker, edit = std::move(edit), generation = mGeneration] {
    std::optional<SimState> state = worker->apply(edit);
    if (!state) return;  // it changed nothing: nothing to log or record
    postTo(this, [this, state = std::move(*state), generation, step = worker->steps(), edit] {
      if (generation == mGeneration) updateEditedState(state, step, edit);
    });
  });
}

SimSettings Session::liveSettings() const {
  SimSettings s = mSettings;
  if (!mHasScene || mHistory.empty() || !mHistory.back().state.structure) return s;
  const SimState& state = mHistory.back().state;
  readSettings(*state.structure, s);
  if (state.timeStep > 0.0) s.timeStep = state.timeStep;
  s.integrator = state.integrator;
  return s;
}

void Session::updateEditedState(const SimState& state, long long step, const SimEdit& edit) {
  // The edit took effect right after step `step`: the step after it starts from this
  // state. Steps taken since were already taken with the edited simulation.
  mEditLog.push_back({step, edit});
  mUnsaved = true;
  const int i = mHistory.indexOfStep(step);
  if (i >= 0) mHistory.replaceState(i, state);
  mTimeStep = state.timeStep;
  emit notesChanged();  // a time step or integrator edited: the stability notes with it
}

std::vector<std::string> Session::notes() const {
  if (!mHasScene) return {};
  const std::shared_ptr<const RigidBodySim>& structure =
      !mHistory.empty() && mHistory.back().state.structure ? mHistory.back().state.structure
                                                           : mPristine;
  return settingsCaveats(liveSettings(), *structure);
}

void Session::onFrame() {
  // Real-time pacing (run_pacing.h): simulation time follows the wall clock (times the rate)
  // in whole steps, in batches of about a frame.
  mTargetTime += mTimeRate * std::min(mClock.restart() / 1000.0, kMaxFrameSeconds);
  if (mPending > 0) return;
  const double now = mHistory.back().state.time;
  const FrameSteps next =
      stepsForFrame(mTargetTime - now, mTimeStep, mTimeRate, kMaxFrameSeconds, mStepSeconds);
  if (next.steps == 0) return;
  if (next.capped) mTargetTime = now + next.steps * mTimeStep;  // falls behind the clock
  requestSteps(next.steps);
}

void Session::requestSteps(int steps, std::function<void()> then) {
  ++mPending;
  mThen = std::move(then);
  mRequestClock.start();
  mBusyTimer->start();
  const quint64 token = mWorker->cancelToken();
  postTo(mWorker, [worker = mWorker, steps, token] { worker->advanceAsync(steps, token); });
}

void Session::endRequest() {
  mPending = std::max(0, mPending - 1);
  if (mPending == 0) mBusyTimer->stop();
  if (mBusy && mPending == 0) {
    mBusy = false;
    emit busyChanged(false);
  }
}

long long Session::stepInProgress() const {
  if (mPending == 0) return 0;
  // Before the worker starts the request, the step it will compute first.
  const long long step = mWorker->stepInProgress();
  return step > 0 ? step : mHistory.back().step + 1;
}

double Session::busySeconds() const {
  return mPending > 0 && mRequestClock.isValid() ? mRequestClock.elapsed() / 1000.0 : 0.0;
}

void Session::setBusyAfter(int ms) {
  mBusyTimer->setInterval(std::max(0, ms));
}

void Session::cancelStep() {
  if (mPending == 0) return;
  setRunning(false);
  mWorker->requestCancel();
}

bool Session::takeBatch(const StepBatch& batch) {
  if (batch.generation != mGeneration || batch.records.empty()) return false;
  // Records that are not the continuation of the newest (overtaken) are dropped.
  if (batch.records.front().step != mHistory.back().step + 1) return false;
  const bool follow = atLatest();
  std::vector<EnergySample> samples;
  samples.reserve(batch.records.size());
  for (const StepRecord& r : batch.records) {
    samples.push_back({r.stats.time, r.stats.energy});
    mHistory.append(r);
  }
  mUnsaved = true;
  if (follow) {
    mCurrent = mHistory.size() - 1;
    mSnapshot = snapshotOf(mHistory.back().draw, mGeneration);
    mSnapshot.samples = std::move(samples);
    resetSelection();
  } else {
    mCurrent = std::max(0, mHistory.indexOfStep(mSnapshot.steps));
  }
  emit stepped();
  if (follow) {
    emit currentChanged();
    emit selectionChanged();
  }
  return true;
}

void Session::onAdvanced(const StepBatch& batch) {
  handoffAcquire();
  if (batch.generation != mGeneration) return;
  if (!batch.records.empty())
    mStepSeconds = busySeconds() / static_cast<double>(batch.records.size());
  endRequest();
  const std::function<void()> then = std::exchange(mThen, {});
  if (takeBatch(batch) && then && atLatest()) then();
  // Running behind the clock: the next batch now, rather than at the next frame tick (the
  // worker would idle up to a 16 ms tick per batch).
  if (mRunning && mPending == 0) onFrame();
}

void Session::onFailed(quint64 generation, const QString& message, const StepBatch& batch) {
  handoffAcquire();
  if (generation != mGeneration) return;
  endRequest();
  mThen = {};
  takeBatch(batch);
  reportSimulationError(message);
}

void Session::onCancelled(quint64 generation, const QString& message, const StepBatch& batch) {
  handoffAcquire();
  if (generation != mGeneration) return;
  const double seconds = busySeconds();
  endRequest();
  mThen = {};
  takeBatch(batch);
  setRunning(false);
  const StepRecord& last = mHistory.back();
  emit noticeOccurred(tr("step %1 cancelled after %2 s (%3); the run stays at step %4, t = %5 s")
                          .arg(last.step + 1)
                          .arg(seconds, 0, 'f', 1)
                          .arg(message)
                          .arg(last.step)
                          .arg(last.state.time, 0, 'g', 6));
}

void Session::reportSimulationError(const QString& message) {
  setRunning(false);
  const double t = mHistory.empty() ? 0.0 : mHistory.back().state.time;
  emit errorOccurred(tr("Simulation stopped at t = %1 s: %2").arg(t, 0, 'f', 3).arg(message));
}

Scene Session::pristineScene() const {
  Scene scene;
  scene.title = mTitle.toStdString();
  scene.settings = mSettings;
  scene.doc = mDoc;
  if (mPristine) scene.sim = mPristine->clone();
  return scene;
}

void Session::setComparison(std::shared_ptr<const AdvanceRun> run) {
  mComparison = std::move(run);
  emit comparisonChanged();
}

}  // namespace cl::widgets
