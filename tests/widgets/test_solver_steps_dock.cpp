// The solver steps dock: its pivot table, slider and sets follow the session's selected
// solve, and its re-solve gives the known solutions of small hand-made LCPs.
#include <QCheckBox>
#include <QPixmap>
#include <QRegularExpression>
#include <QStringList>
#include <QTabWidget>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "engine/solver/compute_forces.h"
#include "engine/solver/lcp_problem.h"
#include "engine/trace/solver_trace.h"
#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/shots_dir.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/resolve_panel.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"
#include "widgets/solver_steps_dock.h"

using cl::LcpError;
using cl::NextContactPolicy;
using cl::widgets::ResolveOptions;
using cl::widgets::ResolvePanel;
using cl::widgets::ResolveResult;
using cl::widgets::Session;
using cl::widgets::SolverStepsDock;

namespace {

constexpr NextContactPolicy kAllPolicies[] = {
    NextContactPolicy::HYBRID, NextContactPolicy::MIN_ACCEL, NextContactPolicy::RANDOM,
    NextContactPolicy::PRE_ORDERED};

QString scene(const char* file) {
  return cl::widgets::scenesDirectory() + QLatin1Char('/') + QLatin1String(file);
}

// The line of the sets text that starts with "<name> (".
QString setLine(const QString& text, const QString& name) {
  for (const QString& line : text.split(QLatin1Char('\n')))
    if (line.startsWith(name + QStringLiteral(" ("))) return line;
  return {};
}

// Contact numbers listed on a set line ("C (2): #0 bottom/floor, #3 middle/bottom").
QList<int> members(const QString& line) {
  QList<int> out;
  static const QRegularExpression number(QStringLiteral("#(\\d+)"));
  for (auto it = number.globalMatch(line); it.hasNext();) out << it.next().captured(1).toInt();
  return out;
}

// A solve as the session would hold it, made by hand: only A, b and joint flags.
cl::SolveTrace handMade(Eigen::MatrixXd A, Eigen::VectorXd b, std::vector<bool> joint) {
  cl::SolveTrace t;
  t.solve.A = std::move(A);
  t.solve.b = std::move(b);
  t.solve.joint = std::move(joint);
  return t;
}

// A session showing the first step of stack_of_three.json, with the dock shown. The warm
// start is off, so that every solve pivots from C = {} and has decisions with a d to show.
struct StackFixture {
  Session session;
  SolverStepsDock dock{&session};
  StackFixture() {
    REQUIRE(session.loadScene(scene("stack_of_three.json")));
    cl::SimSettings cold = session.settings();
    cold.warmStart = false;
    REQUIRE(session.restartWithSettings(cold));
    REQUIRE(session.stepNow(1));
    dock.show();
  }
};

}  // namespace

TEST_CASE("SolverStepsDock lists the pivots of the selected solve", "[solver_steps_dock]") {
  StackFixture fx;
  const cl::SolveTrace* trace = fx.session.selectedSolveTrace();
  REQUIRE(trace != nullptr);
  const int K = static_cast<int>(trace->pivots.size());
  REQUIRE(K > 0);
  // Three blocks on a floor, each resting on two corners: six contacts.
  CHECK(trace->solve.b.size() == 6);

  CHECK(fx.dock.rowCount() == K);
  CHECK(fx.dock.sliderMinimum() == -1);
  CHECK(fx.dock.sliderMaximum() == K);  // the result, after the last decision
  // Selecting a solve selects its result: no decision row is current.
  CHECK(fx.dock.sliderValue() == K);
  CHECK(fx.dock.currentRow() == -1);
  CHECK(fx.dock.setsText().startsWith(QStringLiteral("Result (ok), what the simulation used: ")));

  for (int k = 0; k < K; ++k) {
    const cl::SolverPivot& p = trace->pivots[static_cast<std::size_t>(k)];
    CHECK(fx.dock.cellText(k, SolverStepsDock::kPivot) == QString::number(k + 1));  // from 1
    CHECK(fx.dock.cellText(k, SolverStepsDock::kTransition) ==
          QString::fromLatin1(cl::transitionName(p.transition)));
    // d is named by its number (from 1) and its label "primary/normal".
    const QString d = fx.dock.cellText(k, SolverStepsDock::kD);
    CHECK(d.startsWith(QString::number(p.d + 1) + QLatin1Char(' ')));
    CHECK(d.contains(QLatin1Char('/')));
    if (p.j < 0) CHECK(fx.dock.cellText(k, SolverStepsDock::kJ) == QStringLiteral("none"));
    if (p.j >= 0 && p.j == p.d)
      CHECK(fx.dock.cellText(k, SolverStepsDock::kJ) == QStringLiteral("= d"));
    if (p.j >= 0 && p.j != p.d)
      CHECK(fx.dock.cellText(k, SolverStepsDock::kJ).startsWith(QString::number(p.j) + ' '));
    CHECK(fx.dock.cellText(k, SolverStepsDock::kSets) ==
          QStringLiteral("%1/%2/%3").arg(p.C.size()).arg(p.NC.size()).arg(p.R.size()));
  }
  // The running count of deferrals ends at the solver's own count.
  CHECK(fx.dock.cellText(K - 1, SolverStepsDock::kDeferrals).toInt() == trace->solve.deferrals);
  // Out of range asks give empty text, not a crash.
  CHECK(fx.dock.cellText(K, 0).isEmpty());
  CHECK(fx.dock.cellText(-1, 0).isEmpty());

  const QString summary = fx.dock.summaryText();
  CHECK(summary.contains(QStringLiteral("Contact forces")));
  CHECK(summary.contains(QStringLiteral("n = 6")));
  CHECK(summary.contains(QStringLiteral("ok")));
  CHECK(summary.contains(QString::fromLatin1(cl::nameOf(trace->solve.policy))));
}

TEST_CASE("SolverStepsDock slider, table row and session selection stay in step",
          "[solver_steps_dock]") {
  StackFixture fx;
  const int K = static_cast<int>(fx.session.selectedSolveTrace()->pivots.size());
  REQUIRE(K >= 2);

  fx.dock.setSliderValue(0);
  CHECK(fx.session.selectedPivot() == 0);
  CHECK(fx.dock.currentRow() == 0);

  fx.dock.setSliderValue(-1);
  CHECK(fx.session.selectedPivot() == -1);
  CHECK(fx.dock.currentRow() == -1);

  fx.dock.setCurrentRow(1);
  CHECK(fx.session.selectedPivot() == 1);
  CHECK(fx.dock.sliderValue() == 1);

  // Another dock moving the selection moves both.
  fx.session.selectPivot(K - 1);
  CHECK(fx.dock.sliderValue() == K - 1);
  CHECK(fx.dock.currentRow() == K - 1);
  fx.session.selectPivot(-1);
  CHECK(fx.dock.sliderValue() == -1);
  CHECK(fx.dock.currentRow() == -1);
}

TEST_CASE("SolverStepsDock lists the sets at the selected pivot", "[solver_steps_dock]") {
  StackFixture fx;
  const cl::SolveTrace* trace = fx.session.selectedSolveTrace();
  REQUIRE(trace != nullptr);
  const int K = static_cast<int>(trace->pivots.size());

  fx.dock.setSliderValue(-1);
  QString text = fx.dock.setsText();
  INFO(text.toStdString());
  CHECK(setLine(text, QStringLiteral("C")) == QStringLiteral("C (0): none"));
  CHECK(setLine(text, QStringLiteral("NC")) == QStringLiteral("NC (0): none"));
  CHECK(text.contains(QStringLiteral("untreated (6)")));

  fx.dock.setSliderValue(K - 1);
  text = fx.dock.setsText();
  INFO(text.toStdString());
  // The stack stands still: the floor carries the weight of all three blocks,
  // (3 + 2 + 1) * 9.8, and every contact carries force.
  const Eigen::VectorXd& f = trace->solve.f;
  double floor = 0;
  for (int i = 0; i < 6; ++i)
    if (trace->context.contacts[static_cast<std::size_t>(i)].label.find("floor") !=
        std::string::npos)
      floor += f(i);
  CHECK(floor == Approx(6 * 9.8).epsilon(1e-6));
  QList<int> expected;
  for (int i = 0; i < 6; ++i)
    if (f(i) > 0) expected << i + 1;  // numbered from 1
  CHECK(expected.size() == 6);
  QList<int> inC = members(setLine(text, QStringLiteral("C")));
  std::sort(inC.begin(), inC.end());
  CHECK(inC == expected);
  CHECK(setLine(text, QStringLiteral("R")) == QStringLiteral("R (0): none"));
  CHECK(text.contains(QStringLiteral("untreated (0): none")));
}

TEST_CASE("SolverStepsDock says there is nothing to show without a solve", "[solver_steps_dock]") {
  Session session;
  SolverStepsDock dock(&session);
  dock.show();
  CHECK(dock.rowCount() == 0);
  CHECK(dock.summaryText().contains(QStringLiteral("Nothing to show")));
  CHECK(dock.setsText().contains(QStringLiteral("Nothing to show")));
  CHECK(dock.sliderValue() == -1);
  // A re-solve of nothing reports bad input and does not crash.
  const ResolveResult r = dock.resolve({});
  CHECK(r.result.error == LcpError::kBadInput);
  CHECK(dock.resolvePanel()->statusText().contains(QStringLiteral("Nothing")));

  // A scene loaded but not stepped: step 0 has no trace, so no solve is selected.
  REQUIRE(session.loadScene(scene("stack_of_three.json")));
  CHECK(dock.rowCount() == 0);
  CHECK(dock.summaryText().contains(QStringLiteral("no solve is selected")));
}

TEST_CASE("SolverStepsDock catches up when shown after stepping hidden", "[solver_steps_dock]") {
  Session session;
  SolverStepsDock dock(&session);
  REQUIRE(session.loadScene(scene("stack_of_three.json")));
  REQUIRE(session.stepNow(1));
  // Hidden, it does no work.
  CHECK(dock.rowCount() == 0);
  dock.show();
  const cl::SolveTrace* trace = session.selectedSolveTrace();
  REQUIRE(trace != nullptr);
  CHECK(dock.rowCount() == static_cast<int>(trace->pivots.size()));
}

TEST_CASE("Re-solve gives the known solutions of hand-made problems with every policy",
          "[solver_steps_dock]") {
  ResolvePanel panel;

  SECTION("both contacts in C: A = [[2,1],[1,2]], b = [-1,-1] gives f = [1/3, 1/3], a = 0") {
    Eigen::MatrixXd A(2, 2);
    A << 2, 1, 1, 2;
    const cl::SolveTrace t = handMade(A, Eigen::Vector2d(-1, -1), {false, false});
    panel.setRecorded(&t);
    for (NextContactPolicy policy : kAllPolicies)
      for (bool reference : {false, true}) {
        INFO(cl::nameOf(policy) << (reference ? " reference" : ""));
        ResolveOptions o;
        o.policy = policy;
        o.reference = reference;
        const ResolveResult r = panel.resolve(o);
        REQUIRE(r.result.ok());
        CHECK(std::abs(r.result.f(0) - 1.0 / 3) <= 1e-12);
        CHECK(std::abs(r.result.f(1) - 1.0 / 3) <= 1e-12);
        CHECK(std::abs(r.result.a(0)) <= 1e-12);
        CHECK(std::abs(r.result.a(1)) <= 1e-12);
        CHECK(r.worstResidual <= 1e-12);
        CHECK(panel.contactCellText(0, ResolvePanel::kFResolved) == QStringLiteral("0.333333"));
        CHECK(panel.summaryCellText(ResolvePanel::kResolvedRow, ResolvePanel::kError) ==
              QStringLiteral("ok"));
      }
  }

  SECTION("one in C, one in NC: A = I, b = [-1, 2] gives f = [1, 0], a = [0, 2]") {
    const cl::SolveTrace t =
        handMade(Eigen::Matrix2d::Identity(), Eigen::Vector2d(-1, 2), {false, false});
    panel.setRecorded(&t);
    for (NextContactPolicy policy : kAllPolicies)
      for (bool reference : {false, true}) {
        INFO(cl::nameOf(policy) << (reference ? " reference" : ""));
        ResolveOptions o;
        o.policy = policy;
        o.reference = reference;
        const ResolveResult r = panel.resolve(o);
        REQUIRE(r.result.ok());
        CHECK(std::abs(r.result.f(0) - 1) <= 1e-12);
        CHECK(std::abs(r.result.f(1)) <= 1e-12);
        CHECK(std::abs(r.result.a(0)) <= 1e-12);
        CHECK(std::abs(r.result.a(1) - 2) <= 1e-12);
        CHECK(panel.contactCellText(1, ResolvePanel::kAResolved) == QStringLiteral("2"));
      }
  }

  SECTION("a joint's force is free: A = [[2,1],[1,2]], b = [1,-1], joint 0 gives f = [-1, 1]") {
    // a0 = 2 f0 + f1 + 1 = 0 and a1 = f0 + 2 f1 - 1 = 0: f1 = 1 >= 0, f0 = -1 (a pull).
    Eigen::MatrixXd A(2, 2);
    A << 2, 1, 1, 2;
    const cl::SolveTrace t = handMade(A, Eigen::Vector2d(1, -1), {true, false});
    panel.setRecorded(&t);
    for (NextContactPolicy policy : kAllPolicies)
      for (bool reference : {false, true}) {
        INFO(cl::nameOf(policy) << (reference ? " reference" : ""));
        ResolveOptions o;
        o.policy = policy;
        o.reference = reference;
        const ResolveResult r = panel.resolve(o);
        REQUIRE(r.result.ok());
        CHECK(std::abs(r.result.f(0) + 1) <= 1e-12);
        CHECK(std::abs(r.result.f(1) - 1) <= 1e-12);
        CHECK(panel.contactCellText(0, ResolvePanel::kContact).contains(QStringLiteral("joint")));
      }
  }
}

TEST_CASE(
    "Re-solve shows how its f and a differ from the record's, and which contacts "
    "changed set",
    "[solver_steps_dock]") {
  // A = [[2,1],[1,2]], b = [-1,-1]: the solution is f = [1/3, 1/3], a = 0.
  Eigen::MatrixXd A(2, 2);
  A << 2, 1, 1, 2;
  ResolvePanel panel;
  ResolveOptions o;
  SECTION("a record that says f = 0, a = b: both contacts move from NC to C") {
    cl::SolveTrace t = handMade(A, Eigen::Vector2d(-1, -1), {false, false});
    t.solve.f = Eigen::Vector2d::Zero();
    t.solve.a = t.solve.b;
    panel.setRecorded(&t);
    CHECK(panel.differenceText().isEmpty());  // nothing re-solved yet
    REQUIRE(panel.resolve(o).result.ok());
    CHECK(panel.contactCellText(0, ResolvePanel::kFDelta) == QStringLiteral("0.333"));
    CHECK(panel.contactCellText(1, ResolvePanel::kADelta) == QStringLiteral("1"));
    const QString d = panel.differenceText();
    CHECK(d.startsWith(QStringLiteral("max |Δf| 0.333 (#1), max |Δa| 1 (#1); ")));
    CHECK(d.endsWith(QStringLiteral("2 contact(s) changed set: #1 NC→C, #2 NC→C")));
  }
  SECTION("a record of the solution itself: no difference, no change of set") {
    cl::SolveTrace t = handMade(A, Eigen::Vector2d(-1, -1), {false, false});
    t.solve.f = Eigen::Vector2d(1.0 / 3, 1.0 / 3);
    t.solve.a = A * t.solve.f + t.solve.b;
    panel.setRecorded(&t);
    REQUIRE(panel.resolve(o).result.ok());
    const QString d = panel.differenceText();
    CHECK(d.endsWith(QStringLiteral("no contact changed set")));
    CHECK(std::abs(panel.lastResult().result.f(0) - t.solve.f(0)) < 1e-15);
  }
}

TEST_CASE("Re-solve with the reference solver reproduces the stack's recorded forces",
          "[solver_steps_dock]") {
  StackFixture fx;
  const cl::SolveTrace* trace = fx.session.selectedSolveTrace();
  REQUIRE(trace != nullptr);
  const Eigen::VectorXd recorded = trace->solve.f;
  REQUIRE(recorded.size() == 6);
  for (NextContactPolicy policy : kAllPolicies) {
    INFO(cl::nameOf(policy));
    ResolveOptions o;
    o.policy = policy;
    o.reference = true;
    const ResolveResult r = fx.dock.resolve(o);
    REQUIRE(r.result.ok());
    REQUIRE(r.result.f.size() == 6);
    CHECK((r.result.f - recorded).cwiseAbs().maxCoeff() <= 1e-9);
  }
  // The panel shows both columns, one row per contact.
  ResolvePanel* panel = fx.dock.resolvePanel();
  CHECK(panel->contactRowCount() == 6);
  CHECK(!panel->contactCellText(0, ResolvePanel::kFRecorded).isEmpty());
  CHECK(!panel->contactCellText(0, ResolvePanel::kFResolved).isEmpty());
  CHECK(panel->summaryCellText(ResolvePanel::kRecordedRow, ResolvePanel::kPivots) ==
        QString::number(trace->solve.pivots));

  // After another step the re-solve is of the new record's solve, not a stale copy.
  REQUIRE(fx.session.stepNow(1));
  const cl::SolveTrace* next = fx.session.selectedSolveTrace();
  REQUIRE(next != nullptr);
  REQUIRE(next->solve.b.size() == 6);
  ResolveOptions o;
  o.reference = true;
  const ResolveResult r = fx.dock.resolve(o);
  REQUIRE(r.result.ok());
  CHECK((r.result.f - next->solve.f).cwiseAbs().maxCoeff() <= 1e-9);
  CHECK(panel->summaryCellText(ResolvePanel::kRecordedRow, ResolvePanel::kPivots) ==
        QString::number(next->solve.pivots));
}

TEST_CASE("Re-solve with every registered solver gives the stack's recorded forces",
          "[solver_steps_dock]") {
  StackFixture fx;
  const cl::SolveTrace* trace = fx.session.selectedSolveTrace();
  REQUIRE(trace != nullptr);
  const Eigen::VectorXd recorded = trace->solve.f;
  ResolvePanel* panel = fx.dock.resolvePanel();
  for (const auto& n : cl::kLcpSolverNames) {
    INFO(n.name);
    ResolveOptions o;
    o.solver = n.value;
    o.maxIterations = n.value == cl::LcpSolverKind::kPgs ? 100000 : 0;
    const ResolveResult r = fx.dock.resolve(o);
    CHECK(panel->options().solver == n.value);  // the panel's combo says what was solved
    REQUIRE(r.result.ok());
    // A resting stack of three blocks: the forces are unique (A positive definite).
    CHECK((r.result.f - recorded).cwiseAbs().maxCoeff() <= 1e-8 * recorded.cwiseAbs().maxCoeff());
    CHECK(panel->summaryCellText(ResolvePanel::kResolvedRow, ResolvePanel::kPivots) ==
          QString::number(r.result.iterations));
  }
}

TEST_CASE("Deferrals so far count the moves to R", "[solver_steps_dock]") {
  // A = 0, b = [-1, -1]: d -> R singular twice, then R -> reRejects twice.
  cl::LcpProblem problem{Eigen::MatrixXd::Zero(2, 2), Eigen::Vector2d(-1, -1), {false, false}, {}};
  cl::ComputeForces solver;
  cl::RecordingTraceSink sink;
  solver.setTraceSink(&sink);
  const cl::LcpResult result = solver.solve(problem);
  REQUIRE(sink.pivots.size() == 4);
  CHECK(cl::widgets::runningDeferrals(sink.pivots) == std::vector<int>{1, 2, 2, 2});
  CHECK(result.deferrals == 2);
  CHECK(cl::widgets::runningDeferrals({}).empty());
}

TEST_CASE("Re-solve of a failing problem shows its error code", "[solver_steps_dock]") {
  ResolvePanel panel;

  SECTION("A = [[0]], b = [-1]: no force can push a_0 up") {
    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(1, 1);
    const cl::SolveTrace t = handMade(A, Eigen::VectorXd::Constant(1, -1.0), {false});
    panel.setRecorded(&t);
    for (NextContactPolicy policy : kAllPolicies) {
      ResolveOptions o;
      o.policy = policy;
      const ResolveResult r = panel.resolve(o);
      CHECK(r.result.error == LcpError::kNoSolution);
      CHECK(panel.summaryCellText(ResolvePanel::kResolvedRow, ResolvePanel::kError) ==
            QStringLiteral("no-solution"));
      CHECK(panel.statusText().contains(QStringLiteral("no-solution")));
    }
  }

  SECTION("A = 0 (2 x 2), b = [-1, -1]: both deferred, neither can be driven") {
    const cl::SolveTrace t =
        handMade(Eigen::MatrixXd::Zero(2, 2), Eigen::Vector2d(-1, -1), {false, false});
    panel.setRecorded(&t);
    const ResolveResult r = panel.resolve({});
    // Each is deferred before any step (s = 0 is singular); driven again neither can move.
    // The last drive's direction, y = (0, 1), has A^T y = 0 and b^T y = -1: no solution,
    // proved (engine2D would end in an infinite loop).
    CHECK(r.result.error == LcpError::kNoSolution);
    CHECK(r.result.deferrals == 2);
    CHECK(panel.summaryCellText(ResolvePanel::kResolvedRow, ResolvePanel::kError) ==
          QStringLiteral("no-solution"));
    // The status line says why, with the certificate.
    CHECK(panel.statusText().contains(QStringLiteral("b^T y = -1 < 0")));
    CHECK(panel.summaryCellText(ResolvePanel::kResolvedRow, ResolvePanel::kDeferrals) ==
          QStringLiteral("2"));
  }

  SECTION("sizes that disagree and a NaN are bad input") {
    cl::SolveTrace t = handMade(Eigen::MatrixXd::Identity(2, 2), Eigen::Vector3d(-1, -1, -1),
                                {false, false, false});
    panel.setRecorded(&t);
    ResolveResult r = panel.resolve({});
    CHECK(r.result.error == LcpError::kBadInput);
    CHECK(panel.statusText().contains(QStringLiteral("bad-input")));

    t = handMade(Eigen::MatrixXd::Identity(2, 2),
                 Eigen::Vector2d(-1, std::numeric_limits<double>::quiet_NaN()), {false, false});
    panel.setRecorded(&t);
    r = panel.resolve({});
    CHECK(r.result.error == LcpError::kBadInput);
    CHECK(panel.statusText().contains(QStringLiteral("not finite")));
  }
}

// Hidden (run by name): grabs the dock at the size the window gives it, Pivots and
// Re-solve tabs, into $SOLVER_STEPS_SHOT_DIR (else shotsDir()), to look at.
TEST_CASE("SolverStepsDock screenshot", "[.][solver_steps_dock_shot]") {
  const QString dir = qEnvironmentVariable("SOLVER_STEPS_SHOT_DIR", shotsDir());
  StackFixture fx;
  fx.dock.resize(460, 260);
  fx.dock.grab().save(dir + QStringLiteral("/solver_steps_pivots.png"));
  auto* tabs = fx.dock.findChild<QTabWidget*>();
  REQUIRE(tabs != nullptr);
  tabs->setCurrentIndex(1);
  ResolveOptions o;
  o.policy = NextContactPolicy::RANDOM;
  o.tolerance = 1e-3;
  fx.dock.resolve(o);
  fx.dock.grab().save(dir + QStringLiteral("/solver_steps_resolve.png"));
}

TEST_CASE("SolverStepsDock shows a friction solve with its five sets", "[solver_steps_dock]") {
  // stack_on_slope.json: 10 corner contacts, every one held by friction on the slope. Its
  // solves are friction solves of 2n = 20 rows; the last decision has all 10 normals in C
  // and all 10 frictions in C_F.
  Session session;
  SolverStepsDock dock{&session};
  REQUIRE(session.loadScene(scene("stack_on_slope.json")));
  REQUIRE(session.stepNow(2));
  dock.show();
  const cl::SolveTrace* trace = session.selectedSolveTrace();
  REQUIRE(trace != nullptr);
  REQUIRE(trace->solve.friction());
  CHECK(trace->solve.b.size() == 20);
  const int K = static_cast<int>(trace->pivots.size());
  REQUIRE(K > 0);
  CHECK(dock.cellText(K - 1, SolverStepsDock::kSets) == QStringLiteral("10/0 10/0/0"));
  // The decision numbers and the five sets' counts show whole (a pile's friction solves
  // have thousands of decisions and sets of a hundred: the columns follow the solve).
  for (int k = 0; k < K; ++k) {
    INFO("decision " << k + 1);
    CHECK(dock.cellFits(k, SolverStepsDock::kPivot));
    CHECK(dock.cellFits(k, SolverStepsDock::kSets));
  }
  const QString summary = dock.summaryText();
  CHECK(summary.contains(QStringLiteral("with Coulomb friction")));
  CHECK(summary.contains(QStringLiteral("10 contacts (0 sliding), 2n = 20 rows")));
  const QString sets = dock.setsText();
  CHECK(members(setLine(sets, QStringLiteral("C"))).size() == 10);
  const QList<int> held = members(setLine(sets, QStringLiteral("C_F")));
  CHECK(held.size() == 10);
  CHECK(*std::min_element(held.begin(), held.end()) == 11);  // rows n + i, from 1
  CHECK(setLine(sets, QStringLiteral("NC+")) == QStringLiteral("NC+ (0): none"));
  // The friction rows are labelled "F primary/normal".
  CHECK(trace->context.contacts.size() == 20);
  CHECK(trace->context.contacts[10].label.rfind("F ", 0) == 0);
  // Re-solving takes frictionless LCPs: the panel says so instead of solving the 2n rows.
  dock.resolvePanel()->setRecorded(trace);
  CHECK(dock.resolvePanel()->statusText().contains(QStringLiteral("This solve has friction")));
}

TEST_CASE("SolverStepsDock's cold start turns both warm starts off", "[solver_steps_dock]") {
  // A friction scene with both warm starts on: the box is unticked. Ticked, neither solve
  // starts warm (the friction solves would otherwise still show one "warm start" decision);
  // unticked, the frictionless warm start comes back and the friction one stays off.
  Session session;
  SolverStepsDock dock{&session};
  REQUIRE(session.loadScene(scene("pile_10_friction.json")));
  cl::SimSettings warm = session.settings();
  warm.warmStart = true;
  warm.frictionWarmStart = true;
  REQUIRE(session.restartWithSettings(warm));
  auto* box = dock.findChild<QCheckBox*>(QStringLiteral("coldStartBox"));
  REQUIRE(box != nullptr);
  CHECK_FALSE(box->isChecked());
  // The edits reach the simulation on the worker thread.
  box->setChecked(true);
  REQUIRE(cl::testing::waitFor([&] { return !session.liveSettings().warmStart; }));
  CHECK_FALSE(session.liveSettings().frictionWarmStart);
  CHECK(box->isChecked());
  box->setChecked(false);
  REQUIRE(cl::testing::waitFor([&] { return session.liveSettings().warmStart; }));
  CHECK_FALSE(session.liveSettings().frictionWarmStart);
  CHECK_FALSE(box->isChecked());
  // The frictionless warm start off but the friction one on is not cold: unticked.
  cl::SimSettings frictionWarm = session.settings();
  frictionWarm.warmStart = false;
  frictionWarm.frictionWarmStart = true;
  REQUIRE(session.restartWithSettings(frictionWarm));
  CHECK_FALSE(box->isChecked());
}

TEST_CASE("Re-solve starts from the scene's own contact policy and seed", "[solver_steps_dock]") {
  Session session;
  SolverStepsDock dock(&session);
  REQUIRE(session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/pile_10.json")));
  const cl::SimSettings live = session.liveSettings();
  REQUIRE(live.seed == 13u);  // pile_10.json's seed, as the controls show it
  CHECK(dock.resolvePanel()->options().seed == 13u);
  CHECK(dock.resolvePanel()->options().policy == live.contactPolicy);
}
