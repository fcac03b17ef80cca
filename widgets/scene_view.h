#pragma once
// SceneView: draws the session's bodies in world coordinates (y up) from the
// latest snapshot, with pan (drag) and zoom (wheel, about the cursor), and over
// them what acts between the bodies (scene_overlay.h): springs, connectors,
// thrusters, contact points and, unless switched off, contact forces.
#include <QColor>
#include <QPainterPath>
#include <QPoint>
#include <QTransform>
#include <QWidget>

#include "engine/math/vec2.h"

class QAction;
class QPainter;

namespace cl::widgets {

class Session;

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

  // Whether contact and joint forces are drawn (default on). The checkable
  // action is in the view's context menu; a window may add it to a menu too.
  bool showContactForces() const { return mShowContactForces; }
  QAction* showContactForcesAction() const { return mShowContactForcesAction; }

  QSize sizeHint() const override { return {800, 600}; }

 public slots:
  // Shows every body, connector and spring with a margin, and the discs that
  // bodies hanging from fixed points can swing through; the view keeps fitting
  // on resize until the user pans or zooms.
  void fitToScene();
  void zoomBy(double factor);  // about the widget's centre
  void zoomAt(QPointF screen, double factor);
  void panBy(QPointF pixels);
  void setShowContactForces(bool on);

 signals:
  void viewChanged();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;

 private:
  void drawGrid(QPainter& painter) const;
  void drawBodies(QPainter& painter) const;
  void drawOverlay(QPainter& painter) const;
  void drawMarkersAndLabels(QPainter& painter) const;
  void drawCaption(QPainter& painter) const;
  void setView(Vec2 center, double scale);

  Session* mSession;
  Vec2 mCenter;          // world point at the widget's centre
  double mScale = 40.0;  // pixels per world unit
  bool mAutoFit = true;
  bool mDragging = false;
  QPoint mLastMouse;
  bool mShowContactForces = true;
  QAction* mShowContactForcesAction = nullptr;
};

}  // namespace cl::widgets
