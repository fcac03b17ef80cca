#pragma once
// RunHistory: every step the workbench has taken, so that any of them can be shown
// again, re-run, inspected and exported. A record holds what the docks draw (the
// snapshot and the step's statistics), the state to restart from, and the step's trace
// (solves, pivots, waypoints). Traces are large, so under the memory budget the oldest
// are dropped first; a dropped trace is re-derived by re-running the step from the
// state before it (step_runner.h), which determinism makes exact. Only when the records
// alone exceed the budget are the oldest records dropped.
#include <cstddef>
#include <deque>
#include <memory>

#include "engine/collision_advance/collision_advance.h"
#include "engine/contact/warm_start.h"
#include "engine/math/random_lcg.h"
#include "engine/trace/step_trace.h"
#include "widgets/sim_snapshot.h"

namespace cl::widgets {

// Enough to put a simulation back exactly where it was after a step.
struct SimState {
  double time = 0.0;
  std::vector<double> vars;
  RandomLCG random;
  // ContactSim's warm-start memory (which contacts carried force): the next solve's guess,
  // so a re-run from this state repeats the original bit for bit. Empty for other sims.
  WarmStart warmStart;
  // The simulation as of its last structural change (load or an edit: a thruster
  // switched, a setting changed): force laws, connectors and settings come from it.
  // Shared by every record until the next change.
  std::shared_ptr<const RigidBodySim> structure;
  IntegratorKind integrator = IntegratorKind::RungeKutta;
  double timeStep = 0.0;
  CollisionCounters counters;  // of the run up to here (zeros without CollisionAdvance)
};

// One number of each kind per step, for the time series.
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

struct StepRecord {
  long long step = 0;    // 0 is the state as loaded
  SimSnapshot snapshot;  // what the scene view draws (no energy samples)
  SimState state;        // after the step
  StepStats stats;
  std::shared_ptr<const StepTrace> trace;  // null when not recorded or dropped
  std::size_t bytes() const;               // without the shared structure
};

class RunHistory {
 public:
  static constexpr std::size_t kDefaultBudget = std::size_t{512} << 20;

  explicit RunHistory(std::size_t budgetBytes = kDefaultBudget) : mBudget(budgetBytes) {}

  void clear();
  // Appends the next step's record, then drops what the budget cannot hold (indices of
  // the records kept move down by droppedRecords()' increase).
  void append(StepRecord record);
  // Drops every record after index `i` (running again from a past step).
  void truncateAfter(int i);
  // Replaces the state of record i (an edit between steps changed the simulation).
  void replaceState(int i, SimState state);
  // Sets the trace of record i (re-derived) and drops other traces to fit the budget;
  // records are not dropped, so indices stay valid.
  void setTrace(int i, std::shared_ptr<const StepTrace> trace);

  int size() const { return static_cast<int>(mRecords.size()); }
  bool empty() const { return mRecords.empty(); }
  const StepRecord& at(int i) const { return mRecords[static_cast<std::size_t>(i)]; }
  const StepRecord& back() const { return mRecords.back(); }
  // Index of the record of step `step`, or -1 when it is not (or no longer) held.
  int indexOfStep(long long step) const;

  std::size_t bytes() const { return mBytes; }
  std::size_t budget() const { return mBudget; }
  void setBudget(std::size_t bytes);
  // Records dropped from the front since the last clear().
  long long droppedRecords() const { return mDroppedRecords; }

 private:
  // Drops traces (oldest first, never record `keep`'s) until within budget, then, when
  // `dropRecords`, whole records from the front.
  void enforceBudget(int keep, bool dropRecords);

  std::deque<StepRecord> mRecords;
  std::size_t mBytes = 0;
  std::size_t mBudget;
  long long mDroppedRecords = 0;
};

}  // namespace cl::widgets
