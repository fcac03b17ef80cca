#include "widgets/history_cursor.h"

#include <algorithm>
#include <iterator>
#include <memory>
#include <utility>

#include "engine/contact/expand_trace.h"
#include "engine/run/step_marks.h"
#include "engine/solver/solve_state.h"

namespace cl::widgets {

void HistoryCursor::reset(RunHistory history, quint64 generation) {
  const std::size_t budget = mHistory.budget();
  mHistory = std::move(history);
  mHistory.setBudget(budget);
  mHistory.setTraceDisposer(mDisposer);
  mSetAside.clear();
  mSelectedBody = -1;
  mPoorSolveStep = -1;
  mCurrent = mHistory.size() - 1;
  mSnapshot = SimSnapshot{};
  if (!mHistory.empty()) {
    mSnapshot = snapshotOf(mHistory.back().draw, generation);
    mSnapshot.samples.push_back({mSnapshot.time, mSnapshot.energy});
  }
  resetSelection();
}

void HistoryCursor::setBudget(std::size_t bytes) {
  const long long shownStep = current() ? current()->step : 0;
  mHistory.setBudget(bytes);
  mCurrent = mHistory.empty() ? -1 : std::max(0, mHistory.indexOfStep(shownStep));
}

void HistoryCursor::setTraceDisposer(RunHistory::TraceDisposer disposer) {
  mDisposer = std::move(disposer);
  mHistory.setTraceDisposer(mDisposer);
}

const StepRecord* HistoryCursor::current() const {
  return mCurrent >= 0 && mCurrent < mHistory.size() ? &mHistory.at(mCurrent) : nullptr;
}

std::shared_ptr<const StepTrace> HistoryCursor::currentTraceShared() const {
  const StepRecord* r = current();
  if (!r || !r->trace) return nullptr;
  if (!r->trace->compact()) return r->trace;
  return r->trace == mExpandedFrom ? mExpandedFull : nullptr;
}

bool HistoryCursor::currentNeedsExpansion() const {
  const StepRecord* r = current();
  return r && r->trace && r->trace->compact() && r->trace != mExpandedFrom;
}

void HistoryCursor::setExpanded(std::shared_ptr<const StepTrace> compact,
                                std::shared_ptr<const StepTrace> full) {
  if (mDisposer && mExpandedFull) mDisposer(std::move(mExpandedFull));
  mOneFrom = nullptr;  // its solves expanded go with it
  mSolvedAgain.clear();
  mExpandedFrom = std::move(compact);
  mExpandedFull = std::move(full);
}

void HistoryCursor::releaseStaleExpansion() {
  const StepRecord* r = current();
  if (mExpandedFrom && (!r || r->trace != mExpandedFrom)) setExpanded(nullptr, nullptr);
}

bool HistoryCursor::show(int index, quint64 generation) {
  if (index == mCurrent && current() && mSnapshot.steps == current()->step) return false;
  mCurrent = index;
  mSnapshot = snapshotOf(mHistory.at(index).draw, generation);
  resetSelection();
  return true;
}

HistoryCursor::Taken HistoryCursor::take(const std::vector<StepRecord>& records,
                                         quint64 generation) {
  if (records.empty() || mHistory.empty()) return {};
  // Records that are not the continuation of the newest (overtaken) are dropped.
  if (records.front().step != mHistory.back().step + 1) return {};
  const bool follow = atLatest();
  std::vector<EnergySample> samples;
  samples.reserve(records.size());
  for (const StepRecord& r : records) {
    samples.push_back({r.stats.time, r.stats.energy});
    mHistory.append(r);
  }
  if (follow) {
    mCurrent = mHistory.size() - 1;
    mSnapshot = snapshotOf(mHistory.back().draw, generation);
    mSnapshot.samples = std::move(samples);
    resetSelection();
  } else {
    mCurrent = std::max(0, mHistory.indexOfStep(mSnapshot.steps));
  }
  return {true, follow};
}

void HistoryCursor::setTrace(int index, std::shared_ptr<const StepTrace> trace) {
  mHistory.setTrace(index, std::move(trace));
}

void HistoryCursor::replaceState(int index, const SimState& state) {
  mHistory.replaceState(index, state);
}

// ---- Selection

void HistoryCursor::resetSelection() {
  releaseStaleExpansion();
  if (currentNeedsExpansion() && openingRows(*current()->trace) <= kExpandAtOnce)
    setExpanded(current()->trace, std::make_shared<const StepTrace>(
                                      openTrace(*current()->trace, FrictionSolves::kExpand)));
  mSelectedSolve = -1;
  mSelectedPivot = -1;
  mSelectedWaypoint = -1;
  mSelectedContact = -1;
  // Only a trace at hand is looked at; re-deriving one is the Session's to ask.
  const StepTrace* trace = currentTrace();
  if (!trace || trace->solveCount() == 0) return;
  // The last contact-force solve is the one of the state shown (the last evaluate).
  mSelectedSolve = static_cast<int>(trace->solveCount()) - 1;
  for (int i = mSelectedSolve; i >= 0; --i)
    if (solveHeader(*trace, static_cast<std::size_t>(i)).purpose == SolvePurpose::kContactForces) {
      mSelectedSolve = i;
      break;
    }
  const SolveTrace* selected = solveTrace(mSelectedSolve);
  mSelectedPivot = selected ? resultPosition(*selected) : -1;  // a pending one: when it comes
}

void HistoryCursor::selectSolve(int index) {
  const StepTrace* trace = currentTrace();
  const int n = trace ? static_cast<int>(trace->solveCount()) : 0;
  index = index >= 0 && index < n ? index : -1;
  mSelectedSolve = index;
  const SolveTrace* selected = solveTrace(index);
  mSelectedPivot = selected ? resultPosition(*selected) : -1;  // a pending one: when it comes
  mSelectedContact = -1;
}

bool HistoryCursor::selectPivot(int index) {
  const SolveTrace* solve = selectedSolveTrace();
  if (!solve) return false;
  mSelectedPivot = std::clamp(index, -1, resultPosition(*solve));
  return true;
}

void HistoryCursor::selectWaypoint(int index) {
  const StepTrace* trace = currentTrace();
  const int n = trace ? static_cast<int>(trace->waypoints.size()) : 0;
  mSelectedWaypoint = index >= 0 && index < n ? index : -1;
}

void HistoryCursor::selectContact(int row) {
  const SolveTrace* solve = selectedSolveTrace();
  const int n = solve ? static_cast<int>(solve->solve.b.size()) : 0;
  mSelectedContact = row >= 0 && row < n ? row : -1;
}

void HistoryCursor::selectBody(int body, int bodies) {
  mSelectedBody = body >= 0 && body < bodies ? body : -1;
}

const SolveTrace* HistoryCursor::solveTrace(int position) const {
  const StepTrace* trace = currentTrace();
  if (!trace || position < 0 || position >= static_cast<int>(trace->solveCount())) return nullptr;
  const auto k = static_cast<std::size_t>(position);
  if (const SolveTrace* stored = storedSolve(*trace, k)) return stored;
  if (compactLcpSolveAt(*trace, k)) {
    const auto it = mSolvedAgain.find(position);
    return it != mSolvedAgain.end() ? it->second.get() : nullptr;
  }
  if (mOneFrom != trace || mOnePosition != position) {
    const CompactSolve* one = compactSolveAt(*trace, k);
    if (!one) return nullptr;
    mOne = expandCompactSolve(*trace, *one);
    mOneFrom = trace;
    mOnePosition = position;
  }
  return &mOne;
}

int HistoryCursor::pendingSolve() const {
  const StepTrace* trace = currentTrace();
  if (!trace || mSelectedSolve < 0 || mSelectedSolve >= static_cast<int>(trace->solveCount()) ||
      !compactLcpSolveAt(*trace, static_cast<std::size_t>(mSelectedSolve)) ||
      mSolvedAgain.contains(mSelectedSolve))
    return -1;
  return mSelectedSolve;
}

void HistoryCursor::setSolveExpanded(const StepTrace* opened, int position,
                                     std::shared_ptr<const SolveTrace> solve) {
  if (!solve || opened != currentTrace()) return;
  const bool selected = position == mSelectedSolve && solveTrace(position) == nullptr;
  // A few are kept, not every one looked at: a pile's friction solve with its pivots holds
  // megabytes, and the history's budget does not count them.
  constexpr std::size_t kKept = 8;
  for (auto it = mSolvedAgain.begin(); mSolvedAgain.size() >= kKept && it != mSolvedAgain.end();)
    it = it->first == mSelectedSolve ? std::next(it) : mSolvedAgain.erase(it);
  mSolvedAgain[position] = std::move(solve);
  if (selected) mSelectedPivot = resultPosition(*mSolvedAgain[position]);
}

const SolveTrace* HistoryCursor::selectedSolveTrace() const {
  return solveTrace(mSelectedSolve);
}

const Waypoint* HistoryCursor::selectedWaypointData() const {
  const StepTrace* trace = currentTrace();
  if (!trace || mSelectedWaypoint < 0 ||
      mSelectedWaypoint >= static_cast<int>(trace->waypoints.size()))
    return nullptr;
  return &trace->waypoints[static_cast<std::size_t>(mSelectedWaypoint)];
}

SolveOrigin HistoryCursor::selectedSolveOrigin() const {
  const StepRecord* r = current();
  return {r ? r->step : 0, mSelectedSolve + 1};
}

// ---- Walking the decisions

HistoryCursor::Move HistoryCursor::nextPivot(quint64 generation) {
  if (const SolveTrace* solve = selectedSolveTrace();
      solve && mSelectedPivot < resultPosition(*solve)) {
    ++mSelectedPivot;
    return Move::kSelection;
  }
  const StepTrace* trace = currentTrace();
  if (trace && mSelectedSolve + 1 < static_cast<int>(trace->solveCount())) {
    openNextSolve();
    return Move::kSelection;
  }
  // The record's solves are done: on to the next record, a new step at the newest.
  if (atLatest()) return Move::kNewStep;
  show(mCurrent + 1, generation);
  openFirstSolve();
  return Move::kRecord;
}

void HistoryCursor::openFirstSolve() {
  mSelectedSolve = -1;
  openNextSolve();
}

void HistoryCursor::openNextSolve() {
  // The next solve, before its first decision (f = 0, a = b); none when the step had none.
  const StepTrace* trace = currentTrace();
  const bool any = trace && mSelectedSolve + 1 < static_cast<int>(trace->solveCount());
  mSelectedSolve = any ? mSelectedSolve + 1 : -1;
  mSelectedPivot = -1;
  mSelectedContact = -1;
}

HistoryCursor::Move HistoryCursor::nextWaypoint(quint64 generation) {
  const StepTrace* trace = currentTrace();
  if (trace && mSelectedWaypoint + 1 < static_cast<int>(trace->waypoints.size())) {
    ++mSelectedWaypoint;
    return Move::kSelection;
  }
  if (atLatest()) return Move::kNewStep;
  show(mCurrent + 1, generation);
  openFirstWaypoint();
  return Move::kRecord;
}

void HistoryCursor::openFirstWaypoint() {
  const StepTrace* trace = currentTrace();
  if (trace && !trace->waypoints.empty()) mSelectedWaypoint = 0;
}

// ---- A poor step found

int HistoryCursor::selectPendingPoorSolve() {
  const StepRecord* r = current();
  const StepTrace* trace = currentTrace();
  if (!r || r->step != mPoorSolveStep || !trace) return -1;
  mPoorSolveStep = -1;
  const int k = poorSolveIndex(*trace);
  if (k < 0) return -1;  // a time step that did not converge: no solve to point at
  mSelectedSolve = k;
  const SolveTrace* selected = solveTrace(k);
  mSelectedPivot = selected ? resultPosition(*selected) : -1;  // a pending one: when it comes
  mSelectedContact = -1;
  return k;
}

// ---- Futures set aside

int HistoryCursor::setAsideFuture(std::vector<RecordedEdit>& editLog) {
  if (mHistory.empty() || atLatest()) return 0;
  const int steps = mHistory.size() - 1 - mCurrent;
  mSetAside.push_back(setAsideAfter(mHistory, mCurrent, editLog, mDisposer));
  if (static_cast<int>(mSetAside.size()) > kMaxSetAside) mSetAside.erase(mSetAside.begin());
  return steps;
}

bool HistoryCursor::restoreSetAside(std::vector<RecordedEdit>& editLog) {
  SetAsideFuture& future = mSetAside.back();
  const long long from = future.from;
  if (!swapSetAside(mHistory, editLog, future, mDisposer)) {
    mSetAside.pop_back();
    return false;
  }
  if (future.records.empty() && future.edits.empty()) mSetAside.pop_back();  // nothing replaced
  mCurrent = mHistory.indexOfStep(from);
  mSnapshot = snapshotOf(mHistory.at(mCurrent).draw, mSnapshot.generation);
  resetSelection();
  return true;
}

int HistoryCursor::setAsideSteps() const {
  return mSetAside.empty() ? 0 : mSetAside.back().steps();
}

long long HistoryCursor::setAsideFrom() const {
  return mSetAside.empty() ? -1 : mSetAside.back().from;
}

}  // namespace cl::widgets
