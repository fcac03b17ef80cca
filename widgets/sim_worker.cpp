#include "widgets/sim_worker.h"

#include <algorithm>
#include <cmath>

#include "engine/collision_advance/collision_advance.h"
#include "engine/contact/contact_sim.h"
#include "engine/run/step_record.h"
#include "engine/time_stepping/make_advance.h"
#include "widgets/thread_handoff.h"

namespace cl::widgets {

SimWorker::~SimWorker() = default;

void SimWorker::rebuild(const SimState& state) {
  // The strategy refers to the simulation, so it goes first.
  mAdvance.reset();
  mSim = state.structure->clone();
  if (auto* cs = dynamic_cast<ContactSim*>(mSim.get())) cs->setTraceSink(nullptr);
  restoreState(*mSim, state);
  mAdvance = makeAdvanceFor(*mSim, state.advance, state.integrator, state.timeStep);
  mState = state;
}

void SimWorker::install(const SimState& start, quint64 generation, long long step) {
  mGeneration = generation;
  mSteps = step;
  if (start.structure)
    rebuild(start);
  else {
    mAdvance.reset();
    mSim.reset();
  }
}

StepBatch SimWorker::advanceNow(int steps, quint64 cancelToken, std::optional<QString>& error,
                                bool& cancelled) {
  error.reset();
  cancelled = false;
  StepBatch batch{.generation = mGeneration, .records = {}};
  if (!mAdvance) {
    error = QStringLiteral("no scene is loaded");
    return batch;
  }
  mAdvance->setCancelCheck([this, cancelToken] { return mCancels.load() != cancelToken; });
  batch.records.reserve(steps > 0 ? static_cast<std::size_t>(steps) : 0);
  for (int i = 0; i < steps; ++i) {
    mInProgress = mSteps + 1;
    try {
      batch.records.push_back(recordStep(*mAdvance, mState, mSteps + 1, mTracing));
    } catch (const std::exception& e) {
      // Put the last good state back so the picture, the history and the simulation
      // agree on where the run stopped.
      restoreState(*mSim, mState);
      const auto* failure = dynamic_cast<const StepFailure*>(&e);
      cancelled = failure && failure->cancelled;
      error = QString::fromStdString(e.what());
      break;
    }
    ++mSteps;
    mState = batch.records.back().state;
  }
  mInProgress = 0;
  mAdvance->setCancelCheck({});
  return batch;
}

void SimWorker::advanceAsync(int steps, quint64 cancelToken) {
  std::optional<QString> error;
  bool cancel = false;
  StepBatch batch = advanceNow(steps, cancelToken, error, cancel);
  handoffRelease();  // the records go to the UI thread (thread_handoff.h)
  if (cancel)
    emit cancelled(mGeneration, *error, batch);
  else if (error)
    emit failed(mGeneration, *error, batch);
  else
    emit advanced(batch);
}

std::optional<SimState> SimWorker::apply(const SimEdit& edit) {
  if (!mAdvance || !applyEdit(edit, *mSim, *mAdvance)) return std::nullopt;
  std::shared_ptr<RigidBodySim> structure = mSim->clone();
  if (auto* cs = dynamic_cast<ContactSim*>(structure.get())) cs->setTraceSink(nullptr);
  mState = captureState(*mAdvance, std::move(structure), mState.counters);
  return mState;
}

}  // namespace cl::widgets
