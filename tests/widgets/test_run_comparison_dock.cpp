// RunComparisonDock: the scene run two ways off the UI thread; the table holds the engine's
// numbers for both runs, and the second run's bodies become the scene view's orange ghosts.
#include <QApplication>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <catch2/catch.hpp>

#include "engine/dynamics/advance_kind.h"
#include "engine/run/advance_run.h"
#include "widgets/run_comparison_dock.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"

using cl::widgets::RunComparisonDock;
using cl::widgets::Session;

TEST_CASE("The run-comparison dock runs the scene two ways and hands the second to the view",
          "[runcomparison]") {
  Session session;
  REQUIRE(session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/block_drop.json")));
  RunComparisonDock dock(&session);
  QSignalSpy finished(&dock, &RunComparisonDock::finished);
  // Nothing to compare before a step.
  dock.compareWith(cl::AdvanceKind::kFischerBurmeister);
  CHECK(finished.size() == 1);
  CHECK(dock.statusText().contains(QStringLiteral("Take some steps first")));
  CHECK(session.comparison() == nullptr);

  REQUIRE(session.stepNow(40));
  dock.compareWith(cl::AdvanceKind::kFischerBurmeister);
  CHECK(dock.running());
  REQUIRE(finished.wait(20000));
  const cl::AdvanceRun* second = session.comparison();
  REQUIRE(second);
  CHECK(second->kind == cl::AdvanceKind::kFischerBurmeister);
  CHECK(second->steps.size() == 40);
  // The table: the scene's own advance first, then the second, with the engine's figures.
  const cl::AdvanceRun expected =
      cl::runWithAdvance(session.pristineScene(), cl::AdvanceKind::kFischerBurmeister, 1.0);
  CHECK(dock.tableText(0, 0) == QStringLiteral("collision_advance"));
  CHECK(dock.tableText(1, 0) == QStringLiteral("fischer_burmeister"));
  CHECK(dock.tableText(1, 4) == QString::number(expected.unconverged()));
  CHECK(dock.tableText(1, 8) == QString::number(expected.energyChange(), 'g', 6));
  CHECK(second->positions == expected.positions);  // deterministic, bit for bit
  CHECK(dock.statusText().contains(QStringLiteral("The bodies part")));
  // A new scene drops the comparison.
  REQUIRE(session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/block_drop.json")));
  CHECK(session.comparison() == nullptr);
}

TEST_CASE("Cancel stops the run comparison after a step, and the next one runs whole",
          "[runcomparison]") {
  Session session;
  // pile_50: its first run takes a good part of a second, so the Cancel comes well within it.
  REQUIRE(session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/pile_50.json")));
  REQUIRE(session.stepNow(100));  // 2.5 s: the blocks have landed
  RunComparisonDock dock(&session);
  QSignalSpy finished(&dock, &RunComparisonDock::finished);
  dock.compareWith(cl::AdvanceKind::kLcpFixpoint);
  REQUIRE(dock.running());
  dock.cancel();
  REQUIRE(finished.wait(20000));
  CHECK_FALSE(dock.running());
  CHECK(dock.statusText().contains(QStringLiteral("Cancelled: the run with")));
  CHECK(dock.tableText(0, 0).isEmpty());  // nothing compared
  CHECK(session.comparison() == nullptr);
  // Not cancelled, the same comparison reaches the newest step's time.
  dock.compareWith(cl::AdvanceKind::kLcpFixpoint);
  REQUIRE(finished.wait(60000));
  REQUIRE(session.comparison());
  CHECK_FALSE(session.comparison()->cancelled);
  CHECK(session.comparison()->steps.size() == 100);
  CHECK(dock.tableText(1, 0) == QStringLiteral("lcp_fixpoint"));
  // Cancel with nothing under way does nothing.
  dock.cancel();
  CHECK(finished.size() == 2);
  CHECK(session.comparison());
}

TEST_CASE("The run-comparison dock fits its table and six charts on a 1280 x 800 screen",
          "[runcomparison]") {
  // The room the Run comparison layout gives the dock there: the window's width and about
  // 460 px under the scene. Its two rows of three charts are seen whole, without scrolling.
  Session session;
  REQUIRE(session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/block_drop.json")));
  RunComparisonDock dock(&session);
  dock.resize(1276, 460);
  dock.show();
  QApplication::processEvents();
  auto* area = qobject_cast<QScrollArea*>(dock.widget());
  REQUIRE(area);
  CHECK(area->verticalScrollBar()->maximum() == 0);
  CHECK(area->horizontalScrollBar()->maximum() == 0);
}
