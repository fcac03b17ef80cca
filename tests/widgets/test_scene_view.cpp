#include <QApplication>
#include <QImage>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QWheelEvent>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"

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
  CHECK(image.width() == 300);
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
