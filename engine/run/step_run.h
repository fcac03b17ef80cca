#pragma once
// Taking one time step with what a front end records of it, and taking it again. runStep
// advances a simulation by one time step and returns the state after it, the step's
// statistics and (when asked) its trace; replayStep re-runs a step from the state before
// it on a fresh copy, to re-derive its trace or to check that the run is deterministic
// (the same state before gives the same bits after). The workbench's worker and history
// use both, and the CLI's run loop runs on runStep; nothing here knows of Qt.
#include <memory>
#include <optional>

#include "engine/contact/contact_sim.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/run/sim_state.h"
#include "engine/trace/step_trace.h"
#include "engine/trace/time_step_trace.h"

namespace cl {

// One number of each kind per step, for time series and summaries.
struct StepStats {
  double time = 0.0;
  EnergyInfo energy;
  int contacts = 0;  // contacts (and connector records) of the step's last evaluate
  // The contact-force solves during the step: how many, their pivots, the worst
  // complementarity violation, the warm start's outcomes (zeros without a ContactSim).
  ContactSim::SolveTotals solves;
  double minDistance = 0;  // smallest contact distance at the end (NaN without contacts)
  double maxJointGap = 0;  // largest |distance| of a joint or rod record at the end
  // Sum of the normal forces (N) of the contacts at the end: what holds resting bodies up
  // (the weight they carry at rest). Collision impulses are not in it.
  double contactForce = 0;
  long long backups = 0;      // CollisionAdvance back-ups during the step
  long long collisions = 0;   // collisions handled during the step
  long long binarySteps = 0;  // steps CollisionAdvance chose by binary search
  long long stuck = 0;        // MAYBE_STUCK events
  // A time stepper's step (engine/time_stepping): its iterations and how they ended
  // (CollisionAdvance: 0 and converged).
  int iterations = 0;
  TimeStepStatus timeStepStatus = TimeStepStatus::kConverged;
  double wallSeconds = 0;  // time the step took (with tracing when traced)
  // The size of the step taken: the advance's time step, or less (a run's last step landing
  // on a time off the step grid). NaN when not known (a recording of format version 1).
  double stepSize = 0;
};

struct StepRun {
  SimState state;  // after the step
  StepStats stats;
  std::shared_ptr<const StepTrace> trace;  // null unless traced
};

// What runStep records of a step: nothing, the waypoints only (cheap: a run printing its
// events), everything with the serial impulse loop's one-contact solves kept compact (their
// problems only, expanded on demand: engine/contact/expand_trace.h; what the workbench
// records), or everything in full (every solve with its pivots, and the waypoints).
enum class StepTracing { kOff, kWaypoints, kCompact, kAll };

// A step that failed (advance threw SimulationError), with the trace recorded up to the
// failure: the waypoints that lead to a stuck collision are how it is taken apart.
class StepFailure : public SimulationError {
 public:
  StepFailure(const SimulationError& error, std::shared_ptr<const StepTrace> partial)
      : SimulationError(error),
        partialTrace(std::move(partial)),
        cancelled(dynamic_cast<const StepCancelled*>(&error) != nullptr) {}
  std::shared_ptr<const StepTrace> partialTrace;  // null when the step was not traced
  // The advance threw StepCancelled (AdvanceStrategy::setCancelCheck): the step was
  // stopped from outside, and the simulation is back at `before`.
  bool cancelled = false;
};

// Takes one step of `stepSize` (advance.timeStep() when not given) from `before` (which
// must describe the simulation's current state), recording what `tracing` asks for.
// Throws StepFailure when advance() throws SimulationError, with the simulation then left
// where the failed advance left it, and when the step ends with a non-finite energy (a
// diverged run: it names the body), with the simulation put back to `before`.
StepRun runStep(AdvanceStrategy& advance, const SimState& before, StepTracing tracing,
                std::optional<double> stepSize = std::nullopt);

// Re-runs the step that followed `before` on a fresh copy of its structure, with tracing
// (full unless asked otherwise).
StepRun replayStep(const SimState& before, StepTracing tracing = StepTracing::kAll);

}  // namespace cl
