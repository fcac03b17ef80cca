#include <QAction>
#include <QApplication>
#include <QImage>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include "engine/body/shapes.h"
#include "engine/edit/detail/mouse_spring.h"
#include "engine/trace/step_trace.h"
#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/scene_overlay.h"
#include "widgets/scene_paths.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"

using cl::widgets::SceneLayer;
using cl::widgets::SceneView;
using cl::widgets::Session;

namespace {

// Pixel a little below and right of the centre of mass: clear of the CM cross
// (drawn along the axes through it) and of the label (drawn above it).
QColor colorNear(const QImage& image, QPointF cm) {
  return image.pixelColor((cm + QPointF(3, 3)).toPoint());
}

QImage render(SceneView& view) {
  return view.grab().toImage();
}

QString sceneFile(const char* file) {
  return cl::widgets::scenesDirectory() + QLatin1Char('/') + QLatin1String(file);
}

int bodyNamed(const Session& session, const std::string& name) {
  const auto& bodies = session.bodies();
  for (std::size_t i = 0; i < bodies.size(); ++i)
    if (bodies[i].name() == name) return static_cast<int>(i);
  return -1;
}

// Pixels within `half` of `at` whose colour is within `tolerance` of `color` in each channel.
int pixelsLike(const QImage& image, QPointF at, int half, QColor color, int tolerance = 30) {
  int count = 0;
  const QPoint c = at.toPoint();
  for (int y = c.y() - half; y <= c.y() + half; ++y)
    for (int x = c.x() - half; x <= c.x() + half; ++x) {
      if (!image.valid(x, y)) continue;
      const QColor p = image.pixelColor(x, y);
      if (std::abs(p.red() - color.red()) <= tolerance &&
          std::abs(p.green() - color.green()) <= tolerance &&
          std::abs(p.blue() - color.blue()) <= tolerance)
        ++count;
    }
  return count;
}

void sendMouse(QWidget& w, QEvent::Type type, QPointF at, Qt::MouseButton button,
               Qt::MouseButtons buttons) {
  QMouseEvent e(type, at, w.mapToGlobal(at), button, buttons, Qt::NoModifier);
  QApplication::sendEvent(&w, &e);
}

bool near(QPointF a, QPointF b, double tolerance = 1e-6) {
  return std::abs(a.x() - b.x()) <= tolerance && std::abs(a.y() - b.y()) <= tolerance;
}

// Aborts the test run when its scope is not left within `limit`: a drawing
// loop that never ends then fails the run instead of stalling it.
class Watchdog {
 public:
  Watchdog(std::chrono::seconds limit, std::string what)
      : mWhat(std::move(what)), mThread([this, limit] {
          std::unique_lock lock(mMutex);
          if (!mDoneChanged.wait_for(lock, limit, [this] { return mDone; })) {
            std::fprintf(stderr, "timed out after %llds: %s\n",
                         static_cast<long long>(limit.count()), mWhat.c_str());
            std::fflush(stderr);
            std::abort();
          }
        }) {}
  ~Watchdog() {
    {
      std::lock_guard lock(mMutex);
      mDone = true;
    }
    mDoneChanged.notify_one();
    mThread.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::string mWhat;
  std::mutex mMutex;
  std::condition_variable mDoneChanged;
  bool mDone = false;
  std::thread mThread;  // last: starts once the members it uses exist
};

// A scene of 0.5 x 0.5 blocks at the given positions, without walls or forces.
cl::Scene blocksAt(std::initializer_list<std::pair<double, double>> positions) {
  std::string bodies;
  int i = 0;
  for (const auto& [x, y] : positions) {
    if (!bodies.empty()) bodies += ", ";
    char body[200];
    std::snprintf(body, sizeof body,
                  R"({"name": "b%d", "shape": "block", "width": 0.5, "height": 0.5, )"
                  R"("position": [%.17g, %.17g]})",
                  i++, x, y);
    bodies += body;
  }
  return cl::loadScene(
      R"({"format": "contactlab-scene", "version": 1, "bodies": [)" + bodies + "]}", "far.json");
}

}  // namespace

TEST_CASE("SceneView draws each body in its colour where the snapshot puts it", "[scene_view]") {
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  session.setScene(cl::testing::boxScene());
  const int block = cl::testing::kFirstMovable, ball = block + 1, frame = block + 2;

  // Movable bodies get distinct colours, fixed ones grey.
  CHECK(view.fillColor(block) != view.fillColor(ball));
  CHECK(view.fillColor(ball) != view.fillColor(frame));
  CHECK(view.fillColor(0) == view.fillColor(1));
  CHECK(view.fillColor(0).saturation() == 0);

  auto checkDrawn = [&] {
    const QImage image = render(view);
    const auto& states = session.snapshot().states;
    for (int i : {block, ball}) {
      INFO("body " << i);
      CHECK(colorNear(image, view.toScreen(states[i].position())) == view.fillColor(i));
    }
    // The frame's centre of mass lies in its hole, which must stay unfilled.
    CHECK(colorNear(image, view.toScreen(states[frame].position())) != view.fillColor(frame));
    // Its wall, 0.15 inside the outer edge, is filled.
    const cl::Polygon& f = session.bodies()[frame];
    const cl::Vec2 wallPoint = f.bodyToWorld(states[frame], f.centerOfMass() + cl::Vec2{1.05, 0});
    CHECK(image.pixelColor(view.toScreen(wallPoint).toPoint()) == view.fillColor(frame));
    // The bottom wall (14 wide) is grey away from its centred label.
    CHECK(image.pixelColor(view.toScreen(states[0].position() + cl::Vec2{5, 0}).toPoint()) ==
          view.fillColor(0));
  };
  checkDrawn();

  const QPointF ballBefore = view.toScreen(session.snapshot().states[ball].position());
  REQUIRE(session.stepNow(20));
  const QPointF ballAfter = view.toScreen(session.snapshot().states[ball].position());
  CHECK((ballAfter - ballBefore).manhattanLength() > 10);  // it moved on screen
  checkDrawn();
}

TEST_CASE("SceneView shows a message without a scene", "[scene_view]") {
  Session session;
  SceneView view(&session);
  view.resize(300, 200);
  const QImage image = render(view);
  REQUIRE(image.width() == 300);
  // The background and, centred on it, the two lines of the message: text pixels, all in
  // the middle of the view (no grid, no bodies elsewhere).
  const QRgb background = image.pixel(0, 0);
  int text = 0, outside = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      if (image.pixel(x, y) == background) continue;
      ++text;
      if (y < 60 || y > 140 || x < 20 || x > 280) ++outside;
    }
  CHECK(text > 200);
  CHECK(outside == 0);
}

TEST_CASE("SceneView pans and zooms its view transform", "[scene_view]") {
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  session.setScene(cl::testing::boxScene());
  const cl::Vec2 p{1.0, 2.0};
  const QPointF before = view.toScreen(p);
  const double scale = view.pixelsPerUnit();
  QSignalSpy changed(&view, &SceneView::viewChanged);

  SECTION("panBy moves every world point by the same pixels") {
    view.panBy(QPointF(50, -20));
    CHECK(near(view.toScreen(p), before + QPointF(50, -20)));
    CHECK(view.pixelsPerUnit() == scale);
  }
  SECTION("dragging with the left button pans") {
    QMouseEvent press(QEvent::MouseButtonPress, QPointF(100, 100),
                      view.mapToGlobal(QPointF(100, 100)), Qt::LeftButton, Qt::LeftButton,
                      Qt::NoModifier);
    QMouseEvent move(QEvent::MouseMove, QPointF(130, 90), view.mapToGlobal(QPointF(130, 90)),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QMouseEvent release(QEvent::MouseButtonRelease, QPointF(130, 90),
                        view.mapToGlobal(QPointF(130, 90)), Qt::LeftButton, Qt::NoButton,
                        Qt::NoModifier);
    QApplication::sendEvent(&view, &press);
    QApplication::sendEvent(&view, &move);
    QApplication::sendEvent(&view, &release);
    CHECK(near(view.toScreen(p), before + QPointF(30, -10)));
  }
  SECTION("zoomAt scales about the given point") {
    const QPointF anchor(200, 150);
    const cl::Vec2 under = view.toWorld(anchor);
    view.zoomAt(anchor, 2.0);
    CHECK(view.pixelsPerUnit() == Approx(2 * scale));
    CHECK(near(view.toScreen(under), anchor, 1e-9));
  }
  SECTION("the wheel zooms about the cursor") {
    const QPointF cursor(600, 400);
    const cl::Vec2 under = view.toWorld(cursor);
    QWheelEvent wheel(cursor, view.mapToGlobal(cursor), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    CHECK(view.pixelsPerUnit() > scale * 1.1);
    CHECK(near(view.toScreen(under), cursor, 1e-9));
  }
  CHECK(changed.count() >= 1);

  // Fit brings back the view a scene gets on load.
  view.fitToScene();
  CHECK(view.pixelsPerUnit() == Approx(scale));
  CHECK(near(view.toScreen(p), before, 1e-9));
}

TEST_CASE("Fit Moving Bodies shows the pile, not the pit, and keeps fitting it on resize",
          "[scene_view]") {
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  view.show();  // a hidden widget gets its resize events only when shown
  REQUIRE(session.loadScene(cl::widgets::scenesDirectory() + QStringLiteral("/pile_10.json")));
  view.fitToScene();
  const double all = view.pixelsPerUnit();
  const auto inView = [&](int body) {
    const cl::Bounds b = session.bodies()[static_cast<std::size_t>(body)].worldBounds(
        session.snapshot().states[static_cast<std::size_t>(body)]);
    const cl::Vec2 topLeft = view.toWorld(QPointF(0, 0));
    const cl::Vec2 bottomRight = view.toWorld(QPointF(view.width(), view.height()));
    return b.left >= topLeft.x && b.right <= bottomRight.x && b.top <= topLeft.y &&
           b.bottom >= bottomRight.y;
  };
  view.fitToMoving();
  // Ten blocks in a row above the pit: the 21 m wide pit no longer sets the zoom.
  CHECK(view.pixelsPerUnit() > 1.5 * all);
  int moving = 0;
  for (int i = 0; i < static_cast<int>(session.bodies().size()); ++i) {
    if (session.bodies()[static_cast<std::size_t>(i)].isFixed()) continue;
    ++moving;
    CHECK(inView(i));
  }
  CHECK(moving == 10);
  // A resize fits the moving bodies again, as it refits everything after Fit View.
  view.resize(400, 600);
  QApplication::processEvents();
  REQUIRE(view.width() == 400);
  for (int i = 4; i < 14; ++i) CHECK(inView(i));
  const double movingNarrow = view.pixelsPerUnit();
  view.fitToScene();
  CHECK(movingNarrow > 1.5 * view.pixelsPerUnit());
  // A scene whose bodies are all fixed: Fit Moving Bodies fits them all.
  cl::Scene walls;
  walls.title = "walls only";
  walls.sim = std::make_unique<cl::RigidBodySim>();
  const cl::shapes::Walls w = cl::shapes::walls(12, 8);
  for (std::size_t i = 0; i < w.bodies.size(); ++i)
    walls.sim->addBody(w.bodies[i], {.x = w.positions[i].x, .y = w.positions[i].y});
  session.setScene(std::move(walls));
  view.fitToScene();
  const double box = view.pixelsPerUnit();
  view.fitToMoving();
  CHECK(view.pixelsPerUnit() == Approx(box));
}

TEST_CASE("SceneView transform maps world y up to screen y down", "[scene_view]") {
  Session session;
  SceneView view(&session);
  view.resize(400, 400);
  session.setScene(cl::testing::boxScene());
  const QPointF low = view.toScreen({0, 0});
  const QPointF high = view.toScreen({0, 1});
  CHECK(high.y() < low.y());
  CHECK(low.y() - high.y() == Approx(view.pixelsPerUnit()));
  const cl::Vec2 back = view.toWorld(view.toScreen({2.5, -1.5}));
  CHECK(back.x == Approx(2.5));
  CHECK(back.y == Approx(-1.5));
}

TEST_CASE("SceneView draws scenes far from the origin in bounded time", "[scene_view]") {
  // The grid once stepped x += step, which never ends where step is below the
  // spacing of doubles at x (0.125 at 1e15): the workbench froze.
  Session session;
  SceneView view(&session);
  view.resize(800, 600);

  SECTION("a small block at 1e15, fitted, zoomed and panned") {
    session.setScene(blocksAt({{1e15, 0}}));
    const Watchdog watchdog(std::chrono::seconds(30), "drawing a block at x = 1e15");
    const QPointF cm = view.toScreen(session.snapshot().states[0].position());
    CHECK(near(cm, QPointF(400, 300), 1.0));
    const QImage image = render(view);
    // Drawn where it is, in its colour, however coarse the doubles are there.
    CHECK(colorNear(image, cm) == view.fillColor(0));
    // It spans 0.5 * 0.92 * 600 = 276 px: its corner region is filled, beyond is not.
    CHECK(image.pixelColor(cm.toPoint() + QPoint(200, 200)) == view.fillColor(0));
    CHECK(image.pixelColor(cm.toPoint() + QPoint(300, 0)) != view.fillColor(0));
    view.zoomBy(1e9);  // to the closest zoom
    (void)render(view);
    view.zoomBy(1e-12);  // to the widest
    (void)render(view);
    view.panBy(QPointF(123, -45));
    (void)render(view);
  }
  SECTION("bodies so far apart that the sum of their positions overflows") {
    session.setScene(blocksAt({{1e308, 0}, {1.7e308, -1e308}}));
    const Watchdog watchdog(std::chrono::seconds(30), "drawing blocks near 1e308");
    CHECK(std::isfinite(view.center().x));
    CHECK(std::isfinite(view.center().y));
    CHECK(std::isfinite(view.pixelsPerUnit()));
    (void)render(view);
    view.panBy(QPointF(1e6, 1e6));
    view.zoomBy(1e9);
    (void)render(view);
  }
  SECTION("the grid is still drawn near the origin at every zoom") {
    session.setScene(blocksAt({{0, 0}, {3, 2}}));
    const Watchdog watchdog(std::chrono::seconds(30), "drawing blocks at the origin");
    for (double zoom : {1e9, 1e-12}) {
      view.fitToScene();
      view.zoomBy(zoom);
      const QImage image = render(view);
      // The y axis (x = 0) crosses the widget's centre column somewhere.
      const QPointF axis = view.toScreen({0, 0});
      if (axis.x() >= 0 && axis.x() < 800)
        CHECK(image.pixelColor(QPoint(static_cast<int>(axis.x()), 5)) != QColor(0xfb, 0xfb, 0xf8));
    }
  }
}

TEST_CASE("SceneView rings the selected contact and a click near a contact selects it",
          "[scene_view]") {
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  view.show();
  REQUIRE(session.loadScene(sceneFile("block_on_floor.json")));
  REQUIRE(session.stepNow(1));
  // The window's default: the last contact-force solve of the step, no contact.
  const cl::SolveTrace* solve = session.selectedSolveTrace();
  REQUIRE(solve != nullptr);
  const auto& contacts = solve->context.contacts;
  // The block rests on its two bottom corners.
  REQUIRE(contacts.size() == 2);
  CHECK(view.highlightedContact() == -1);

  session.selectContact(1);
  CHECK(view.highlightedContact() == 1);
  const QColor ring = QColor::fromRgba(cl::widgets::overlay_colors::kSelection);
  const QImage image = view.grab().toImage();
  const QPointF p1 = view.toScreen(contacts[1].point), p0 = view.toScreen(contacts[0].point);
  // The ring is kSelectionRingPixels about the point: look on a square band around it.
  CHECK(pixelsLike(image, p1, 11, ring) > 10);
  CHECK(pixelsLike(image, p0, 11, ring) == 0);

  // A click on contact 0 (4 px off, within the pick radius) selects that row.
  QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, (p0 + QPointF(3, -2)).toPoint());
  CHECK(session.selectedContact() == 0);
  CHECK(view.highlightedContact() == 0);
  CHECK(view.contactAt(p1) == 1);
  // Far from both (inside the block, 30 px above its centre), a click selects
  // nothing and pulls the block instead of selecting.
  const QPointF inside = (p0 + p1) / 2 - QPointF(0, 30);
  CHECK(view.contactAt(inside) == -1);
  QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, inside.toPoint());
  CHECK(session.selectedContact() == 0);
  CHECK(view.mouseSpringBody() == -1);  // let go on release

  // Without a selected solve nothing is ringed and nothing picked.
  session.selectSolve(-1);
  CHECK(view.highlightedContact() == -1);
  CHECK(view.contactAt(p0) == -1);
}

TEST_CASE("Thruster keys fire the thrusters that push the block that way, release stops them",
          "[scene_view]") {
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  REQUIRE(session.loadScene(sceneFile("contact_app_1.json")));
  const int block = bodyNamed(session, "block1");
  REQUIRE(block >= 0);
  const auto axes = [&](const cl::widgets::SimSnapshot& s) {
    const double a = s.states[static_cast<std::size_t>(block)].angle;
    return std::pair{cl::Vec2{std::cos(a), std::sin(a)}, cl::Vec2{-std::sin(a), std::cos(a)}};
  };
  const auto total = [](const cl::widgets::SimSnapshot& s) {
    cl::Vec2 sum;
    for (const auto& t : s.thrusters) sum = sum + t.thrust;
    return sum;
  };

  // S: left. The scene gives magnitude 1.5 and the side thrusters direction 0.4,
  // one at the top (0, 0.8) and one at the bottom (0, -0.8): 1.2 along -x of the
  // body, 1.6 apart, so the block slides without turning.
  QTest::keyPress(&view, Qt::Key_S);
  REQUIRE(session.stepNow(1));
  {
    const auto& s = session.snapshot();
    REQUIRE(s.thrusters.size() == 2);
    for (const auto& t : s.thrusters) CHECK(t.body == block);
    const auto [x, y] = axes(s);
    CHECK(dot(total(s), x) == Approx(-1.2));
    CHECK(dot(total(s), y) == Approx(0).margin(1e-12));
    CHECK(distance(s.thrusters[0].location, s.thrusters[1].location) == Approx(1.6));
  }
  QTest::keyRelease(&view, Qt::Key_S);
  REQUIRE(session.stepNow(1));
  CHECK(session.snapshot().thrusters.empty());

  // E: up, the one thruster along +y with the full 1.5; F: right.
  QTest::keyPress(&view, Qt::Key_E);
  QTest::keyPress(&view, Qt::Key_F);
  REQUIRE(session.stepNow(1));
  {
    const auto& s = session.snapshot();
    REQUIRE(s.thrusters.size() == 3);
    const auto [x, y] = axes(s);
    CHECK(dot(total(s), y) == Approx(1.5));
    CHECK(dot(total(s), x) == Approx(1.2));
  }
  QTest::keyRelease(&view, Qt::Key_E);
  REQUIRE(session.stepNow(1));
  CHECK(session.snapshot().thrusters.size() == 2);
  // Losing focus lets go of every key held.
  QFocusEvent out(QEvent::FocusOut);
  QApplication::sendEvent(&view, &out);
  REQUIRE(session.stepNow(1));
  CHECK(session.snapshot().thrusters.empty());

  // J is the second block's key: this scene has one block with thrusters.
  QTest::keyPress(&view, Qt::Key_J);
  REQUIRE(session.stepNow(1));
  CHECK(session.snapshot().thrusters.empty());
  QTest::keyRelease(&view, Qt::Key_J);

  // With two, J and the left arrow fire the second block's left pair.
  REQUIRE(session.loadScene(sceneFile("contact_app_3.json")));
  const int block2 = bodyNamed(session, "block2");
  REQUIRE(block2 >= 0);
  QTest::keyPress(&view, Qt::Key_Left);
  REQUIRE(session.stepNow(1));
  REQUIRE(session.snapshot().thrusters.size() == 2);
  for (const auto& t : session.snapshot().thrusters) CHECK(t.body == block2);
  QTest::keyRelease(&view, Qt::Key_Left);
  REQUIRE(session.stepNow(1));
  CHECK(session.snapshot().thrusters.empty());
}

TEST_CASE("Dragging a body pulls it towards the mouse with a spring", "[scene_view]") {
  // The box scene is a plain simulation under gravity 3: the block falls freely.
  const int block = cl::testing::kFirstMovable;
  constexpr int kSteps = 10;  // 0.25 s
  double freeVy = 0;
  {
    Session session;
    session.setScene(cl::testing::boxScene());
    REQUIRE(session.stepNow(kSteps));
    freeVy = session.snapshot().states[block].vy;
    CHECK(freeVy == Approx(-3 * 0.25));
  }
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  session.setScene(cl::testing::boxScene());
  const cl::BodyState start = session.snapshot().states[block];
  const QPointF cm = view.toScreen(start.position());
  REQUIRE(view.movableBodyAt(cm) == block);
  // Grab the centre of mass (no torque) and hold the mouse 2 units above it.
  const cl::Vec2 target = start.position() + cl::Vec2{0, 2};
  sendMouse(view, QEvent::MouseButtonPress, cm, Qt::LeftButton, Qt::LeftButton);
  // A press selects the body; the spring waits for the mouse to move.
  CHECK(session.selectedBody() == block);
  CHECK(view.mouseSpringBody() == -1);
  sendMouse(view, QEvent::MouseMove, view.toScreen(target), Qt::NoButton, Qt::LeftButton);
  CHECK(view.mouseSpringBody() == block);
  CHECK(view.mouseSpringTarget().y == Approx(target.y));
  REQUIRE(session.stepNow(kSteps));
  {
    const auto& s = session.snapshot();
    // The spring shows in the snapshot, from the point grabbed to the mouse.
    REQUIRE(s.springs.size() == 1);
    CHECK(distance(s.springs[0].point1, s.states[block].position()) < 1e-9);
    CHECK(distance(s.springs[0].point2, view.mouseSpringTarget()) < 1e-12);
    // y'' = -k/m (y - 2) - 3 with k/m = 3 from y = 0 at rest: y = 1 - cos(sqrt(3) t),
    // vy(0.25) = sqrt(3) sin(0.25 sqrt(3)) = 0.7268, against -0.75 falling freely.
    const double w = std::sqrt(cl::kMouseSpringStiffnessPerMass);
    CHECK(s.states[block].vy == Approx(w * std::sin(0.25 * w)).epsilon(1e-3));
    CHECK(s.states[block].vy - freeVy > 1.4);
  }
  // The spring is drawn to the mouse while held.
  {
    const QImage image = view.grab().toImage();
    const QColor spring = QColor::fromRgba(cl::widgets::overlay_colors::kMouseSpring);
    CHECK(pixelsLike(image, view.toScreen(view.mouseSpringTarget()), 3, spring, 40) > 0);
  }
  sendMouse(view, QEvent::MouseButtonRelease, view.toScreen(target), Qt::LeftButton, Qt::NoButton);
  CHECK(view.mouseSpringBody() == -1);
  const double vyReleased = session.snapshot().states[block].vy;
  REQUIRE(session.stepNow(4));
  // Let go, only gravity acts: 4 steps of 0.025 s at g = 3.
  CHECK(session.snapshot().states[block].vy == Approx(vyReleased - 3 * 0.1));
  // Letting go removes the spring from the simulation.
  CHECK(session.snapshot().springs.empty());
  const std::size_t laws = session.history().back().state.structure->forceLaws().size();

  // A second grab attaches one spring again, and a move while held moves it, not adds one.
  const QPointF at = view.toScreen(session.snapshot().states[block].position());
  sendMouse(view, QEvent::MouseButtonPress, at, Qt::LeftButton, Qt::LeftButton);
  sendMouse(view, QEvent::MouseMove, at + QPointF(0, -20), Qt::NoButton, Qt::LeftButton);
  REQUIRE(session.stepNow(1));
  CHECK(session.snapshot().springs.size() == 1);
  CHECK(session.history().back().state.structure->forceLaws().size() == laws + 1);
  sendMouse(view, QEvent::MouseButtonRelease, at, Qt::LeftButton, Qt::NoButton);
  REQUIRE(session.stepNow(1));
  CHECK(session.snapshot().springs.empty());
  CHECK(session.history().back().state.structure->forceLaws().size() == laws);
}

TEST_CASE("SceneView's force scale lengthens the arrows and its view actions", "[scene_view]") {
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  REQUIRE(session.loadScene(sceneFile("block_on_floor.json")));
  REQUIRE(session.stepNow(1));
  const auto& s = session.snapshot();
  REQUIRE(s.contacts.size() == 2);
  CHECK(view.forceScale() == 1.0);
  const auto scale = cl::widgets::forceScaleOf(s, session.bodies());
  const double pixels = scale.worldLength(s.contacts[0].force) * view.pixelsPerUnit();
  const QColor red = QColor::fromRgba(cl::widgets::overlay_colors::kForce);
  const QPointF from = view.toScreen(s.contacts[0].point);
  // Tip of the doubled arrow: nothing there at scale 1, red at scale 2; but an arrow stays
  // inside the block it pushes (1 high): past its top it is cut there.
  const double blockPixels = 1.0 * view.pixelsPerUnit();
  REQUIRE(pixels < blockPixels - 10);
  const QPointF farTip = from - QPointF(0, std::min(2 * pixels, blockPixels) - 6);
  CHECK(pixelsLike(view.grab().toImage(), farTip, 2, red, 40) == 0);
  view.setForceScale(2.0);
  CHECK(view.forceScale() == 2.0);
  const QImage doubled = view.grab().toImage();
  CHECK(pixelsLike(doubled, farTip, 2, red, 40) > 0);
  if (2 * pixels > blockPixels)
    CHECK(pixelsLike(doubled, from - QPointF(0, blockPixels + 6), 3, red, 40) == 0);
  view.resetForceScaleAction()->trigger();
  CHECK(view.forceScale() == 1.0);
  view.largerForcesAction()->trigger();
  CHECK(view.forceScale() == Approx(1.5));
  view.setForceScale(1e9);
  CHECK(view.forceScale() == 64.0);
  CHECK_FALSE(view.largerForcesAction()->isEnabled());
  view.setForceScale(-1);  // ignored
  CHECK(view.forceScale() == 64.0);

  const QList<QAction*> actions = view.viewActions();
  REQUIRE(actions.size() >= 10);
  CHECK(actions.front() == view.layerAction(SceneLayer::kContactForces));
  for (QAction* a :
       {view.layerAction(SceneLayer::kNormals), view.layerAction(SceneLayer::kImpulses),
        view.layerAction(SceneLayer::kVelocities), view.layerAction(SceneLayer::kBoundingBoxes),
        view.layerAction(SceneLayer::kClock), view.layerAction(SceneLayer::kGhosts)}) {
    CHECK(actions.contains(a));
    CHECK(a->isCheckable());
  }
  CHECK(actions.contains(view.largerForcesAction()));
  CHECK(actions.contains(view.smallerForcesAction()));
  CHECK(actions.contains(view.resetForceScaleAction()));

  // Normals: a line along +y (the floor's normal) from each contact.
  view.setForceScale(1.0);
  view.setShown(SceneLayer::kContactForces, false);
  const QColor normal = QColor::fromRgba(cl::widgets::overlay_colors::kNormal);
  const QPointF along = from - QPointF(0, cl::widgets::kNormalPixels / 2);
  CHECK(pixelsLike(view.grab().toImage(), along, 2, normal, 30) == 0);
  view.layerAction(SceneLayer::kNormals)->setChecked(true);
  CHECK(pixelsLike(view.grab().toImage(), along, 2, normal, 30) > 0);

  // Every layer on draws without trouble, also with no scene.
  for (QAction* a : actions)
    if (a->isCheckable()) a->setChecked(true);
  CHECK_FALSE(view.grab().isNull());
  Session empty;
  SceneView blank(&empty);
  for (QAction* a : blank.viewActions())
    if (a->isCheckable()) a->setChecked(true);
  blank.resize(300, 200);
  CHECK_FALSE(blank.grab().isNull());
  CHECK(blank.ghostCount() == 0);
  CHECK(blank.contactAt(QPointF(150, 100)) == -1);
  CHECK(blank.movableBodyAt(QPointF(150, 100)) == -1);
}

TEST_CASE("SceneView opens on the box a scene names as its view, and keeps it on resize",
          "[scene_view]") {
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  view.show();  // a hidden widget gets its resize events only when shown
  session.setScene(cl::loadScene(
      R"({"format": "contactlab-scene", "version": 3, "view": {"min": [1, 2], "max": [5, 4]},
          "bodies": [{"name": "floor", "shape": "wall", "width": 40, "height": 1,
                      "position": [0, -0.5]},
                     {"name": "b", "shape": "block", "width": 1, "height": 1,
                      "position": [3, 3]}]})",
      "view.json"));
  const auto checkBox = [&] {
    const QPointF lo = view.toScreen({1, 2}), hi = view.toScreen({5, 4});
    const cl::Vec2 centre = view.toWorld(QPointF(view.width() / 2.0, view.height() / 2.0));
    CHECK(centre.x == Approx(3));
    CHECK(centre.y == Approx(3));
    // Inside the widget, and filling it one way (4 x 2 in an 800 x 600 widget: the width).
    CHECK(lo.x() >= 0);
    CHECK(hi.x() <= view.width());
    CHECK(hi.y() >= 0);  // screen y grows downwards
    CHECK(lo.y() <= view.height());
    CHECK((hi.x() - lo.x()) / view.width() > 0.8);
  };
  checkBox();
  view.resize(400, 700);
  checkBox();
  // Fit View (Home) shows every body, the 40 m floor too: wider than the box.
  view.fitToScene();
  CHECK(view.toScreen({5, 4}).x() - view.toScreen({1, 2}).x() < 0.5 * view.width());
}

TEST_CASE("A pile seen whole gets thin outlines and centre-of-mass crosses inside its blocks",
          "[scene_view]") {
  Session session;
  SceneView view(&session);
  view.resize(800, 600);
  REQUIRE(session.loadScene(sceneFile("pile_200.json")));
  view.fitToScene();
  const auto& bodies = session.bodies();
  const auto& states = session.snapshot().states;
  // Each arm's end lies inside the body's outline as drawn (QPainterPath's own test).
  const auto armsInside = [&](int i, double h) {
    const QPainterPath outline = view.screenOutline(i);
    const QPointF cm = view.toScreen(states[static_cast<std::size_t>(i)].position());
    for (const QPointF arm : {QPointF(h, 0), QPointF(-h, 0), QPointF(0, h), QPointF(0, -h)})
      if (!outline.contains(cm + arm)) return false;
    return true;
  };
  int crosses = 0, moving = 0;
  for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
    if (bodies[static_cast<std::size_t>(i)].isFixed()) continue;
    ++moving;
    const SceneView::BodyMarks marks = view.bodyMarks(i, states[static_cast<std::size_t>(i)]);
    INFO("body " << bodies[static_cast<std::size_t>(i)].name());
    // Blocks of 0.2 to 1.2 in a pit 21 wide and a pile 25 tall: 5 to 30 px on screen.
    CHECK(std::max(marks.box.width(), marks.box.height()) < 40);
    CHECK(marks.outlineWidth == 1.0);
    if (marks.crossHalf == 0) continue;
    ++crosses;
    CHECK(armsInside(i, marks.crossHalf));
  }
  CHECK(moving == 200);
  CHECK(crosses > 100);  // most blocks still show where their centre of mass is
  // Zoomed in, the biggest block gets the full cross and the thicker outline.
  view.zoomBy(8);
  int biggest = -1;
  double side = 0;
  for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
    if (bodies[static_cast<std::size_t>(i)].isFixed()) continue;
    const double s = bodies[static_cast<std::size_t>(i)].minHeight();
    if (s > side) side = s, biggest = i;
  }
  REQUIRE(biggest >= 0);
  const SceneView::BodyMarks marks =
      view.bodyMarks(biggest, states[static_cast<std::size_t>(biggest)]);
  CHECK(marks.outlineWidth == 1.5);
  CHECK(marks.crossHalf == SceneView::kCrossHalf);
  CHECK(armsInside(biggest, marks.crossHalf));
}
