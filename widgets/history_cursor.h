#pragma once
// HistoryCursor: the history of a Session's run and where in it the workbench looks. It
// holds every record (engine/run/run_history.h), the record shown with its snapshot, the
// selection within that record (a solve, a pivot of it, a waypoint, a contact) and the
// body selected, and the futures set aside by running from a past record. It signals
// nothing: its mutators say what they changed and the Session tells the docks.
//
// The selection follows the engine's decisions: a record shown opens at its last
// contact-force solve (the one of the state drawn), at that solve's result; nextPivot and
// nextWaypoint walk the decisions one by one, and across records.
#include <QtGlobal>
#include <map>
#include <memory>
#include <vector>

#include "engine/run/run_history.h"
#include "engine/run/set_aside_future.h"
#include "engine/trace/trace_csv.h"
#include "widgets/sim_snapshot.h"

namespace cl::widgets {

class HistoryCursor {
 public:
  // Starts over with `history` (empty without a scene), its newest record shown, nothing
  // set aside, no body selected. The budget and the trace disposer stay.
  void reset(RunHistory history, quint64 generation);
  void setBudget(std::size_t bytes);
  void setTraceDisposer(RunHistory::TraceDisposer disposer);

  const RunHistory& history() const { return mHistory; }
  // Index into history() of the record shown (-1 when empty).
  int currentIndex() const { return mCurrent; }
  const StepRecord* current() const;
  bool atLatest() const { return mCurrent == mHistory.size() - 1; }
  const SimSnapshot& snapshot() const { return mSnapshot; }
  // The trace of the record shown: its own when full, its compact one opened
  // (engine/contact/expand_trace.h: one-contact solves left compact) when that is at hand
  // (setExpanded), else null. Its solves are read by position: solveTrace.
  const StepTrace* currentTrace() const { return currentTraceShared().get(); }
  // Solve `position` of the trace shown, a one-contact solve expanded as it is asked for
  // (the last one asked is kept: the pointer holds until another is); a friction solve the
  // opened trace keeps compact once it has been solved again (setSolveExpanded); else null.
  const SolveTrace* solveTrace(int position) const;
  // The selected solve when it is a compact friction solve not solved again yet (the
  // Session has it solved on the trace thread: it can take seconds), else -1.
  int pendingSolve() const;
  // Solve `position` of the opened trace `opened`, solved again, traced: kept while that
  // trace is shown; selected at its result when it is the solve selected.
  void setSolveExpanded(const StepTrace* opened, int position,
                        std::shared_ptr<const SolveTrace> solve);
  std::shared_ptr<const StepTrace> currentTraceShared() const;
  // The record shown holds a compact trace (engine/trace/compact_solve.h) not expanded yet.
  bool currentNeedsExpansion() const;
  // `compact` (a record's trace) opened is `full`: shown while the record shown holds
  // `compact`. One is kept; the one it replaces goes to the trace disposer.
  void setExpanded(std::shared_ptr<const StepTrace> compact, std::shared_ptr<const StepTrace> full);
  // Bytes of the opened trace kept (not in the history's budget: one step's at most).
  std::size_t expandedBytes() const { return mExpandedFull ? mExpandedFull->bytes() : 0; }
  // A compact trace whose ContactSim solves have at most this many rows in all (a solve of
  // n contacts counts n; the one-contact solves, left compact, count nothing) is opened as
  // its record is shown, on this thread, its friction solves expanded too (milliseconds: a
  // small scene's step, shown live while running); a larger one (a pile's) waits for the
  // Session to open it on a thread of its own, its friction solves left compact until one
  // is selected (pendingSolve).
  static constexpr std::size_t kExpandAtOnce = 2000;
  static std::size_t openingRows(const StepTrace& compact) {
    return compact.compactRowCount() - compact.compactSolves.size();
  }
  // Shows record `index` of generation `generation`, its selection reset; false when it
  // was shown already.
  bool show(int index, quint64 generation);
  // The run continues as generation `generation` (the snapshot's tag).
  void setGeneration(quint64 generation) { mSnapshot.generation = generation; }

  // Appends records the run took (the continuation of the newest; others are dropped). At
  // the latest the newest is shown, with their energy samples; otherwise the record shown
  // stays. Says whether any were appended and whether the one shown moved with them.
  struct Taken {
    bool appended = false;
    bool followed = false;
  };
  Taken take(const std::vector<StepRecord>& records, quint64 generation);
  // A step's trace re-derived, or its state replaced by an edit made after it.
  void setTrace(int index, std::shared_ptr<const StepTrace> trace);
  void replaceState(int index, const SimState& state);

  // ---- Selection within the record shown (Session documents each)
  // The record's default: its last contact-force solve at its result.
  void resetSelection();
  int selectedSolve() const { return mSelectedSolve; }
  int selectedPivot() const { return mSelectedPivot; }
  int selectedWaypoint() const { return mSelectedWaypoint; }
  int selectedContact() const { return mSelectedContact; }
  int selectedBody() const { return mSelectedBody; }
  void selectSolve(int index);
  // False without a selected solve.
  bool selectPivot(int index);
  void selectWaypoint(int index);
  void selectContact(int row);
  void selectBody(int body, int bodies);
  const SolveTrace* selectedSolveTrace() const;
  const Waypoint* selectedWaypointData() const;
  SolveOrigin selectedSolveOrigin() const;

  // ---- Walking the decisions
  // kSelection: the selection moved within the record shown; kRecord: the next record is
  // shown, at its first decision; kNewStep: the record shown is the newest and its
  // decisions are done, so the walk goes on in a step not yet taken.
  enum class Move { kSelection, kRecord, kNewStep };
  // The next pivot of the selected solve, then the next solve before its first decision.
  Move nextPivot(quint64 generation);
  // The next waypoint.
  Move nextWaypoint(quint64 generation);
  // The first solve (before its first decision) or first waypoint of the record shown: a
  // kNewStep walk's end, once the step is in.
  void openFirstSolve();
  void openFirstWaypoint();

  // ---- A poor step found (Session::showMarkedStep)
  // The poor solve of `step` is to be selected when its trace is at hand.
  void expectPoorSolve(long long step) { mPoorSolveStep = step; }
  // Selects the expected poor solve when the record shown is that step and its trace is
  // held: its index, or -1 (not now, or a step without a poor solve).
  int selectPendingPoorSolve();

  // ---- Futures set aside (engine/run/set_aside_future.h)
  // Sets the records after the one shown aside, with their edits from `editLog` (at most
  // kMaxSetAside kept, the oldest dropped); how many steps it set aside.
  int setAsideFuture(std::vector<RecordedEdit>& editLog);
  // Puts the newest future back in place of what followed its step (set aside in turn)
  // and shows that step. False, the future dropped, when the history no longer holds it.
  bool restoreSetAside(std::vector<RecordedEdit>& editLog);
  int setAsideSteps() const;
  long long setAsideFrom() const;
  bool hasSetAside() const { return !mSetAside.empty(); }
  static constexpr int kMaxSetAside = 8;

 private:
  void openNextSolve();
  // Lets go of the expansion kept when the record shown no longer holds its compact trace.
  void releaseStaleExpansion();

  RunHistory mHistory;
  RunHistory::TraceDisposer mDisposer;
  int mCurrent = -1;
  SimSnapshot mSnapshot;
  int mSelectedSolve = -1;
  int mSelectedPivot = -1;
  int mSelectedWaypoint = -1;
  int mSelectedContact = -1;
  int mSelectedBody = -1;
  long long mPoorSolveStep = -1;
  std::vector<SetAsideFuture> mSetAside;
  std::shared_ptr<const StepTrace> mExpandedFrom, mExpandedFull;
  // The one-contact solve last expanded (solveTrace): of which trace, at which position.
  mutable const StepTrace* mOneFrom = nullptr;
  mutable int mOnePosition = -1;
  mutable SolveTrace mOne;
  // The opened trace's friction solves solved again, by position (the last few).
  std::map<int, std::shared_ptr<const SolveTrace>> mSolvedAgain;
};

}  // namespace cl::widgets
