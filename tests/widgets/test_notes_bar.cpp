// NotesBar: the notes of the loaded scene in full above it, following the live settings:
// a damping law its time step cannot integrate is listed, and the note goes when the time
// step that fixes it is set; a scene without notes hides the bar.
#include <QDoubleSpinBox>
#include <catch2/catch.hpp>

#include "engine/scene/scene.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/controls_dock.h"
#include "widgets/notes_bar.h"
#include "widgets/session.h"

using cl::testing::scenePath;
using cl::testing::waitFor;
using cl::widgets::NotesBar;
using cl::widgets::Session;

TEST_CASE("NotesBar lists the scene's notes in full and follows the time step", "[notes_bar]") {
  Session session;
  NotesBar bar(&session);
  cl::widgets::ControlsDock controls(&session);
  CHECK(bar.isHidden());  // no scene, no note
  // A 1 g ball (moment 5e-6) under damping 0.05: at h = 0.025 its spin's h k / I = 250 is
  // beyond Runge-Kutta's 2.79; below h = 5e-5 (0.9 of the bound) it is not.
  session.setScene(cl::loadScene(R"({"format": "contactlab-scene", "version": 3,
    "bodies": [{"name": "light", "shape": "ball", "radius": 0.1, "mass": 0.001}],
    "forces": [{"kind": "damping", "k": 0.05}]})",
                                 "light"));
  bar.show();
  REQUIRE(bar.notes().size() == 1);
  CHECK(bar.isVisible());
  CHECK(bar.notes()[0].contains(QStringLiteral("damping 0.05 on 'light'")));
  CHECK(bar.text().contains(QStringLiteral("beyond the bound 2.79")));  // not cut short
  auto* timeStep = controls.findChild<QDoubleSpinBox*>(QStringLiteral("timeStep"));
  REQUIRE(timeStep);
  timeStep->setValue(0.00005);
  REQUIRE(waitFor([&] { return bar.notes().isEmpty(); }));
  CHECK(bar.isHidden());
  // A scene with nothing to note keeps it hidden.
  REQUIRE(session.loadScene(scenePath("pile_10.json")));
  CHECK(bar.notes().isEmpty());
  CHECK(bar.isHidden());
}
