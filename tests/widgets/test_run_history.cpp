// The workbench's history: scrubbing, re-running from a recorded state, re-deriving
// dropped traces, the memory budget, single-stepping pivots, and the CSV exports read
// back against the numbers the engine holds.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/contact/expand_trace.h"
#include "engine/run/step_record.h"
#include "engine/solver/solve_state.h"
#include "engine/trace/trace_csv.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/run_export.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"

using cl::testing::sameBits;
using cl::testing::scenePath;
using cl::testing::waitFor;
using cl::widgets::Session;

namespace {

std::vector<std::vector<std::string>> parseCsv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> row;
    std::string field;
    bool quoted = false;
    for (char c : line) {
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        row.push_back(field);
        field.clear();
      } else {
        field += c;
      }
    }
    row.push_back(field);
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

TEST_CASE("History: a scrub shows an earlier step exactly and a re-run from it repeats the run",
          "[history]") {
  Session session;
  REQUIRE(session.loadScene(scenePath("ball_bounce.json")));
  REQUIRE(session.stepNow(40));
  REQUIRE(session.history().size() == 41);
  const std::vector<double> end = session.history().back().state.vars;
  const std::vector<double> at15 = session.history().at(15).state.vars;

  QSignalSpy changed(&session, &Session::currentChanged);
  session.showStep(15);
  CHECK(changed.count() == 1);
  CHECK_FALSE(session.atLatest());
  CHECK(session.snapshot().steps == 15);
  // The scene view draws the snapshot: its states are record 15's, bit for bit.
  for (int i = 0; i < static_cast<int>(session.bodies().size()); ++i)
    CHECK(session.snapshot().states[static_cast<std::size_t>(i)] ==
          cl::BodyState::fromVars(at15, i));

  // Going on from step 15 drops the future and reproduces it bit for bit.
  QSignalSpy truncated(&session, &Session::historyTruncated);
  REQUIRE(session.stepNow(25));
  CHECK(truncated.count() == 1);
  REQUIRE(session.history().size() == 41);
  CHECK(session.history().back().step == 40);
  CHECK(sameBits(session.history().back().state.vars, end));
}

TEST_CASE("History: a dropped trace is re-derived by re-running the step, identical", "[history]") {
  Session traced;
  REQUIRE(traced.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(traced.stepNow(6));
  const cl::StepTrace original = cl::expandTrace(*traced.history().at(5).trace);
  REQUIRE_FALSE(original.solves.empty());

  Session untraced;
  untraced.setTracing(false);
  REQUIRE(untraced.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(untraced.stepNow(6));
  REQUIRE_FALSE(untraced.history().at(5).trace);
  CHECK(sameBits(untraced.history().at(6).state.vars, traced.history().at(6).state.vars));
  QSignalSpy errors(&untraced, &Session::errorOccurred);
  QSignalSpy shown(&untraced, &Session::currentChanged);
  untraced.showStep(5);
  // Showing it asks for the trace; the step is re-run off the UI thread, so nothing is
  // held until the answer has come back through the event loop.
  REQUIRE(shown.count() == 1);
  CHECK_FALSE(untraced.currentTrace());
  CHECK(untraced.derivingTrace());
  CHECK(untraced.noTraceReason().contains(QStringLiteral("Re-running step 5")));
  CHECK(untraced.noSolveReason() == untraced.noTraceReason());
  REQUIRE(shown.wait(10000));
  CHECK_FALSE(untraced.derivingTrace());
  REQUIRE(untraced.currentTrace());
  // Kept by the history (compact, as recorded; shown opened, read here whole).
  const cl::StepTrace again = cl::expandTrace(*untraced.currentTrace());
  REQUIRE(untraced.history().at(5).trace);
  CHECK(untraced.history().at(5).trace->solveCount() == again.solves.size());
  CHECK(untraced.selectedSolveTrace());  // the record's default selection, as if traced
  CHECK(errors.count() == 0);            // the re-run reproduced the recorded state
  REQUIRE(again.solves.size() == original.solves.size());
  for (std::size_t i = 0; i < original.solves.size(); ++i) {
    CHECK(again.solves[i].solve.A == original.solves[i].solve.A);
    CHECK(again.solves[i].solve.f == original.solves[i].solve.f);
    CHECK(again.solves[i].pivots.size() == original.solves[i].pivots.size());
  }
  CHECK(again.waypoints.size() == original.waypoints.size());
}

TEST_CASE("History: a trace whose record before was dropped says it cannot be re-derived",
          "[history]") {
  Session session;
  session.setTracing(false);
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(session.stepNow(4));
  // Room for two records: the oldest held is a step whose predecessor is gone.
  session.setHistoryBudget(2 * session.history().back().bytes());
  REQUIRE(session.history().droppedRecords() > 0);
  QSignalSpy errors(&session, &Session::errorOccurred);
  session.showStep(0);
  REQUIRE(session.current()->step > 0);
  CHECK_FALSE(session.currentTrace());
  CHECK_FALSE(session.derivingTrace());
  CHECK(session.noTraceReason().contains(QStringLiteral("cannot be re-derived")));
  CHECK(errors.count() == 0);
}

TEST_CASE("History: the memory budget drops traces first, then the oldest records", "[history]") {
  Session session;
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(session.stepNow(5));
  const std::size_t perStep = session.history().at(5).bytes();
  REQUIRE(session.history().at(5).trace);
  const std::size_t traceBytes = session.history().at(5).trace->bytes();
  REQUIRE(traceBytes > perStep / 2);  // traces are what costs

  // Room for about 3 traces: older traces go, every record stays.
  session.setHistoryBudget(session.history().bytes() - 2 * traceBytes);
  CHECK(session.history().bytes() <= session.history().budget());
  CHECK(session.history().size() == 6);
  CHECK_FALSE(session.history().at(1).trace);
  CHECK(session.history().back().trace);

  // Room for two bare records: the oldest records go too; the newest stays whole.
  const std::size_t bare = session.history().at(1).bytes();
  session.setHistoryBudget(2 * bare + traceBytes);
  CHECK(session.history().bytes() <= session.history().budget());
  CHECK(session.history().droppedRecords() > 0);
  CHECK(session.history().back().step == 5);
  CHECK(session.current() == &session.history().at(session.currentIndex()));
}

TEST_CASE("History: stepping pivots walks every decision of every solve in order", "[history]") {
  Session session;
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  session.stepPivot();  // takes step 1 (off the UI thread), selects its first solve
  REQUIRE(waitFor([&] { return session.history().size() == 2 && session.selectedSolve() == 0; }));
  CHECK(session.selectedPivot() == -1);
  const cl::SolveTrace* first = session.selectedSolveTrace();
  REQUIRE(first);
  const cl::SolveState start = cl::solveStateAt(*first, -1);
  for (cl::ContactSet s : start.set) CHECK(s == cl::ContactSet::kUntreated);
  CHECK(start.a == first->solve.b);

  const int pivots = static_cast<int>(first->pivots.size());
  REQUIRE(pivots > 0);
  for (int k = 0; k < pivots; ++k) {
    session.stepPivot();
    CHECK(session.selectedSolve() == 0);
    CHECK(session.selectedPivot() == k);
  }
  // After the last decision, a = A f + b.
  const cl::SolveState last = cl::solveStateAt(*first, pivots - 1);
  CHECK((first->solve.A * last.f + first->solve.b - last.a).cwiseAbs().maxCoeff() < 1e-9);
  bool anyInC = false;
  for (cl::ContactSet s : last.set) anyInC = anyInC || s == cl::ContactSet::kC;
  CHECK(anyInC);  // a resting stack carries its weight through contacts in C
  // Then the result: what the solver returned, the sets of its last decision.
  session.stepPivot();
  CHECK(session.selectedSolve() == 0);
  CHECK(session.selectedPivot() == pivots);
  const cl::SolveState result = cl::solveStateAt(*first, pivots);
  CHECK(result.result);
  CHECK(result.f == first->solve.f);
  CHECK(result.a == first->solve.a);
  CHECK(result.set == last.set);

  session.stepPivot();  // the next solve of the same step
  CHECK(session.selectedSolve() == 1);
  CHECK(session.selectedPivot() == -1);
}

TEST_CASE("History: the CSV exports read back to the numbers the engine holds", "[history]") {
  Session session;
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(session.stepNow(8));

  std::ostringstream states;
  cl::widgets::writeBodyStatesCsv(states, session.bodies(), session.history());
  const auto rows = parseCsv(states.str());
  REQUIRE(rows.size() == 10);  // header + steps 0..8
  CHECK(rows[0][0] == "step");
  for (int k = 0; k <= 8; ++k) {
    const auto& row = rows[static_cast<std::size_t>(k) + 1];
    CHECK(std::stoll(row[0]) == k);
    const std::vector<double>& vars = session.history().at(k).state.vars;
    REQUIRE(row.size() == 6 + vars.size());
    CHECK(row[5] == "0");  // friction_loss: the scene has no friction
    for (std::size_t v = 0; v < vars.size(); ++v) CHECK(std::stod(row[6 + v]) == vars[v]);
  }

  const cl::SolveTrace* solve = session.selectedSolveTrace();
  REQUIRE(solve);
  // Every row of the solve's files says which step and solve it came from (from 1).
  const cl::SolveOrigin origin = session.selectedSolveOrigin();
  CHECK(origin.step == session.current()->step);
  CHECK(origin.solve == session.selectedSolve() + 1);
  const auto fromOrigin = [&](const std::vector<std::string>& row) {
    return row.size() > 2 && std::stoll(row[0]) == origin.step && std::stoi(row[1]) == origin.solve;
  };
  std::ostringstream matrix;
  cl::writeSolveMatrixCsv(matrix, *solve, origin);
  const auto m = parseCsv(matrix.str());
  const auto n = static_cast<std::size_t>(solve->solve.A.rows());
  REQUIRE(m.size() == n + 1);
  CHECK(m[0][0] == "time_step");
  CHECK(m[0][1] == "solve");
  for (std::size_t i = 0; i < n; ++i) {
    CHECK(fromOrigin(m[i + 1]));
    for (std::size_t j = 0; j < n; ++j)
      CHECK(std::stod(m[i + 1][5 + j]) ==
            solve->solve.A(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)));
  }

  std::ostringstream vectors;
  cl::writeSolveVectorsCsv(vectors, *solve, origin);
  const auto v = parseCsv(vectors.str());
  REQUIRE(v.size() == n + 1);
  for (std::size_t i = 0; i < n; ++i) {
    CHECK(fromOrigin(v[i + 1]));
    CHECK(std::stod(v[i + 1][8]) == solve->solve.b(static_cast<Eigen::Index>(i)));
    CHECK(std::stod(v[i + 1][9]) == solve->solve.f(static_cast<Eigen::Index>(i)));
  }

  std::ostringstream pivots;
  cl::writePivotsCsv(pivots, *solve, origin);
  const auto p = parseCsv(pivots.str());
  REQUIRE(p.size() == solve->pivots.size() + 1);
  // The step size of a decision is its own column, not the time step.
  CHECK(p[0][2] == "decision");
  CHECK(p[0][7] == "step_size");
  for (std::size_t k = 0; k < solve->pivots.size(); ++k) {
    CHECK(fromOrigin(p[k + 1]));
    CHECK(std::stoi(p[k + 1][2]) == static_cast<int>(k) + 1);
    CHECK(std::stod(p[k + 1][7]) == solve->pivots[k].step);
  }

  std::ostringstream series;
  cl::widgets::writeTimeSeriesCsv(series, session.history());
  const auto t = parseCsv(series.str());
  REQUIRE(t.size() == 10);
  for (int k = 0; k <= 8; ++k) {
    const cl::StepStats& s = session.history().at(k).stats;
    CHECK(std::stod(t[static_cast<std::size_t>(k) + 1][1]) == s.time);
    CHECK(std::stod(t[static_cast<std::size_t>(k) + 1][4]) == s.energy.total());
    CHECK(std::stod(t[static_cast<std::size_t>(k) + 1][5]) == s.energy.frictionLoss);
    CHECK(std::stoi(t[static_cast<std::size_t>(k) + 1][6]) == s.contacts);
  }
}

TEST_CASE("History: a bad scene leaves the loaded scene and its history alone", "[history]") {
  Session session;
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(session.stepNow(3));
  const QString title = session.title();
  QTemporaryDir dir;
  const QString bad = dir.filePath(QStringLiteral("bad.json"));
  {
    std::ofstream f(bad.toStdString());
    f << "{\"version\": 3, \"bodies\": [{\"name\": \"a\"}]}";
  }
  QSignalSpy errors(&session, &Session::errorOccurred);
  CHECK_FALSE(session.loadScene(bad));
  REQUIRE(errors.count() == 1);
  const QString message = errors.front().front().toString();
  CHECK(message.contains(QStringLiteral("bad.json")));
  CHECK(session.title() == title);
  CHECK(session.history().size() == 4);
  REQUIRE(session.stepNow(1));
  CHECK(session.history().back().step == 4);
}
