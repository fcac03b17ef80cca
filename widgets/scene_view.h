#pragma once
// SceneView: draws the session's bodies in world coordinates (y up) from the
// latest snapshot, with pan (drag) and zoom (wheel, about the cursor), and over
// them what acts between the bodies (scene_overlay.h): springs, connectors,
// thrusters, contact points and, unless switched off, contact forces. Optional
// layers add normals, collision impulses, velocities, bounding boxes and a clock;
// the selected waypoint's bodies are drawn as ghosts and the selected contact is
// ringed. The mouse and keyboard act on the simulation as in myPhysicsLab: a drag
// on a movable body pulls it with a spring, S D F E and J K L I fire thrusters
// (scene_view_input.cpp).
#include <QColor>
#include <QFont>
#include <QList>
#include <QPainterPath>
#include <QPoint>
#include <QRectF>
#include <QSet>
#include <QTransform>
#include <QWidget>
#include <array>
#include <vector>

#include "engine/body/body_state.h"
#include "engine/math/vec2.h"
#include "widgets/scene_layer.h"

class QAction;
class QPainter;
class QTimer;

namespace cl {
struct Bounds;
struct SolveTrace;
struct Waypoint;
}  // namespace cl

namespace cl::widgets {

class Session;
struct ForceScale;
struct ImpulseMark;

class SceneView : public QWidget {
  Q_OBJECT

 public:
  explicit SceneView(Session* session, QWidget* parent = nullptr);

  // World to widget pixels: screen = T (world), y flipped.
  QTransform worldToScreen() const;
  // The same for points given relative to center(): what drawing uses, since
  // it keeps its precision however far the scene is from the origin.
  QTransform centeredToScreen() const;
  QPointF toScreen(Vec2 world) const;
  Vec2 toWorld(QPointF screen) const;
  double pixelsPerUnit() const { return mScale; }
  Vec2 center() const { return mCenter; }

  // Fill colour of body `index`: grey when fixed, else one of a palette of
  // distinct colours in the order movable bodies appear.
  QColor fillColor(int index) const;
  // Outline of body `index` as drawn now, in widget pixels (for hit tests).
  QPainterPath screenOutline(int index) const;

  // How body `index` at `state` is drawn at the view's zoom. A body small on screen (a pile
  // seen whole: blocks of 10 to 20 px) gets a 1 px outline and a centre-of-mass cross that
  // stays inside it, so the pile reads as blocks, not as rows of crosses; and Qt draws a
  // 1 px outline with its line rasterizer, where a wider one goes through the general
  // stroker (200 blocks: 0.9 ms against 3.6 ms a frame).
  struct BodyMarks {
    QRectF box;               // the body's bounding box in widget pixels
    double outlineWidth = 0;  // pixels
    double crossHalf = 0;     // arm length, pixels: at most 0.8 of the centre of mass's
                              // distance to the nearest edge, and kCrossHalf; 0: no cross
  };
  static constexpr double kCrossHalf = 5.0;          // pixels, at full size
  static constexpr double kThickOutlineFrom = 30.0;  // pixels across, the smaller side of box
  BodyMarks bodyMarks(int index, const BodyState& state) const;

  // The optional layers (scene_layer.h: contact forces, normals, impulses, velocities,
  // bounding boxes, waypoint ghosts, the clock), each with a checkable action in the view's
  // context menu that a window may add to a menu too.
  bool shows(SceneLayer layer) const;
  void setShown(SceneLayer layer, bool on);
  QAction* layerAction(SceneLayer layer) const { return mLayers[static_cast<std::size_t>(layer)]; }
  // Longer or shorter force (and impulse) arrows, and back to the default length.
  QAction* largerForcesAction() const { return mLargerForcesAction; }
  QAction* smallerForcesAction() const { return mSmallerForcesAction; }
  QAction* resetForceScaleAction() const { return mResetForceScaleAction; }
  // Every action above in menu order, separators between groups.
  QList<QAction*> viewActions() const;

  // Multiplies the length of force and impulse arrows (1: the reference length of
  // scene_overlay.h's ForceScale); clamped to [1/64, 64].
  double forceScale() const { return mForceScale; }

  // Ghosts: bodies at the selected waypoint's state. 0 without a selected waypoint
  // (or with ghosts off); else one per body the waypoint's vars hold.
  int ghostCount() const;
  BodyState ghostState(int body) const;
  // "ghost: NAME at t = ..." while ghosts are drawn, empty otherwise.
  QString ghostLabel() const;
  // The bodies of the scene run another way (Session::comparison()) at the step shown, drawn
  // as orange ghosts; empty without one, with ghosts off, or past where that run got.
  std::vector<BodyState> secondRunStates() const;

  // What the scene says of the step shown, for tests and audits: the entries of the key at
  // the bottom left (the contact modes present, then the collision impulses' marker when
  // impulses are drawn) and the caption's line on the step's collisions (empty without
  // impulses drawn).
  QStringList keyLabels() const;
  QString impulseCaption() const;

  // The row of the selected solve that is ringed (the Session's selected contact),
  // -1 when none.
  int highlightedContact() const;
  // Row of the selected solve whose contact point lies within kContactPickPixels of
  // `screen`, the nearest; -1 when none.
  static constexpr double kContactPickPixels = 6.0;
  int contactAt(QPointF screen) const;
  // The movable body under `screen` (the one drawn on top), -1 when none.
  int movableBodyAt(QPointF screen) const;
  // Any body under `screen`: a movable one first, as drawn on top, else a fixed one.
  int bodyAt(QPointF screen) const;

  // The mouse spring while a body is dragged: its body (-1 when none), the point
  // grabbed (body coordinates) and the mouse (world).
  int mouseSpringBody() const { return mSpringBody; }
  Vec2 mouseSpringAttach() const { return mSpringAttach; }
  Vec2 mouseSpringTarget() const { return mSpringTarget; }

  QSize sizeHint() const override { return {800, 600}; }

 public slots:
  // Shows every body, connector and spring with a margin, and the discs that
  // bodies hanging from fixed points can swing through; the view keeps fitting
  // on resize until the user pans or zooms.
  void fitToScene();
  // The same for the movable bodies only (with the reach of those hanging from fixed
  // points): a pile rather than the pit around it. Every body when none moves.
  void fitToMoving();
  // The box the scene names as its first view ("view" in the scene file); fitToScene when
  // it names none. A scene load shows this.
  void fitToSceneView();
  void zoomBy(double factor);  // about the widget's centre
  void zoomAt(QPointF screen, double factor);
  void panBy(QPointF pixels);
  void setForceScale(double factor);

 signals:
  void viewChanged();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void keyReleaseEvent(QKeyEvent* event) override;
  void focusOutEvent(QFocusEvent* event) override;

 private:
  const Waypoint* ghostWaypoint() const;
  const SolveTrace* selectedSolve() const;
  QString captionText() const;
  QFont captionFont() const;
  void drawGhosts(QPainter& painter) const;
  void drawGhostBodies(QPainter& painter, const std::vector<BodyState>& states, QColor color) const;
  // The step's impulses when the impulses layer is on and the trace is held, else none.
  std::vector<ImpulseMark> shownImpulses() const;
  void drawLayers(QPainter& painter, const std::vector<ImpulseMark>& impulses) const;
  void drawSelectedBody(QPainter& painter) const;
  // The caption, the clock and the key to the ghosts and impulses, top left.
  void drawCornerText(QPainter& painter, const std::vector<ImpulseMark>& impulses) const;
  QString impulseLine(const std::vector<ImpulseMark>& impulses) const;
  // Mouse spring: press, move, release (SimEdits through Session::apply).
  void grabBody(int body, QPointF screen);
  void sendSpringTarget();
  void letGo();
  // Thrusters: a key held or let go.
  bool fireThrusters(int key, bool on);
  void drawGrid(QPainter& painter) const;
  // `marks`: bodyMarks of each body at the state shown, in the bodies' order.
  void drawBodies(QPainter& painter, const std::vector<BodyMarks>& marks) const;
  void drawOverlay(QPainter& painter) const;
  void drawLegends(QPainter& painter, bool impulses) const;
  // How long forces and impulses are drawn: the scene's scale times the view's factor.
  ForceScale arrowScale() const;
  void drawMarkersAndLabels(QPainter& painter, const std::vector<BodyMarks>& allMarks) const;
  void setView(Vec2 center, double scale);
  void fitBodies(bool movingOnly);
  // Centres `box` (world) in the widget, filling kFitFill of it.
  void fitBox(const Bounds& box);

  Session* mSession;
  Vec2 mCenter;          // world point at the widget's centre
  double mScale = 40.0;  // pixels per world unit
  bool mAutoFit = true;
  bool mFitMoving = false;     // the last fit was fitToMoving
  bool mFitSceneView = false;  // the last fit was fitToSceneView of a scene naming a view
  bool mDragging = false;
  QPoint mLastMouse;
  std::array<QAction*, kSceneLayerCount> mLayers{};
  QAction* mLargerForcesAction = nullptr;
  QAction* mSmallerForcesAction = nullptr;
  QAction* mResetForceScaleAction = nullptr;
  QList<QAction*> mSeparators;
  double mForceScale = 1.0;

  // Mouse spring.
  int mSpringBody = -1;
  // A movable body pressed on and not yet dragged (the spring attaches once it is), where.
  int mPressedBody = -1;
  QPointF mPressedAt;
  Vec2 mSpringAttach;                 // body coordinates
  Vec2 mSpringTarget;                 // world
  Vec2 mSpringSent;                   // the target the simulation has
  QTimer* mSpringThrottle = nullptr;  // at most one edit per frame while dragging
  // Thruster keys held (Qt::Key), so a lost focus lets go of them all.
  QSet<int> mThrusterKeys;
};

}  // namespace cl::widgets
