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

#include "engine/run/sim_state.h"

namespace cl {

struct RecordedState {
  long long step = 0;
  SimState state;  // after the step
};

struct DeterminismReport {
  long long compared = 0;  // steps re-run and compared
  // Records where the re-run started again from the recorded state instead of comparing:
  // an edit between steps (a new structure, advance, integrator or time step) that a re-run
  // cannot repeat.
  int resyncs = 0;
  // The first step the re-run did not reproduce, and how: the first body variable that
  // differs (recorded and re-run values), or the time, the friction loss or the generator.
  std::optional<long long> divergedAt;
  std::string difference;
  std::string failure;  // the re-run's SimulationError, at its step; empty if none
  bool cancelled = false;
  bool reproduced() const { return !divergedAt && failure.empty() && !cancelled; }
};

// Re-runs `records` (consecutive records of one run, oldest first) from the first one's
// state on one fresh copy of its structure, step after step, comparing each state after a
// step with the recorded one (sameState) and stopping at the first difference. `progress`
// is told the number of steps compared after each; returning false cancels.
DeterminismReport checkDeterminism(const std::vector<RecordedState>& records,
                                   const std::function<bool(long long)>& progress = {});

// What differs between two states of the same structure, in words ("body 'b3' vy: recorded
// 1.25, re-run 1.2500000000000002"); empty when they hold the same bits.
std::string stateDifference(const SimState& recorded, const SimState& rerun,
                            const RigidBodySim& structure);

}  // namespace cl
