#include "engine/run/run_history.h"

#include <utility>

namespace cl {

void RunHistory::clear() {
  mRecords.clear();
  mBytes = 0;
  mDroppedRecords = 0;
}

void RunHistory::append(StepRecord record) {
  mBytes += record.bytes();
  mRecords.push_back(std::move(record));
  enforceBudget(size() - 1, true);
}

void RunHistory::truncateAfter(int i) {
  while (size() > i + 1) {
    mBytes -= mRecords.back().bytes();
    mRecords.pop_back();
  }
}

void RunHistory::replaceState(int i, SimState state) {
  StepRecord& r = mRecords[static_cast<std::size_t>(i)];
  mBytes -= r.bytes();
  r.state = std::move(state);
  mBytes += r.bytes();
}

void RunHistory::setTrace(int i, std::shared_ptr<const StepTrace> trace) {
  StepRecord& r = mRecords[static_cast<std::size_t>(i)];
  mBytes -= r.bytes();
  r.trace = std::move(trace);
  mBytes += r.bytes();
  enforceBudget(i, false);
}

int RunHistory::indexOfStep(long long step) const {
  if (mRecords.empty()) return -1;
  const long long i = step - mRecords.front().step;
  return i >= 0 && i < size() ? static_cast<int>(i) : -1;
}

void RunHistory::setBudget(std::size_t bytes) {
  mBudget = bytes;
  enforceBudget(size() - 1, true);
}

void RunHistory::enforceBudget(int keep, bool dropRecords) {
  // Traces first, oldest first, never the one at `keep` (just recorded or asked for).
  for (int i = 0; i < size() && mBytes > mBudget; ++i) {
    StepRecord& r = mRecords[static_cast<std::size_t>(i)];
    if (i == keep || !r.trace) continue;
    mBytes -= r.bytes();
    r.trace.reset();
    mBytes += r.bytes();
  }
  // Then whole records from the front, keeping at least the newest.
  while (dropRecords && mBytes > mBudget && size() > 1 && keep != 0) {
    mBytes -= mRecords.front().bytes();
    mRecords.pop_front();
    ++mDroppedRecords;
    --keep;
  }
}

}  // namespace cl
