#pragma once
// SimWorker: owns the simulation being stepped and lives on the stepping
// thread. Session talks to it only through queued calls, so the simulation is
// touched by one thread alone and the UI sees copies (StepRecord, SimSnapshot).
#include <QMetaType>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/edit/sim_edit.h"
#include "engine/run/step_record.h"
#include "widgets/sim_snapshot.h"

namespace cl::widgets {

// The records of the steps one request took, in order.
struct StepBatch {
  quint64 generation = 0;
  std::vector<StepRecord> records;
};

class SimWorker : public QObject {
  Q_OBJECT

 public:
  SimWorker() = default;
  ~SimWorker() override;

  // Starts stepping a copy of start.structure at `start`, the state of step number `step`
  // (0: as loaded); later calls refer to `generation`.
  void install(const SimState& start, quint64 generation, long long step = 0);
  // Number of the last step taken (or restored to).
  long long steps() const { return mSteps; }
  // Records traces of the steps it takes (default on).
  void setTracing(bool on) { mTracing = on; }
  // Takes `steps` time steps and emits advanced, failed on SimulationError, or cancelled
  // when requestCancel() moved past `cancelToken` (cancelToken() when the request was made)
  // before or while a step was computed; the steps before that one are in the batch.
  void advanceAsync(int steps, quint64 cancelToken);
  // The same, answered by return value instead of a signal (for a caller that
  // blocks on this thread); the message is set on failure and on a cancel.
  StepBatch advanceNow(int steps, quint64 cancelToken, std::optional<QString>& error,
                       bool& cancelled);
  // Any thread: cancels every request made before this call (the step being computed
  // stops at its next sub-step, StepCancelled, and the simulation stays at the last whole
  // step), and the token of requests made after it.
  void requestCancel() { ++mCancels; }
  quint64 cancelToken() const { return mCancels.load(); }
  // Any thread: the number of the step being computed, or 0 between requests.
  long long stepInProgress() const { return mInProgress.load(); }
  // Applies an edit between steps (engine/edit/sim_edit.h); what follows is recorded with
  // a new structure. Returns the state after, or nothing when the edit changed nothing (a
  // body or thruster the simulation does not have): such an edit is not one to record.
  std::optional<SimState> apply(const SimEdit& edit);

 signals:
  void advanced(const cl::widgets::StepBatch& batch);
  void failed(quint64 generation, const QString& message, const cl::widgets::StepBatch& batch);
  void cancelled(quint64 generation, const QString& message, const cl::widgets::StepBatch& batch);

 private:
  // Makes the live simulation a copy of state.structure at `state`.
  void rebuild(const SimState& state);

  std::unique_ptr<RigidBodySim> mSim;  // the live simulation
  std::unique_ptr<AdvanceStrategy> mAdvance;
  SimState mState;  // state after the last step taken (or restored)
  quint64 mGeneration = 0;
  long long mSteps = 0;  // number of the last step taken
  bool mTracing = true;
  std::atomic<quint64> mCancels{0};
  std::atomic<long long> mInProgress{0};
};

}  // namespace cl::widgets

Q_DECLARE_METATYPE(cl::widgets::StepBatch)
