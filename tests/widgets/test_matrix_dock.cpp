#include <qcustomplot.h>

#include <QDir>
#include <QTest>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "engine/contact/expand_trace.h"
#include "engine/trace/step_trace.h"
#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/matrix_dock.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"

using cl::widgets::MatrixDock;
using cl::widgets::Session;

using cl::testing::scenePath;

namespace {

// A solve with the given A (b = -1 everywhere), rows labelled "c0", "c1", ...
cl::SolveTrace handTrace(const Eigen::MatrixXd& A, std::vector<bool> joint = {}) {
  cl::SolveTrace t;
  const auto n = A.rows();
  t.solve.A = A;
  t.solve.b = Eigen::VectorXd::Constant(n, -1.0);
  t.solve.joint = joint.empty() ? std::vector<bool>(static_cast<std::size_t>(n), false) : joint;
  for (Eigen::Index i = 0; i < n; ++i) {
    cl::SolveContact c;
    c.label = "c" + std::to_string(i);
    c.joint = t.solve.joint[static_cast<std::size_t>(i)];
    t.context.contacts.push_back(c);
  }
  return t;
}

// The pixel centre of cell (row, column) in the dock's plot.
QPoint cellPixel(QCustomPlot* plot, int row, int column) {
  plot->replot(QCustomPlot::rpImmediateRefresh);  // lays the axes out
  return QPoint(static_cast<int>(plot->xAxis2->coordToPixel(column)),
                static_cast<int>(plot->yAxis->coordToPixel(row)));
}

}  // namespace

TEST_CASE("MatrixDock shows the A matrix of the session's selected solve", "[matrix_dock]") {
  Session session;
  MatrixDock dock(&session);
  CHECK(dock.objectName() == QStringLiteral("matrixDock"));
  dock.resize(460, 320);
  dock.show();
  CHECK_FALSE(dock.showsMatrix());
  CHECK(dock.headerText().contains(QStringLiteral("No scene")));

  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  // Step 0 is the initial state: nothing solved yet.
  CHECK_FALSE(dock.showsMatrix());
  CHECK(dock.shownSize() == 0);
  CHECK(dock.headerText().contains(QStringLiteral("Step 0")));

  REQUIRE(session.stepNow(1));
  const cl::SolveTrace* trace = session.selectedSolveTrace();
  REQUIRE(trace);
  const Eigen::MatrixXd& A = trace->solve.A;
  const int n = static_cast<int>(A.rows());
  REQUIRE(n >= 2);  // three blocks resting on each other and the floor
  CHECK(dock.showsMatrix());
  CHECK(dock.shownSize() == n);
  CHECK(dock.headerText().startsWith(QStringLiteral("n = %1").arg(n)));

  // The colour map holds A cell for cell; row 0 is the first contact.
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      INFO("cell " << i << ", " << j);
      CHECK(dock.cellValue(i, j) == A(i, j));
    }
  CHECK(std::isnan(dock.cellValue(n, 0)));
  CHECK(std::isnan(dock.cellValue(0, -1)));

  // A = J M^-1 J^T is symmetric: the map shown is too (up to rounding).
  const double scale = A.cwiseAbs().maxCoeff();
  REQUIRE(scale > 0);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      INFO("cell " << i << ", " << j);
      CHECK(std::abs(dock.cellValue(i, j) - dock.cellValue(j, i)) <= 1e-12 * scale);
    }
  // Its diagonal is positive: pushing at a contact accelerates it apart.
  for (int i = 0; i < n; ++i) CHECK(dock.cellValue(i, i) > 0);

  // Tooltips and labels name the contacts of the solve's rows, numbered from 1.
  const QString first = QString::fromStdString(trace->context.contacts.front().label);
  const QString last = QString::fromStdString(trace->context.contacts.back().label);
  REQUIRE_FALSE(first.isEmpty());
  const QString tip = dock.tooltipAt(0, n - 1);
  CHECK(tip.startsWith(QStringLiteral("A[1, %1] = ").arg(n)));
  CHECK(tip.contains(QStringLiteral("row 1 ") + first));
  CHECK(tip.contains(QStringLiteral("column %1 ").arg(n) + last));
  CHECK(dock.rowLabel(0) == QStringLiteral("1 ") + first);
  CHECK(dock.tooltipAt(n, 0).isEmpty());

  // The picker offers every solve of the step, the selected one picked.
  REQUIRE(session.currentTrace());
  const cl::StepTrace full = cl::expandTrace(*session.currentTrace());  // every solve, whole
  const cl::StepTrace* step = &full;
  CHECK(dock.solveChoices().size() == static_cast<int>(step->solves.size()));
  CHECK(dock.pickedSolve() == session.selectedSolve());
  CHECK(
      dock.solveChoices()[session.selectedSolve()].contains(QStringLiteral("%1 contacts").arg(n)));

  // At the final pivot the outline holds set C of that pivot.
  REQUIRE_FALSE(trace->pivots.empty());
  std::vector<int> C = trace->pivots.back().C;
  std::sort(C.begin(), C.end());
  CHECK(dock.outlinedRows() == C);
  CHECK_FALSE(C.empty());  // a resting stack carries weight at some contacts
  // Before the first decision C is empty and nobody is driven.
  session.selectPivot(-1);
  CHECK(dock.outlinedRows().empty());
  CHECK(dock.drivenContact() == -1);
  session.selectPivot(0);
  CHECK(dock.drivenContact() == trace->pivots.front().d);

  // Clicking a cell selects the contact of its row.
  auto* plot = dock.findChild<QCustomPlot*>();
  REQUIRE(plot);
  QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, cellPixel(plot, n - 1, 0));
  CHECK(session.selectedContact() == n - 1);
  CHECK(dock.highlightedContact() == n - 1);
  QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, cellPixel(plot, 0, n - 1));
  CHECK(session.selectedContact() == 0);

  SECTION("picking another solve of the step shows it") {
    if (step->solves.size() >= 2) {
      const int other = session.selectedSolve() == 0 ? 1 : 0;
      session.selectSolve(other);
      CHECK(dock.pickedSolve() == other);
      CHECK(dock.shownSize() == static_cast<int>(step->solves[other].solve.A.rows()));
    }
  }
  SECTION("restarting goes back to the no-solve text") {
    REQUIRE(session.restart());
    CHECK_FALSE(dock.showsMatrix());
    CHECK(dock.shownSize() == 0);
    CHECK(dock.solveChoices().isEmpty());
  }
}

TEST_CASE("MatrixDock's solve picker lists one kind of solve at a time", "[matrix_dock]") {
  // The first step of pile_10 that holds collision impulse solves beside contact-force
  // solves (a collision while other blocks rest).
  Session session;
  MatrixDock dock(&session);
  dock.show();
  REQUIRE(session.loadScene(scenePath("pile_10.json")));
  // Each step's solves, whole (the one shown is opened: its one-contact solves compact).
  cl::StepTrace full;
  const cl::StepTrace* step = &full;
  int impulses = 0, forces = 0;
  for (int k = 0; k < 400 && (impulses == 0 || forces == 0); ++k) {
    REQUIRE(session.stepNow(1));
    REQUIRE(session.currentTrace());
    full = cl::expandTrace(*session.currentTrace());
    impulses = forces = 0;
    for (const cl::SolveTrace& t : step->solves)
      (t.context.purpose == cl::SolvePurpose::kImpulse ? impulses : forces) += 1;
  }
  REQUIRE(impulses > 0);
  REQUIRE(forces > 0);
  const int n = static_cast<int>(step->solves.size());
  const QStringList kinds = dock.solveKinds();
  REQUIRE(kinds.size() == 3);
  CHECK(kinds[0] == QStringLiteral("all solves (%1)").arg(n));
  const int forceKind = kinds.indexOf(QStringLiteral("contact forces (%1)").arg(forces));
  const int impulseKind = kinds.indexOf(QStringLiteral("impulses (%1)").arg(impulses));
  REQUIRE(forceKind > 0);
  REQUIRE(impulseKind > 0);
  CHECK(dock.solveChoices().size() == n);

  dock.pickSolveKind(impulseKind);
  CHECK(dock.solveChoices().size() == impulses);
  for (const QString& c : dock.solveChoices()) CHECK(c.contains(QStringLiteral(": impulse,")));
  REQUIRE(session.selectedSolve() >= 0);
  CHECK(step->solves[static_cast<std::size_t>(session.selectedSolve())].context.purpose ==
        cl::SolvePurpose::kImpulse);
  CHECK(dock.pickedSolve() == session.selectedSolve());

  dock.pickSolveKind(forceKind);
  CHECK(dock.solveChoices().size() == forces);
  for (const QString& c : dock.solveChoices())
    CHECK(c.contains(QStringLiteral(": contact forces,")));
  CHECK(step->solves[static_cast<std::size_t>(session.selectedSolve())].context.purpose ==
        cl::SolvePurpose::kContactForces);

  // Selecting a solve of another kind elsewhere widens the picker to all solves.
  for (int k = 0; k < n; ++k)
    if (step->solves[static_cast<std::size_t>(k)].context.purpose == cl::SolvePurpose::kImpulse) {
      session.selectSolve(k);
      break;
    }
  CHECK(dock.solveChoices().size() == n);
  CHECK(dock.pickedSolve() == session.selectedSolve());
}

TEST_CASE("MatrixDock says when a step had no contacts", "[matrix_dock]") {
  Session session;
  MatrixDock dock(&session);
  dock.show();
  REQUIRE(session.loadScene(scenePath("free_fall.json")));
  REQUIRE(session.stepNow(1));
  const cl::StepTrace* step = session.currentTrace();
  REQUIRE(step);
  REQUIRE(step->solveCount() == 0);  // a ball in the air touches nothing
  CHECK_FALSE(dock.showsMatrix());
  CHECK(dock.headerText().contains(QStringLiteral("no contacts")));
  CHECK(dock.solveChoices().isEmpty());
}

TEST_CASE("MatrixDock says when the engine solves no contact forces", "[matrix_dock]") {
  Session session;
  MatrixDock dock(&session);
  dock.show();
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  SECTION("impulse: only collisions are solved") {
    cl::SimSettings settings = session.settings();
    settings.engineMode = cl::EngineMode::kImpulse;
    REQUIRE(session.restartWithSettings(settings));
    REQUIRE(session.stepNow(1));
    REQUIRE(session.currentTrace());
    REQUIRE(session.currentTrace()->solveCount() == 0);  // resting blocks, no collision
    CHECK_FALSE(dock.showsMatrix());
    CHECK(dock.headerText().contains(QStringLiteral("computes no contact forces")));
  }
  SECTION("rigid_body: nothing is solved") {
    cl::SimSettings settings = session.settings();
    settings.engineMode = cl::EngineMode::kRigidBody;
    REQUIRE(session.restartWithSettings(settings));
    REQUIRE(session.stepNow(1));
    CHECK(dock.headerText().contains(QStringLiteral("finds no collisions or contacts")));
  }
}

TEST_CASE("MatrixDock catches up when shown after changes while hidden", "[matrix_dock]") {
  Session session;
  MatrixDock dock(&session);
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(session.stepNow(1));
  CHECK(dock.shownSize() == 0);  // hidden: no work done
  dock.show();
  REQUIRE(session.selectedSolveTrace());
  CHECK(dock.shownSize() == session.selectedSolveTrace()->solve.A.rows());
}

TEST_CASE("MatrixDock draws a hand-made solve pivot by pivot", "[matrix_dock]") {
  Session session;
  MatrixDock dock(&session);
  dock.resize(460, 320);
  dock.show();

  // The hand-solved 2 x 2 LCP of test_scenes.h (b = -1 for both contacts).
  Eigen::MatrixXd A(2, 2);
  A << 2, 1, 1, 2;
  cl::SolveTrace t = handTrace(A);
  t.pivots = cl::testing::handPivots2x2();

  dock.showSolve(&t, -1, -1);
  CHECK(dock.showsMatrix());
  CHECK(dock.shownSize() == 2);
  CHECK(dock.cellValue(0, 1) == 1.0);
  CHECK(dock.cellValue(1, 1) == 2.0);
  CHECK(dock.outlinedRows().empty());
  CHECK(dock.drivenContact() == -1);
  // Eigenvalues 3 and 1.
  CHECK(dock.headerText().contains(QStringLiteral("cond 3")));
  CHECK(dock.headerText().contains(QStringLiteral("max |A| = 2")));
  CHECK(dock.tooltipAt(1, 0) == QStringLiteral("A[2, 1] = 1\nrow 2 c1\ncolumn 1 c0"));

  dock.showSolve(&t, 0, 1);
  CHECK(dock.outlinedRows() == std::vector<int>{0});
  CHECK(dock.drivenContact() == 0);
  CHECK(dock.highlightedContact() == 1);
  dock.showSolve(&t, 1, -1);
  CHECK(dock.outlinedRows() == std::vector<int>{0, 1});
  CHECK(dock.drivenContact() == 1);
  CHECK(dock.highlightedContact() == -1);
  // A pivot past the end shows the last one.
  dock.showSolve(&t, 7, 5);
  CHECK(dock.outlinedRows() == std::vector<int>{0, 1});
  CHECK(dock.highlightedContact() == -1);

  SECTION("row 0 at the top, positive red, negative blue") {
    // An asymmetric matrix tells rows from columns.
    Eigen::MatrixXd M(2, 2);
    M << 0, 1, -1, 0;
    const cl::SolveTrace signs = handTrace(M);
    dock.showSolve(&signs, -1, -1);
    CHECK(dock.cellValue(0, 1) == 1.0);
    CHECK(dock.cellValue(1, 0) == -1.0);
    auto* plot = dock.findChild<QCustomPlot*>();
    REQUIRE(plot);
    const QPoint above = cellPixel(plot, 0, 1);
    const QPoint below = cellPixel(plot, 1, 0);
    CHECK(above.y() < below.y());
    const QImage image = plot->toPixmap().toImage();
    const QColor positive = image.pixelColor(above);
    const QColor negative = image.pixelColor(below);
    const QColor zero = image.pixelColor(cellPixel(plot, 0, 0));
    CHECK(positive.red() > 150);
    CHECK(positive.blue() < 100);
    CHECK(negative.blue() > 150);
    CHECK(negative.red() < 100);
    CHECK(std::min({zero.red(), zero.green(), zero.blue()}) >= 250);  // white, to rounding
    CHECK(dock.tooltipAt(0, 1).startsWith(QStringLiteral("A[1, 2] = 1\n")));
  }
  SECTION("cells outside Acc are faded") {
    // At pivot 0 only contact 0 is in C: cell (0, 0) is Acc, (1, 1) (same value) is not.
    auto* plot = dock.findChild<QCustomPlot*>();
    REQUIRE(plot);
    dock.showSolve(&t, 0, -1);
    const QPoint inside = cellPixel(plot, 0, 0);
    const QPoint outside = cellPixel(plot, 1, 1);
    const QImage image = plot->toPixmap().toImage();
    CHECK(image.pixelColor(outside).lightness() > image.pixelColor(inside).lightness() + 30);
  }
  SECTION("joints are marked in the labels") {
    Eigen::MatrixXd J = Eigen::MatrixXd::Identity(3, 3);
    const cl::SolveTrace joints = handTrace(J, {false, false, true});
    dock.showSolve(&joints, -1, -1);
    CHECK(dock.rowLabel(2) == QStringLiteral("3J c2"));  // numbered from 1
    CHECK(dock.rowLabel(1) == QStringLiteral("2 c1"));
    CHECK(dock.headerText().contains(QStringLiteral("(1 joint)")));
  }
  SECTION("a redundant contact shows as a singular matrix") {
    Eigen::MatrixXd S(2, 2);
    S << 1, 1, 1, 1;
    const cl::SolveTrace redundant = handTrace(S);
    dock.showSolve(&redundant, -1, -1);
    CHECK(dock.headerText().contains(QStringLiteral("singular (rank 1)")));
  }
  SECTION("a 1 x 1 matrix") {
    Eigen::MatrixXd one(1, 1);
    one << 4.5;
    const cl::SolveTrace single = handTrace(one);
    dock.showSolve(&single, -1, 0);
    CHECK(dock.shownSize() == 1);
    CHECK(dock.cellValue(0, 0) == 4.5);
    CHECK(dock.highlightedContact() == 0);
  }
  SECTION("many rows thin the labels out") {
    const int n = 200;
    Eigen::MatrixXd big = Eigen::MatrixXd::Identity(n, n);
    const cl::SolveTrace many = handTrace(big);
    dock.showSolve(&many, -1, -1);
    int labelled = 0;
    for (int i = 0; i < n; ++i) labelled += dock.shownTickLabel(i).isEmpty() ? 0 : 1;
    CHECK(labelled >= 2);
    CHECK(labelled <= MatrixDock::kMaxTickLabels);
    CHECK(dock.shownTickLabel(0) == QStringLiteral("1 c0"));
  }
  SECTION("nothing to show") {
    dock.showSolve(nullptr, 0, 0);
    CHECK_FALSE(dock.showsMatrix());
    CHECK(dock.shownSize() == 0);
    CHECK(dock.headerText() == QStringLiteral("No solve selected."));
    const cl::SolveTrace empty;
    dock.showSolve(&empty, -1, -1);
    CHECK_FALSE(dock.showsMatrix());
    CHECK(dock.headerText().contains(QStringLiteral("no contacts")));
    CHECK(dock.tooltipAt(0, 0).isEmpty());
    CHECK(dock.rowLabel(0).isEmpty());
  }
}

TEST_CASE("MatrixDock orders rows by set, C first, or shows Acc alone", "[matrix_dock]") {
  Session session;
  MatrixDock dock(&session);
  dock.resize(460, 320);
  dock.show();
  // A(i, j) = 10 (i + 1) + (j + 1): every cell says its row and column.
  Eigen::MatrixXd A(4, 4);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) A(i, j) = 10 * (i + 1) + (j + 1);
  cl::SolveTrace t = handTrace(A);
  cl::SolverPivot p;
  p.index = 0;
  p.d = 3;
  p.j = 3;
  p.stepTaken = true;
  p.transition = cl::PivotTransition::kDAccepted;
  p.C = {1, 3};
  p.NC = {2};  // row 0 untreated
  p.f = Eigen::VectorXd::Zero(4);
  p.a = Eigen::VectorXd::Zero(4);
  t.pivots = {p};

  dock.setRowOrder(MatrixDock::RowOrder::kBySet);
  dock.showSolve(&t, 0, 0);
  REQUIRE(dock.shownSize() == 4);
  CHECK(dock.rowAt(0) == 1);  // C: 1, 3; NC: 2; untreated: 0
  CHECK(dock.rowAt(1) == 3);
  CHECK(dock.rowAt(2) == 2);
  CHECK(dock.rowAt(3) == 0);
  CHECK(dock.cellValue(0, 1) == 24.0);                   // A(1, 3)
  CHECK(dock.cellValue(3, 2) == 13.0);                   // A(0, 2)
  CHECK(dock.outlinedRows() == std::vector<int>{0, 1});  // Acc, one block at the top left
  CHECK(dock.drivenContact() == 1);                      // row 3 at position 1
  CHECK(dock.highlightedContact() == 3);                 // row 0 at position 3
  CHECK(dock.rowLabel(0) == QStringLiteral("2 c1"));
  CHECK(dock.tooltipAt(0, 1).startsWith(QStringLiteral("A[2, 4] = 24\n")));
  CHECK(dock.headerText().contains(QStringLiteral("rows by set")));

  dock.setRowOrder(MatrixDock::RowOrder::kAccOnly);
  dock.showSolve(&t, 0, 0);
  REQUIRE(dock.shownSize() == 2);
  CHECK(dock.cellValue(1, 0) == 42.0);     // A(3, 1)
  CHECK(dock.highlightedContact() == -1);  // row 0 is not in Acc
  CHECK(dock.headerText().contains(QStringLiteral("Acc only (2 x 2)")));
  // Before the first decision Acc is empty: said, not drawn.
  dock.showSolve(&t, -1, -1);
  CHECK_FALSE(dock.showsMatrix());
  CHECK(dock.headerText().contains(QStringLiteral("Acc is empty")));

  dock.setRowOrder(MatrixDock::RowOrder::kAsSolved);
  dock.showSolve(&t, 0, -1);
  CHECK(dock.rowAt(2) == 2);
  CHECK(dock.cellValue(0, 3) == 14.0);
  CHECK(dock.outlinedRows() == std::vector<int>{1, 3});
}
