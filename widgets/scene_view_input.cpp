// SceneView's mouse and keyboard: pan and zoom, picking a contact of the selected
// solve or a body, the mouse spring and the thruster keys (scene_view.h).
#include <QApplication>
#include <QFocusEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QTimer>
#include <QWheelEvent>
#include <cmath>
#include <optional>
#include <utility>

#include "engine/trace/step_trace.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"
#include "widgets/thruster_keys.h"

namespace cl::widgets {

namespace {

// Zoom per wheel unit: one notch (120 units) zooms by about 20 %.
constexpr double kWheelZoomBase = 1.0015;

}  // namespace

int SceneView::contactAt(QPointF screen) const {
  const SolveTrace* solve = selectedSolve();
  if (!solve) return -1;
  int best = -1;
  double bestDistance = kContactPickPixels;
  const auto& contacts = solve->context.contacts;
  for (int i = 0; i < static_cast<int>(contacts.size()); ++i) {
    const QPointF d = toScreen(contacts[static_cast<std::size_t>(i)].point) - screen;
    const double pixels = std::hypot(d.x(), d.y());
    if (pixels <= bestDistance) {
      bestDistance = pixels;
      best = i;
    }
  }
  return best;
}

int SceneView::bodyAt(QPointF screen) const {
  // Movable bodies on top of fixed ones, as drawn.
  if (const int movable = movableBodyAt(screen); movable >= 0) return movable;
  const auto& bodies = mSession->bodies();
  for (int i = static_cast<int>(bodies.size()) - 1; i >= 0; --i)
    if (screenOutline(i).contains(screen)) return i;
  return -1;
}

int SceneView::movableBodyAt(QPointF screen) const {
  const auto& bodies = mSession->bodies();
  // Movable bodies are drawn in order, so the last one under the point is on top.
  for (int i = static_cast<int>(bodies.size()) - 1; i >= 0; --i)
    if (!bodies[static_cast<std::size_t>(i)].isFixed() && screenOutline(i).contains(screen))
      return i;
  return -1;
}

void SceneView::mousePressEvent(QMouseEvent* event) {
  const QPointF at = event->position();
  if (event->button() == Qt::LeftButton) {
    // A click on a contact of the selected solve selects its row; a click on a body
    // selects it (the inspector shows it). Dragging a movable body of the newest record
    // pulls it with the mouse spring once the mouse has moved: a click alone attaches
    // nothing (a spring attached and let go would be two edits of the run for nothing),
    // and a past record cannot be pulled without dropping the records after it.
    if (const int row = contactAt(at); row >= 0) {
      mSession->selectContact(row);
      event->accept();
      return;
    }
    if (const int body = bodyAt(at); body >= 0) {
      mSession->selectBody(body);
      if (mSession->atLatest() && !mSession->bodies()[static_cast<std::size_t>(body)].isFixed()) {
        mPressedBody = body;
        mPressedAt = at;
        event->accept();
        return;
      }
    }
  }
  if (event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton) {
    mDragging = true;
    mLastMouse = at.toPoint();
    setCursor(Qt::ClosedHandCursor);
    event->accept();
    return;
  }
  QWidget::mousePressEvent(event);
}

void SceneView::mouseMoveEvent(QMouseEvent* event) {
  if (mPressedBody >= 0 &&
      (event->position() - mPressedAt).manhattanLength() >= QApplication::startDragDistance()) {
    grabBody(std::exchange(mPressedBody, -1), mPressedAt);
  }
  if (mSpringBody >= 0) {
    mSpringTarget = toWorld(event->position());
    // The first move goes at once, later ones at most once a frame: every edit
    // copies the simulation for the history.
    if (!mSpringThrottle->isActive()) {
      sendSpringTarget();
      mSpringThrottle->start();
    }
    update();
    return;
  }
  if (!mDragging) return QWidget::mouseMoveEvent(event);
  const QPoint now = event->position().toPoint();
  panBy(now - mLastMouse);
  mLastMouse = now;
}

void SceneView::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) mPressedBody = -1;
  if (mSpringBody >= 0 && event->button() == Qt::LeftButton) {
    letGo();
    event->accept();
    return;
  }
  if (mDragging && !(event->buttons() & (Qt::LeftButton | Qt::MiddleButton))) {
    mDragging = false;
    unsetCursor();
  }
  QWidget::mouseReleaseEvent(event);
}

void SceneView::grabBody(int body, QPointF screen) {
  const auto& bodies = mSession->bodies();
  const auto& states = mSession->snapshot().states;
  if (body < 0 || body >= static_cast<int>(bodies.size()) || states.size() != bodies.size()) return;
  mSpringBody = body;
  mSpringTarget = toWorld(screen);
  mSpringSent = mSpringTarget;
  mSpringAttach = bodies[static_cast<std::size_t>(body)].worldToBody(
      states[static_cast<std::size_t>(body)], mSpringTarget);
  mSession->apply(AttachMouseSpring{body, mSpringAttach, mSpringTarget});
  setCursor(Qt::CrossCursor);
  update();
}

void SceneView::sendSpringTarget() {
  mSpringSent = mSpringTarget;
  mSession->apply(MoveMouseSpring{mSpringTarget});
}

void SceneView::letGo() {
  mSpringThrottle->stop();
  mSpringBody = -1;
  mSession->apply(ReleaseMouseSpring{});
  unsetCursor();
  update();
}

// ---- Thruster keys

bool SceneView::fireThrusters(int key, bool on) {
  const std::optional<FireThrusters> thrust = thrusterKeyFor(key, on);
  if (!thrust || !mSession->hasScene() || mSession->history().empty()) return false;
  // Whether the simulation has that set: the newest record's structure says, without
  // asking the worker thread.
  const auto& structure = mSession->history().back().state.structure;
  if (!structure || thrust->set >= thrusterSetCount(*structure)) return false;
  // Switching on from a past record would drop the records after it; switching off
  // always goes through, so a thruster never stays on.
  if (on && !mSession->atLatest()) return false;
  mSession->apply(*thrust);
  return true;
}

void SceneView::keyPressEvent(QKeyEvent* event) {
  const int key = event->key();
  if (event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
    return QWidget::keyPressEvent(event);
  if (event->isAutoRepeat()) {
    // Held down: already firing.
    if (mThrusterKeys.contains(key)) return event->accept();
    return QWidget::keyPressEvent(event);
  }
  if (!mThrusterKeys.contains(key) && fireThrusters(key, true)) {
    mThrusterKeys.insert(key);
    event->accept();
    return;
  }
  QWidget::keyPressEvent(event);
}

void SceneView::keyReleaseEvent(QKeyEvent* event) {
  const int key = event->key();
  if (!mThrusterKeys.contains(key)) return QWidget::keyReleaseEvent(event);
  event->accept();
  if (event->isAutoRepeat()) return;
  mThrusterKeys.remove(key);
  fireThrusters(key, false);
}

void SceneView::focusOutEvent(QFocusEvent* event) {
  // The release of a key held while focus moves goes elsewhere: let go now.
  const QSet<int> held = mThrusterKeys;
  mThrusterKeys.clear();
  for (int key : held) fireThrusters(key, false);
  QWidget::focusOutEvent(event);
}

void SceneView::wheelEvent(QWheelEvent* event) {
  const int delta = event->angleDelta().y();
  if (delta == 0) return QWidget::wheelEvent(event);
  zoomAt(event->position(), std::pow(kWheelZoomBase, delta));
  event->accept();
}

}  // namespace cl::widgets
