#pragma once
// StepRunner: the threads of a Session's run. The live simulation and its advance strategy
// live on a worker thread (SimWorker); the runner asks it for steps, paces a run to the
// wall clock, says when a request is taking long (busy) and cancels it, applies edits
// between steps, and re-derives a record's trace on a thread of its own.
//
// Pacing (run_pacing.h): while running, a frame timer on the UI thread asks for as many
// time steps as the wall clock (times the time rate) has moved on, at most one request in
// flight, in batches of about a frame.
//
// Generations: every start (startFrom) begins a generation; an answer of an older one is
// dropped here, so what the runner signals is always news of the run as it now is.
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <functional>
#include <optional>

#include "engine/edit/sim_edit.h"
#include "engine/run/run_history.h"
#include "engine/run/step_run.h"

class QThread;
class QThreadPool;
class QTimer;

namespace cl::widgets {

class SimWorker;
struct StepBatch;

class StepRunner : public QObject {
  Q_OBJECT

 public:
  // Where the run's history ends, read at each frame: the newest record's time and step,
  // and the time step the simulation takes.
  struct RunEnd {
    double time = 0.0;
    long long step = 0;
    double timeStep = 0.0;
  };
  explicit StepRunner(std::function<RunEnd()> end, QObject* parent = nullptr);
  ~StepRunner() override;

  // Starts a new generation from `state` after step `step`: answers in flight are dropped,
  // a step still computing is cancelled, nothing is pending.
  void startFrom(const SimState& state, long long step);
  quint64 generation() const { return mGeneration; }

  // Pacing to the wall clock (setPacing(false) stops; a request in flight still answers).
  bool pacing() const { return mPacing; }
  void setPacing(bool on);
  // Simulated seconds per wall second, clamped to 0.1 to 10; false when unchanged.
  double timeRate() const { return mTimeRate; }
  bool setTimeRate(double rate);

  // Asks for `steps` steps; the answer comes as advanced, failed or cancelled.
  void requestSteps(int steps);
  // Requests sent and not yet answered.
  int pending() const { return mPending; }
  // Takes `steps` steps before returning, queued behind any request in flight (the worker
  // stays the only thread that touches the simulation); `error` is set when one failed.
  StepBatch advanceNow(int steps, std::optional<QString>& error);

  // Records traces while stepping (default on).
  bool tracing() const { return mTracing; }
  void setTracing(bool on);

  // Whether the request in flight has computed for more than busyAfter ms.
  bool busy() const { return mBusy; }
  // The number of the step being computed (0 when none), and for how long the request has.
  long long stepInProgress() const;
  double busySeconds() const;
  void setBusyAfter(int ms);
  // Stops the step being computed at its next sub-step (AdvanceStrategy::setCancelCheck).
  void cancel();

  // Applies `edit` on the worker between two steps; the state it leaves comes as `edited`.
  void postEdit(SimEdit edit);

  // Re-runs the step after `before` (replayStep) on a thread of its own; the answer comes as
  // traceDerived. One at a time: derivingStep() is the step being re-run, -1 when none.
  // The trace derived is compact (StepTracing::kCompact), as the run records it.
  void deriveTrace(const SimState& before, long long step);
  long long derivingStep() const { return mDerivingStep; }
  // Opens the compact trace `compact` of step `step` (openTrace, engine/contact/expand_trace.h)
  // on the same thread; the answer comes as traceExpanded. One at a time: expanding() is the
  // trace being expanded, null when none. `compact` is shared and never changed: reading it
  // on that thread while the history holds it is safe.
  void expandTrace(std::shared_ptr<const StepTrace> compact, long long step);
  const StepTrace* expanding() const { return mExpanding.get(); }
  // Solves the compact friction solve at `position` of the opened trace `opened` again,
  // traced (expandCompactLcpSolve), on the same thread; the answer comes as solveExpanded.
  // One at a time: solvingAgain() is its position, -1 when none.
  void expandSolve(std::shared_ptr<const StepTrace> opened, int position);
  int solvingAgain() const { return mSolvingAgain; }

  // Frees the traces a history drops, on a thread of its own (a pile_200 step's took tens
  // of milliseconds to free, while the window is to stay responsive).
  const RunHistory::TraceDisposer& traceDisposer() const { return mDisposer; }

  static constexpr int kFrameIntervalMs = 16;
  static constexpr int kBusyAfterMs = 400;

 signals:
  void advanced(const cl::widgets::StepBatch& batch);
  void failed(const QString& message, const cl::widgets::StepBatch& batch);
  // `seconds`: how long the request had computed.
  void cancelled(const QString& message, const cl::widgets::StepBatch& batch, double seconds);
  void busyChanged(bool busy);
  // The edit took effect right after step `step`, leaving `state`.
  void edited(const SimState& state, long long step, const SimEdit& edit);
  // The re-run of `step` (of this generation or, when `current` is false, an older one),
  // or the error that stopped it.
  void traceDerived(bool current, long long step, const std::optional<StepRun>& run,
                    const QString& error);
  // The expansion `full` of the compact trace `compact` of step `step` (of this generation
  // or, when `current` is false, an older one).
  void traceExpanded(bool current, long long step, const std::shared_ptr<const StepTrace>& compact,
                     const std::shared_ptr<const StepTrace>& full);
  // Solve `position` of the opened trace `opened`, solved again (expandSolve).
  void solveExpanded(const std::shared_ptr<const StepTrace>& opened, int position,
                     const std::shared_ptr<const SolveTrace>& solve);

 private:
  void onFrame();
  void onAdvanced(const StepBatch& batch);
  void onFailed(quint64 generation, const QString& message, const StepBatch& batch);
  void onCancelled(quint64 generation, const QString& message, const StepBatch& batch);
  // An answer of the current generation arrived: one request fewer in flight.
  void endRequest();
  void endAllRequests();

  std::function<RunEnd()> mEnd;
  QThread* mThread = nullptr;
  SimWorker* mWorker = nullptr;  // lives on mThread
  QTimer* mFrameTimer = nullptr;
  QElapsedTimer mClock;
  double mTargetTime = 0.0;   // simulation time the wall clock says the run should be at
  int mPending = 0;           // requests sent to the worker and not yet answered
  double mStepSeconds = 0.0;  // wall seconds a step of the last batch took, 0 before one
  QTimer* mBusyTimer = nullptr;
  QElapsedTimer mRequestClock;  // since the request in flight was made
  bool mBusy = false;
  quint64 mGeneration = 0;
  bool mPacing = false;
  double mTimeRate = 1.0;
  bool mTracing = true;
  long long mDerivingStep = -1;
  int mTraceJobs = 0;                           // re-derivations started and not yet answered
  std::shared_ptr<const StepTrace> mExpanding;  // the trace being expanded
  int mSolvingAgain = -1;                       // the position expandSolve is solving
  QThreadPool* mTracePool = nullptr;            // one thread: re-derives traces off the UI thread
  QThreadPool* mDisposePool = nullptr;          // one thread: frees the traces a history drops
  RunHistory::TraceDisposer mDisposer;
};

}  // namespace cl::widgets
