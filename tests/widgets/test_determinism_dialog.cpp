// Simulation > Check Determinism (DeterminismDialog): the workbench's run of a pile re-runs
// to the bit, an edit between steps restarts the re-run rather than counting as a
// divergence, and the outcome is said in words.
#include <QSignalSpy>
#include <catch2/catch.hpp>

#include "engine/edit/sim_edit.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/determinism_dialog.h"
#include "widgets/session.h"

using cl::testing::scenePath;
using cl::testing::waitFor;
using cl::widgets::DeterminismDialog;
using cl::widgets::Session;

TEST_CASE("DeterminismDialog: a pile run in the workbench reproduces to the bit", "[determinism]") {
  Session session;
  REQUIRE(session.loadScene(scenePath("pile_10.json")));
  REQUIRE(session.stepNow(60));
  // Gravity changed after step 60 (an edit the re-run cannot repeat), then 20 more steps.
  session.apply(cl::SetGravity{5.0});
  REQUIRE(waitFor([&] {
    return session.history().back().state.structure != session.history().at(59).state.structure;
  }));
  REQUIRE(session.stepNow(20));

  DeterminismDialog dialog(&session);
  dialog.setResultBox(false);
  QSignalSpy done(&dialog, &DeterminismDialog::checked);
  dialog.start();
  REQUIRE(waitFor([&] { return done.count() == 1; }));
  const cl::DeterminismReport& report = dialog.report();
  CHECK(report.reproduced());
  CHECK(report.resyncs == 1);  // at step 60, whose record holds the edited state
  CHECK(report.compared == 79);
  CHECK(dialog.resultText() ==
        QStringLiteral("Every step from 1 to 80 reproduced to the bit (79 re-run from step 0; "
                       "1 restart(s) after edits between steps)."));
}
