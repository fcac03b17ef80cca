// What the snapshot carries for the scene view's overlay (contacts, connectors,
// springs, thrusters) and how the view draws contact forces.
#include <QAction>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "engine/forces/thruster_set.h"
#include "engine/scene/scene.h"
#include "tests/widgets/qt_string_makers.h"
#include "widgets/scene_overlay.h"
#include "widgets/scene_paths.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"
#include "widgets/sim_worker.h"

using cl::ConnectorMark;
using cl::ConnectorMarkKind;
using cl::Vec2;
using cl::widgets::SceneLayer;
using cl::widgets::SceneView;
using cl::widgets::Session;
using cl::widgets::SimSnapshot;

namespace {

QString scene(const char* file) {
  return cl::widgets::scenesDirectory() + QLatin1Char('/') + QLatin1String(file);
}

// Loads a scene file into `session` and takes `steps` steps.
const SimSnapshot& loadAndStep(Session& session, const char* file, int steps = 1) {
  REQUIRE(session.loadScene(scene(file)));
  REQUIRE(session.stepNow(steps));
  return session.snapshot();
}

bool near(Vec2 a, Vec2 b, double tolerance) {
  return distance(a, b) <= tolerance;
}

bool isForceRed(QColor c) {
  return c.red() > 200 && c.green() < 80 && c.blue() < 80;
}

// Pixels of the force colour in the square of half-size `half` about `at`.
int redPixelsNear(const QImage& image, QPointF at, int half) {
  int count = 0;
  const QPoint c = at.toPoint();
  for (int y = c.y() - half; y <= c.y() + half; ++y)
    for (int x = c.x() - half; x <= c.x() + half; ++x)
      if (image.valid(x, y) && isForceRed(image.pixelColor(x, y))) ++count;
  return count;
}

int redPixels(const QImage& image) {
  int count = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x)
      if (isForceRed(image.pixelColor(x, y))) ++count;
  return count;
}

// Red pixels in the rows above `row`.
int redPixelsAbove(const QImage& image, int row) {
  int count = 0;
  for (int y = 0; y < row; ++y)
    for (int x = 0; x < image.width(); ++x)
      if (isForceRed(image.pixelColor(x, y))) ++count;
  return count;
}

// A contact at world `at` pushing body `primary` up off body 0 with `force`.
cl::ContactMark upwardContact(Vec2 at, double force, int primary) {
  cl::ContactMark c;
  c.point = at;
  c.otherPoint = at;
  c.normal = {0, 1};
  c.force = force;
  c.primaryBody = primary;
  c.normalBody = 0;
  return c;
}

// Draws `c` alone into `image` with drawContacts (forces on), world `origin` at screen
// `at`, `pixelsPerUnit` to the unit, y up.
void drawContact(QImage& image, QPointF at, Vec2 origin, double pixelsPerUnit,
                 const cl::ContactMark& c, const Session& session,
                 const std::vector<cl::BodyState>& states, const cl::widgets::ForceScale& scale) {
  cl::widgets::ScreenMap map;
  map.t.translate(at.x() - pixelsPerUnit * origin.x, at.y() + pixelsPerUnit * origin.y);
  map.t.scale(pixelsPerUnit, -pixelsPerUnit);
  map.pixelsPerUnit = pixelsPerUnit;
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  cl::widgets::drawContacts(painter, map, {c}, session.bodies(), states, scale, true);
}

}  // namespace

TEST_CASE("Snapshot of block_on_floor carries two contacts whose forces add to m g",
          "[scene_overlay]") {
  Session session;
  REQUIRE(session.loadScene(scene("block_on_floor.json")));
  // Before any evaluate there are no contacts yet.
  CHECK(session.snapshot().contacts.empty());
  REQUIRE(session.stepNow(1));
  const SimSnapshot& s = session.snapshot();
  REQUIRE(s.contacts.size() == 2);
  double sum = 0.0;
  for (const auto& c : s.contacts) {
    sum += c.force;
    CHECK(c.primaryBody == 1);  // the block's corners on the floor's edge
    CHECK(c.normalBody == 0);
    CHECK(near(c.normal, {0, 1}, 1e-9));
    CHECK(std::abs(std::abs(c.point.x) - 1.0) < 1e-6);
    CHECK(std::abs(c.point.y) < 0.01);
  }
  CHECK(sum == Approx(2 * 9.8).epsilon(1e-6));
  CHECK(s.referenceForce == Approx(19.6));
  CHECK(s.connectors.empty());
  CHECK(s.springs.empty());
  CHECK(s.thrusters.empty());

  // The force pushes the block (the primary body): the arrow starts at the
  // block's corner and points up into it.
  for (const auto& c : s.contacts) {
    const auto arrow = cl::widgets::contactForceArrow(c, session.bodies());
    CHECK(arrow.from == c.point);
    CHECK(arrow.force.y > 0);
  }
}

TEST_CASE("A contact whose primary body is fixed is drawn pushing the normal body",
          "[scene_overlay]") {
  Session session;
  REQUIRE(session.loadScene(scene("block_on_floor.json")));
  cl::ContactMark c;
  c.point = {1, 0};
  c.otherPoint = {1, 0.01};
  c.normal = {0, -1};  // out of the block (the normal body), towards the floor
  c.force = 5;
  c.primaryBody = 0;  // the fixed floor
  c.normalBody = 1;
  const auto arrow = cl::widgets::contactForceArrow(c, session.bodies());
  CHECK(arrow.from == c.otherPoint);
  CHECK(near(arrow.force, {0, 5}, 1e-12));
}

TEST_CASE("A friction force is drawn along the tangent on the pushed body", "[scene_overlay]") {
  Session session;
  REQUIRE(session.loadScene(scene("block_on_floor.json")));
  cl::ContactMark c;
  c.point = {1, 0.01};
  c.otherPoint = {1, 0};
  c.normal = {0, 1};  // out of the floor: the tangent is (-1, 0)
  c.force = 5;
  c.frictionForce = -2;  // +f t on the primary: pushes the block towards +x
  c.primaryBody = 1;     // the block
  c.normalBody = 0;      // the fixed floor
  auto arrow = cl::widgets::frictionForceArrow(c, session.bodies());
  CHECK(arrow.from == c.point);
  CHECK(near(arrow.force, {2, 0}, 1e-12));
  // The floor as primary (its corner on the block): drawn on the block, reversed.
  std::swap(c.primaryBody, c.normalBody);
  std::swap(c.point, c.otherPoint);
  c.normal = {0, -1};  // out of the block: the tangent is (1, 0)
  arrow = cl::widgets::frictionForceArrow(c, session.bodies());
  CHECK(arrow.from == c.otherPoint);
  CHECK(near(arrow.force, {2, 0}, 1e-12));
}

TEST_CASE("Snapshot of pendulum_joint carries one pin at the pivot", "[scene_overlay]") {
  Session session;
  const SimSnapshot& s = loadAndStep(session, "pendulum_joint.json");
  // The double joint is two joints at the same points: one mark with joints = 2.
  REQUIRE(s.connectors.size() == 1);
  const ConnectorMark& pin = s.connectors.front();
  CHECK(pin.kind == ConnectorMarkKind::kJoint);
  CHECK(pin.joints == 2);
  CHECK(pin.body1 == cl::kScrim);
  CHECK(pin.body2 == 0);
  CHECK(pin.point1 == Vec2{0, 0});
  CHECK(near(pin.point2, {0, 0}, 1e-6));
  // The pin holds the pendulum up: both joints' forces, summed, pull it upwards.
  CHECK(pin.force.y > 0);
  // Joint records are not contacts.
  CHECK(s.contacts.empty());
}

TEST_CASE("Snapshot of double_pendulum carries one mark per double joint", "[scene_overlay]") {
  Session session;
  const SimSnapshot& s = loadAndStep(session, "double_pendulum.json");
  REQUIRE(s.connectors.size() == 2);
  CHECK(s.connectors[0].name == "shoulder_1");
  CHECK(s.connectors[0].point1 == Vec2{0, 0});
  CHECK(s.connectors[1].body1 == 0);
  CHECK(s.connectors[1].body2 == 1);
  for (const auto& c : s.connectors) {
    CHECK(c.joints == 2);
    CHECK(near(c.point1, c.point2, 1e-5));
  }
  // The elbow is the upper arm's lower end.
  const Vec2 elbow = session.bodies()[0].bodyToWorld(s.states[0], {0, -1.5});
  CHECK(near(s.connectors[1].point1, elbow, 1e-12));
}

TEST_CASE("Snapshot of pendulum_rope carries a taut rope between its world points",
          "[scene_overlay]") {
  Session session;
  const SimSnapshot& s = loadAndStep(session, "pendulum_rope.json");
  REQUIRE(s.connectors.size() == 1);
  const ConnectorMark& rope = s.connectors.front();
  CHECK(rope.kind == ConnectorMarkKind::kRope);
  CHECK(rope.point1 == Vec2{0, 2});                         // the Scrim's end is a world point
  CHECK(near(rope.point2, s.states[0].position(), 1e-12));  // the bob's centre
  CHECK(rope.length == 3);
  CHECK(rope.taut);
  CHECK(distance(rope.point1, rope.point2) == Approx(3).margin(0.01));
  // Tension pulls the bob towards the fixed point.
  CHECK(dot(rope.force, rope.point1 - rope.point2) > 0);
}

TEST_CASE("A rope longer than the distance between its ends is slack", "[scene_overlay]") {
  Session session;
  // The current format version, which knows connectors.
  const std::string version = std::to_string(cl::kSceneFormatVersion);
  session.setScene(cl::loadScene(R"({"format": "contactlab-scene", "version": )" + version + R"(,
    "bodies": [{"name": "bob", "shape": "ball", "radius": 0.3, "position": [0, 0]}],
    "connectors": [{"kind": "rope", "body1": "scrim", "point1": [0, 2], "body2": "bob",
                    "point2": [0, 0], "length": 3}]})",
                                 "slack.json"));
  REQUIRE(session.stepNow(1));
  REQUIRE(session.snapshot().connectors.size() == 1);
  const ConnectorMark& rope = session.snapshot().connectors.front();
  CHECK_FALSE(rope.taut);
  CHECK(rope.force == Vec2{});
}

TEST_CASE("Snapshot of pendulum_rod carries a rod", "[scene_overlay]") {
  Session session;
  const SimSnapshot& s = loadAndStep(session, "pendulum_rod.json");
  REQUIRE(s.connectors.size() == 1);
  const ConnectorMark& rod = s.connectors.front();
  CHECK(rod.kind == ConnectorMarkKind::kRod);
  CHECK(rod.point1 == Vec2{0, 2});
  CHECK(distance(rod.point1, rod.point2) == Approx(3).epsilon(1e-6));
  CHECK(rod.taut);
}

TEST_CASE("Snapshot of pendulum_spring carries both springs at their ends", "[scene_overlay]") {
  Session session;
  REQUIRE(session.loadScene(scene("pendulum_spring.json")));
  const SimSnapshot& s = session.snapshot();  // springs show from the start
  REQUIRE(s.springs.size() == 2);
  const auto& hanger = s.springs[0];
  CHECK(near(hanger.point1, session.bodies()[0].bodyToWorld(s.states[0], {0, 0}), 1e-12));
  CHECK(hanger.point2 == Vec2{0, 2});
  CHECK(hanger.restLength == 1);
  CHECK_FALSE(hanger.compressOnly);
  const auto& bob = s.springs[1];
  CHECK(near(bob.point2, s.states[1].position(), 1e-12));
  REQUIRE(session.stepNow(5));
  CHECK(session.snapshot().springs.size() == 2);
}

TEST_CASE("Snapshot carries the thrusters that fire", "[scene_overlay]") {
  Session session;
  REQUIRE(session.loadScene(scene("contact_app.json")));
  CHECK(session.snapshot().thrusters.empty());  // all off
  // block1's upward thruster, at (0, 0.8): the only one of its set that pushes up.
  session.apply(cl::FireThrusters{0, cl::ThrustDirection::kUp, true});
  REQUIRE(session.stepNow(1));
  const SimSnapshot& s = session.snapshot();
  REQUIRE(s.thrusters.size() == 1);
  const int block1 =
      static_cast<int>(std::find_if(session.bodies().begin(), session.bodies().end(),
                                    [](const cl::Polygon& b) { return b.name() == "block1"; }) -
                       session.bodies().begin());
  REQUIRE(block1 < static_cast<int>(session.bodies().size()));
  CHECK(s.thrusters[0].body == block1);
  CHECK(near(s.thrusters[0].location,
             session.bodies()[block1].bodyToWorld(s.states[block1], {0, 0.8}), 1e-12));
  CHECK(s.thrusters[0].thrust.length() == Approx(1.5));
}

TEST_CASE("SceneView draws contact forces in red at the contacts, and not when off",
          "[scene_overlay]") {
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  const SimSnapshot& s = loadAndStep(session, "block_on_floor.json");
  REQUIRE(s.contacts.size() == 2);
  CHECK(view.shows(SceneLayer::kContactForces));

  const QImage on = view.grab().toImage();
  for (const auto& c : s.contacts) {
    INFO("contact at " << c.point.x << ", " << c.point.y);
    CHECK(redPixelsNear(on, view.toScreen(c.point), 12) > 10);
    // The dot marks the contact itself.
    CHECK(on.pixelColor(view.toScreen(c.point).toPoint()) ==
          QColor::fromRgba(cl::widgets::overlay_colors::kContactPoint));
  }
  // Each arrow reaches its scaled length up into the block: force 9.8 against
  // the reference 19.6 is half the reference length.
  const auto scale = cl::widgets::forceScaleOf(s, session.bodies());
  const double pixels = scale.worldLength(s.contacts[0].force) * view.pixelsPerUnit();
  CHECK(pixels > 20);
  CHECK(pixels < 80);
  const QPointF tip = view.toScreen(s.contacts[0].point) - QPointF(0, pixels - 5);
  CHECK(redPixelsNear(on, tip, 2) > 0);

  view.setShown(SceneLayer::kContactForces, false);
  CHECK_FALSE(view.layerAction(SceneLayer::kContactForces)->isChecked());
  const QImage off = view.grab().toImage();
  for (const auto& c : s.contacts) CHECK(redPixelsNear(off, view.toScreen(c.point), 12) == 0);
  CHECK(redPixels(off) == 0);  // the scale bar goes too
  // The contact dots stay.
  CHECK(off.pixelColor(view.toScreen(s.contacts[0].point).toPoint()) ==
        QColor::fromRgba(cl::widgets::overlay_colors::kContactPoint));

  // The context-menu action switches them back on.
  view.layerAction(SceneLayer::kContactForces)->setChecked(true);
  CHECK(view.shows(SceneLayer::kContactForces));
  CHECK(redPixelsNear(view.grab().toImage(), view.toScreen(s.contacts[0].point), 12) > 10);
}

TEST_CASE("drawContacts caps a huge force at its maximum length", "[scene_overlay]") {
  Session session;
  REQUIRE(session.loadScene(scene("block_on_floor.json")));
  QImage image(400, 400, QImage::Format_ARGB32);
  image.fill(Qt::white);
  cl::widgets::ForceScale scale;
  scale.referenceForce = 1;
  scale.referenceLength = 1;  // so the cap is 2.5 units, 25 px at 10 px per unit
  drawContact(image, {200, 200}, {0, 0}, 10, upwardContact({0, 0}, 1e9, 1), session, {}, scale);
  const double cap = cl::widgets::ForceScale::kMaxLengthFactor * 10;
  CHECK(redPixelsNear(image, QPointF(200, 200 - cap / 2), 3) > 0);
  // Nothing red beyond the capped tip.
  CHECK(redPixelsAbove(image, static_cast<int>(200 - cap - 2)) == 0);
}

TEST_CASE("drawContacts keeps a force arrow inside the body it pushes", "[scene_overlay]") {
  // The block (2 x 1) pushed up at the middle of its bottom edge by a force the scale would
  // draw 2.5 units long: in a pile that arrow would run on through the block above. It stops
  // at the block's top edge, marked cut.
  Session session;
  REQUIRE(session.loadScene(scene("block_on_floor.json")));
  const int block = 1;
  REQUIRE(session.bodies()[block].name() == "block");
  const std::vector<cl::BodyState>& states = session.snapshot().states;
  const cl::Bounds box = session.bodies()[block].worldBounds(states[block]);
  REQUIRE(box.height() == Approx(1.0));
  QImage image(400, 400, QImage::Format_ARGB32);
  image.fill(Qt::white);
  cl::widgets::ForceScale scale;
  scale.referenceForce = 1;
  scale.referenceLength = 1;  // the cap: 2.5 units, 50 px at 20 px per unit
  // The contact at (200, 300) on screen; the block is 20 px high.
  const Vec2 middle{(box.left + box.right) / 2, box.bottom};
  drawContact(image, {200, 300}, middle, 20, upwardContact(middle, 1e9, block), session, states,
              scale);
  // Red up to the top edge (20 px above the contact), none above it.
  CHECK(redPixelsNear(image, QPointF(200, 300 - 17), 3) > 0);
  CHECK(redPixelsAbove(image, 300 - 22) == 0);
}

TEST_CASE("A force arrow has a white rim, so it reads over a body of its own colour",
          "[scene_overlay]") {
  // The arrow of a contact drawn over a fill of the force's own red: without a rim it would
  // vanish into it.
  Session session;
  REQUIRE(session.loadScene(scene("block_on_floor.json")));
  QImage image(200, 200, QImage::Format_ARGB32);
  image.fill(QColor::fromRgba(cl::widgets::overlay_colors::kForce));
  // 1 N to 1 unit: the arrow is 2 units, 40 px at 20 px per unit, up from (100, 150).
  drawContact(image, {100, 150}, {0, 0}, 20, upwardContact({0, 0}, 2, 1), session, {},
              cl::widgets::ForceScale{});
  // Along the shaft, 10 to 25 px above the contact: light pixels on either side of it.
  int light = 0;
  for (int y = 125; y <= 140; ++y)
    for (int x = 92; x <= 108; ++x) {
      const QColor p = image.pixelColor(x, y);
      if (p.red() > 220 && p.green() > 150 && p.blue() > 150) ++light;
    }
  CHECK(light > 20);
}

TEST_CASE("The impulse of a ball's bounce reverses 1.8 times its momentum, drawn in purple",
          "[scene_overlay]") {
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  REQUIRE(session.loadScene(scene("ball_bounce.json")));
  const int ball = 0;
  REQUIRE(session.bodies()[ball].name() == "ball");
  // The gap the ball falls through: from its bottom to the top of the floor below it.
  const cl::BodyState start = session.snapshot().states[ball];
  const double bottom = start.y - 0.5;
  double floorTop = -1e300;
  for (std::size_t i = 0; i < session.bodies().size(); ++i) {
    if (!session.bodies()[i].isFixed()) continue;
    const cl::Bounds b = session.bodies()[i].worldBounds(session.snapshot().states[i]);
    if (b.left <= start.x && start.x <= b.right && b.top <= bottom)
      floorTop = std::max(floorTop, b.top);
  }
  REQUIRE(floorTop > -1e300);
  std::vector<cl::widgets::ImpulseMark> impulses;
  for (int i = 0; i < 400 && impulses.empty(); ++i) {
    REQUIRE(session.stepNow(1));
    impulses = cl::widgets::impulsesOf(*session.currentTrace());
  }
  REQUIRE(impulses.size() == 1);
  // m = 1 falls 'gap' under g = 9.8 to v = sqrt(2 g gap); elasticity 0.8 sends it back
  // at 0.8 v: J = 1.8 m v, straight up, at the bottom of the ball.
  const double v = std::sqrt(2 * 9.8 * (bottom - floorTop));
  CHECK(impulses[0].impulse.y == Approx(1.8 * v).epsilon(0.01));
  CHECK(impulses[0].impulse.x == Approx(0).margin(1e-9));
  CHECK(impulses[0].point.y == Approx(floorTop).margin(0.02));

  const QColor purple = QColor::fromRgba(cl::widgets::overlay_colors::kImpulse);
  const auto purplePixels = [&](const QImage& image) {
    int count = 0;
    const QPoint at = view.toScreen(impulses[0].point).toPoint();
    for (int y = at.y() - 40; y <= at.y() + 3; ++y)
      for (int x = at.x() - 4; x <= at.x() + 4; ++x)
        if (image.valid(x, y) && std::abs(image.pixelColor(x, y).red() - purple.red()) < 30 &&
            std::abs(image.pixelColor(x, y).green() - purple.green()) < 30 &&
            std::abs(image.pixelColor(x, y).blue() - purple.blue()) < 30)
          ++count;
    return count;
  };
  CHECK(view.layerAction(SceneLayer::kImpulses)->isChecked());
  CHECK(purplePixels(view.grab().toImage()) > 20);
  view.layerAction(SceneLayer::kImpulses)->setChecked(false);
  CHECK(purplePixels(view.grab().toImage()) == 0);
}

TEST_CASE("impulsesOf sums the impulses applied at one contact into one mark", "[widgets][scene]") {
  cl::StepTrace trace;
  cl::Waypoint pre;
  pre.point = cl::WayPoint::PRE_COLLISION;  // not an application: ignored
  cl::WaypointCollision c;
  c.impact = Vec2{1, 2};
  c.normal = Vec2{0, 1};
  c.impulse = 5;
  pre.collisions.push_back(c);
  trace.waypoints.push_back(pre);
  cl::Waypoint post;
  post.point = cl::WayPoint::POST_COLLISION;
  c.impulse = 0.5;
  post.collisions.push_back(c);
  cl::WaypointCollision other = c;  // the same point, another normal: another mark
  other.normal = Vec2{1, 0};
  other.impulse = 2;
  post.collisions.push_back(other);
  cl::WaypointCollision none = c;  // no impulse: no mark
  none.impulse = 0;
  post.collisions.push_back(none);
  trace.waypoints.push_back(post);
  c.impulse = 0.25;  // a later handling of the first contact, a little further on
  c.impact = Vec2{1.01, 2};
  post.collisions = {c};
  trace.waypoints.push_back(post);
  cl::WaypointCollision corner = c;  // the same bodies' other corner: another contact
  corner.impact = Vec2{1.5, 2};
  cl::WaypointCollision pair = c;  // the same place, other bodies: another contact
  pair.primaryBody = 3;
  post.collisions = {corner, pair};
  trace.waypoints.push_back(post);

  const std::vector<cl::widgets::ImpulseMark> marks = cl::widgets::impulsesOf(trace);
  REQUIRE(marks.size() == 4);
  CHECK(marks[0].count == 2);
  CHECK(marks[0].impulse.x == 0);
  CHECK(marks[0].impulse.y == 0.75);
  CHECK(marks[0].point.x == 1);
  CHECK(marks[0].point.y == 2);
  CHECK(marks[1].count == 1);
  CHECK(marks[1].impulse.x == 2);
  CHECK(marks[1].impulse.y == 0);
  CHECK(marks[2].point.x == 1.5);
  CHECK(marks[3].count == 1);
  CHECK(marks[3].impulse.y == 0.25);
}
