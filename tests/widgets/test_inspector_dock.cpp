// InspectorDock (widgets/inspector_dock.h) on block_on_floor: a 2 x 1 block of mass 2 at rest
// on a floor under g = 9.8, so its two corner contacts carry m g = 19.6 between them, with
// no torque about its centre, and a = 0 where f > 0.
#include <QApplication>
#include <QMouseEvent>
#include <QTableWidget>
#include <catch2/catch.hpp>
#include <cmath>

#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/inspector_dock.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"

using cl::testing::scenePath;
using cl::widgets::InspectorDock;
using cl::widgets::SceneView;
using cl::widgets::Session;

namespace {

double value(const InspectorDock& dock, const char* name) {
  return dock.property(QString::fromLatin1(name)).toDouble();
}

QString cell(const QTableWidget* t, int row, int column) {
  return t->item(row, column) ? t->item(row, column)->text() : QString();
}

void click(QWidget& w, QPointF at) {
  QMouseEvent press(QEvent::MouseButtonPress, at, w.mapToGlobal(at), Qt::LeftButton, Qt::LeftButton,
                    Qt::NoModifier);
  QApplication::sendEvent(&w, &press);
  QMouseEvent release(QEvent::MouseButtonRelease, at, w.mapToGlobal(at), Qt::LeftButton,
                      Qt::NoButton, Qt::NoModifier);
  QApplication::sendEvent(&w, &release);
}

}  // namespace

TEST_CASE("Inspector: a body clicked in the scene, its contact forces adding to m g at rest",
          "[widgets][inspector]") {
  Session session;
  InspectorDock dock(&session);
  SceneView view(&session);
  view.resize(800, 600);
  REQUIRE(session.loadScene(scenePath("block_on_floor.json")));
  CHECK(dock.message().contains(QStringLiteral("Click a body")));
  REQUIRE(session.stepNow(4));

  // A click on the block selects it and attaches no mouse spring.
  const int block = 1;
  click(view, view.toScreen(session.snapshot().states[block].position()));
  REQUIRE(session.selectedBody() == block);
  CHECK(view.mouseSpringBody() == -1);
  CHECK(dock.message().isEmpty());

  CHECK(value(dock, "mass") == 2.0);
  CHECK(value(dock, "moment") == Approx(2.0 * (4.0 + 1.0) / 12.0).epsilon(1e-5));
  CHECK(value(dock, "kinetic energy") == Approx(0).margin(1e-6));
  CHECK(dock.property(QStringLiteral("contacts")) == QStringLiteral("2"));
  // At rest the floor holds the block's weight, with no net torque about its centre.
  CHECK(value(dock, "contact force y") == Approx(2 * 9.8).epsilon(1e-5));
  CHECK(value(dock, "contact force x") == Approx(0).margin(1e-6));
  CHECK(value(dock, "contact torque") == Approx(0).margin(1e-5));

  const QTableWidget* contacts = dock.contactTable();
  REQUIRE(contacts->rowCount() == 2);
  for (int r = 0; r < 2; ++r) {
    INFO("contact " << r);
    CHECK(cell(contacts, r, InspectorDock::kWith) == QStringLiteral("floor"));
    CHECK(cell(contacts, r, InspectorDock::kMode) == QStringLiteral("resting"));
    CHECK(cell(contacts, r, InspectorDock::kForce).toDouble() == Approx(9.8).epsilon(1e-4));
    // The selected solve (the step's last contact-force solve) has both rows: a = 0 where
    // f > 0, at about the target gap (half the distance tolerance 0.01).
    CHECK_FALSE(cell(contacts, r, InspectorDock::kRow).isEmpty());
    CHECK(std::abs(cell(contacts, r, InspectorDock::kAcceleration).toDouble()) < 1e-8);
    CHECK(cell(contacts, r, InspectorDock::kDistance).toDouble() == Approx(0.005).margin(0.003));
  }

  // A click on a contact row selects the solve's row it names (shown from 1).
  const int second = cell(contacts, 1, InspectorDock::kRow).toInt() - 1;
  emit const_cast<QTableWidget*>(contacts)->cellClicked(1, 0);
  CHECK(session.selectedContact() == second);

  // The floor: fixed, the same contacts seen from below (forces opposite).
  click(view, view.toScreen(session.snapshot().states[0].position()));
  REQUIRE(session.selectedBody() == 0);
  CHECK(dock.property(QStringLiteral("mass")) == QStringLiteral("infinite"));
  CHECK(value(dock, "contact force y") == Approx(-2 * 9.8).epsilon(1e-5));
  CHECK(cell(dock.contactTable(), 0, InspectorDock::kWith) == QStringLiteral("block"));

  // The selection follows the steps, and goes with a new scene.
  REQUIRE(session.stepNow(1));
  CHECK(session.selectedBody() == 0);
  REQUIRE(session.loadScene(scenePath("block_on_floor.json")));
  CHECK(session.selectedBody() == -1);
  CHECK(dock.message().contains(QStringLiteral("Click a body")));
}
