// TimeStepDock: a step taken by a time stepper shows the trace's iterations and records, and
// a fixpoint round selects its LCP for the other docks.
#include <catch2/catch.hpp>

#include "engine/dynamics/advance_kind.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"
#include "widgets/time_step_dock.h"

using cl::widgets::Session;
using cl::widgets::TimeStepDock;

TEST_CASE("The time-stepping dock shows a fixpoint step's rounds and their LCPs", "[timestep]") {
  Session session;
  REQUIRE(
      session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/stack_of_three.json")));
  TimeStepDock dock(&session);
  REQUIRE(session.stepNow(1));
  // CollisionAdvance: the dock says where its decisions are.
  CHECK(dock.headerText().contains(QStringLiteral("CollisionAdvance")));
  CHECK(dock.iteration() == -1);

  cl::SimSettings settings = session.settings();
  settings.advance = cl::AdvanceKind::kLcpFixpoint;
  REQUIRE(session.restartWithSettings(settings));
  REQUIRE(session.stepNow(2));
  const cl::StepTrace* trace = session.currentTrace();
  REQUIRE(trace);
  REQUIRE(trace->timeStep);
  const auto& rounds = trace->timeStepIterations;
  REQUIRE_FALSE(rounds.empty());
  CHECK(dock.headerText().contains(QStringLiteral("lcp_fixpoint")));
  CHECK(dock.headerText().contains(QStringLiteral("converged")));
  // The last round is shown, with its residual, and its LCP is the selected solve.
  CHECK(dock.iteration() == static_cast<int>(rounds.size()) - 1);
  CHECK(dock.iterationText(dock.iteration(), 1) == QString::number(rounds.back().residual, 'g', 3));
  CHECK(session.selectedSolve() == rounds.back().solve);
  // Round 0: its forces per record, against the trace's numbers.
  dock.showIteration(0);
  CHECK(session.selectedSolve() == rounds.front().solve);
  for (int i = 0; i < rounds.front().f.size(); ++i)
    CHECK(dock.recordText(i, 2) == QString::number(rounds.front().f[i], 'g', 4));
  const auto& summary = *trace->timeStep;
  for (int i = 0; i < summary.f.size(); ++i) {
    CHECK(dock.recordText(i, 4) == QString::number(summary.f[i], 'g', 4));
    CHECK(dock.recordText(i, 0).contains(
        QString::fromStdString(summary.records[static_cast<std::size_t>(i)].label)));
  }
}
