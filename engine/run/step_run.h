#pragma once
// Taking one time step with what a front end records of it, and taking it again. runStep
// advances a simulation by one time step and returns the state after it, the step's
// statistics and (when asked) its trace; replayStep re-runs a step from the state before
// it on a fresh copy, to re-derive its trace or to check that the run is deterministic
// (the same state before gives the same bits after). The workbench's worker and history
// use both; nothing here knows of Qt.
#include <memory>

#include "engine/dynamics/advance_strategy.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/run/sim_state.h"
#include "engine/trace/step_trace.h"

namespace cl {

// One number of each kind per step, for time series and summaries.
struct StepStats {
  double time = 0.0;
  EnergyInfo energy;
  int contacts = 0;          // contacts (and connector records) of the step's last evaluate
  long long solves = 0;      // contact-force solves during the step
  long long pivots = 0;      // their pivots
  double maxViolation = 0;   // worst complementarity violation among them
  double minDistance = 0;    // smallest contact distance at the end (NaN without contacts)
  long long backups = 0;     // CollisionAdvance back-ups during the step
  long long collisions = 0;  // collisions handled during the step
  double wallSeconds = 0;    // time the step took (with tracing when traced)
};

struct StepRun {
  SimState state;  // after the step
  StepStats stats;
  std::shared_ptr<const StepTrace> trace;  // null unless traced
};

// Takes one step of advance.timeStep() from `before` (which must describe the
// simulation's current state), recording its trace when `trace` is set. Throws
// SimulationError as advance() does, with the simulation then left where the failed
// advance left it.
StepRun runStep(AdvanceStrategy& advance, const SimState& before, bool trace);

// Re-runs the step that followed `before` on a fresh copy of its structure, with tracing.
StepRun replayStep(const SimState& before);

}  // namespace cl
