// HistoryCursor, the Session's history part, on its own: a record shown opens at its last
// contact-force solve's result; walking the decisions visits every position of every solve
// of every record once, in order; a batch that does not continue the newest record is
// dropped; a future set aside comes back whole.
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <tuple>
#include <vector>

#include "engine/contact/expand_trace.h"
#include "engine/run/step_record.h"
#include "engine/solver/solve_state.h"
#include "engine/time_stepping/make_advance.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/history_cursor.h"

using cl::widgets::HistoryCursor;

namespace {

// Steps 0 to `steps` of stack_of_three (three blocks at rest on the ground: every step has
// contact-force solves with pivots), each with its trace.
std::vector<cl::StepRecord> stackRecords(int steps) {
  cl::Scene scene = cl::loadSceneFile(cl::testing::scenePath("stack_of_three.json").toStdString());
  const cl::SimSettings& s = scene.settings;
  auto advance = cl::makeAdvanceFor(*scene.sim, s.advance, s.integrator, s.timeStep);
  std::vector<cl::StepRecord> records{
      cl::initialRecord(*scene.sim, s.advance, s.integrator, s.timeStep)};
  for (int k = 1; k <= steps; ++k)
    records.push_back(cl::recordStep(*advance, records.back().state, k, true));
  return records;
}

cl::RunHistory historyOf(const std::vector<cl::StepRecord>& records) {
  cl::RunHistory h;
  for (const cl::StepRecord& r : records) h.append(r);
  return h;
}

}  // namespace

TEST_CASE("HistoryCursor opens a record at its last contact-force solve, at its result",
          "[history_cursor]") {
  const std::vector<cl::StepRecord> records = stackRecords(4);
  HistoryCursor cursor;
  cursor.reset(historyOf(records), 1);
  REQUIRE(cursor.currentIndex() == 4);
  REQUIRE(cursor.atLatest());
  REQUIRE_FALSE(cursor.show(4, 1));  // shown already
  REQUIRE(cursor.show(2, 1));
  const cl::StepTrace trace = cl::expandTrace(*records[2].trace);  // what the cursor shows
  int last = -1;
  for (std::size_t i = 0; i < trace.solves.size(); ++i)
    if (trace.solves[i].context.purpose == cl::SolvePurpose::kContactForces)
      last = static_cast<int>(i);
  REQUIRE(last >= 0);
  CHECK(cursor.selectedSolve() == last);
  CHECK(cursor.selectedPivot() ==
        static_cast<int>(trace.solves[static_cast<std::size_t>(last)].pivots.size()));
  CHECK(cursor.selectedContact() == -1);
  CHECK(cursor.snapshot().steps == 2);
}

TEST_CASE("Walking the decisions visits every position of every solve once, in order",
          "[history_cursor]") {
  const std::vector<cl::StepRecord> records = stackRecords(3);
  HistoryCursor cursor;
  cursor.reset(historyOf(records), 1);
  cursor.show(1, 1);
  cursor.openFirstSolve();
  // Every (record, solve, position) from record 1's first solve before its first decision
  // (-1) to the newest record's last solve at its result (K = its number of decisions).
  std::vector<std::tuple<int, int, int>> expected;
  for (int r = 1; r <= 3; ++r) {
    const auto solves = cl::expandTrace(*records[static_cast<std::size_t>(r)].trace).solves;
    for (int s = 0; s < static_cast<int>(solves.size()); ++s)
      for (int p = -1; p <= static_cast<int>(solves[static_cast<std::size_t>(s)].pivots.size());
           ++p)
        expected.emplace_back(r, s, p);
  }
  std::vector<std::tuple<int, int, int>> visited{
      {cursor.currentIndex(), cursor.selectedSolve(), cursor.selectedPivot()}};
  for (;;) {
    const HistoryCursor::Move move = cursor.nextPivot(1);
    if (move == HistoryCursor::Move::kNewStep) break;
    visited.emplace_back(cursor.currentIndex(), cursor.selectedSolve(), cursor.selectedPivot());
    REQUIRE(visited.size() <= expected.size());
  }
  CHECK(visited == expected);
  CHECK(cursor.atLatest());
}

TEST_CASE("HistoryCursor takes only the records that continue the newest", "[history_cursor]") {
  const std::vector<cl::StepRecord> records = stackRecords(4);
  HistoryCursor cursor;
  cursor.reset(historyOf({records.begin(), records.begin() + 3}), 1);  // steps 0 to 2

  // Step 4 does not follow step 2: dropped.
  CHECK_FALSE(cursor.take({records[4]}, 1).appended);
  CHECK(cursor.history().size() == 3);

  // Shown at the newest: the record shown moves with the steps taken, with their energies.
  const HistoryCursor::Taken taken = cursor.take({records[3]}, 1);
  CHECK(taken.appended);
  CHECK(taken.followed);
  CHECK(cursor.current()->step == 3);
  CHECK(cursor.snapshot().samples.size() == 1);

  // Shown at a past record: it stays shown.
  cursor.show(1, 1);
  const HistoryCursor::Taken behind = cursor.take({records[4]}, 1);
  CHECK(behind.appended);
  CHECK_FALSE(behind.followed);
  CHECK(cursor.current()->step == 1);
  CHECK(cursor.history().back().step == 4);
}

TEST_CASE("A future set aside comes back whole, and a second swap goes back", "[history_cursor]") {
  const std::vector<cl::StepRecord> records = stackRecords(6);
  HistoryCursor cursor;
  cursor.reset(historyOf(records), 1);
  std::vector<cl::RecordedEdit> edits;
  cursor.show(2, 1);
  CHECK(cursor.setAsideFuture(edits) == 4);  // steps 3 to 6
  CHECK(cursor.history().size() == 3);
  CHECK(cursor.atLatest());
  CHECK(cursor.setAsideSteps() == 4);
  CHECK(cursor.setAsideFrom() == 2);

  REQUIRE(cursor.restoreSetAside(edits));
  CHECK(cursor.history().size() == 7);
  CHECK(cursor.current()->step == 2);
  for (int i = 0; i < 7; ++i)
    CHECK(cl::testing::sameBits(cursor.history().at(i).state.vars,
                                records[static_cast<std::size_t>(i)].state.vars));
  // Nothing followed step 2 when it was set aside: nothing is left to swap back.
  CHECK_FALSE(cursor.hasSetAside());
}

TEST_CASE("HistoryCursor shows a friction solve an opened trace keeps compact once solved again",
          "[history_cursor]") {
  // pile_10_friction's steps solve contact forces with friction. A step opened on the trace
  // thread (a large one) keeps its friction solves compact; selecting one leaves it
  // pending until the Session has it solved again.
  cl::Scene scene =
      cl::loadSceneFile(cl::testing::scenePath("pile_10_friction.json").toStdString());
  const cl::SimSettings& s = scene.settings;
  auto advance = cl::makeAdvanceFor(*scene.sim, s.advance, s.integrator, s.timeStep);
  std::vector<cl::StepRecord> records{
      cl::initialRecord(*scene.sim, s.advance, s.integrator, s.timeStep)};
  // The first step with ten friction solves, its last contact-force solve among them.
  int withFriction = -1;
  for (int k = 1; k <= 400 && withFriction < 0; ++k) {
    records.push_back(cl::recordStep(*advance, records.back().state, k, true));
    const cl::StepTrace& t = *records.back().trace;
    const auto friction =
        std::count_if(t.compactLcpSolves.begin(), t.compactLcpSolves.end(),
                      [](const cl::CompactLcpSolve& c) { return c.isFriction(); });
    const auto last = std::find_if(t.compactLcpSolves.rbegin(), t.compactLcpSolves.rend(),
                                   [](const cl::CompactLcpSolve& c) {
                                     return c.context.purpose == cl::SolvePurpose::kContactForces;
                                   });
    if (friction >= 10 && last != t.compactLcpSolves.rend() && last->isFriction()) withFriction = k;
  }
  REQUIRE(withFriction > 0);
  const std::shared_ptr<const cl::StepTrace> compact = records.back().trace;
  const cl::StepTrace whole = cl::expandTrace(*compact);
  HistoryCursor cursor;
  cursor.reset(historyOf(records), 1);
  // A small step is opened at once, its friction solves expanded: nothing pending.
  REQUIRE(cursor.selectedSolve() >= 0);
  CHECK(cursor.pendingSolve() == -1);
  REQUIRE(cursor.selectedSolveTrace());

  // Opened as on the trace thread: the friction solves compact.
  const auto opened = std::make_shared<const cl::StepTrace>(cl::openTrace(*compact));
  cursor.setExpanded(compact, opened);
  cursor.resetSelection();
  const int k = cursor.selectedSolve();
  REQUIRE(k >= 0);
  const cl::CompactLcpSolve* c = cl::compactLcpSolveAt(*opened, static_cast<std::size_t>(k));
  REQUIRE(c);  // the last contact-force solve, a friction solve
  CHECK(cursor.pendingSolve() == k);
  CHECK(cursor.selectedSolveTrace() == nullptr);
  CHECK(cursor.selectedPivot() == -1);
  // An answer for another trace is not taken.
  const auto solved = std::make_shared<const cl::SolveTrace>(cl::expandCompactLcpSolve(*c));
  cursor.setSolveExpanded(compact.get(), k, solved);
  CHECK(cursor.pendingSolve() == k);
  // Its own: the solve is shown at its result, the full trace's solve bit for bit.
  cursor.setSolveExpanded(opened.get(), k, solved);
  CHECK(cursor.pendingSolve() == -1);
  REQUIRE(cursor.selectedSolveTrace());
  const cl::SolveTrace& want = whole.solves[static_cast<std::size_t>(k)];
  CHECK(cursor.selectedSolveTrace()->solve.f == want.solve.f);
  CHECK(cursor.selectedSolveTrace()->pivots.size() == want.pivots.size());
  CHECK(cursor.selectedPivot() == cl::resultPosition(want));
  // Another compact friction solve waits in its turn; a stored or one-contact one never
  // does; the one solved again is still at hand when selected again.
  for (int other = 0; other < static_cast<int>(opened->solveCount()); ++other) {
    if (other == k) continue;
    cursor.selectSolve(other);
    const bool compactFriction = cl::compactLcpSolveAt(*opened, static_cast<std::size_t>(other));
    CHECK(cursor.pendingSolve() == (compactFriction ? other : -1));
    CHECK((cursor.selectedSolveTrace() == nullptr) == compactFriction);
  }
  cursor.selectSolve(k);
  CHECK(cursor.selectedSolveTrace() == solved.get());
  // The last 8 solved again are kept, the selected one always.
  std::vector<int> others;
  for (const cl::CompactLcpSolve& o : opened->compactLcpSolves)
    if (o.position != k) others.push_back(o.position);
  REQUIRE(others.size() >= 9);
  for (const int p : others)
    cursor.setSolveExpanded(opened.get(), p,
                            std::make_shared<const cl::SolveTrace>(cl::expandCompactLcpSolve(
                                *cl::compactLcpSolveAt(*opened, static_cast<std::size_t>(p)))));
  CHECK(cursor.selectedSolveTrace() == solved.get());
  int kept = 0;
  for (const int p : others) kept += cursor.solveTrace(p) != nullptr;
  CHECK(kept == 7);
  CHECK(cursor.solveTrace(others.back()) != nullptr);
  CHECK(cursor.solveTrace(others.front()) == nullptr);
  // Another record shown lets the solves solved again go.
  REQUIRE(cursor.show(withFriction - 1, 1));
  REQUIRE(cursor.show(withFriction, 1));
  CHECK(cursor.pendingSolve() == -1);  // opened at once again, friction expanded
}
