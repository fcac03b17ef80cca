#pragma once
// RunHistory: every step a front end (the workbench) has taken, so that any of them can
// be shown again, re-run, inspected and exported. A record (step_record.h) holds what a
// view draws and the step's statistics, the state to restart from, and the step's trace
// (solves, pivots, waypoints). Traces are large, so under the memory budget the oldest
// are dropped first; a dropped trace is re-derived by re-running the step from the
// state before it (step_run.h), which determinism makes exact. Only when the records
// alone exceed the budget are the oldest records dropped.
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include "engine/run/step_record.h"
#include "engine/trace/step_trace.h"

namespace cl {

class RunHistory {
 public:
  static constexpr std::size_t kDefaultBudget = std::size_t{512} << 20;

  explicit RunHistory(std::size_t budgetBytes = kDefaultBudget) : mBudget(budgetBytes) {}

  void clear();
  // Appends the next step's record, then drops what the budget cannot hold (indices of
  // the records kept move down by droppedRecords()' increase).
  void append(StepRecord record);
  // Takes every record after index `i` out (running again from a past step) and returns
  // them in order, for a caller that keeps them (the workbench sets them aside).
  std::vector<StepRecord> truncateAfter(int i);
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
  // Takes each trace the budget drops: by default it is freed at once. Freeing a pile
  // step's trace (thousands of solves) takes tens of ms, so a front end may free it on
  // another thread. The function is called on the thread that appends.
  using TraceDisposer = std::function<void(std::shared_ptr<const StepTrace>)>;
  void setTraceDisposer(TraceDisposer dispose) { mDispose = std::move(dispose); }

 private:
  // Drops traces (oldest first, never record `keep`'s) until within budget, then, when
  // `dropRecords`, whole records from the front.
  void enforceBudget(int keep, bool dropRecords);
  // Hands r's trace to the disposer (or frees it) and leaves r without one.
  void dropTrace(StepRecord& r);
  // Counts record i's bytes again after it changed (counting a trace walks all of it, so
  // each record's count is kept rather than counted again when it is dropped).
  void recount(int i);

  std::deque<StepRecord> mRecords;
  std::deque<std::size_t> mRecordBytes;  // mRecords[i].bytes() as last counted
  std::size_t mBytes = 0;
  std::size_t mBudget;
  long long mDroppedRecords = 0;
  TraceDisposer mDispose;
};

}  // namespace cl
