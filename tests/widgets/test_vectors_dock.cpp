#include <qcustomplot.h>

#include <QDir>
#include <QTest>
#include <catch2/catch.hpp>

#include "engine/solver/compute_forces.h"
#include "engine/trace/step_trace.h"
#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/contact_set_style.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"
#include "widgets/vectors_dock.h"

using cl::ContactSet;
using cl::widgets::contactSetColor;
using cl::widgets::Session;
using cl::widgets::VectorsDock;

using cl::testing::scenePath;
using cl::testing::waitFor;

namespace {

// The hand-solved 2 x 2 LCP of test_scenes.h, with labelled contacts.
cl::SolveTrace handTrace(bool secondIsJoint) {
  cl::SolveTrace t;
  t.solve.A.resize(2, 2);
  t.solve.A << 2, 1, 1, 2;
  t.solve.b = Eigen::Vector2d(-1, -1);
  t.solve.joint = {false, secondIsJoint};
  for (const char* label : {"top/bottom", "bottom/floor"}) {
    cl::SolveContact c;
    c.label = label;
    t.context.contacts.push_back(c);
  }
  t.pivots = cl::testing::handPivots2x2();
  return t;
}

void checkVector(const std::vector<double>& got, std::vector<double> want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    INFO("contact " << i);
    CHECK(got[i] == Approx(want[i]).margin(1e-12));
  }
}

}  // namespace

TEST_CASE("VectorsDock shows b, f, a and the sets of a hand-solved LCP pivot by pivot",
          "[vectors_dock]") {
  Session session;
  VectorsDock dock(&session);
  CHECK(dock.objectName() == QStringLiteral("vectorsDock"));
  dock.resize(460, 320);
  dock.show();
  const cl::SolveTrace t = handTrace(false);
  // The hand numbers are a solution: a = A f + b at every pivot.
  for (const cl::SolverPivot& p : t.pivots)
    CHECK((t.solve.A * p.f + t.solve.b - p.a).norm() < 1e-15);

  // Before the first decision: f = 0, a = b, everyone untreated.
  dock.showSolve(&t, -1, -1);
  CHECK(dock.showsBars());
  checkVector(dock.bValues(), {-1, -1});
  checkVector(dock.fValues(), {0, 0});
  checkVector(dock.aValues(), {-1, -1});
  // Violation max(-f, -a, min(|f|, |a|)): both accelerations are -1.
  checkVector(dock.violationValues(), {1, 1});
  CHECK(dock.barSets() == std::vector<ContactSet>{ContactSet::kUntreated, ContactSet::kUntreated});
  CHECK(dock.barColor(0) == contactSetColor(ContactSet::kUntreated));
  CHECK(dock.drivenContact() == -1);
  CHECK(dock.statusText().startsWith(QStringLiteral("before decision 1 of 2")));
  CHECK(dock.statusText().contains(QStringLiteral("max violation 1")));

  // After driving contact 0.
  dock.showSolve(&t, 0, -1);
  checkVector(dock.fValues(), {0.5, 0});
  checkVector(dock.aValues(), {0, -0.5});
  checkVector(dock.violationValues(), {0, 0.5});
  CHECK(dock.barSets() == std::vector<ContactSet>{ContactSet::kC, ContactSet::kUntreated});
  CHECK(dock.barColor(0) == contactSetColor(ContactSet::kC));
  CHECK(dock.barColor(1) == contactSetColor(ContactSet::kUntreated));
  CHECK(dock.drivenContact() == 0);
  CHECK(dock.statusText().startsWith(
      QStringLiteral("decision 1 of 2: ") +
      QString::fromUtf8(cl::transitionName(cl::PivotTransition::kDAccepted))));
  CHECK(dock.statusText().contains(QStringLiteral("step 0.5")));

  // The solution: both in C, f = 1/3, a = 0, nothing violated.
  dock.showSolve(&t, 1, 1);
  checkVector(dock.fValues(), {1.0 / 3.0, 1.0 / 3.0});
  checkVector(dock.aValues(), {0, 0});
  checkVector(dock.violationValues(), {0, 0});
  CHECK(dock.barSets() == std::vector<ContactSet>{ContactSet::kC, ContactSet::kC});
  CHECK(dock.drivenContact() == 1);
  CHECK(dock.limitingContact() == 1);
  CHECK(dock.highlightedContact() == 1);
  // The bars hold those numbers.
  checkVector(dock.plottedValues(0), {-1, -1});
  checkVector(dock.plottedValues(1), {1.0 / 3.0, 1.0 / 3.0});
  checkVector(dock.plottedValues(2), {0, 0});
  checkVector(dock.plottedValues(3), {0, 0});
  CHECK(dock.tooltipFor(1).startsWith(QStringLiteral("2 bottom/floor: C")));  // from 1
  // The f bars are drawn in C's colour: half-way up contact 0's bar (f = 1/3).
  auto* plot = dock.findChild<QCustomPlot*>();
  REQUIRE(plot);
  plot->replot(QCustomPlot::rpImmediateRefresh);
  QCPAxisRect* fRect = plot->axisRects().at(1);
  const QPoint inBar(static_cast<int>(fRect->axis(QCPAxis::atBottom)->coordToPixel(0)),
                     static_cast<int>(fRect->axis(QCPAxis::atLeft)->coordToPixel(1.0 / 6.0)));
  CHECK(plot->toPixmap().toImage().pixelColor(inBar) == contactSetColor(ContactSet::kC));

  SECTION("a treated joint has its own colour") {
    const cl::SolveTrace joint = handTrace(true);
    dock.showSolve(&joint, -1, -1);
    CHECK(dock.barSeries(1) == int(ContactSet::kUntreated));  // not treated yet
    dock.showSolve(&joint, 1, -1);
    CHECK(dock.barSeries(1) == VectorsDock::kJointSeries);
    CHECK(dock.barColor(1) == cl::widgets::jointColor());
    CHECK(dock.barSeries(0) == int(ContactSet::kC));
  }
  SECTION("nothing to show") {
    dock.showSolve(nullptr, 0, 0);
    CHECK_FALSE(dock.showsBars());
    CHECK(dock.statusText() == QStringLiteral("No solve selected."));
    CHECK(dock.fValues().empty());
    CHECK_FALSE(dock.barColor(0).isValid());
    const cl::SolveTrace empty;
    dock.showSolve(&empty, -1, -1);
    CHECK_FALSE(dock.showsBars());
    CHECK(dock.statusText().contains(QStringLiteral("no contacts")));
  }
}

TEST_CASE("VectorsDock shows what ComputeForces decided on a 3-contact LCP", "[vectors_dock]") {
  // The 2 x 2 problem above plus a third, decoupled contact already separating
  // (b = +1): it belongs in NC with f = 0, a = 1. Solved by the engine, traced.
  cl::LcpProblem problem;
  problem.A.resize(3, 3);
  problem.A << 2, 1, 0, 1, 2, 0, 0, 0, 1;
  problem.b = Eigen::Vector3d(-1, -1, 1);
  problem.joint = {false, false, false};
  cl::StepTraceRecorder recorder;
  cl::ComputeForces solver;
  solver.setTraceSink(&recorder);
  REQUIRE(solver.solve(problem).ok());
  const cl::StepTrace trace = recorder.take();
  REQUIRE(trace.solves.size() == 1);
  const cl::SolveTrace& t = trace.solves.front();
  REQUIRE_FALSE(t.pivots.empty());

  Session session;
  VectorsDock dock(&session);
  dock.show();
  dock.showSolve(&t, -1, -1);
  checkVector(dock.fValues(), {0, 0, 0});
  checkVector(dock.aValues(), {-1, -1, 1});
  CHECK(dock.barSets() == std::vector<ContactSet>(3, ContactSet::kUntreated));
  dock.showSolve(&t, static_cast<int>(t.pivots.size()) - 1, -1);
  checkVector(dock.fValues(), {1.0 / 3.0, 1.0 / 3.0, 0});
  checkVector(dock.aValues(), {0, 0, 1});
  CHECK(dock.barSets() == std::vector<ContactSet>{ContactSet::kC, ContactSet::kC, ContactSet::kNC});
  CHECK(dock.barColor(2) == contactSetColor(ContactSet::kNC));
}

TEST_CASE("VectorsDock follows the session's pivots through a solve of stack_of_three",
          "[vectors_dock]") {
  Session session;
  VectorsDock dock(&session);
  dock.resize(460, 320);
  dock.show();
  CHECK_FALSE(dock.showsBars());
  CHECK(dock.statusText().contains(QStringLiteral("No scene")));
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  CHECK_FALSE(dock.showsBars());
  CHECK(dock.statusText().contains(QStringLiteral("Step 0")));

  REQUIRE(session.stepNow(1));
  const cl::SolveTrace* trace = session.selectedSolveTrace();
  REQUIRE(trace);
  const int n = static_cast<int>(trace->solve.b.size());
  const int pivots = static_cast<int>(trace->pivots.size());
  REQUIRE(pivots > 0);
  // Selected by default: the result, the solver's answer.
  CHECK(dock.shownPivot() == pivots);
  CHECK(dock.statusText().startsWith(QStringLiteral("result (ok): ")));
  checkVector(dock.fValues(),
              std::vector<double>(trace->solve.f.data(), trace->solve.f.data() + n));

  session.selectPivot(-1);
  CHECK(dock.shownPivot() == -1);
  const std::vector<ContactSet> before = dock.barSets();
  CHECK(before == std::vector<ContactSet>(static_cast<std::size_t>(n), ContactSet::kUntreated));
  checkVector(dock.aValues(), dock.bValues());
  // Step through every decision of the solve: the dock follows each one.
  std::vector<ContactSet> previous = before;
  bool changed = false;
  for (int k = 0; k < pivots; ++k) {
    session.stepPivot();
    REQUIRE(session.selectedPivot() == k);
    CHECK(dock.shownPivot() == k);
    CHECK(dock.statusText().startsWith(QStringLiteral("decision %1 of %2").arg(k + 1).arg(pivots)));
    changed = changed || dock.barSets() != previous;
    previous = dock.barSets();
  }
  CHECK(changed);
  CHECK(dock.barSets() != before);
  // At the end every contact has been treated; the weight is carried by some in C.
  int inC = 0;
  for (ContactSet s : dock.barSets()) {
    CHECK(s != ContactSet::kUntreated);
    inC += s == ContactSet::kC ? 1 : 0;
  }
  CHECK(inC > 0);
  const cl::SolverPivot& last = trace->pivots.back();
  checkVector(dock.fValues(), std::vector<double>(last.f.data(), last.f.data() + n));
  checkVector(dock.aValues(), std::vector<double>(last.a.data(), last.a.data() + n));

  // Clicking a bar in the f plot selects its contact.
  auto* plot = dock.findChild<QCustomPlot*>();
  REQUIRE(plot);
  plot->replot(QCustomPlot::rpImmediateRefresh);
  QCPAxisRect* fRect = plot->axisRects().at(1);
  const QPoint at(static_cast<int>(fRect->axis(QCPAxis::atBottom)->coordToPixel(n - 1)),
                  fRect->rect().center().y());
  QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
  CHECK(session.selectedContact() == n - 1);
  CHECK(dock.highlightedContact() == n - 1);

  // One more pivot step shows the result; one more moves on to the next solve (or, off the UI
  // thread, a new step), before its first decision.
  session.stepPivot();
  CHECK(dock.shownPivot() == pivots);
  session.stepPivot();
  REQUIRE(waitFor([&] { return session.selectedPivot() == -1; }));
  if (session.selectedSolveTrace()) {
    CHECK(dock.shownPivot() == -1);
    CHECK(dock.statusText().startsWith(QStringLiteral("before decision 1")));
  } else {
    CHECK_FALSE(dock.showsBars());
  }
}

TEST_CASE("VectorsDock says when a step had no contacts", "[vectors_dock]") {
  Session session;
  VectorsDock dock(&session);
  dock.show();
  REQUIRE(session.loadScene(scenePath("free_fall.json")));
  REQUIRE(session.stepNow(1));
  REQUIRE(session.currentTrace());
  REQUIRE(session.currentTrace()->solves.empty());
  CHECK_FALSE(dock.showsBars());
  CHECK(dock.statusText().contains(QStringLiteral("no contacts")));
}
