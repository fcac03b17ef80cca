#pragma once
// The determinism check: re-run a recorded range of a run from its first state and compare
// every step with the record, bit for bit. Box2D's samples app flags a replay that
// diverges; ContactLab's engine is deterministic (the same state and structure give the same
// bits), so a divergence is a bug worth finding: the first differing step and body are
// where to look.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/run/run_history.h"
#include "engine/run/run_recording.h"
#include "engine/run/sim_state.h"

namespace cl {

struct RecordedState {
  long long step = 0;
  SimState state;  // after the step
  // What else the record claims: the step's statistics, and the digest of the whole record
  // (recordDigest: state, statistics and picture, but the wall time). A re-run step must
  // match it too; 0 compares the state alone.
  StepStats stats;
  std::uint64_t digest = 0;
  // An edit was made between the previous record and this one (a recording's edit list, the
  // workbench's edit log): what alone may change the structure, advance, integrator or time
  // step between two records.
  bool edited = false;
};

struct DeterminismReport {
  long long compared = 0;  // steps re-run and compared
  // Records where the re-run started again from the recorded state instead of comparing:
  // an edit between steps (a new structure, advance, integrator or time step) that a re-run
  // cannot repeat.
  int resyncs = 0;
  // The first step the re-run did not reproduce, and how: the first body variable that
  // differs (recorded and re-run values), or the time, the friction loss, the generator, the
  // warm-start memory, the collision counters, the step's statistics or its picture.
  std::optional<long long> divergedAt;
  std::string difference;
  // Why the re-run could not go on: its SimulationError at its step, or a record that
  // changes what only an edit changes with no edit before it. Empty if none.
  std::string failure;
  bool cancelled = false;
  bool reproduced() const { return !divergedAt && failure.empty() && !cancelled; }
};

// The records of `history` to check, each marked `edited` when one of `edits` (in step
// order: a recording's, the workbench's edit log) came after the record before it.
std::vector<RecordedState> recordedStates(const RunHistory& history,
                                          const std::vector<RecordedEdit>& edits);

// Re-runs `records` (consecutive records of one run, oldest first) from the first one's
// state on one fresh copy of its structure, step after step, comparing each step with its
// record (the state by sameState, then all else by the record's digest when it has one)
// and stopping at the first difference. Each step is re-run with the size the record took
// (StepStats::stepSize; a run's last step is shorter when it lands on a time off the step
// grid), which a recording of format 1 does not hold: there, the time less the one before.
// `progress` is told the number of steps compared after each; returning false cancels. `cancel` is
// asked within a step too (the advance's cancel check, between its sub-steps); true cancels there.
DeterminismReport checkDeterminism(const std::vector<RecordedState>& records,
                                   const std::function<bool(long long)>& progress = {},
                                   const std::function<bool()>& cancel = {});

// What differs between two states of the same structure, in words ("body 'b3' vy: recorded
// 1.25, re-run 1.2500000000000002"); empty when they hold the same bits (also in their
// warm-start memory and collision counters).
std::string stateDifference(const SimState& recorded, const SimState& rerun,
                            const RigidBodySim& structure);

}  // namespace cl
