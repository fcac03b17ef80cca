#pragma once
// Taking one recorded time step, and taking it again. runStep advances a simulation by
// one time step and returns the StepRecord the history keeps; replayStep re-runs a
// recorded step from the state before it on a copy, to re-derive its trace or to check
// that the run is deterministic (the same state before gives the same bits after).
#include <memory>

#include "engine/dynamics/advance_strategy.h"
#include "widgets/run_history.h"

namespace cl::widgets {

// The state of `advance`'s simulation now, with `structure` as its structure and
// `counters` as the run's counters so far.
SimState captureState(AdvanceStrategy& advance, std::shared_ptr<const RigidBodySim> structure,
                      const CollisionCounters& counters);
// Puts vars, time and the random generator of `state` into `sim` (same structure).
void restoreState(RigidBodySim& sim, const SimState& state);

// Takes one step of advance.timeStep() from `before` (which must describe the
// simulation's current state) and records it as step number `step`; the trace is
// recorded when `trace` is set. Throws SimulationError as advance() does, with the
// simulation then left where the failed advance left it.
StepRecord runStep(AdvanceStrategy& advance, const SimState& before, long long step,
                   quint64 generation, bool trace);

// Re-runs the step that followed `before` on a fresh copy, with tracing.
StepRecord replayStep(const SimState& before, long long step, quint64 generation);

// True when two states hold the same bits (time, vars, random generator).
bool sameState(const SimState& a, const SimState& b);

}  // namespace cl::widgets
