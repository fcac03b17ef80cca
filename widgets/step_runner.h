#pragma once
// recordStep: one time step as the workbench's history keeps it, the engine's runStep
// (engine/run/step_run.h) with the step's number and the snapshot the scene view draws.
#include <QtGlobal>

#include "engine/dynamics/advance_strategy.h"
#include "engine/run/step_run.h"
#include "widgets/run_history.h"

namespace cl::widgets {

// Takes one step of advance.timeStep() from `before` (the simulation's current state) and
// records it as step number `step`, with its trace when `trace` is set. Throws
// SimulationError as advance() does.
StepRecord recordStep(AdvanceStrategy& advance, const SimState& before, long long step,
                      quint64 generation, bool trace);

}  // namespace cl::widgets
