#include <algorithm>
#include <catch2/catch.hpp>

#include "tests/widgets/test_scenes.h"
#include "widgets/energy_dock.h"
#include "widgets/session.h"

using cl::widgets::EnergyDock;
using cl::widgets::Session;

TEST_CASE("EnergyDock plots kinetic, potential and total energy as the session steps",
          "[energy_dock]") {
  Session session;
  EnergyDock dock(&session);
  CHECK(dock.objectName() == QStringLiteral("energyDock"));
  session.setScene(cl::testing::boxScene());
  REQUIRE(dock.pointCount() == 1);  // time 0

  REQUIRE(session.stepNow(30));
  REQUIRE(dock.pointCount() == 31);
  const auto kinetic = dock.kineticPoints();
  const auto potential = dock.potentialPoints();
  const auto total = dock.totalPoints();
  for (int i = 0; i < 31; ++i) {
    INFO("point " << i);
    CHECK(total[i].x() == Approx(i * 0.025));
    CHECK(total[i].y() == Approx(kinetic[i].y() + potential[i].y()));
    // The axes hold every point.
    CHECK(dock.yMin() <= std::min({kinetic[i].y(), potential[i].y(), total[i].y()}));
    CHECK(dock.yMax() >= std::max({kinetic[i].y(), potential[i].y(), total[i].y()}));
  }
  // Falling under gravity turns potential energy into kinetic energy.
  CHECK(kinetic.last().y() > kinetic.first().y());
  CHECK(potential.last().y() < potential.first().y());
  CHECK(dock.xMin() == 0.0);
  CHECK(dock.xMax() >= 30 * 0.025);

  SECTION("restart clears the curves") {
    REQUIRE(session.restart());
    CHECK(dock.pointCount() == 1);
    CHECK(dock.totalPoints().first().x() == 0.0);
  }
  SECTION("a long run is thinned, keeping its start and its latest point") {
    REQUIRE(session.stepNow(EnergyDock::kMaxPoints + 100));
    CHECK(dock.pointCount() <= EnergyDock::kMaxPoints);
    CHECK(dock.pointCount() > EnergyDock::kMaxPoints / 4);
    CHECK(dock.totalPoints().first().x() == 0.0);
    CHECK(dock.totalPoints().last().x() == Approx(session.snapshot().time));
    CHECK(dock.xMax() >= session.snapshot().time);
  }
}
