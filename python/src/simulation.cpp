#include "simulation.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "engine/io/atomic_file.h"
#include "engine/run/draw_data.h"
#include "engine/run/state_json.h"
#include "engine/run/step_plan.h"
#include "engine/run/step_record.h"

namespace cl::python {

namespace {
// More steps than any run can finish: a typo in `until`, as the CLI's --until says.
constexpr double kMaxSteps = 1e10;
}  // namespace

Simulation::Simulation(const SceneDoc& doc, std::string source)
    : mScene(makeScene(doc)),
      mSource(std::move(source)),
      mAdvance(mScene.makeAdvance()),
      mState(captureState(*mAdvance, mScene.sim->clone(), {})),
      mStart(mScene.sim->energy()),
      mMinDistance(std::numeric_limits<double>::quiet_NaN()) {}

Simulation::~Simulation() = default;

StepRun Simulation::step(StepTracing tracing, std::optional<double> stepSize) {
  StepRun run;
  try {
    run = runStep(*mAdvance, mState, tracing, stepSize);
  } catch (const StepFailure&) {
    // Back to the last good step, so that the object stays a consistent run (the CLI
    // stops there; a script may look at it, save it, or step again with other settings).
    restoreState(*mScene.sim, mState);
    throw;
  }
  const long long step = mSteps + 1;
  if (mRecording)
    mRecording->append({.step = step,
                        .draw = drawDataOf(*mScene.sim, step),
                        .state = run.state,
                        .stats = run.stats,
                        .trace = nullptr});
  mState = run.state;
  mSteps = step;
  mSolves += run.stats.solves;
  mLast = run.stats;
  if (!(run.stats.minDistance >= mMinDistance)) mMinDistance = run.stats.minDistance;
  return run;
}

long long Simulation::runTo(double until, const std::function<bool(double)>& progress) {
  const double dt = mAdvance->timeStep();
  const double t0 = mScene.sim->time();
  if (t0 + dt == t0)
    throw std::invalid_argument(fmt::format(
        "at t = {} a time step of {} is lost in rounding (t + dt == t): the run would never move",
        t0, dt));
  const double count = stepsTo(t0, until, dt);
  if (!std::isfinite(until) || !(count <= kMaxSteps))
    throw std::invalid_argument(
        fmt::format("until = {} with time step {} would take {:.3g} steps (at most {:.0e})", until,
                    dt, count, kMaxSteps));
  const StepPlan plan = planSteps(t0, until, dt);
  long long taken = 0;
  for (long long i = 0; i < plan.count(); ++i) {
    const double h = plan.size(i, mScene.sim->time(), dt, until);
    if (!(h > 0)) break;
    step(StepTracing::kOff, h);
    ++taken;
    if (progress && !progress(mScene.sim->time())) break;
  }
  return taken;
}

std::string Simulation::stateJsonText() const {
  return stateJson(*mScene.sim, mSteps).dump(2);
}

void Simulation::restoreStateJson(const std::string& text, const std::string& source) {
  if (mRecording)
    throw std::logic_error("a state cannot be loaded while a recording is open: close it first");
  const SavedState saved = parseStateJson(text, source);
  restoreSavedState(*mScene.sim, saved, source);
  // A fresh advance for the state, as `run --initial-state` builds its own after reading it.
  mAdvance = mScene.makeAdvance();
  mState = captureState(*mAdvance, mScene.sim->clone(), {});
  mSteps = mFirstStep = saved.steps;
  mStart = mScene.sim->energy();
  mSolves = {};
  mLast = {};
  mMinDistance = std::numeric_limits<double>::quiet_NaN();
}

void Simulation::openRecording(const std::filesystem::path& path) {
  if (mRecording) throw std::logic_error("a recording is already open: close it first");
  auto writer =
      std::make_unique<RecordingWriter>(path, mScene.doc, mSource, std::span<const RecordedEdit>{});
  StepRecord first = initialRecord(*mScene.sim, mAdvance->kind(), mAdvance->integratorKind(),
                                   mAdvance->timeStep(), mSteps);
  first.state.counters = mState.counters;  // the run's so far: a record holds the run's totals
  writer->append(first);
  mRecording = std::move(writer);
}

void Simulation::closeRecording(bool commit) {
  if (!mRecording) return;
  std::unique_ptr<RecordingWriter> writer = std::move(mRecording);
  if (commit) writer->commit();  // else its destructor leaves no file
}

}  // namespace cl::python
