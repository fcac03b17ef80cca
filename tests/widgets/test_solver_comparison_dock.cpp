// SolverComparisonDock: every registered solver on the selected solve or on an LCP file, and
// the performance profile over the run's held solves, against the engine's own numbers.
#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>

#include "engine/contact/expand_trace.h"
#include "engine/solver/lcp_solver.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/performance_profile_view.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"
#include "widgets/solver_comparison_dock.h"

using cl::widgets::PerformanceProfileView;
using cl::widgets::Session;
using cl::widgets::SolverComparisonDock;

TEST_CASE("The comparison dock solves the selected solve with every solver", "[comparison]") {
  Session session;
  REQUIRE(
      session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/stack_of_three.json")));
  SolverComparisonDock dock(&session);
  dock.show();
  REQUIRE(session.stepNow(3));
  const cl::SolveTrace* trace = session.selectedSolveTrace();
  REQUIRE(trace);
  // The solvers run off the UI thread: the step returns to a dock still solving, which says
  // so, and the tables fill when the answer comes.
  CHECK(dock.busy());
  CHECK(dock.selected().runs.empty());
  CHECK(dock.statusText().contains(QStringLiteral("with every solver, off the UI thread")));
  REQUIRE(cl::testing::waitFor([&] { return !dock.busy(); }));
  CHECK(dock.statusText().startsWith(QStringLiteral("Solve ")));
  const cl::ComparedProblem& shown = dock.selected();
  REQUIRE(shown.runs.size() == std::size(cl::kLcpSolverNames));
  CHECK(shown.size == trace->solve.b.size());
  for (std::size_t s = 0; s < shown.runs.size(); ++s) {
    const cl::SolverRun& run = shown.runs[s];
    INFO(cl::nameOf(run.solver));
    // The same solve by the same solver outside the dock gives the same f.
    const auto solver = cl::makeLcpSolver(run.solver, {});
    const cl::LcpResult again =
        solver->solve({trace->solve.A, trace->solve.b, trace->solve.joint, {}});
    CHECK(again.error == run.result.error);
    CHECK(again.f == run.result.f);
    CHECK(run.result.ok());  // a resting stack: every solver solves it
    CHECK(dock.tableText(static_cast<int>(s), 0) == QString::fromLatin1(cl::nameOf(run.solver)));
    CHECK(dock.tableText(static_cast<int>(s), 1) == QStringLiteral("ok"));
    CHECK(dock.tableText(static_cast<int>(s), 2) == QString::number(run.result.iterations));
  }
  // ComputeForces' f is the recorded one.
  CHECK((shown.runs[0].result.f - trace->solve.f).cwiseAbs().maxCoeff() <= 1e-12);
  // Steps while a comparison is under way: it finishes, then the newest solve is compared
  // (two answers, the second the newest solve's).
  QSignalSpy answers(&dock, &SolverComparisonDock::computed);
  REQUIRE(session.stepNow(1));
  CHECK(dock.busy());
  REQUIRE(session.stepNow(1));
  REQUIRE(cl::testing::waitFor([&] { return !dock.busy(); }));
  CHECK(answers.count() == 2);
  CHECK(dock.statusText().contains(QStringLiteral("of step %1 (").arg(session.current()->step)));
  CHECK((dock.selected().runs[0].result.f - session.selectedSolveTrace()->solve.f)
            .cwiseAbs()
            .maxCoeff() <= 1e-12);
}

TEST_CASE("The comparison dock profiles the run's contact-force solves", "[comparison]") {
  Session session;
  REQUIRE(
      session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/stack_of_three.json")));
  SolverComparisonDock dock(&session);
  PerformanceProfileView* view = dock.profileView();
  REQUIRE(view);
  // Nothing held yet: a clear message, at once.
  QSignalSpy finished(view, &PerformanceProfileView::finished);
  view->start();
  CHECK(finished.size() == 1);
  CHECK(view->statusText().contains(QStringLiteral("No contact-force solve")));
  REQUIRE(session.stepNow(5));
  // Profiling runs off the UI thread: the button cancels it meanwhile, and the profile
  // comes with finished().
  view->start();
  CHECK(view->running());
  REQUIRE(finished.wait(20000));
  CHECK_FALSE(view->running());
  int held = 0;
  for (int i = 0; i < session.history().size(); ++i)
    if (const auto& t = session.history().at(i).trace)
      for (const cl::SolveTrace& s : cl::expandTrace(*t).solves)
        held += s.context.purpose == cl::SolvePurpose::kContactForces && s.solve.b.size() > 0;
  CHECK(view->profiledSolves() == std::min(held, PerformanceProfileView::kMaxSolves));
  REQUIRE(held > 0);
  const auto& profile = view->profile();
  REQUIRE_FALSE(profile.empty());
  CHECK(profile.front().tau == 1);
  for (std::size_t s = 0; s < std::size(cl::kLcpSolverNames); ++s) {
    double previous = 0;
    for (const cl::ProfilePoint& p : profile) {
      CHECK(p.fraction[s] >= previous);  // non-decreasing in tau
      CHECK(p.fraction[s] <= 1.0);
      previous = p.fraction[s];
    }
  }
  // At tau = 1 the fractions count each problem's fastest solver: they sum to at least 1.
  double atOne = 0;
  for (double f : profile.front().fraction) atOne += f;
  CHECK(atOne >= 1.0 - 1e-12);
  // A cancelled profiling draws nothing and keeps the last profile; loading a scene clears it.
  view->start();
  view->cancel();
  CHECK_FALSE(view->running());
  CHECK_FALSE(finished.wait(300));
  CHECK(view->profile().size() == profile.size());
  REQUIRE(
      session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/stack_of_three.json")));
  CHECK(view->profile().empty());
}

TEST_CASE("The comparison dock shows f per contact per solver and steps a solver's iterations",
          "[comparison]") {
  Session session;
  REQUIRE(
      session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/stack_of_three.json")));
  SolverComparisonDock dock(&session);
  dock.show();
  REQUIRE(session.stepNow(2));
  REQUIRE(cl::testing::waitFor([&] { return !dock.busy(); }));
  const cl::ComparedProblem& shown = dock.selected();
  REQUIRE_FALSE(shown.runs.empty());
  const int n = shown.size;
  const int solvers = static_cast<int>(shown.runs.size());
  for (int i = 0; i < n; ++i)
    for (int s = 0; s < solvers; ++s) {
      CHECK(dock.contactText(i, 1 + s) == QString::number(shown.runs[s].result.f[i], 'g', 6));
      CHECK(dock.contactText(i, 1 + solvers + s) ==
            QString::number(shown.runs[s].result.a[i], 'g', 3));
    }
  // ComputeForces' decisions as iterations (the dock starts on Lemke's: a change of solver
  // replays off the UI thread); the last one's f is its answer.
  dock.showIterationsOf(cl::LcpSolverKind::kComputeForces);
  CHECK(dock.busy());
  REQUIRE(cl::testing::waitFor([&] { return !dock.busy(); }));
  CHECK_FALSE(dock.iterations().empty());
  CHECK((dock.iterations().back().f - shown.runs[0].result.f).cwiseAbs().maxCoeff() <= 1e-12);
  // Lemke's pivots, one iteration each; the last one's f is Lemke's answer.
  dock.showIterationsOf(cl::LcpSolverKind::kLemke);
  CHECK(dock.busy());
  REQUIRE(cl::testing::waitFor([&] { return !dock.busy(); }));
  const auto& lemke = dock.iterations();
  REQUIRE_FALSE(lemke.empty());
  const auto lemkeRun = std::find_if(shown.runs.begin(), shown.runs.end(), [](const auto& run) {
    return run.solver == cl::LcpSolverKind::kLemke;
  });
  REQUIRE(lemkeRun != shown.runs.end());
  CHECK(static_cast<int>(lemke.size()) == lemkeRun->result.iterations);
  CHECK((lemke.back().f - lemkeRun->result.f).cwiseAbs().maxCoeff() <= 1e-12);
  // Stepping to the first iteration shows its f in the last column.
  dock.showIteration(0);
  for (int i = 0; i < n; ++i)
    CHECK(dock.contactText(i, 1 + 2 * solvers) == QString::number(lemke.front().f[i], 'g', 6));
  // Selecting the same solve again (a pivot, a contact) solves nothing again.
  session.selectPivot(0);
  CHECK_FALSE(dock.busy());
}

namespace {

// The LCP files of the engine's tests: the widget tests have no CONTACTLAB_TEST_DATA_DIR,
// Qt Test's QT_TESTCASE_SOURCEDIR (this folder) leads there.
QString lcpDataPath(const char* file) {
  return QDir::cleanPath(QStringLiteral(QT_TESTCASE_SOURCEDIR "/../data/lcp/") +
                         QString::fromLatin1(file));
}

// `text` written to `name` in `dir`; its path.
QString writeFile(const QTemporaryDir& dir, const char* name, const char* text) {
  const QString path = dir.filePath(QString::fromLatin1(name));
  QFile file(path);
  REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  REQUIRE(file.write(text) == static_cast<qint64>(std::strlen(text)));
  return path;
}

// Lemke's row of the table, its run in selected() and its f column in the contacts table
// (column 0 is the contact).
int lemkeIndex() {
  const std::vector<cl::LcpSolverKind> kinds = SolverComparisonDock::solvers();
  return static_cast<int>(std::find(kinds.begin(), kinds.end(), cl::LcpSolverKind::kLemke) -
                          kinds.begin());
}

// Lemke's f in the contacts table, as read there (six digits) and in full, against `f`.
void checkLemkeF(const SolverComparisonDock& dock, const std::vector<double>& f) {
  const int lemke = lemkeIndex();
  const cl::ComparedProblem& shown = dock.selected();
  REQUIRE(shown.size == static_cast<int>(f.size()));
  REQUIRE(shown.runs.size() == std::size(cl::kLcpSolverNames));
  CHECK(dock.tableText(lemke, 0) == QStringLiteral("lemke"));
  CHECK(dock.tableText(lemke, 1) == QStringLiteral("ok"));
  const Eigen::VectorXd& solved = shown.runs[static_cast<std::size_t>(lemke)].result.f;
  REQUIRE(solved.size() == static_cast<Eigen::Index>(f.size()));
  for (std::size_t i = 0; i < f.size(); ++i) {
    const int row = static_cast<int>(i);
    CHECK(solved[row] == Approx(f[i]).margin(1e-12));
    CHECK(dock.contactText(row, 1 + lemke).toDouble() == Approx(f[i]).epsilon(1e-5).margin(1e-9));
  }
}

}  // namespace

TEST_CASE("The comparison dock compares every solver on an LCP file until told to go back",
          "[comparison]") {
  Session session;
  REQUIRE(
      session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/stack_of_three.json")));
  SolverComparisonDock dock(&session);
  dock.show();
  auto* back = dock.findChild<QPushButton*>(QStringLiteral("backToSelectionButton"));
  REQUIRE(back);
  REQUIRE(dock.findChild<QPushButton*>(QStringLiteral("openLcpFileButton")));
  CHECK_FALSE(back->isVisibleTo(&dock));  // following the selection: nothing to go back to
  REQUIRE(session.stepNow(2));
  REQUIRE(cl::testing::waitFor([&] { return !dock.busy(); }));
  CHECK(dock.statusText().startsWith(QStringLiteral("Solve ")));

  // min 1/2 x'Qx - c'x subject to x1 + x2 <= 1 as its KKT LCP: x = (1/2, 3/2), multiplier 0.
  QSignalSpy answers(&dock, &SolverComparisonDock::computed);
  REQUIRE(dock.openLcpFile(lcpDataPath("others/kkt_convex_qp.json")));
  CHECK(dock.showsFile());
  CHECK(back->isVisibleTo(&dock));
  CHECK(dock.busy());  // solved off the UI thread, as a selected solve
  REQUIRE(cl::testing::waitFor([&] { return !dock.busy(); }));
  CHECK(answers.count() == 1);
  CHECK(dock.statusText().contains(QStringLiteral("kkt_convex_qp.json (n = 3)")));
  for (int s = 0; s < static_cast<int>(std::size(cl::kLcpSolverNames)); ++s)
    CHECK(dock.tableText(s, 0) == QString::fromLatin1(cl::kLcpSolverNames[s].name));
  checkLemkeF(dock, {0.5, 1.5, 0.0});
  CHECK(dock.contactText(0, 0) == QStringLiteral("row 1"));
  CHECK(dock.contactText(2, 0) == QStringLiteral("row 3"));

  // The run goes on and selects again: the file stays, nothing is solved again.
  REQUIRE(session.stepNow(1));
  session.selectPivot(0);
  CHECK_FALSE(dock.busy());
  CHECK(dock.showsFile());
  CHECK(dock.selected().size == 3);
  CHECK(dock.statusText().contains(QStringLiteral("kkt_convex_qp.json")));

  // Back to the selected solve: the newest step's, compared anew.
  back->click();
  CHECK_FALSE(dock.showsFile());
  CHECK_FALSE(back->isVisibleTo(&dock));
  CHECK(dock.busy());
  REQUIRE(cl::testing::waitFor([&] { return !dock.busy(); }));
  const cl::SolveTrace* trace = session.selectedSolveTrace();
  REQUIRE(trace);
  CHECK(dock.statusText().startsWith(QStringLiteral("Solve ")));
  CHECK(dock.selected().size == trace->solve.b.size());
  CHECK((dock.selected().runs[0].result.f - trace->solve.f).cwiseAbs().maxCoeff() <= 1e-12);
}

TEST_CASE("The comparison dock reads Siconos .dat files and shows a bad file's error",
          "[comparison]") {
  Session session;  // no scene: nothing selected, only the file to compare
  SolverComparisonDock dock(&session);
  dock.show();
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  // Dense storage (0), 3 x 3; M column by column (symmetric: row by row too), then q.
  // M = [4 1 0; 1 3 1; 0 1 2], q = (-1, -2, 1): z = (1/11, 7/11, 0), w = (0, 0, 18/11).
  const QString good =
      writeFile(dir, "small.dat", "3\n0\n3\n3\n3\t3\n4 1 0\n1 3 1\n0 1 2\n-1 -2 1\n");
  REQUIRE(dock.openLcpFile(good));
  REQUIRE(cl::testing::waitFor([&] { return !dock.busy(); }));
  CHECK(dock.statusText().contains(QStringLiteral("small.dat (n = 3)")));
  checkLemkeF(dock, {1.0 / 11, 7.0 / 11, 0.0});
  const Eigen::VectorXd before = dock.selected().runs[lemkeIndex()].result.f;

  // Errors are shown, naming the file, and the dock keeps what it showed.
  const auto keeps = [&] {
    CHECK_FALSE(dock.busy());
    CHECK(dock.showsFile());
    REQUIRE(dock.selected().size == 3);
    CHECK(dock.selected().runs[lemkeIndex()].result.f == before);
    CHECK(dock.statusText().contains(QStringLiteral("small.dat (n = 3)")));
  };
  SECTION("a file cut short") {
    const QString bad = writeFile(dir, "bad.dat", "3\n0\n3\n3\n3\t3\n1 2");
    CHECK_FALSE(dock.openLcpFile(bad));
    CHECK(dock.statusText().contains(QStringLiteral("bad.dat")));
    keeps();
  }
  SECTION("a file that is not there") {
    CHECK_FALSE(dock.openLcpFile(dir.filePath(QStringLiteral("missing.json"))));
    CHECK(dock.statusText().contains(QStringLiteral("missing.json")));
    keeps();
  }
  SECTION("a friction problem") {
    CHECK_FALSE(dock.openLcpFile(lcpDataPath("friction_pile_sliding.json")));
    CHECK(dock.statusText().contains(QStringLiteral("friction_pile_sliding.json")));
    CHECK(dock.statusText().contains(QStringLiteral("frictionless")));
    CHECK(dock.statusText().contains(QStringLiteral("solve-lcp")));
    keeps();
  }
  SECTION("a problem of no rows") {
    const QString empty =
        writeFile(dir, "empty.json",
                  R"({"format": "contactlab-lcp", "version": 1, "A": [], "b": [], "joint": []})");
    CHECK_FALSE(dock.openLcpFile(empty));
    CHECK(dock.statusText().contains(QStringLiteral("empty.json")));
    CHECK(dock.statusText().contains(QStringLiteral("0 rows")));
    keeps();
  }
  // A good file afterwards clears the error.
  REQUIRE(dock.openLcpFile(good));
  REQUIRE(cl::testing::waitFor([&] { return !dock.busy(); }));
  CHECK(dock.statusText().startsWith(QStringLiteral("small.dat (n = 3)")));
}
