#pragma once
// StepRecord: one time step as a front end keeps it to show it again: runStep's state,
// statistics and trace with the step's number and what a view draws of the state after
// it. The workbench's history is a list of these (run_history.h).
#include <cstddef>
#include <memory>

#include "engine/dynamics/advance_strategy.h"
#include "engine/run/draw_data.h"
#include "engine/run/step_run.h"

namespace cl {

struct StepRecord {
  long long step = 0;  // 0 is the state as loaded
  DrawData draw;       // what a view draws of `state`
  SimState state;      // after the step
  StepStats stats;
  std::shared_ptr<const StepTrace> trace;  // null when not recorded or dropped
  std::size_t bytes() const;               // without the shared structure
};

// The record of `sim` as it stands, the first of a run: step `step` (0 as loaded, a saved
// state's count when put back from one), to be advanced by `integrator` with steps of
// `timeStep`. Its structure is a copy of `sim` and its warm-start memory the sim's (a
// saved state's: the next solve's guess); no statistics but the time and energy.
StepRecord initialRecord(const RigidBodySim& sim, AdvanceKind advance, IntegratorKind integrator,
                         double timeStep, long long step = 0);

// Takes one step of advance.timeStep() from `before` (the simulation's current state) and
// records it as step number `step`, with its compact trace (StepTracing::kCompact) when
// `trace` is set. Throws
// StepFailure as runStep does.
StepRecord recordStep(AdvanceStrategy& advance, const SimState& before, long long step, bool trace);

}  // namespace cl
