// The Session's history side: the record shown, its trace, the steps found by a mark, the
// futures set aside, and the selection within the record (session.h). The scene and the
// run are in session.cpp.
#include <algorithm>
#include <optional>

#include "engine/contact/expand_trace.h"
#include "engine/run/step_marks.h"
#include "engine/solver/solve_state.h"
#include "widgets/count_text.h"
#include "widgets/session.h"

namespace cl::widgets {

// ---- History

void Session::setHistoryBudget(std::size_t bytes) {
  mCursor.setBudget(bytes);
}

const StepRecord* Session::current() const {
  return mCursor.current();
}

void Session::showStep(int index) {
  if (history().empty()) return;
  setRunning(false);
  if (mCursor.show(std::clamp(index, 0, history().size() - 1), mRunner->generation()))
    shownChanged();
}

void Session::shownChanged() {
  if (!isRunning()) requestTrace();
  emit currentChanged();
  emit selectionChanged();
}

bool Session::showMarkedStep(StepMark mark, int direction) {
  const RunHistory& h = history();
  if (h.empty()) return false;
  const int found = findMarkedStep(h, currentIndex(), direction, mark);
  if (found < 0) {
    const long long shown = current() ? current()->step : 0;
    emit noticeOccurred(tr("no '%1' step %2 step %3 (the history holds steps %4 to %5)")
                            .arg(QString::fromLatin1(nameOf(mark)))
                            .arg(direction > 0 ? tr("after") : tr("before"))
                            .arg(shown)
                            .arg(h.at(0).step)
                            .arg(h.back().step));
    return false;
  }
  const StepRecord& r = h.at(found);
  mCursor.expectPoorSolve(-1);
  if (mark == StepMark::kPoorSolve || (mark == StepMark::kAny && poorSolve(r.stats))) {
    mCursor.expectPoorSolve(r.step);
    emit noticeOccurred(tr("step %1 is poor: %2")
                            .arg(r.step)
                            .arg(QString::fromStdString(poorSolveReason(r.stats))));
  }
  showStep(found);
  selectPendingPoorSolve();  // the record may have been shown already
  return true;
}

void Session::selectPendingPoorSolve() {
  const int k = mCursor.selectPendingPoorSolve();
  if (k < 0) return;
  const StepRecord& r = *current();
  const StepTrace& trace = *currentTrace();
  // A friction solve the opened trace keeps compact says its outcome; its decisions come
  // when it has been solved again (requestSolve, on selectionChanged).
  const SolveTrace* t = mCursor.solveTrace(k);
  const CompactLcpSolve* c = t ? nullptr : compactLcpSolveAt(trace, static_cast<std::size_t>(k));
  if (!t && !c) return;
  emit selectionChanged();
  emit noticeOccurred(
      tr("step %1 is poor (%7): solve %2 of %3 selected: %4, violation %5, by %6")
          .arg(r.step)
          .arg(k + 1)
          .arg(trace.solveCount())
          .arg(QString::fromLatin1(errorName(t ? t->solve.error : c->error)))
          .arg(t ? t->solve.maxComplementarityViolation : c->maxComplementarityViolation, 0, 'g', 3)
          .arg(t ? QString::fromStdString(howSolved(*t))
                 : tr("a fallback (its decisions shown once it is solved again)"))
          .arg(QString::fromStdString(poorSolveReason(r.stats))));
}

const StepTrace* Session::currentTrace() const {
  return mCursor.currentTrace();
}

std::shared_ptr<const StepTrace> Session::currentTraceShared() const {
  return mCursor.currentTraceShared();
}

bool Session::expandingTrace() const {
  const StepRecord* r = current();
  return r && r->trace && mCursor.currentNeedsExpansion() && mRunner->expanding() == r->trace.get();
}

bool Session::derivingTrace() const {
  // One re-run at a time: while another is in flight, the record shown is next (the
  // answer asks for it when paused).
  const StepRecord* r = current();
  const long long deriving = mRunner->derivingStep();
  return r && !r->trace && currentIndex() > 0 && deriving >= 0 &&
         (deriving == r->step || !isRunning());
}

void Session::requestTrace() {
  const StepRecord* r = current();
  if (r && mCursor.currentNeedsExpansion()) {
    mRunner->expandTrace(r->trace, r->step);
    return;
  }
  if (!r || r->trace || currentIndex() == 0) {
    requestSolve();  // the trace is at hand: its selected solve may wait to be solved again
    return;
  }
  mRunner->deriveTrace(history().at(currentIndex() - 1).state, r->step);
}

void Session::requestSolve() {
  const int position = mCursor.pendingSolve();
  if (position < 0 || isRunning() || mRunner->solvingAgain() >= 0) return;
  mRunner->expandSolve(currentTraceShared(), position);
}

void Session::onSolveExpanded(const std::shared_ptr<const StepTrace>& opened, int position,
                              const std::shared_ptr<const SolveTrace>& solve) {
  if (opened != currentTraceShared()) {
    requestSolve();  // the record shown moved on: its own selection's turn
    return;
  }
  mCursor.setSolveExpanded(opened.get(), position, solve);
  emit selectionChanged();
}

void Session::onTraceExpanded(bool sameRun, long long step,
                              const std::shared_ptr<const StepTrace>& compact,
                              const std::shared_ptr<const StepTrace>& full) {
  const StepRecord* shown = current();
  if (sameRun && shown && shown->step == step && shown->trace == compact) {
    mCursor.setExpanded(compact, full);
    mCursor.resetSelection();
    emit currentChanged();
    emit selectionChanged();
    selectPendingPoorSolve();
    return;
  }
  // The record shown moved on meanwhile: the expansion is let go off this thread, and the
  // record shown has its turn.
  if (const auto& dispose = mRunner->traceDisposer()) dispose(full);
  if (!isRunning() && shown && shown->step != step) requestTrace();
}

void Session::onTraceDerived(bool sameRun, long long step, const std::optional<StepRun>& run,
                             const QString& error) {
  const int index = sameRun ? history().indexOfStep(step) : -1;
  if (index >= 0 && !run)
    emit errorOccurred(tr("Re-running step %1 failed: %2").arg(step).arg(error));
  if (index >= 0 && run && !history().at(index).trace) {
    if (!sameState(run->state, history().at(index).state))
      emit errorOccurred(tr("Re-running step %1 from the recorded state did not reproduce it "
                            "bit for bit; the trace shown is of the re-run.")
                             .arg(step));
    mCursor.setTrace(index, run->trace);
    if (index == currentIndex()) {
      mCursor.resetSelection();
      requestTrace();  // a compact trace: its expansion next
      emit currentChanged();
      emit selectionChanged();
      selectPendingPoorSolve();
      return;
    }
  }
  // The record shown moved on while this one was derived: its own turn.
  const StepRecord* shown = current();
  if (!isRunning() && shown && (!sameRun || shown->step != step)) requestTrace();
}

QString Session::noTraceReason() const {
  const StepRecord* r = current();
  if (!hasScene() || !r) return tr("No scene loaded.");
  if (currentTrace()) return {};
  if (r->trace) {  // compact, not expanded yet
    if (expandingTrace()) return tr("Expanding the compact trace of step %1…").arg(r->step);
    // Another step's expansion is in flight: this one's follows it (onTraceExpanded).
    if (mRunner->expanding() && !isRunning())
      return tr("Expanding the compact trace of step %1 after the one in progress…").arg(r->step);
    if (isRunning())
      return tr("Step %1's trace is kept compact while the run goes on. Pause to expand it.")
          .arg(r->step);
    return tr("The compact trace of step %1 is not expanded yet.").arg(r->step);
  }
  // The run's first record (none dropped before it): the scene as loaded, or the saved state
  // it was started from (Open State, a recording of a run that was).
  if (currentIndex() == 0 && history().droppedRecords() == 0)
    return r->step == 0
               ? tr("Step 0 is the initial state: no solve yet. Take a step.")
               : tr("Step %1 is the state the run started from: no solve yet. Take a step.")
                     .arg(r->step);
  if (derivingTrace()) return tr("Re-running step %1 to re-derive its trace…").arg(r->step);
  if (currentIndex() == 0)
    return tr("The trace of step %1 is not held and cannot be re-derived: the record before "
              "it was dropped to keep within the memory budget.")
        .arg(r->step);
  if (isRunning())
    return tr("Step %1 was taken without tracing. Pause to see its trace.").arg(r->step);
  return tr("The trace of step %1 is not held yet.").arg(r->step);
}

void Session::setTracing(bool on) {
  mRunner->setTracing(on);
}

void Session::discardFuture() {
  if (history().empty() || atLatest()) return;
  setRunning(false);
  const int steps = mCursor.setAsideFuture(mDocument.editLog);
  continueFromNewest();
  emit historyTruncated();
  emit setAsideChanged();
  emit noticeOccurred(tr("the %1 after step %2 are set aside: Simulation > Bring Back (Ctrl+Z) "
                         "puts them back")
                          .arg(countText(steps, tr("step")))
                          .arg(history().back().step));
}

void Session::continueFromNewest() {
  const StepRecord& r = history().back();
  mThen = {};
  mRunner->startFrom(r.state, r.step);
  mCursor.setGeneration(mRunner->generation());
}

int Session::setAsideSteps() const {
  return mCursor.setAsideSteps();
}

long long Session::setAsideFrom() const {
  return mCursor.setAsideFrom();
}

bool Session::restoreSetAside() {
  if (!mCursor.hasSetAside() || !hasScene()) return false;
  setRunning(false);
  const long long from = mCursor.setAsideFrom();
  if (!mCursor.restoreSetAside(mDocument.editLog)) {
    emit setAsideChanged();
    emit errorOccurred(tr("The steps set aside after step %1 cannot come back: the history no "
                          "longer holds step %1 (the memory budget dropped it).")
                           .arg(from));
    return false;
  }
  mDocument.unsaved = true;
  mDocument.timeStep = history().back().state.timeStep;
  continueFromNewest();
  emit historyTruncated();
  emit setAsideChanged();
  emit notesChanged();
  shownChanged();
  return true;
}

// ---- Selection

void Session::selectSolve(int index) {
  mCursor.selectSolve(index);
  emit selectionChanged();
}

const SolveTrace* Session::selectedSolveTrace() const {
  return mCursor.selectedSolveTrace();
}

SolveOrigin Session::selectedSolveOrigin() const {
  return mCursor.selectedSolveOrigin();
}

QString Session::noSolveReason() const {
  if (selectedSolveTrace()) return {};
  const StepTrace* trace = currentTrace();
  if (!trace) return noTraceReason();
  if (mCursor.pendingSolve() >= 0) {
    const int k = mCursor.pendingSolve();
    const SolveHeader h = solveHeader(*trace, static_cast<std::size_t>(k));
    return (isRunning() ? tr("Solve %1 of step %2 (friction, %3 rows) is kept compact while the "
                             "run goes on. Pause to solve it again and see its decisions.")
                        : tr("Solving solve %1 of step %2 (friction, %3 rows) again to show its "
                             "decisions…"))
        .arg(k + 1)
        .arg(current()->step)
        .arg(h.rows);
  }
  if (trace->solveCount() == 0) {
    // The engines without contact forces solve only collisions (impulse) or nothing.
    switch (settings().engineMode) {
      case EngineMode::kImpulse:
        return tr(
            "Engine 'impulse' (ImpulseSim) computes no contact forces: only the "
            "impulses of collisions are solved, and this step had none.");
      case EngineMode::kRigidBody:
        return tr(
            "Engine 'rigid_body' (RigidBodySim) finds no collisions or contacts: "
            "nothing is ever solved.");
      case EngineMode::kContact:
        break;
    }
    return tr("This step had no contacts: nothing was solved.");
  }
  return tr("No solve selected.");
}

void Session::selectPivot(int index) {
  if (mCursor.selectPivot(index)) emit selectionChanged();
}

void Session::selectWaypoint(int index) {
  mCursor.selectWaypoint(index);
  emit selectionChanged();
}

const Waypoint* Session::selectedWaypointData() const {
  return mCursor.selectedWaypointData();
}

void Session::selectBody(int body) {
  mCursor.selectBody(body, static_cast<int>(bodies().size()));
  emit selectionChanged();
}

void Session::selectContact(int row) {
  mCursor.selectContact(row);
  emit selectionChanged();
}

}  // namespace cl::widgets
