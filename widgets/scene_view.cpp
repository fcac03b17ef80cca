#include "widgets/scene_view.h"

#include <QAction>
#include <QCoreApplication>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QTimer>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <variant>

#include "engine/math/nice_step.h"
#include "engine/trace/step_trace.h"
#include "widgets/count_text.h"
#include "widgets/halo_text.h"
#include "widgets/scene_overlay.h"
#include "widgets/session.h"

namespace cl::widgets {

namespace {

constexpr double kMinForceScale = 1.0 / 64;
constexpr double kMaxForceScale = 64.0;
constexpr double kMinScale = 1e-3;
constexpr double kMaxScale = 1e6;
constexpr double kFitFill = 0.92;  // share of the widget the fitted scene covers
// More grid lines than this across the view means the step is meaningless there.
constexpr double kMaxGridLines = 2000;

const QColor kBackground(0xfb, 0xfb, 0xf8);
const QColor kGrid(0xea, 0xea, 0xe6);
const QColor kAxis(0xd2, 0xd2, 0xcc);
const QColor kFixedFill(0xc4, 0xc4, 0xc4);
const QColor kFixedOutline(0x70, 0x70, 0x70);
// A wall's special edge, the face through which alone it collides.
const QColor kSpecialEdge(0x2b, 0x6c, 0xb0);
const QColor kLabel(0x1e, 0x1e, 0x1e);
const QColor kFixedLabel(0x50, 0x50, 0x50);

// Tableau's categorical palette without its grey, which would read as fixed.
const std::array<QColor, 9> kPalette = {
    QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f),
    QColor(0xe1, 0x57, 0x59), QColor(0x76, 0xb7, 0xb2), QColor(0xed, 0xc9, 0x48),
    QColor(0xb0, 0x7a, 0xa1), QColor(0xff, 0x9d, 0xa7), QColor(0x9c, 0x75, 0x5f)};

QPointF qt(Vec2 v) {
  return {v.x, v.y};
}

double degrees(double radians) {
  return radians * 180.0 / std::numbers::pi;
}

bool isFinite(Vec2 v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}

// Calls draw(k * step) for every whole k with k * step in [from, to]. Loops over
// k rather than adding step to a coordinate, which never reaches `to` where step
// is below the spacing of doubles; does nothing when the range is not finite
// or would take more than kMaxGridLines lines.
template <typename Draw>
void forEachMultiple(double from, double to, double step, Draw draw) {
  const double first = std::ceil(from / step), last = std::floor(to / step);
  if (!std::isfinite(first) || !std::isfinite(last) || !(last - first < kMaxGridLines)) return;
  const int count = static_cast<int>(last - first) + 1;  // <= 0 when the range holds none
  for (int i = 0; i < count; ++i) draw((first + i) * step);
}

// The outline of a body at `state` in world coordinates relative to `origin`
// (the view's centre, so that a body far from the world origin keeps every
// digit its coordinates have); every path goes into one QPainterPath so that
// odd-even filling leaves holes empty.
QPainterPath worldPath(const Polygon& body, const BodyState& state, Vec2 origin) {
  QPainterPath out;
  out.setFillRule(Qt::OddEvenFill);
  for (const Path& path : body.paths()) {
    if (path.edges.empty()) continue;
    out.moveTo(qt(body.bodyToWorld(state, edgeStart(path.edges.front())) - origin));
    for (const Edge& edge : path.edges) {
      if (const auto* line = std::get_if<StraightEdge>(&edge)) {
        out.lineTo(qt(body.bodyToWorld(state, line->end) - origin));
        continue;
      }
      const auto& arc = std::get<CircularEdge>(edge);
      const Vec2 c = body.bodyToWorld(state, arc.center) - origin;
      const double r = arc.radius();
      // QPainterPath::arcTo puts angle a at (cx + r cos a, cy - r sin a): with
      // y pointing up in these coordinates, world angle theta is a = -theta.
      out.arcTo(QRectF(c.x - r, c.y - r, 2 * r, 2 * r), -degrees(arc.startAngle() + state.angle),
                -degrees(arc.sweep()));
    }
    out.closeSubpath();
  }
  return out;
}

// Grows `box` to hold the ends of every connector and spring and, for each body
// that hangs from a fixed point through a chain of joints, rods or ropes, the
// disc it can swing through, so that a fitted view keeps a pendulum in sight
// however it swings. A body's disc is centred on the fixed point; its radius
// is that of the body it hangs from, plus the link (a rope's or rod's length,
// the gap of a joint), plus the body's reach from its attach point.
void extendByReach(Bounds& box, const std::vector<Polygon>& bodies,
                   const std::vector<BodyState>& states, const SimSnapshot& snapshot) {
  const int n = static_cast<int>(bodies.size());
  for (const ConnectorMark& c : snapshot.connectors) {
    box.extend(c.point1);
    box.extend(c.point2);
  }
  for (const SpringMark& s : snapshot.springs) {
    box.extend(s.point1);
    box.extend(s.point2);
  }
  const auto valid = [n](int b) { return b >= 0 && b < n; };
  const auto anchored = [&](int b) { return isScrim(b) || (valid(b) && bodies[b].isFixed()); };
  // Each body's world bounds with its attach points, which may lie off its shape.
  std::vector<Bounds> extent(bodies.size());
  for (int b = 0; b < n; ++b) extent[b] = bodies[b].worldBounds(states[b]);
  for (const ConnectorMark& c : snapshot.connectors) {
    if (valid(c.body1)) extent[c.body1].extend(c.point1);
    if (valid(c.body2)) extent[c.body2].extend(c.point2);
  }
  const auto farthest = [&](int b, Vec2 from) {
    const Bounds& e = extent[b];
    return std::max({distance(from, {e.left, e.bottom}), distance(from, {e.left, e.top}),
                     distance(from, {e.right, e.bottom}), distance(from, {e.right, e.top})});
  };
  struct Disc {
    Vec2 center;
    double radius = -1;  // < 0: the body does not hang from a fixed point
  };
  std::vector<Disc> reach(bodies.size());
  // A chain of k links needs k passes.
  for (std::size_t pass = 0; pass <= snapshot.connectors.size(); ++pass) {
    bool grew = false;
    for (const ConnectorMark& c : snapshot.connectors) {
      const double link = c.kind == ConnectorMarkKind::kJoint
                              ? distance(c.point1, c.point2)
                              : std::max(c.length, distance(c.point1, c.point2));
      for (const bool forward : {true, false}) {
        const int from = forward ? c.body1 : c.body2, to = forward ? c.body2 : c.body1;
        const Vec2 pFrom = forward ? c.point1 : c.point2, pTo = forward ? c.point2 : c.point1;
        if (!valid(to) || anchored(to) || reach[to].radius >= 0) continue;
        Disc anchor;
        if (anchored(from))
          anchor = {pFrom, 0.0};
        else if (valid(from) && reach[from].radius >= 0)
          anchor = reach[from];
        else
          continue;
        reach[to] = {anchor.center, anchor.radius + link + farthest(to, pTo)};
        grew = true;
      }
    }
    if (!grew) break;
  }
  for (const Disc& d : reach) {
    if (!(d.radius >= 0) || !std::isfinite(d.radius)) continue;
    box.extend(d.center - Vec2{d.radius, d.radius});
    box.extend(d.center + Vec2{d.radius, d.radius});
  }
}

}  // namespace

SceneView::SceneView(Session* session, QWidget* parent) : QWidget(parent), mSession(session) {
  setObjectName(QStringLiteral("sceneView"));
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(false);
  setMinimumSize(200, 150);
  connect(mSession, &Session::sceneLoaded, this, [this] {
    // A new simulation has neither the mouse spring nor the thrusters switched on.
    mSpringBody = -1;
    mSpringThrottle->stop();
    mThrusterKeys.clear();
    unsetCursor();
    mAutoFit = true;
    fitToSceneView();
  });
  connect(mSession, &Session::stepped, this, qOverload<>(&QWidget::update));
  connect(mSession, &Session::currentChanged, this, qOverload<>(&QWidget::update));
  connect(mSession, &Session::selectionChanged, this, qOverload<>(&QWidget::update));
  connect(mSession, &Session::comparisonChanged, this, qOverload<>(&QWidget::update));

  mSpringThrottle = new QTimer(this);
  mSpringThrottle->setSingleShot(true);
  mSpringThrottle->setInterval(Session::kFrameIntervalMs);
  connect(mSpringThrottle, &QTimer::timeout, this, [this] {
    if (mSpringBody >= 0 && !(mSpringTarget == mSpringSent)) sendSpringTarget();
  });

  for (const SceneLayerSpec& spec : kSceneLayers) {
    auto* action = new QAction(QCoreApplication::translate("SceneView", spec.text), this);
    action->setObjectName(QString::fromLatin1(spec.name));
    action->setCheckable(true);
    action->setChecked(spec.shown);
    QString tip = QCoreApplication::translate("SceneView", spec.tip);
    if (spec.layer == SceneLayer::kVelocities) tip = tip.arg(kVelocitySeconds);
    action->setToolTip(tip);
    connect(action, &QAction::toggled, this, qOverload<>(&QWidget::update));
    mLayers[static_cast<std::size_t>(spec.layer)] = action;
  }

  mLargerForcesAction = new QAction(tr("&Longer force arrows"), this);
  mLargerForcesAction->setObjectName(QStringLiteral("largerForcesAction"));
  mLargerForcesAction->setToolTip(tr("Draw force and impulse arrows 1.5 times longer"));
  connect(mLargerForcesAction, &QAction::triggered, this,
          [this] { setForceScale(mForceScale * 1.5); });
  mSmallerForcesAction = new QAction(tr("&Shorter force arrows"), this);
  mSmallerForcesAction->setObjectName(QStringLiteral("smallerForcesAction"));
  mSmallerForcesAction->setToolTip(tr("Draw force and impulse arrows 1.5 times shorter"));
  connect(mSmallerForcesAction, &QAction::triggered, this,
          [this] { setForceScale(mForceScale / 1.5); });
  mResetForceScaleAction = new QAction(tr("&Default force arrows"), this);
  mResetForceScaleAction->setObjectName(QStringLiteral("resetForceScaleAction"));
  mResetForceScaleAction->setToolTip(
      tr("Draw a force of m g (the heaviest body's weight) as long as a typical body"));
  connect(mResetForceScaleAction, &QAction::triggered, this, [this] { setForceScale(1.0); });
  for (int i = 0; i < 2; ++i) {
    auto* separator = new QAction(this);
    separator->setSeparator(true);
    mSeparators << separator;
  }
  addActions(viewActions());
  setContextMenuPolicy(Qt::ActionsContextMenu);
}

QList<QAction*> SceneView::viewActions() const {
  QList<QAction*> actions(mLayers.begin(), mLayers.end());
  actions << mSeparators.value(0) << mLargerForcesAction << mSmallerForcesAction
          << mResetForceScaleAction;
  return actions;
}

bool SceneView::shows(SceneLayer layer) const {
  return layerAction(layer)->isChecked();
}

void SceneView::setShown(SceneLayer layer, bool on) {
  layerAction(layer)->setChecked(on);  // toggled: repainted
}

void SceneView::setForceScale(double factor) {
  if (!std::isfinite(factor) || !(factor > 0)) return;
  factor = std::clamp(factor, kMinForceScale, kMaxForceScale);
  mLargerForcesAction->setEnabled(factor < kMaxForceScale);
  mSmallerForcesAction->setEnabled(factor > kMinForceScale);
  if (factor == mForceScale) return;
  mForceScale = factor;
  update();
}

// ---- What the selection shows

const Waypoint* SceneView::ghostWaypoint() const {
  // Index first: asking the Session for the data of no selection would make it
  // re-derive a dropped trace for nothing.
  if (!shows(SceneLayer::kGhosts) || mSession->selectedWaypoint() < 0) return nullptr;
  return mSession->selectedWaypointData();
}

const SolveTrace* SceneView::selectedSolve() const {
  return mSession->selectedSolve() < 0 ? nullptr : mSession->selectedSolveTrace();
}

int SceneView::ghostCount() const {
  const Waypoint* w = ghostWaypoint();
  if (!w) return 0;
  return static_cast<int>(std::min(w->vars.size() / kVarsPerBody, mSession->bodies().size()));
}

BodyState SceneView::ghostState(int body) const {
  if (body < 0 || body >= ghostCount()) return {};
  return BodyState::fromVars(ghostWaypoint()->vars, body);
}

std::vector<BodyState> SceneView::secondRunStates() const {
  const AdvanceRun* run = mSession->comparison();
  const StepRecord* record = mSession->current();
  if (!run || !record || !shows(SceneLayer::kGhosts)) return {};
  // Step k's bodies are the run's positions[k - 1]; step 0 is the scene as loaded.
  const long long k = record->step;
  if (k < 1 || k > static_cast<long long>(run->positions.size())) return {};
  const std::vector<double>& p = run->positions[static_cast<std::size_t>(k - 1)];
  std::vector<BodyState> states;
  for (std::size_t i = 0; i + 2 < p.size(); i += 3) {
    BodyState s;
    s.x = p[i];
    s.y = p[i + 1];
    s.angle = p[i + 2];
    states.push_back(s);
  }
  return states;
}

QString SceneView::ghostLabel() const {
  const Waypoint* w = ghostWaypoint();
  if (!w || ghostCount() == 0) return {};
  return tr("ghost: %1 at t = %2 (waypoint %3)")
      .arg(QString::fromLatin1(wayPointName(w->point)))
      .arg(w->time, 0, 'g', 10)
      .arg(mSession->selectedWaypoint() + 1);
}

int SceneView::highlightedContact() const {
  const int row = mSession->selectedContact();
  if (row < 0) return -1;
  const SolveTrace* solve = selectedSolve();
  return solve && row < static_cast<int>(solve->context.contacts.size()) ? row : -1;
}

QTransform SceneView::worldToScreen() const {
  QTransform t;
  t.translate(width() / 2.0, height() / 2.0);
  t.scale(mScale, -mScale);
  t.translate(-mCenter.x, -mCenter.y);
  return t;
}

QTransform SceneView::centeredToScreen() const {
  QTransform t;
  t.translate(width() / 2.0, height() / 2.0);
  t.scale(mScale, -mScale);
  return t;
}

QPointF SceneView::toScreen(Vec2 world) const {
  // Subtracting the centre first keeps the digits that mapping through
  // worldToScreen() loses far from the origin (scale * x then + offset).
  return centeredToScreen().map(qt(world - mCenter));
}

Vec2 SceneView::toWorld(QPointF screen) const {
  return {mCenter.x + (screen.x() - width() / 2.0) / mScale,
          mCenter.y - (screen.y() - height() / 2.0) / mScale};
}

QColor SceneView::fillColor(int index) const {
  const auto& bodies = mSession->bodies();
  if (index < 0 || index >= static_cast<int>(bodies.size())) return {};
  if (bodies[index].isFixed()) return kFixedFill;
  const auto movableBefore = std::count_if(bodies.begin(), bodies.begin() + index,
                                           [](const Polygon& b) { return !b.isFixed(); });
  return kPalette[movableBefore % kPalette.size()];
}

QPainterPath SceneView::screenOutline(int index) const {
  const auto& bodies = mSession->bodies();
  const auto& states = mSession->snapshot().states;
  if (index < 0 || index >= static_cast<int>(bodies.size()) || states.size() != bodies.size())
    return {};
  return centeredToScreen().map(worldPath(bodies[index], states[index], mCenter));
}

SceneView::BodyMarks SceneView::bodyMarks(int index, const BodyState& state) const {
  const Polygon& body = mSession->bodies()[static_cast<std::size_t>(index)];
  const Bounds b = body.worldBounds(state);
  BodyMarks marks;
  marks.box = QRectF(toScreen({b.left, b.top}), toScreen({b.right, b.bottom})).normalized();
  marks.outlineWidth =
      std::min(marks.box.width(), marks.box.height()) >= kThickOutlineFrom ? 1.5 : 1.0;
  // An arm shorter than the distance from the centre of mass to the nearest edge stays inside
  // a convex body whatever its direction; 0.8 of it leaves a gap before the outline. Arms
  // under a pixel and a half would be a dot: none.
  marks.crossHalf = std::min(kCrossHalf, 0.8 * body.minHeight() * mScale);
  if (!(marks.crossHalf >= 1.5)) marks.crossHalf = 0;
  return marks;
}

void SceneView::setView(Vec2 center, double scale) {
  // A view that cannot be computed (bounds or a pan beyond the range of a
  // double) keeps the previous one.
  if (!isFinite(center) || !std::isfinite(scale)) return;
  mCenter = center;
  mScale = std::clamp(scale, kMinScale, kMaxScale);
  update();
  emit viewChanged();
}

void SceneView::fitToScene() {
  fitBodies(false);
}

void SceneView::fitToMoving() {
  fitBodies(true);
}

void SceneView::fitToSceneView() {
  const std::optional<ViewDoc>& view = mSession->sceneDoc().view;
  if (!view) return fitToScene();
  mAutoFit = true;
  mFitSceneView = true;
  fitBox({view->min.x, view->max.x, view->min.y, view->max.y});
}

void SceneView::fitBox(const Bounds& box) {
  if (width() <= 0 || height() <= 0) return update();
  // A zero-size box (a point) gets the closest zoom, a box wider than a double
  // can say (width infinite) the widest; halves before adding so that the
  // centre of a huge box stays finite.
  const double w = std::max(box.width(), 1e-6);
  const double h = std::max(box.height(), 1e-6);
  const double scale = kFitFill * std::min(width() / w, height() / h);
  setView({box.left / 2 + box.right / 2, box.bottom / 2 + box.top / 2}, scale);
}

void SceneView::fitBodies(bool movingOnly) {
  const auto& bodies = mSession->bodies();
  const auto& states = mSession->snapshot().states;
  if (bodies.empty() || states.size() != bodies.size() || width() <= 0 || height() <= 0) {
    update();
    return;
  }
  // Without a movable body there is nothing else to fit: every body then.
  const bool anyMoving =
      std::any_of(bodies.begin(), bodies.end(), [](const Polygon& b) { return !b.isFixed(); });
  movingOnly = movingOnly && anyMoving;
  std::optional<Bounds> box;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (movingOnly && bodies[i].isFixed()) continue;
    const Bounds b = bodies[i].worldBounds(states[i]);
    if (!box) {
      box = b;
      continue;
    }
    box->extend({b.left, b.bottom});
    box->extend({b.right, b.top});
  }
  extendByReach(*box, bodies, states, mSession->snapshot());
  fitBox(*box);
  // On resize the view fits again the way it was last fitted.
  mFitMoving = movingOnly;
  mFitSceneView = false;
}

void SceneView::zoomBy(double factor) {
  zoomAt(QPointF(width() / 2.0, height() / 2.0), factor);
}

void SceneView::zoomAt(QPointF screen, double factor) {
  mAutoFit = false;
  // Keep the world point under `screen` where it is.
  const Vec2 anchor = toWorld(screen);
  const double scale = std::clamp(mScale * factor, kMinScale, kMaxScale);
  setView({anchor.x - (screen.x() - width() / 2.0) / scale,
           anchor.y + (screen.y() - height() / 2.0) / scale},
          scale);
}

void SceneView::panBy(QPointF pixels) {
  mAutoFit = false;
  setView({mCenter.x - pixels.x() / mScale, mCenter.y + pixels.y() / mScale}, mScale);
}

void SceneView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (mAutoFit && mFitSceneView)
    fitToSceneView();
  else if (mAutoFit)
    fitBodies(mFitMoving);
}

void SceneView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setRenderHint(QPainter::TextAntialiasing);
  painter.fillRect(rect(), kBackground);
  if (!mSession->hasScene() || mSession->bodies().empty()) {
    painter.setPen(kFixedLabel);
    painter.drawText(rect(), Qt::AlignCenter, tr("No scene loaded.\nOpen one with Ctrl+O."));
    return;
  }
  drawGrid(painter);
  // Each body's marks at the state shown, for its outline and then its cross and name.
  const auto& states = mSession->snapshot().states;
  std::vector<BodyMarks> marks;
  for (std::size_t i = 0; i < mSession->bodies().size() && i < states.size(); ++i)
    marks.push_back(bodyMarks(static_cast<int>(i), states[i]));
  drawBodies(painter, marks);
  // Under the contacts and their forces, which stay readable on the selected body.
  drawSelectedBody(painter);
  drawGhosts(painter);
  drawOverlay(painter);
  // The impulses layer and the caption's count share one pass over the step's waypoints.
  const std::vector<ImpulseMark> impulses = shownImpulses();
  drawLayers(painter, impulses);
  drawMarkersAndLabels(painter, marks);
  // The legends along the bottom edge go over the bodies' names.
  drawLegends(painter, !impulses.empty());
  drawCornerText(painter, impulses);
}

QString SceneView::impulseLine(const std::vector<ImpulseMark>& impulses) const {
  // Counted as the waypoints dock and the time series count them: collisions handled are the
  // step's StepStats; an impulse is a record given a non-zero impulse by an impulse solve,
  // which includes every touching contact of the solve, so it can outnumber the collisions.
  long long applied = 0;
  for (const ImpulseMark& m : impulses) applied += m.count;
  const StepRecord* record = mSession->current();
  if (applied == 0 || !record) return {};
  return tr("this step: %1 handled, %2 at %3")
      .arg(countText(record->stats.collisions, tr("collision")), countText(applied, tr("impulse")),
           countText(static_cast<long long>(impulses.size()), tr("contact")));
}

QString SceneView::impulseCaption() const {
  return impulseLine(shownImpulses());
}

QStringList SceneView::keyLabels() const {
  QStringList out;
  for (ContactMode mode : contactModesPresent(mSession->snapshot().contacts))
    out << QString::fromLatin1(nameOf(mode));
  if (!shownImpulses().empty()) out << QString::fromLatin1(kImpulseKeyLabel);
  return out;
}

std::vector<ImpulseMark> SceneView::shownImpulses() const {
  // Only a trace at hand: re-deriving a dropped one re-runs the step.
  const StepRecord* record = mSession->current();
  if (!shows(SceneLayer::kImpulses) || !record || !record->trace) return {};
  return impulsesOf(*record->trace);
}

void SceneView::drawGrid(QPainter& painter) const {
  // Grid lines at least ~40 px apart, at 1, 2 or 5 times a power of ten.
  const double step = niceStep(40.0 / mScale);
  const Vec2 lo = toWorld(QPointF(0, height()));
  const Vec2 hi = toWorld(QPointF(width(), 0));
  if (!std::isfinite(step) || !isFinite(lo) || !isFinite(hi)) return;
  // Far from the origin doubles may be too coarse to place a line to the pixel
  // (1e15 has a spacing of 0.125): such a grid would mislead, so there is none.
  const double far = std::max({std::abs(lo.x), std::abs(hi.x), std::abs(lo.y), std::abs(hi.y)});
  if ((std::nextafter(far, std::numeric_limits<double>::infinity()) - far) * mScale > 1.0) return;
  painter.save();
  QPen pen(kGrid, 1.0);
  pen.setCosmetic(true);
  forEachMultiple(lo.x, hi.x, step, [&](double x) {
    pen.setColor(std::abs(x) < step / 2 ? kAxis : kGrid);
    painter.setPen(pen);
    const double sx = toScreen({x, 0}).x();
    painter.drawLine(QPointF(sx, 0), QPointF(sx, height()));
  });
  forEachMultiple(lo.y, hi.y, step, [&](double y) {
    pen.setColor(std::abs(y) < step / 2 ? kAxis : kGrid);
    painter.setPen(pen);
    const double sy = toScreen({0, y}).y();
    painter.drawLine(QPointF(0, sy), QPointF(width(), sy));
  });
  painter.restore();
}

void SceneView::drawBodies(QPainter& painter, const std::vector<BodyMarks>& marks) const {
  const auto& bodies = mSession->bodies();
  const auto& states = mSession->snapshot().states;
  // A body wholly outside the widget (zoomed in on part of a scene) is not drawn.
  const QRectF visible = QRectF(rect()).adjusted(-4, -4, 4, 4);
  painter.save();
  painter.setTransform(centeredToScreen());
  // Fixed bodies first so that moving ones are drawn over walls they overlap.
  for (bool fixedPass : {true, false}) {
    for (std::size_t i = 0; i < bodies.size() && i < states.size(); ++i) {
      if (bodies[i].isFixed() != fixedPass) continue;
      if (!marks[i].box.intersects(visible)) continue;
      const QColor fill = fillColor(static_cast<int>(i));
      QPen outline(fixedPass ? kFixedOutline : fill.darker(170), marks[i].outlineWidth);
      outline.setCosmetic(true);  // pixel width whatever the zoom
      outline.setJoinStyle(Qt::RoundJoin);
      painter.setPen(outline);
      painter.setBrush(fill);
      painter.drawPath(worldPath(bodies[i], states[i], mCenter));
      if (const auto special = bodies[i].specialEdge()) {
        // The face a special-edge wall collides through, drawn over its outline.
        const auto& face = std::get<StraightEdge>(bodies[i].paths().front().edges[*special]);
        QPen pen(kSpecialEdge, 3.5);
        pen.setCosmetic(true);
        pen.setCapStyle(Qt::FlatCap);
        painter.setPen(pen);
        painter.drawLine(qt(bodies[i].bodyToWorld(states[i], face.start) - mCenter),
                         qt(bodies[i].bodyToWorld(states[i], face.end) - mCenter));
      }
    }
  }
  painter.restore();
}

ForceScale SceneView::arrowScale() const {
  ForceScale scale = forceScaleOf(mSession->snapshot(), mSession->bodies());
  scale.referenceLength *= mForceScale;
  return scale;
}

void SceneView::drawOverlay(QPainter& painter) const {
  const SimSnapshot& snapshot = mSession->snapshot();
  const ScreenMap map{centeredToScreen(), mCenter, mScale};
  const ForceScale scale = arrowScale();
  painter.save();
  drawSprings(painter, map, snapshot.springs);
  drawConnectors(painter, map, snapshot.connectors, scale, shows(SceneLayer::kContactForces));
  drawThrusters(painter, map, snapshot.thrusters, scale);
  drawContacts(painter, map, snapshot.contacts, mSession->bodies(), snapshot.states, scale,
               shows(SceneLayer::kContactForces));
  painter.restore();
}

void SceneView::drawLegends(QPainter& painter, bool impulses) const {
  const SimSnapshot& snapshot = mSession->snapshot();
  const bool anyForce =
      !snapshot.contacts.empty() ||
      std::any_of(snapshot.connectors.begin(), snapshot.connectors.end(),
                  [](const ConnectorMark& c) { return c.kind == ConnectorMarkKind::kJoint; });
  painter.save();
  if (shows(SceneLayer::kContactForces) && anyForce)
    drawForceScaleBar(painter, rect(), font(), {centeredToScreen(), mCenter, mScale}, arrowScale());
  drawContactModeKey(painter, rect(), font(), snapshot.contacts, impulses);
  painter.restore();
}

void SceneView::drawMarkersAndLabels(QPainter& painter,
                                     const std::vector<BodyMarks>& allMarks) const {
  const auto& bodies = mSession->bodies();
  const auto& states = mSession->snapshot().states;
  QFont labelFont = font();
  labelFont.setPointSizeF(labelFont.pointSizeF() * 1.1);
  const QFontMetricsF metrics(labelFont);
  for (std::size_t i = 0; i < bodies.size() && i < states.size(); ++i) {
    const bool fixed = bodies[i].isFixed();
    // states[i] holds the centre of mass in world coordinates.
    const QPointF cm = toScreen(states[i].position());
    const BodyMarks& marks = allMarks[i];
    if (!fixed && marks.crossHalf > 0) {
      const double h = marks.crossHalf;
      painter.setPen(QPen(fillColor(static_cast<int>(i)).darker(250), marks.outlineWidth));
      painter.drawLine(cm - QPointF(h, 0), cm + QPointF(h, 0));
      painter.drawLine(cm - QPointF(0, h), cm + QPointF(0, h));
    }
    // The name sits just above the centre of mass, white-haloed so it reads
    // over any fill or grid.
    const QString name = QString::fromStdString(bodies[i].name());
    const double nameWidth = metrics.horizontalAdvance(name);
    // A fixed body too narrow for its name but tall (a side wall) gets the name
    // written along its length instead of spilling over its edges.
    const double widthPx = marks.box.width();
    const double heightPx = marks.box.height();
    const bool vertical = fixed && widthPx < nameWidth && heightPx > widthPx;
    // A moving body smaller on screen than its name (a pile seen whole) is not labelled:
    // the names would only cover one another. Zooming in brings them back.
    if (!fixed && std::max(widthPx, heightPx) < nameWidth) continue;
    const double baseline = fixed ? cm.y() + metrics.ascent() / 2 - metrics.descent() / 2
                                  : cm.y() - marks.crossHalf - 3.0;
    painter.save();
    if (vertical) {
      painter.translate(cm);
      painter.rotate(-90);
      painter.translate(-cm);
    }
    drawHaloText(painter, QPointF(cm.x() - nameWidth / 2, baseline), labelFont, name,
                 fixed ? kFixedLabel : kLabel);
    painter.restore();
  }
}

QString SceneView::captionText() const {
  const QString file = QFileInfo(mSession->scenePath()).fileName();
  QString caption = mSession->title();
  if (!file.isEmpty()) caption += caption.isEmpty() ? file : QStringLiteral("   (%1)").arg(file);
  return caption;
}

QFont SceneView::captionFont() const {
  QFont captionFont = font();
  captionFont.setPointSizeF(captionFont.pointSizeF() * 1.15);
  captionFont.setBold(true);
  return captionFont;
}

void SceneView::drawGhosts(QPainter& painter) const {
  std::vector<BodyState> waypoint;
  for (int i = 0; i < ghostCount(); ++i) waypoint.push_back(ghostState(i));
  drawGhostBodies(painter, waypoint, QColor::fromRgba(overlay_colors::kGhost));
  drawGhostBodies(painter, secondRunStates(), QColor::fromRgba(overlay_colors::kSecondRun));
}

void SceneView::drawGhostBodies(QPainter& painter, const std::vector<BodyState>& states,
                                QColor color) const {
  if (states.empty()) return;
  const auto& bodies = mSession->bodies();
  QColor fill = color;
  fill.setAlpha(56);
  // A small back-up puts the ghost almost on the body: its dashes go over a white band, so they
  // read against the body's own outline and fill.
  QPen band(QColor(255, 255, 255, 220), 4.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
  band.setCosmetic(true);
  QPen outline(color, 2.0, Qt::DashLine, Qt::RoundCap, Qt::RoundJoin);
  outline.setCosmetic(true);
  painter.save();
  const std::size_t count = std::min(states.size(), bodies.size());
  for (std::size_t i = 0; i < count; ++i) {
    // A fixed body's ghost would lie on the body itself.
    if (bodies[i].isFixed()) continue;
    const BodyState& state = states[i];
    painter.setTransform(centeredToScreen());
    const QPainterPath path = worldPath(bodies[i], state, mCenter);
    painter.setPen(band);
    painter.setBrush(fill);
    painter.drawPath(path);
    painter.setPen(outline);
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(path);
    painter.resetTransform();
    const QPointF cm = toScreen(state.position());
    if (const double h = bodyMarks(static_cast<int>(i), state).crossHalf; h > 0) {
      painter.setPen(QPen(color, 1.2));
      painter.drawLine(cm - QPointF(h, 0), cm + QPointF(h, 0));
      painter.drawLine(cm - QPointF(0, h), cm + QPointF(0, h));
    }
  }
  painter.restore();
}

void SceneView::drawSelectedBody(QPainter& painter) const {
  // The body the inspector shows, outlined in the selection colour over a dark rim.
  const int body = mSession->selectedBody();
  if (body < 0 || body >= static_cast<int>(mSession->bodies().size()) ||
      mSession->snapshot().states.size() != mSession->bodies().size())
    return;
  const QPainterPath outline = screenOutline(body);
  painter.save();
  painter.setBrush(Qt::NoBrush);
  painter.setPen(QPen(QColor(0x40, 0x30, 0x00), 5.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
  painter.drawPath(outline);
  painter.setPen(QPen(QColor::fromRgba(overlay_colors::kSelection), 3.0, Qt::SolidLine,
                      Qt::RoundCap, Qt::RoundJoin));
  painter.drawPath(outline);
  painter.restore();
}

void SceneView::drawLayers(QPainter& painter, const std::vector<ImpulseMark>& impulses) const {
  const SimSnapshot& snapshot = mSession->snapshot();
  const auto& bodies = mSession->bodies();
  const ScreenMap map{centeredToScreen(), mCenter, mScale};
  painter.save();
  if (shows(SceneLayer::kBoundingBoxes)) drawBoundingBoxes(painter, map, bodies, snapshot.states);
  if (shows(SceneLayer::kVelocities)) drawVelocities(painter, map, bodies, snapshot.states);
  if (shows(SceneLayer::kNormals)) drawNormals(painter, map, snapshot.contacts);
  if (!impulses.empty()) drawImpulses(painter, map, impulses, arrowScale());
  if (const Waypoint* w = ghostWaypoint(); w && ghostCount() > 0)
    drawWaypointCollisions(painter, map, w->collisions);
  if (const int row = highlightedContact(); row >= 0) {
    const SolveContact& c = selectedSolve()->context.contacts[static_cast<std::size_t>(row)];
    drawSelectedContact(painter, map, c.point, c.normal);
  }
  if (mSpringBody >= 0 && mSpringBody < static_cast<int>(bodies.size()) &&
      snapshot.states.size() == bodies.size()) {
    const auto b = static_cast<std::size_t>(mSpringBody);
    drawMouseSpring(painter, map, bodies[b].bodyToWorld(snapshot.states[b], mSpringAttach),
                    mSpringTarget);
  }
  painter.restore();
}

void SceneView::drawCornerText(QPainter& painter, const std::vector<ImpulseMark>& impulses) const {
  // Top left: the scene's title and file, so a screenshot says what it shows; under it the
  // clock and what the coloured marks stand for. On a light panel, so they read over any
  // body when zoomed in (and plain text draws from the glyph cache: outlined text paths took
  // 9 ms a frame).
  struct Line {
    QString text;
    QFont font;
    QColor color;
  };
  std::vector<Line> lines;
  if (const QString caption = captionText(); !caption.isEmpty())
    lines.push_back({caption, captionFont(), kFixedLabel});
  const SimSnapshot& snapshot = mSession->snapshot();
  if (shows(SceneLayer::kClock))
    lines.push_back({tr("t = %1 s   step %2").arg(snapshot.time, 0, 'f', 4).arg(snapshot.steps),
                     font(), kLabel});
  if (const QString ghost = ghostLabel(); !ghost.isEmpty())
    lines.push_back({ghost, font(), QColor::fromRgba(overlay_colors::kGhost)});
  if (!secondRunStates().empty())
    lines.push_back({tr("dashed orange: the scene run with %1, at step %2")
                         .arg(QString::fromLatin1(nameOf(mSession->comparison()->kind)))
                         .arg(mSession->current()->step),
                     font(), QColor::fromRgba(overlay_colors::kSecondRun)});
  if (const QString line = impulseLine(impulses); !line.isEmpty())
    lines.push_back({line, font(), QColor::fromRgba(overlay_colors::kImpulse)});
  if (lines.empty()) return;
  constexpr double kMargin = 6.0, kPad = 4.0, kGap = 2.0;
  double width = 0, height = -kGap;
  for (const Line& l : lines) {
    const QFontMetricsF m(l.font);
    width = std::max(width, m.horizontalAdvance(l.text));
    height += m.height() + kGap;
  }
  painter.save();
  painter.setPen(Qt::NoPen);
  painter.setBrush(QColor(255, 255, 255, 215));
  painter.drawRoundedRect(QRectF(kMargin, kMargin, width + 2 * kPad, height + 2 * kPad), 4, 4);
  double y = kMargin + kPad;
  for (const Line& l : lines) {
    const QFontMetricsF m(l.font);
    painter.setFont(l.font);
    painter.setPen(l.color);
    painter.drawText(QPointF(kMargin + kPad, y + m.ascent()), l.text);
    y += m.height() + kGap;
  }
  painter.restore();
}

}  // namespace cl::widgets
