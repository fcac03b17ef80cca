#pragma once
// contactlab.Simulation: a scene run headless from Python, step by step through runStep
// (engine/run/step_run.h) as the CLI's `run` and the workbench take their steps, so that the
// same scene and settings give the same bits. It holds the scene (built afresh from its
// document), the advance, the state after the last step, the run's totals, and an optional
// recording being written. Nothing here knows of Python but the progress callback's type.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "engine/run/run_recording.h"
#include "engine/run/sim_state.h"
#include "engine/run/step_run.h"
#include "engine/scene/scene.h"

namespace cl::python {

class Simulation {
 public:
  // Builds the scene afresh from `doc`; `source` names it in a recording's header.
  Simulation(const SceneDoc& doc, std::string source);
  ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  // One step of `stepSize` (the time step when not given), recorded when a recording is
  // open. Throws StepFailure (the simulation stays at the last good step).
  StepRun step(StepTracing tracing, std::optional<double> stepSize = std::nullopt);
  // Whole steps to `until` as `run --until` plans them (a shorter last step only off the
  // grid). `progress(time)` is asked after every step; false stops the run there. Returns
  // the steps taken. Throws std::invalid_argument for an absurd `until` (planned past
  // 1e10 steps, or a time step lost in rounding), StepFailure as step().
  long long runTo(double until, const std::function<bool(double)>& progress);

  const Scene& scene() const { return mScene; }
  const RigidBodySim& sim() const { return *mScene.sim; }
  const AdvanceStrategy& advance() const { return *mAdvance; }
  long long steps() const { return mSteps; }
  const SimState& state() const { return mState; }
  const EnergyInfo& energyAtStart() const { return mStart; }
  const ContactSim::SolveTotals& solveTotals() const { return mSolves; }
  const StepStats* lastStats() const { return mSteps > mFirstStep ? &mLast : nullptr; }
  double minDistance() const { return mMinDistance; }

  // The state file of `run --final-state` (state_json.h), and going on from one as
  // `run --initial-state` does: the state, its step count and warm-start memory.
  std::string stateJsonText() const;
  void restoreStateJson(const std::string& text, const std::string& source);

  // Opens a recording (`run --record`): the header and the record of the state now; every
  // step after it is appended until closeRecording(), which writes the file whole. Throws
  // FileWriteError, std::logic_error when one is already open.
  void openRecording(const std::filesystem::path& path);
  // Commits the recording (true) or drops it, leaving no file (false).
  void closeRecording(bool commit);
  bool recording() const { return mRecording != nullptr; }

 private:
  Scene mScene;
  std::string mSource;
  std::unique_ptr<AdvanceStrategy> mAdvance;
  SimState mState;
  long long mSteps = 0;
  long long mFirstStep = 0;  // the steps of a restored state: none of this run's
  EnergyInfo mStart;
  ContactSim::SolveTotals mSolves;
  StepStats mLast;
  double mMinDistance;
  std::unique_ptr<RecordingWriter> mRecording;
};

}  // namespace cl::python
