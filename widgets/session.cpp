// The Session's scene and run: loading, install, stepping, edits and the runner's answers
// (session.h). The history side is in session_history.cpp.
#include "widgets/session.h"

#include <QFileInfo>
#include <exception>
#include <optional>
#include <utility>

#include "engine/run/state_json.h"
#include "engine/run/step_record.h"
#include "widgets/sim_worker.h"

namespace cl::widgets {

Session::Session(QObject* parent) : QObject(parent) {
  mRunner = new StepRunner(
      [this]() -> StepRunner::RunEnd {
        const RunHistory& h = mCursor.history();
        if (h.empty()) return {};
        return {h.back().state.time, h.back().step, mDocument.timeStep};
      },
      this);
  mCursor.setTraceDisposer(mRunner->traceDisposer());
  connect(mRunner, &StepRunner::advanced, this, &Session::onAdvanced);
  connect(mRunner, &StepRunner::failed, this, &Session::onFailed);
  connect(mRunner, &StepRunner::cancelled, this, &Session::onCancelled);
  connect(mRunner, &StepRunner::busyChanged, this, &Session::busyChanged);
  connect(mRunner, &StepRunner::edited, this, &Session::onEdited);
  connect(mRunner, &StepRunner::traceDerived, this, &Session::onTraceDerived);
  connect(mRunner, &StepRunner::traceExpanded, this, &Session::onTraceExpanded);
  connect(mRunner, &StepRunner::solveExpanded, this, &Session::onSolveExpanded);
  // Whatever selects a friction solve an opened trace keeps compact has it solved again.
  connect(this, &Session::selectionChanged, this, &Session::requestSolve);
}

Session::~Session() {
  // The threads stop before the history they fill goes.
  delete mRunner;
}

// ---- Scene

bool Session::mayDiscardHistory(DiscardCause cause) {
  if (!hasScene() || !hasUnsavedSteps() || !mDiscardGuard) return true;
  setRunning(false);  // the count asked about stays the count dropped
  mLoadDeclined = !mDiscardGuard(history().size() - 1, cause);
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
    std::vector<SimEdit> edits;
    if (keepEdits) {
      edits = mDocument.lastingEdits;
      for (const SimEdit& e : edits) recordEdit(e, scene.doc);
      scene = makeScene(std::move(scene.doc));
    }
    // Asked once the file is known to load: a bad file keeps the run without a question.
    if (!mayDiscardHistory(cause)) return false;
    install(std::move(scene), absolute, std::move(edits));
    return true;
  } catch (const std::exception& e) {
    // SceneError carries the whole list of problems; GeometryError and the
    // like (a shape the loader let through) are reported the same way.
    emit errorOccurred(QString::fromStdString(e.what()));
    return false;
  }
}

void Session::setScene(Scene scene, const QString& sourcePath) {
  install(std::move(scene), sourcePath, {});
}

bool Session::restart() {
  if (!scenePath().isEmpty()) return replaceScene(scenePath(), false, DiscardCause::kRestart);
  if (!mDocument.pristine) return false;
  mLoadDeclined = false;
  if (!mayDiscardHistory(DiscardCause::kRestart)) return false;
  install(mDocument.pristineScene(), {}, {});
  return true;
}

bool Session::canRebuild() const {
  return mDocument.canRebuild();
}

bool Session::restartWithSettings(const SimSettings& settings) {
  if (!hasScene()) return false;
  if (!canRebuild()) {
    emit errorOccurred(
        tr("This scene was built in code and has no document to rebuild it from: settings "
           "that apply on restart cannot be applied."));
    return false;
  }
  try {
    Scene scene = makeScene(mDocument.docWithEdits(settings));
    mLoadDeclined = false;
    if (!mayDiscardHistory(DiscardCause::kRestart)) return false;
    // The edits are in the document now; they stay listed for a scene loaded next.
    install(std::move(scene), scenePath(), mDocument.lastingEdits);
    return true;
  } catch (const std::exception& e) {
    emit errorOccurred(tr("Settings not applied: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
}

bool Session::saveScene(const QString& path) {
  if (!hasScene()) return false;
  try {
    mDocument.save(path);
    return true;
  } catch (const std::exception& e) {
    emit errorOccurred(tr("Could not save %1: %2").arg(path, QString::fromStdString(e.what())));
    return false;
  }
}

bool Session::saveRecording(const QString& path) {
  if (!hasScene()) return false;
  setRunning(false);
  if (!canRebuild()) {
    emit errorOccurred(
        tr("This scene was built in code and has no document: its run cannot be "
           "recorded."));
    return false;
  }
  try {
    mDocument.saveRecording(path, history());
    mDocument.unsaved = false;
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
    recording = readRecording(absolute.toStdString(), history().budget());
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
  std::vector<SimEdit> lasting;
  for (const RecordedEdit& e : recording.edits)
    if (isLasting(e.edit)) lasting.push_back(e.edit);
  install(std::move(recording.scene), {}, std::move(lasting),
          Recorded{.history = std::move(recording.history),
                   .edits = std::move(recording.edits),
                   .path = absolute,
                   .statePath = {}});
  return true;
}

bool Session::openState(const QString& path) {
  if (!hasScene()) {
    emit errorOccurred(
        tr("State not opened: a state holds the bodies' motion, not the scene; "
           "open the scene it was saved from first."));
    return false;
  }
  const QString absolute = QFileInfo(path).absoluteFilePath();
  mLoadDeclined = false;
  Scene scene;
  SavedState saved;
  try {
    // The scene as it runs now: its document with the lasting edits and the live settings
    // (a scene built in code without a document: as it was set).
    scene = canRebuild() ? makeScene(mDocument.docWithEdits(liveSettings())) : pristineScene();
    saved = readStateFile(absolute.toStdString());
    restoreSavedState(*scene.sim, saved, absolute.toStdString());
  } catch (const std::exception& e) {
    emit errorOccurred(tr("State not opened: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  // Asked once the file is known to fit: a bad file keeps the run without a question.
  if (!mayDiscardHistory(DiscardCause::kLoad)) return false;
  RunHistory records;
  records.append(initialRecord(*scene.sim, scene.settings.advance, scene.settings.integrator,
                               scene.settings.timeStep, saved.steps));
  install(std::move(scene), scenePath(), mDocument.lastingEdits,
          Recorded{.history = std::move(records), .edits = {}, .path = {}, .statePath = absolute});
  emit noticeOccurred(tr("started from the state in %1: t = %2 s, step %3")
                          .arg(QFileInfo(absolute).fileName())
                          .arg(saved.time)
                          .arg(saved.steps));
  return true;
}

void Session::install(Scene scene, const QString& sourcePath, std::vector<SimEdit> lastingEdits,
                      std::optional<Recorded> recorded) {
  setRunning(false);
  mThen = {};
  const bool hadSetAside = mCursor.hasSetAside();
  mDocument = SessionDocument(scene, sourcePath, std::move(lastingEdits));
  mComparison.reset();
  RunHistory records;
  if (recorded) {
    records = std::move(recorded->history);
    mDocument.editLog = std::move(recorded->edits);
    mDocument.recordingPath = recorded->path;
    mDocument.statePath = recorded->statePath;
  } else if (hasScene()) {
    records.append(initialRecord(*scene.sim, scene.settings.advance, scene.settings.integrator,
                                 scene.settings.timeStep));
  }
  // From here on only the runner's worker touches the live simulation.
  SimState start;
  long long startStep = 0;
  if (hasScene()) {
    start = records.back().state;
    startStep = records.back().step;
    mDocument.timeStep = start.timeStep;
  }
  mRunner->startFrom(start, startStep);
  mCursor.reset(std::move(records), mRunner->generation());
  if (!isRunning()) requestTrace();

  emit sceneLoaded();
  emit comparisonChanged();
  if (hadSetAside) emit setAsideChanged();
  for (const std::string& caveat : notes()) emit noticeOccurred(QString::fromStdString(caveat));
  emit notesChanged();
  emit currentChanged();
  emit selectionChanged();
}

SimSettings Session::liveSettings() const {
  return mDocument.liveSettings(history());
}

std::vector<std::string> Session::notes() const {
  return mDocument.notes(history());
}

// ---- Running

void Session::setRunning(bool running) {
  running = running && hasScene();
  if (running == isRunning()) return;
  if (running && !atLatest()) discardFuture();
  mRunner->setPacing(running);
  if (!running) requestTrace();  // the step it stopped on may have been taken without tracing
  emit runningChanged(running);
}

void Session::setTimeRate(double rate) {
  if (mRunner->setTimeRate(rate)) emit timeRateChanged(mRunner->timeRate());
}

void Session::step(int steps) {
  setRunning(false);
  if (!hasScene() || steps <= 0) return;
  if (!atLatest()) discardFuture();
  requestSteps(steps);
}

bool Session::stepNow(int steps) {
  setRunning(false);
  if (!hasScene()) return false;
  if (steps <= 0) return true;
  if (!atLatest()) discardFuture();
  std::optional<QString> error;
  const StepBatch result = mRunner->advanceNow(steps, error);
  takeBatch(result);
  if (error) reportSimulationError(*error);
  return !error;
}

void Session::stepPivot() {
  walkDecisions(&HistoryCursor::nextPivot, &HistoryCursor::openFirstSolve);
}

void Session::stepWaypoint() {
  walkDecisions(&HistoryCursor::nextWaypoint, &HistoryCursor::openFirstWaypoint);
}

void Session::walkDecisions(HistoryCursor::Move (HistoryCursor::*next)(quint64),
                            void (HistoryCursor::*openFirst)()) {
  setRunning(false);
  if (!hasScene()) return;
  switch ((mCursor.*next)(mRunner->generation())) {
    case HistoryCursor::Move::kSelection:
      emit selectionChanged();
      return;
    case HistoryCursor::Move::kRecord:
      shownChanged();
      return;
    case HistoryCursor::Move::kNewStep:
      // Taken off the UI thread like step(); the walk opens the new record when it is in.
      if (mRunner->pending() == 0)
        requestSteps(1, [this, openFirst] {
          (mCursor.*openFirst)();
          emit selectionChanged();
        });
      return;
  }
}

void Session::apply(SimEdit edit) {
  if (!hasScene()) return;
  if (const auto* s = std::get_if<SetSettings>(&edit); s && s->changes.timeStep)
    mDocument.timeStep = *s->changes.timeStep;
  if (isLasting(edit)) mDocument.lastingEdits.push_back(edit);
  if (!atLatest()) discardFuture();
  mRunner->postEdit(std::move(edit));
}

void Session::onEdited(const SimState& state, long long step, const SimEdit& edit) {
  // The edit took effect right after step `step`: the step after it starts from this
  // state. Steps taken since were already taken with the edited simulation.
  mDocument.editLog.push_back({step, edit});
  mDocument.unsaved = true;
  const int i = history().indexOfStep(step);
  if (i >= 0) mCursor.replaceState(i, state);
  mDocument.timeStep = state.timeStep;
  emit notesChanged();  // a time step or integrator edited: the stability notes with it
}

// ---- A step that takes long

long long Session::stepInProgress() const {
  return mRunner->stepInProgress();
}

double Session::busySeconds() const {
  return mRunner->busySeconds();
}

void Session::setBusyAfter(int ms) {
  mRunner->setBusyAfter(ms);
}

void Session::cancelStep() {
  if (mRunner->pending() == 0) return;
  setRunning(false);
  mRunner->cancel();
}

// ---- Answers from the runner

void Session::requestSteps(int steps, std::function<void()> then) {
  mThen = std::move(then);
  mRunner->requestSteps(steps);
}

bool Session::takeBatch(const StepBatch& batch) {
  if (batch.generation != mRunner->generation()) return false;
  const HistoryCursor::Taken taken = mCursor.take(batch.records, batch.generation);
  if (!taken.appended) return false;
  mDocument.unsaved = true;
  if (taken.followed && !isRunning()) requestTrace();
  emit stepped();
  if (taken.followed) {
    emit currentChanged();
    emit selectionChanged();
  }
  return true;
}

void Session::onAdvanced(const StepBatch& batch) {
  const std::function<void()> then = std::exchange(mThen, {});
  if (takeBatch(batch) && then && atLatest()) then();
}

void Session::onFailed(const QString& message, const StepBatch& batch) {
  mThen = {};
  takeBatch(batch);
  reportSimulationError(message);
}

void Session::onCancelled(const QString& message, const StepBatch& batch, double seconds) {
  mThen = {};
  takeBatch(batch);
  setRunning(false);
  const StepRecord& last = history().back();
  emit noticeOccurred(tr("step %1 cancelled after %2 s (%3); the run stays at step %4, t = %5 s")
                          .arg(last.step + 1)
                          .arg(seconds, 0, 'f', 1)
                          .arg(message)
                          .arg(last.step)
                          .arg(last.state.time, 0, 'g', 6));
}

void Session::reportSimulationError(const QString& message) {
  setRunning(false);
  const double t = history().empty() ? 0.0 : history().back().state.time;
  emit errorOccurred(tr("Simulation stopped at t = %1 s: %2").arg(t, 0, 'f', 3).arg(message));
}

// ---- Comparison

Scene Session::pristineScene() const {
  return mDocument.pristineScene();
}

void Session::setComparison(std::shared_ptr<const AdvanceRun> run) {
  mComparison = std::move(run);
  emit comparisonChanged();
}

}  // namespace cl::widgets
