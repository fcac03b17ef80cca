#include "engine/run/set_aside_future.h"

#include <algorithm>
#include <utility>

namespace cl {

namespace {

// Takes the records after index i and the edits of the future after its step: those after it,
// and those at it beyond the first `keptAtFrom`.
SetAsideFuture takeFuture(RunHistory& history, int i, std::vector<RecordedEdit>& edits,
                          int keptAtFrom, const RunHistory::TraceDisposer& dispose) {
  SetAsideFuture out;
  out.from = history.at(i).step;
  out.fromState = history.at(i).state;
  out.editsAtFromBefore = keptAtFrom;
  out.records = history.truncateAfter(i);
  for (StepRecord& r : out.records)
    if (r.trace) {
      if (dispose) dispose(std::move(r.trace));
      r.trace.reset();
    }
  std::vector<RecordedEdit> kept;
  int atFrom = 0;
  for (RecordedEdit& e : edits) {
    const bool past = e.afterStep < out.from || (e.afterStep == out.from && atFrom++ < keptAtFrom);
    (past ? kept : out.edits).push_back(std::move(e));
  }
  edits = std::move(kept);
  return out;
}

}  // namespace

SetAsideFuture setAsideAfter(RunHistory& history, int i, std::vector<RecordedEdit>& edits,
                             const RunHistory::TraceDisposer& dispose) {
  const long long from = history.at(i).step;
  const auto atFrom = std::count_if(edits.begin(), edits.end(),
                                    [&](const RecordedEdit& e) { return e.afterStep == from; });
  return takeFuture(history, i, edits, static_cast<int>(atFrom), dispose);
}

bool swapSetAside(RunHistory& history, std::vector<RecordedEdit>& edits, SetAsideFuture& future,
                  const RunHistory::TraceDisposer& dispose) {
  const int i = history.indexOfStep(future.from);
  if (i < 0) return false;
  SetAsideFuture now = takeFuture(history, i, edits, future.editsAtFromBefore, dispose);
  history.replaceState(i, std::move(future.fromState));
  for (StepRecord& r : future.records) history.append(std::move(r));
  for (RecordedEdit& e : future.edits) edits.push_back(std::move(e));
  future = std::move(now);
  return true;
}

}  // namespace cl
