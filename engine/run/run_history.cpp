#include "engine/run/run_history.h"

#include <algorithm>
#include <utility>

namespace cl {

void RunHistory::clear() {
  mRecords.clear();
  mRecordBytes.clear();
  mBytes = 0;
  mDroppedRecords = 0;
}

void RunHistory::append(StepRecord record) {
  mRecords.push_back(std::move(record));
  mRecordBytes.push_back(0);
  recount(size() - 1);
  enforceBudget(size() - 1, true);
}

std::vector<StepRecord> RunHistory::truncateAfter(int i) {
  const auto keep = static_cast<std::size_t>(std::max(i + 1, 0));
  std::vector<StepRecord> taken;
  if (keep >= mRecords.size()) return taken;
  taken.reserve(mRecords.size() - keep);
  for (std::size_t k = keep; k < mRecords.size(); ++k) {
    mBytes -= mRecordBytes[k];
    taken.push_back(std::move(mRecords[k]));
  }
  mRecords.resize(keep);
  mRecordBytes.resize(keep);
  return taken;
}

void RunHistory::replaceState(int i, SimState state) {
  mRecords[static_cast<std::size_t>(i)].state = std::move(state);
  recount(i);
}

void RunHistory::setTrace(int i, std::shared_ptr<const StepTrace> trace) {
  mRecords[static_cast<std::size_t>(i)].trace = std::move(trace);
  recount(i);
  enforceBudget(i, false);
}

void RunHistory::recount(int i) {
  const auto k = static_cast<std::size_t>(i);
  mBytes -= mRecordBytes[k];
  mRecordBytes[k] = mRecords[k].bytes();
  mBytes += mRecordBytes[k];
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
    dropTrace(r);
    recount(i);
  }
  // Then whole records from the front, keeping at least the newest.
  while (dropRecords && mBytes > mBudget && size() > 1 && keep != 0) {
    mBytes -= mRecordBytes.front();
    dropTrace(mRecords.front());
    mRecords.pop_front();
    mRecordBytes.pop_front();
    ++mDroppedRecords;
    --keep;
  }
}

void RunHistory::dropTrace(StepRecord& r) {
  if (mDispose && r.trace) mDispose(std::move(r.trace));
  r.trace.reset();
}

}  // namespace cl
