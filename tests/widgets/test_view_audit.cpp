// The view audit: for recorded runs of four kinds (a frictionless pile, a pile with friction,
// a time stepper's run, the impulse engine), every figure the docks, the status bar and the
// scene's caption and key show for a step is compared with the engine's own record of that
// step: its StepStats, the trace's solves (f, a and the violation of each, at its result) and
// the contacts' modes. The figures are read through the docks' and window's accessors (what
// their labels and plots hold), never through the code that formats them.
//
// What it caught before the fixes: a one-contact solve shown as f = 0 with a violation of
// 1.5 (the Vectors dock showed "before the first decision" for a solve without decisions),
// the status bar's run totals labelled as the step's, the Waypoints dock's back-up waypoints
// counted as back-ups, and the scene's collision-impulse marker drawn as the ring of a
// separating contact with no entry in the key.
#include <QDockWidget>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <map>
#include <sstream>

#include "app/workbench/main_window.h"
#include "engine/contact/expand_trace.h"
#include "engine/run/step_marks.h"
#include "engine/scene/scene.h"
#include "engine/solver/friction_forces.h"
#include "engine/solver/solve_state.h"
#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/quiet_window.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/inspector_dock.h"
#include "widgets/run_export.h"
#include "widgets/scene_overlay.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"
#include "widgets/solver_steps_dock.h"
#include "widgets/vectors_dock.h"
#include "widgets/waypoints_dock.h"

using cl::testing::quietOptions;
using cl::workbench::MainWindow;

namespace {

// The number before `noun` in `text` ("3 back-ups", "1 back-up"), -1 when absent.
long long countBefore(const QString& text, const QString& noun) {
  const QRegularExpression re(
      QStringLiteral("(\\d+) %1s?\\b").arg(QRegularExpression::escape(noun)));
  const QRegularExpressionMatch m = re.match(text);
  return m.hasMatch() ? m.captured(1).toLongLong() : -1;
}

// The part of `text` after `marker` and before the next '|' (or the end).
QString partAfter(const QString& text, const QString& marker) {
  const qsizetype at = text.indexOf(marker);
  if (at < 0) return {};
  const QString rest = text.mid(at + marker.size());
  return rest.left(rest.indexOf(QLatin1Char('|')));
}

bool sameBits(const std::vector<double>& shown, const Eigen::VectorXd& v) {
  return cl::testing::sameBits(shown, std::vector<double>(v.data(), v.data() + v.size()));
}

// Writes `file` with its settings changed by `change` under `dir`, for loading.
template <typename Change>
QString variant(const QTemporaryDir& dir, const char* file, const char* name, Change change) {
  cl::Scene scene = cl::loadSceneFile(cl::testing::scenePath(file).toStdString());
  cl::SimSettings settings = scene.settings;
  change(settings);
  const QString path = dir.filePath(QString::fromLatin1(name));
  cl::saveSceneFile(cl::rebuildScene(scene, settings), path.toStdString());
  return path;
}

struct AuditCounts {
  int steps = 0, solves = 0, resultsWithoutDecisions = 0, backups = 0, impulses = 0;
};

// Audits every step of the window's history from 1 to the newest, and up to `maxSolves` solves
// of each (every solve when the step has fewer; else spread over the step).
AuditCounts audit(MainWindow& window, int maxSolves) {
  using namespace cl;
  widgets::Session& session = *window.session();
  widgets::VectorsDock& vectors = *window.vectorsDock();
  widgets::SolverStepsDock& steps = *window.solverStepsDock();
  widgets::WaypointsDock& waypoints = *window.waypointsDock();
  widgets::SceneView& scene = *window.sceneView();
  AuditCounts counted;

  std::ostringstream csv;
  widgets::writeTimeSeriesCsv(csv, session.history());
  std::vector<std::string> csvRows;
  std::istringstream lines(csv.str());
  for (std::string line; std::getline(lines, line);) csvRows.push_back(line);
  REQUIRE(csvRows.size() == static_cast<std::size_t>(session.history().size()) + 1);
  const auto column = [&](const std::string& name) {
    std::istringstream header(csvRows.front());
    int k = 0;
    for (std::string cell; std::getline(header, cell, ','); ++k)
      if (cell == name) return k;
    return -1;
  };
  const int backupsColumn = column("backups"), collisionsColumn = column("collisions");
  REQUIRE(backupsColumn >= 0);
  REQUIRE(collisionsColumn >= 0);
  const auto cell = [&](int row, int k) {
    std::istringstream line(csvRows[static_cast<std::size_t>(row) + 1]);
    std::string c;
    for (int i = 0; i <= k; ++i) std::getline(line, c, ',');
    return std::stoll(c);
  };

  // contacts.csv's modes, per step: the same classification as the scene's and the Inspector's.
  std::map<long long, QStringList> csvModes;
  {
    std::ostringstream contacts;
    widgets::writeContactsCsv(contacts, session.bodies(), session.history());
    std::istringstream in(contacts.str());
    std::string line;
    std::getline(in, line);  // the header
    REQUIRE(line.substr(line.rfind(',') + 1) == "mode");
    while (std::getline(in, line))
      csvModes[std::stoll(line.substr(0, line.find(',')))]
          << QString::fromStdString(line.substr(line.rfind(',') + 1));
  }

  for (int i = 1; i < session.history().size(); ++i) {
    session.showStep(i);
    REQUIRE(testing::waitFor([&] { return session.currentTrace() != nullptr; }));
    const StepRecord& r = *session.current();
    const StepTrace& trace = *session.currentTrace();
    INFO("step " << r.step);
    ++counted.steps;

    // Counts: the step's own, labelled as such, in the status bar, the Waypoints dock, the
    // scene's caption and time_series.csv; the run's totals labelled as the run's.
    const QString readout = window.readout();
    const QString thisStep = partAfter(readout, QStringLiteral("this step:"));
    const QString run = partAfter(readout, QStringLiteral("run:"));
    CHECK(countBefore(thisStep, QStringLiteral("contact")) == r.stats.contacts);
    CHECK(countBefore(thisStep, QStringLiteral("collision")) == r.stats.collisions);
    CHECK(countBefore(thisStep, QStringLiteral("back-up")) == r.stats.backups);
    CHECK(countBefore(run, QStringLiteral("collision")) == r.state.counters.collisions);
    CHECK(countBefore(run, QStringLiteral("back-up")) == r.state.counters.backups);
    CHECK(cell(i, backupsColumn) == r.stats.backups);
    CHECK(cell(i, collisionsColumn) == r.stats.collisions);
    int backupWaypoints = 0;
    for (const Waypoint& w : trace.waypoints) backupWaypoints += isBackupWaypoint(w.point);
    const QString summary = waypoints.summaryText();
    if (!trace.waypoints.empty()) {
      const QString stepPart = partAfter(summary, QStringLiteral("this step:"));
      CHECK(countBefore(stepPart, QStringLiteral("back-up")) == r.stats.backups);
      CHECK(countBefore(stepPart, QStringLiteral("back-up waypoint")) == backupWaypoints);
      CHECK(countBefore(stepPart, QStringLiteral("collision")) == r.stats.collisions);
    }
    counted.backups += static_cast<int>(r.stats.backups);
    const std::vector<widgets::ImpulseMark> impulses = widgets::impulsesOf(trace);
    const QString caption = scene.impulseCaption();
    if (impulses.empty()) {
      CHECK(caption.isEmpty());
    } else {
      ++counted.impulses;
      CHECK(countBefore(caption, QStringLiteral("collision")) == r.stats.collisions);
      int applied = 0;
      for (const widgets::ImpulseMark& m : impulses) applied += m.count;
      CHECK(countBefore(caption, QStringLiteral("impulse")) == applied);
    }

    // Contact modes: one classification, the engine's, in the scene's key and the Inspector;
    // a contact carrying force is never drawn as separating; the impulses' marker has its own
    // entry in the key.
    const auto& contacts = session.snapshot().contacts;
    QStringList modes;
    for (const auto& [mode, name] : kContactModeNames)
      for (const ContactMark& c : contacts)
        if (c.mode == mode) {
          modes << QString::fromLatin1(name);
          break;
        }
    QStringList drawnModes;
    for (const ContactMark& c : contacts) {
      if (c.mode == ContactMode::kSeparating) CHECK_FALSE(c.force > 0);
      drawnModes << QString::fromLatin1(nameOf(c.mode));
    }
    CHECK(csvModes[r.step].join(QLatin1Char(' ')).toStdString() ==
          drawnModes.join(QLatin1Char(' ')).toStdString());
    QStringList key = modes;
    if (!impulses.empty()) key << QString::fromLatin1(widgets::kImpulseKeyLabel);
    CHECK(scene.keyLabels() == key);
    if (!contacts.empty()) {
      const int body = contacts.front().primaryBody >= 0 ? contacts.front().primaryBody
                                                         : contacts.front().normalBody;
      session.selectBody(body);
      const QTableWidget* table = window.inspectorDock()->contactTable();
      int row = 0;
      for (const ContactMark& c : contacts) {
        if (c.primaryBody != body && c.normalBody != body) continue;
        REQUIRE(row < table->rowCount());
        CHECK(table->item(row, widgets::InspectorDock::kMode)->text() ==
              QString::fromLatin1(nameOf(c.mode)));
        ++row;
      }
      CHECK(row == table->rowCount());
    }

    // Every solve (or a spread of them) at its result: the f and a the solver returned, bit
    // for bit, their violation, and how it was solved. (The trace shown is opened: its
    // one-contact solves are expanded as they are selected; here all are, to compare.)
    const StepTrace whole = expandTrace(trace);
    const int n = static_cast<int>(whole.solves.size());
    const int stride = std::max(1, n / std::max(1, maxSolves));
    for (int k = 0; k < n; k += stride) {
      session.selectSolve(k);
      const SolveTrace& t = whole.solves[static_cast<std::size_t>(k)];
      INFO("solve " << k + 1 << " of " << n << ", n = " << t.solve.b.size());
      if (t.solve.b.size() == 0) continue;
      ++counted.solves;
      counted.resultsWithoutDecisions += t.pivots.empty();
      CHECK(session.selectedPivot() == resultPosition(t));
      CHECK(vectors.shownPivot() == resultPosition(t));
      CHECK(sameBits(vectors.fValues(), t.solve.f));
      CHECK(sameBits(vectors.aValues(), t.solve.a));
      const Eigen::VectorXd violation =
          t.solve.friction() ? frictionViolations(frictionProblemOf(t.solve), t.solve.f, t.solve.a)
                             : complementarityViolation(t.solve.f, t.solve.a, t.solve.joint);
      CHECK(sameBits(vectors.violationValues(), violation));
      CHECK(vectors.statusText().contains(QString::fromStdString(howSolved(t))));
      CHECK(steps.setsText().contains(QString::fromStdString(howSolved(t))));
    }
  }
  return counted;
}

// The window with the docks the audit reads floated and shown (a dock behind a tab skips its
// refresh until it comes into view).
void showAuditedDocks(MainWindow& window) {
  for (QDockWidget* dock :
       std::initializer_list<QDockWidget*>{window.vectorsDock(), window.solverStepsDock(),
                                           window.waypointsDock(), window.inspectorDock()}) {
    dock->setFloating(true);
    dock->show();
    dock->raise();
  }
}

}  // namespace

TEST_CASE("View audit: what the workbench shows of a step equals the engine's record",
          "[widgets][audit]") {
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  MainWindow window(quietOptions());
  window.resize(1280, 800);
  window.show();
  showAuditedDocks(window);

  SECTION("a frictionless pile: back-ups, collisions, serial impulses, one-contact solves") {
    REQUIRE(window.session()->loadScene(cl::testing::scenePath("pile_10.json")));
    REQUIRE(window.session()->stepNow(120));
    const AuditCounts c = audit(window, 30);
    CHECK(c.backups > 0);
    CHECK(c.impulses > 0);
    CHECK(c.resultsWithoutDecisions > 0);  // the one-contact impulse solves
  }
  SECTION("a pile with friction") {
    REQUIRE(window.session()->loadScene(cl::testing::scenePath("pile_10_friction.json")));
    REQUIRE(window.session()->stepNow(120));
    CHECK(audit(window, 20).solves > 0);
  }
  SECTION("a time stepper's run: the fixpoint's Lemke rounds") {
    const QString path =
        variant(dir, "pile_10.json", "pile_10_fixpoint.json",
                [](cl::SimSettings& s) { s.advance = cl::AdvanceKind::kLcpFixpoint; });
    REQUIRE(window.session()->loadScene(path));
    REQUIRE(window.session()->stepNow(120));
    const AuditCounts c = audit(window, 20);
    CHECK(c.solves > 0);
    CHECK(c.resultsWithoutDecisions > 0);  // Lemke's solves make no ComputeForces decision
  }
  SECTION("the impulse engine") {
    const QString path =
        variant(dir, "contact_app.json", "contact_app_impulse.json",
                [](cl::SimSettings& s) { s.engineMode = cl::EngineMode::kImpulse; });
    REQUIRE(window.session()->loadScene(path));
    REQUIRE(window.session()->stepNow(60));
    CHECK(audit(window, 20).steps == 60);
  }
}
