#pragma once
// A run's future set aside. Running on from a past step of a history replaces the steps after
// it; the workbench keeps them rather than losing them: setAsideAfter takes them out of the
// history (with the edits made in them and the past step's own state, which an edit made
// there replaces), and swapSetAside puts them back in place of whatever followed that step
// since, which it sets aside in turn, so swapping twice returns to where one started.
#include <vector>

#include "engine/run/run_history.h"
#include "engine/run/run_recording.h"
#include "engine/run/sim_state.h"

namespace cl {

struct SetAsideFuture {
  long long from = 0;               // the step the future followed
  SimState fromState;               // that step's state when the future was taken from it
  std::vector<StepRecord> records;  // the steps after it, in order, without their traces
  // The edits of the future: those after step `from`, and those made at `from` once the future
  // had gone on from it (an edit at a past step changes that step's state, then runs on).
  std::vector<RecordedEdit> edits;
  int editsAtFromBefore = 0;  // edits at `from` made before the future went on from it
  int steps() const { return static_cast<int>(records.size()); }
};

// Takes the records after index `i` out of `history` and the edits after its step out of
// `edits`. Their traces go to `dispose` (a dropped trace is re-derived when shown, by running
// the step again from the state before it); none when the history ends at `i`.
SetAsideFuture setAsideAfter(RunHistory& history, int i, std::vector<RecordedEdit>& edits,
                             const RunHistory::TraceDisposer& dispose);

// Puts `future` back after its step in `history` and `edits`, and leaves in `future` what
// followed that step until now (set aside the same way). False, with nothing changed, when the
// history no longer holds the step (the memory budget dropped it).
bool swapSetAside(RunHistory& history, std::vector<RecordedEdit>& edits, SetAsideFuture& future,
                  const RunHistory::TraceDisposer& dispose);

}  // namespace cl
