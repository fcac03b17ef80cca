#pragma once
// Session: the workbench's document, the one object the docks read. It is a thin front
// over three parts with one job each, and tells the docks what happened through signals;
// docks read it and never talk to each other:
//   - SessionDocument (session_document.h): the scene as loaded and the edits made to it;
//   - HistoryCursor (history_cursor.h): every step taken, the record shown and the
//     selection within it (one solve, one pivot of it, one waypoint, one contact, a body);
//   - StepRunner (step_runner.h): the worker thread that steps the simulation, the pacing
//     of a run to the wall clock, busy and cancel, re-derived traces.
// Loading a scene or a recording replaces the document and the history whole and starts
// the runner again (install).
//
// The record shown, current(), is the newest while running; showStep() scrubs back to any
// held record and every dock shows that one; any dock may change the selection, all of
// them follow selectionChanged().
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/edit/sim_edit.h"
#include "engine/run/advance_run.h"
#include "engine/run/run_history.h"
#include "engine/run/run_recording.h"
#include "engine/run/set_aside_future.h"
#include "engine/run/step_marks.h"
#include "engine/scene/scene.h"
#include "engine/trace/trace_csv.h"
#include "widgets/history_cursor.h"
#include "widgets/session_document.h"
#include "widgets/sim_snapshot.h"
#include "widgets/step_runner.h"

namespace cl::widgets {

struct StepBatch;

class Session : public QObject {
  Q_OBJECT

 public:
  explicit Session(QObject* parent = nullptr);
  ~Session() override;

  // ---- Scene
  // Loads a scene file and makes it current (emits sceneLoaded). On a bad file it emits
  // errorOccurred with the loader's message (file, JSON path, problem), keeps the scene
  // it had and returns false. With keepEdits the lasting edits made so far (gravity,
  // elasticity, damping, thrust, settings) are written into the new scene's document, as
  // ContactApp keeps its parameters when the number of blocks changes.
  bool loadScene(const QString& path, bool keepEdits = false);
  // Makes a scene built in code current; `sourcePath` may be empty.
  void setScene(Scene scene, const QString& sourcePath = {});
  // Back to the start: reloads the file (so edits to it show), or a copy of the scene
  // as it was set when it did not come from a file.
  bool restart();
  // Rebuilds the scene from its document, with the lasting edits made so far and
  // `settings` written in (recordEdit, rebuildScene), and starts it again: for the settings
  // that cannot change while it runs. False with errorOccurred when there is no document
  // to rebuild from (canRebuild) or the rebuild fails; the scene running stays.
  bool restartWithSettings(const SimSettings& settings);
  // Whether the scene has a document to rebuild from (a scene built in code may not).
  bool canRebuild() const;
  // Writes the scene as loaded (its document) to `path`, whole or not at all; false
  // with errorOccurred on failure.
  bool saveScene(const QString& path);
  // Writes the run as held (the scene's document, the edits made, every record but its
  // trace; engine/run/run_recording.h) to `path`, whole or not at all. Pauses first. False
  // with errorOccurred when the scene has no document (canRebuild) or writing fails.
  bool saveRecording(const QString& path);
  // Opens a recording saved by saveRecording or `contactlab-cli run --record`: its scene
  // becomes current with the recorded records as the history (as many as the budget
  // holds), the newest shown; the run goes on from it when run or stepped. A damaged file,
  // one of a newer format or one whose scene does not load is refused with errorOccurred,
  // and the scene and history shown stay.
  bool openRecording(const QString& path);
  // Opens a state file (contactlab-state: `contactlab-cli run --final-state`, Export All)
  // on the scene running: the scene is built again from its document with the lasting edits
  // and the live settings, the state put into it (time, step count, bodies, random
  // generator, warm-start memory) and the run starts again from it, bit for bit as the run
  // that saved it goes on (as `run --initial-state` does). A file that does not read, or
  // whose bodies are not the scene's, is refused with errorOccurred naming the file and the
  // problem, and the scene and history shown stay.
  bool openState(const QString& path);
  // The state file the run started from (empty when it started as loaded).
  const QString& statePath() const { return mDocument.statePath; }
  // The recording the history came from (empty when it was run here).
  const QString& recordingPath() const { return mDocument.recordingPath; }
  // Whether the history holds steps taken or edited since it was loaded, opened or saved.
  bool hasUnsavedSteps() const { return mDocument.unsaved; }
  // Asked before loadScene or openRecording (kLoad), restart or restartWithSettings
  // (kRestart) drops a history with unsaved steps, with their number: false keeps the run
  // (the call returns false, and loadDeclined() says why). The window asks the user (and
  // offers to save a recording first); none: always.
  enum class DiscardCause { kLoad, kRestart };
  void setDiscardGuard(std::function<bool(int steps, DiscardCause cause)> guard) {
    mDiscardGuard = std::move(guard);
  }
  // The last loadScene, openRecording or restart returned false because the guard declined.
  bool loadDeclined() const { return mLoadDeclined; }

  bool hasScene() const { return mDocument.hasScene; }
  const QString& scenePath() const { return mDocument.scenePath; }
  const QString& title() const { return mDocument.title; }
  const QString& description() const { return mDocument.description; }
  // The scene's document and settings as loaded.
  const SceneDoc& sceneDoc() const { return mDocument.doc; }
  const SimSettings& settings() const { return mDocument.settings; }
  // Shapes of the current scene's bodies; they do not change while it runs.
  const std::vector<Polygon>& bodies() const { return mDocument.bodies; }
  // The time step of the live simulation.
  double timeStep() const { return mDocument.timeStep; }
  // The settings the newest record runs with: the live ones as its simulation and advance
  // strategy have them (with every edit so far), the others as loaded. settings() without
  // a scene.
  SimSettings liveSettings() const;
  // What the scene will not do as its file says, at the live settings: the advance's and
  // engine's caveats and the force laws its time step cannot integrate stably
  // (advance_caveats.h). Shown by the notes bar; re-read on notesChanged.
  std::vector<std::string> notes() const;
  // The lasting edits made since the scene was loaded (those a restart keeps).
  const std::vector<SimEdit>& lastingEdits() const { return mDocument.lastingEdits; }
  // Every edit applied since the scene was loaded, with the step it followed, for the
  // records held (a recording rebuilds each record's simulation from them).
  const std::vector<RecordedEdit>& editLog() const { return mDocument.editLog; }

  // ---- History
  const RunHistory& history() const { return mCursor.history(); }
  void setHistoryBudget(std::size_t bytes);
  // Index into history() of the record shown (-1 without a scene).
  int currentIndex() const { return mCursor.currentIndex(); }
  const StepRecord* current() const;
  bool atLatest() const { return mCursor.atLatest(); }
  // The snapshot of the record shown.
  const SimSnapshot& snapshot() const { return mCursor.snapshot(); }
  // Shows record `index` (clamped); pauses. Emits currentChanged and selectionChanged.
  void showStep(int index);
  // Shows the nearest record after (direction > 0) or before (< 0) the one shown that has
  // `mark` (engine/run/step_marks.h), over the whole history; false, with noticeOccurred
  // saying none is held, when there is none. A poor step says why (noticeOccurred) and,
  // once its trace is at hand, selects the solve that made it poor at its result.
  bool showMarkedStep(StepMark mark, int direction);
  // The full trace of the record shown when it is at hand: recorded with the step or
  // re-derived by requestTrace(), and expanded by it when the record holds a compact trace
  // (engine/trace/compact_solve.h, what a run records); null otherwise. Runs nothing.
  const StepTrace* currentTrace() const;
  std::shared_ptr<const StepTrace> currentTraceShared() const;
  // Asks for the trace of the record shown when it is not held (the budget dropped it, or
  // the step was taken without tracing): the step is re-run from the record before it
  // (replayStep) on a thread of its own, and the answer comes as currentChanged and
  // selectionChanged, with the trace held by the history and the record's default
  // selection. A re-run that fails, or does not reproduce the recorded state bit for bit,
  // is reported by errorOccurred. Showing a record while paused asks by itself; a request
  // for a record the run has moved past is answered for the record shown when it lands.
  void requestTrace();
  // Whether the trace of the record shown is being re-derived, or its compact trace
  // expanded (requestTrace() does that too, on the same thread of its own: while paused,
  // when a record is shown).
  bool derivingTrace() const;
  bool expandingTrace() const;
  // Why currentTrace() is null, for a dock to show (no scene, step 0, being re-derived,
  // the record before it dropped, running untraced); empty when it is held.
  QString noTraceReason() const;
  // Records traces while stepping (default on). Off, the run is faster and traces are
  // re-derived when a step is inspected.
  bool tracing() const { return mRunner->tracing(); }
  void setTracing(bool on);
  // Makes the record shown the newest: sets the records after it aside (with their edits)
  // and puts the simulation back at its state. Running, stepping or editing from a past
  // record does this; restoreSetAside() brings them back.
  void discardFuture();
  // The runs set aside by discardFuture, the newest last (at most kMaxSetAside): how many
  // steps the newest holds and the step it followed (0 and -1 when there is none).
  int setAsideSteps() const;
  long long setAsideFrom() const;
  // Puts the newest set-aside run back after its step, in place of what followed that step
  // since (which is set aside in its place: a second call goes back), and shows that step.
  // False, saying why with errorOccurred, when the history no longer holds the step.
  bool restoreSetAside();
  static constexpr int kMaxSetAside = HistoryCursor::kMaxSetAside;

  // ---- Selection within the record shown
  // Solve: its position among currentTrace()'s solves (0 .. solveCount() - 1; an opened
  // trace keeps its one-contact solves compact, engine/contact/expand_trace.h), -1 none.
  // Selecting a solve selects its final pivot and clears the contact.
  int selectedSolve() const { return mCursor.selectedSolve(); }
  void selectSolve(int index);
  const SolveTrace* selectedSolveTrace() const;
  // The selected solve's step and place among the step's solves, from 1 (for exports).
  SolveOrigin selectedSolveOrigin() const;
  // Why selectedSolveTrace() is null, for a dock to show (no scene, step 0, no trace
  // held, a step without contacts, nothing selected); empty when a solve is selected.
  QString noSolveReason() const;
  // Position in the selected solve (engine/solver/solve_state.h): -1 before the first
  // decision (f = 0, a = b), k after decision k, K = resultPosition its result. A solve
  // selected opens at its result; stepPivot opens the next one at -1.
  int selectedPivot() const { return mCursor.selectedPivot(); }
  void selectPivot(int index);
  // Waypoint: index into currentTrace()->waypoints, -1 none.
  int selectedWaypoint() const { return mCursor.selectedWaypoint(); }
  void selectWaypoint(int index);
  const Waypoint* selectedWaypointData() const;
  // Contact: a row of the selected solve, -1 none.
  int selectedContact() const { return mCursor.selectedContact(); }
  void selectContact(int row);
  // Body: an index into bodies(), -1 none (the inspector shows it). It stays selected from
  // record to record; a scene load clears it.
  int selectedBody() const { return mCursor.selectedBody(); }
  void selectBody(int body);

  // ---- Running
  bool isRunning() const { return mRunner->pacing(); }
  void setRunning(bool running);
  // Simulated seconds per wall second, 0.1 to 10.
  double timeRate() const { return mRunner->timeRate(); }
  void setTimeRate(double rate);
  // Pauses and queues `steps` time steps; the answer comes as `stepped`.
  void step(int steps = 1);
  // Pauses and takes `steps` time steps before returning (emits `stepped`); false after
  // a SimulationError, which is also reported by errorOccurred.
  bool stepNow(int steps);
  // Single-stepping the engine's decisions: the next pivot of the selected solve, then
  // the next solve, then the next record (a new step when at the newest, taken off the UI
  // thread like step(): the selection follows when it arrives); the same for waypoints.
  // Pause first.
  void stepPivot();
  void stepWaypoint();

  // ---- A step that takes long
  // Whether a request for steps has been computing for more than kBusyAfterMs (busyChanged).
  bool busy() const { return mRunner->busy(); }
  // The number of the step being computed (0 when none), and for how long the request has
  // been computing (s).
  long long stepInProgress() const;
  double busySeconds() const;
  // Stops the step being computed (a cancel at its next sub-step, AdvanceStrategy::
  // setCancelCheck) and pauses: the history stays at the last whole step, and
  // noticeOccurred says so. Nothing happens when no request is in flight.
  void cancelStep();
  // How long a request computes before busy() (default kBusyAfterMs; tests set 0).
  void setBusyAfter(int ms);
  static constexpr int kBusyAfterMs = StepRunner::kBusyAfterMs;
  // Applies `edit` (engine/edit/sim_edit.h) to the simulation between two steps, on the
  // worker thread: the one way the workbench changes a running simulation (a parameter, a
  // setting, the mouse spring, thrusters, a body's state), without a data race. The
  // steps after it are recorded with the changed simulation; from a past record, the
  // records after it are dropped first. Settings that apply on restart are left for
  // restartWithSettings.
  void apply(SimEdit edit);

  // ---- A second way of running the scene, for comparison (RunComparisonDock)
  // The scene as loaded (structure, state at step 0, settings), for runs of its own.
  Scene pristineScene() const;
  // The scene run another way (engine/run/advance_run.h), whose bodies the scene view draws
  // as ghosts at the step shown; null when none. A scene load clears it.
  const AdvanceRun* comparison() const { return mComparison.get(); }
  void setComparison(std::shared_ptr<const AdvanceRun> run);

  // Wall-clock period of the run timer.
  static constexpr int kFrameIntervalMs = StepRunner::kFrameIntervalMs;

 signals:
  void sceneLoaded();
  // Records were appended to the history (and the newest is shown when at the latest).
  void stepped();
  // Records after the one shown were dropped (set aside), or a set-aside run replaced them.
  void historyTruncated();
  // setAsideSteps() or setAsideFrom() changed.
  void setAsideChanged();
  // The record shown changed (a step, a scrub).
  void currentChanged();
  void selectionChanged();
  void runningChanged(bool running);
  void timeRateChanged(double rate);
  void errorOccurred(const QString& message);
  // Something the user should know that is no error: what the scene's advance cannot express.
  void noticeOccurred(const QString& message);
  // notes() may have changed: a scene was loaded, or a setting edited.
  void notesChanged();
  void comparisonChanged();
  // busy() changed.
  void busyChanged(bool busy);

 private:
  // The records a run starts from in place of a scene's first record: a recording's run
  // (its edits, its path), or the one record of a state file put into the scene.
  struct Recorded {
    RunHistory history;
    std::vector<RecordedEdit> edits;
    QString path;       // the recording's
    QString statePath;  // the state file's
  };
  // Makes `scene` current, carrying `lastingEdits`, with its first record as the history
  // or with `recorded`'s records (the newest shown): a new document, history and run.
  void install(Scene scene, const QString& sourcePath, std::vector<SimEdit> lastingEdits,
               std::optional<Recorded> recorded = std::nullopt);
  // Whether the history may be replaced: true when it holds nothing unsaved or the discard
  // guard agrees; false records that a load was declined.
  bool mayDiscardHistory(DiscardCause cause);
  bool replaceScene(const QString& path, bool keepEdits, DiscardCause cause);
  // stepPivot and stepWaypoint: the cursor's next position (`next`), or a new step whose
  // first position `openFirst` opens.
  void walkDecisions(HistoryCursor::Move (HistoryCursor::*next)(quint64),
                     void (HistoryCursor::*openFirst)());
  // Asks the runner for `steps` steps; `then` runs once they are in the history and shown.
  void requestSteps(int steps, std::function<void()> then = {});
  void onAdvanced(const StepBatch& batch);
  void onFailed(const QString& message, const StepBatch& batch);
  void onCancelled(const QString& message, const StepBatch& batch, double seconds);
  // Appends the batch when it is news of the current scene; true if anything was added.
  bool takeBatch(const StepBatch& batch);
  // The record shown changed (its selection reset): a paused run asks for its trace, and
  // the docks are told.
  void shownChanged();
  // The runner starts again from the newest record (after the history lost or regained
  // records at its end); answers for the old end are dropped.
  void continueFromNewest();
  // The poor solve the cursor expects, selected and described when its trace is at hand.
  void selectPendingPoorSolve();
  void reportSimulationError(const QString& message);
  void onTraceExpanded(bool sameRun, long long step,
                       const std::shared_ptr<const StepTrace>& compact,
                       const std::shared_ptr<const StepTrace>& full);
  // The selected solve, a friction solve the opened trace keeps compact, solved again on the
  // trace thread (while paused; one at a time, the newest selection next).
  void requestSolve();
  void onSolveExpanded(const std::shared_ptr<const StepTrace>& opened, int position,
                       const std::shared_ptr<const SolveTrace>& solve);
  void onTraceDerived(bool current, long long step, const std::optional<StepRun>& run,
                      const QString& error);
  void onEdited(const SimState& state, long long step, const SimEdit& edit);

  SessionDocument mDocument;
  HistoryCursor mCursor;
  StepRunner* mRunner = nullptr;
  std::function<void()> mThen;  // requestSteps' `then` of the request in flight
  bool mLoadDeclined = false;
  std::function<bool(int, DiscardCause)> mDiscardGuard;
  std::shared_ptr<const AdvanceRun> mComparison;
};

}  // namespace cl::widgets
