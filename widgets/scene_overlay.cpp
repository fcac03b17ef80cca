#include "widgets/scene_overlay.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>
#include <QRectF>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "widgets/halo_text.h"

namespace cl::widgets {

namespace {

const QColor kForce = QColor::fromRgba(overlay_colors::kForce);
const QColor kFriction = QColor::fromRgba(overlay_colors::kFriction);
const QColor kContactPoint = QColor::fromRgba(overlay_colors::kContactPoint);
const QColor kSticking = QColor::fromRgba(overlay_colors::kSticking);
const QColor kSliding = QColor::fromRgba(overlay_colors::kSliding);
const QColor kRod(0x3c, 0x3c, 0x3c);
const QColor kRopeTaut(0x5d, 0x40, 0x37);
const QColor kSlack(0xa0, 0xa0, 0xa0);
const QColor kJoint(0x2b, 0x2b, 0x2b);
const QColor kArrowRim(255, 255, 255, 230);  // under every arrow, as the dots have
const QColor kSpringStretched(0x2e, 0x7d, 0x32);
const QColor kSpringCompressed(0xc2, 0x5e, 0x00);
const QColor kFlameOuter(0xff, 0x98, 0x00);
const QColor kFlameInner(0xff, 0xe0, 0x60);
const QColor kFlameEdge(0xc0, 0x48, 0x00);
const QColor kLegendText(0x50, 0x50, 0x50);
const QColor kImpulse = QColor::fromRgba(overlay_colors::kImpulse);
const QColor kNormal = QColor::fromRgba(overlay_colors::kNormal);
const QColor kVelocity = QColor::fromRgba(overlay_colors::kVelocity);
const QColor kBoundingBox = QColor::fromRgba(overlay_colors::kBoundingBox);
const QColor kGhost = QColor::fromRgba(overlay_colors::kGhost);
const QColor kSelection = QColor::fromRgba(overlay_colors::kSelection);
const QColor kMouseSpring = QColor::fromRgba(overlay_colors::kMouseSpring);

constexpr double kContactDotRadius = 2.5;  // pixels
constexpr double kForceWidth = 2.5;
constexpr double kJointForceWidth = 1.2;
constexpr double kJointRadius = 4.5;
constexpr int kSpringCoils = 8;
constexpr double kMinFlamePixels = 16.0;
// Lines shorter than this many pixels are not drawn (a dot says enough).
constexpr double kMinLinePixels = 1.0;

double length(QPointF v) {
  return std::hypot(v.x(), v.y());
}

// The screen direction of world direction `d` at world point `at`, unit length.
QPointF screenDirection(const ScreenMap& map, Vec2 at, Vec2 d) {
  const QPointF v = map(at + d.normalized()) - map(at);
  const double l = length(v);
  return l > 0 ? v / l : QPointF();
}

QPen pen(const QColor& color, double width, Qt::PenStyle style = Qt::SolidLine) {
  return QPen(color, width, style, Qt::RoundCap, Qt::RoundJoin);
}

void dot(QPainter& painter, QPointF at, double radius, const QColor& fill,
         const QColor& edge = Qt::transparent) {
  painter.setPen(edge.alpha() == 0 ? QPen(Qt::NoPen) : pen(edge, 1.2));
  painter.setBrush(fill);
  painter.drawEllipse(at, radius, radius);
}

// A line from `from` along unit screen direction `dir`, `pixels` long, with a
// head at the tip; `clipped` puts a bar across the tip to say it is longer.
void arrow(QPainter& painter, QPointF from, QPointF dir, double pixels, double width,
           const QColor& color, bool clipped) {
  if (pixels < kMinLinePixels) return;
  const QPointF tip = from + dir * pixels;
  const QPointF side(-dir.y(), dir.x());
  const double head = std::min(3.0 + 2.5 * width, 0.45 * pixels);
  const double half = head * 0.45;
  const QPolygonF headShape({tip, tip - dir * head + side * half, tip - dir * head - side * half});
  // A white rim first, as the contact dots have: a red force over a red block, or a green
  // friction arrow over a green one, still reads.
  painter.setPen(pen(kArrowRim, width + 3.0));
  painter.setBrush(Qt::NoBrush);
  painter.drawLine(from, tip - dir * (head * 0.5));
  if (head >= 3.0) {
    painter.setBrush(kArrowRim);
    painter.setPen(pen(kArrowRim, 2.0));
    painter.drawPolygon(headShape);
  }
  painter.setPen(pen(color, width));
  painter.setBrush(Qt::NoBrush);
  painter.drawLine(from, tip - dir * (head * 0.5));
  if (head >= 3.0) {
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawPolygon(headShape);
  }
  if (clipped) {
    painter.setPen(pen(color, width));
    painter.drawLine(tip - dir * head + side * 5.0, tip - dir * head - side * 5.0);
  }
}

// Draws a world force as an arrow from world point `from`, scaled and capped (at the
// scale's longest arrow, and at `room` world units when given).
void forceArrow(QPainter& painter, const ScreenMap& map, const ForceScale& scale, Vec2 from,
                Vec2 force, double width, const QColor& color = kForce,
                double room = std::numeric_limits<double>::infinity()) {
  const double magnitude = force.length();
  if (!(magnitude > 0) || !std::isfinite(magnitude)) return;
  const double wanted = scale.worldLength(magnitude);
  const double longest = std::min(scale.maxWorldLength(), room);
  const bool clipped = wanted > longest;
  const double pixels = std::min(wanted, longest) * map.pixelsPerUnit;
  arrow(painter, map(from), screenDirection(map, from, force), pixels, width, color, clipped);
}

// A zig-zag from a to b (screen), kSpringCoils coils, straight leads at each end.
QPolygonF zigZag(QPointF a, QPointF b) {
  const double l = length(b - a);
  if (l < 12.0) return QPolygonF({a, b});
  const QPointF u = (b - a) / l;
  const QPointF n(-u.y(), u.x());
  const double lead = 0.1 * l;
  const double amplitude = std::clamp(0.06 * l, 2.5, 6.0);
  QPolygonF out({a, a + u * lead});
  const int halves = 2 * kSpringCoils;
  for (int i = 0; i < halves; ++i) {
    const double along = lead + (i + 0.5) / halves * (l - 2 * lead);
    out << a + u * along + n * (i % 2 == 0 ? amplitude : -amplitude);
  }
  out << b - u * lead << b;
  return out;
}

}  // namespace

ForceScale forceScaleOf(const SimSnapshot& snapshot, const std::vector<Polygon>& bodies) {
  std::vector<double> sizes;
  for (const Polygon& b : bodies)
    if (!b.isFixed() && b.area() > 0 && std::isfinite(b.area()))
      sizes.push_back(std::sqrt(b.area()));
  double typical = 1.0;
  if (!sizes.empty()) {
    const auto middle = sizes.begin() + static_cast<std::ptrdiff_t>(sizes.size() / 2);
    std::nth_element(sizes.begin(), middle, sizes.end());
    typical = *middle;
  }
  ForceScale s;
  s.referenceForce = snapshot.referenceForce > 0 ? snapshot.referenceForce : 9.8;
  s.referenceLength = ForceScale::kReferenceShare * typical;
  return s;
}

ForceArrow contactForceArrow(const ContactMark& c, const std::vector<Polygon>& bodies) {
  const auto fixed = [&](int body) {
    return isScrim(body) || body < 0 || body >= static_cast<int>(bodies.size()) ||
           bodies[body].isFixed();
  };
  // +f n pushes the primary body; show the push on the normal body instead
  // when the primary cannot move (a wall's corner against a block's edge).
  if (fixed(c.primaryBody) && !fixed(c.normalBody))
    return {c.otherPoint, c.normal * -c.force, c.normalBody};
  return {c.point, c.normal * c.force, fixed(c.primaryBody) ? -1 : c.primaryBody};
}

ForceArrow frictionForceArrow(const ContactMark& c, const std::vector<Polygon>& bodies) {
  // On the body and at the point of the normal force's arrow, along the tangent.
  const ForceArrow normal = contactForceArrow(c, bodies);
  const Vec2 tangent{-c.normal.y, c.normal.x};
  const bool onNormalBody = dot(normal.force, c.normal) < 0;
  return {normal.from, tangent * (onNormalBody ? -c.frictionForce : c.frictionForce), normal.body};
}

void drawSprings(QPainter& painter, const ScreenMap& map, const std::vector<SpringMark>& springs) {
  painter.save();
  painter.setBrush(Qt::NoBrush);
  for (const SpringMark& s : springs) {
    if (s.restLength == 0 && s.point1 == s.point2) continue;  // tied to itself: exerts nothing
    const QPointF a = map(s.point1), b = map(s.point2);
    const bool compressed = distance(s.point1, s.point2) < s.restLength;
    if (s.compressOnly && !compressed) {
      // Stretched, a compress-only spring exerts nothing: a faint guide only.
      painter.setPen(pen(kSlack, 1.0, Qt::DashLine));
      painter.drawLine(a, b);
    } else {
      painter.setPen(pen(compressed ? kSpringCompressed : kSpringStretched, 1.6,
                         s.compressOnly ? Qt::DashLine : Qt::SolidLine));
      painter.drawPolyline(zigZag(a, b));
    }
    const QColor end = compressed ? kSpringCompressed : kSpringStretched;
    dot(painter, a, 2.0, end);
    dot(painter, b, 2.0, end);
  }
  painter.restore();
}

void drawConnectors(QPainter& painter, const ScreenMap& map,
                    const std::vector<ConnectorMark>& connectors, const ForceScale& scale,
                    bool showForces) {
  painter.save();
  // Rods and ropes first, so the pins of joints sit on top of them.
  for (const ConnectorMark& c : connectors) {
    if (c.kind == ConnectorMarkKind::kJoint) continue;
    const QPointF a = map(c.point1), b = map(c.point2);
    painter.setBrush(Qt::NoBrush);
    if (c.kind == ConnectorMarkKind::kRod) {
      painter.setPen(pen(kRod, 3.5));
      painter.drawLine(a, b);
      dot(painter, a, 2.5, Qt::white, kRod);
      dot(painter, b, 2.5, Qt::white, kRod);
    } else {
      painter.setPen(c.taut ? pen(kRopeTaut, 1.6) : pen(kSlack, 1.4, Qt::DashLine));
      painter.drawLine(a, b);
      const QColor end = c.taut ? kRopeTaut : kSlack;
      dot(painter, a, 2.2, end);
      dot(painter, b, 2.2, end);
    }
  }
  for (const ConnectorMark& c : connectors) {
    if (c.kind != ConnectorMarkKind::kJoint) continue;
    if (showForces) forceArrow(painter, map, scale, c.point1, c.force, kJointForceWidth);
    const QPointF at = map(c.point1);
    if (c.joints >= 2) {
      dot(painter, at, kJointRadius, Qt::white, kJoint);
      dot(painter, at, 1.5, kJoint);
    } else {
      // A single joint holds along one direction only (a slider): a cross.
      painter.setPen(pen(kJoint, 1.5));
      const double h = kJointRadius * 0.8;
      painter.drawLine(at + QPointF(-h, -h), at + QPointF(h, h));
      painter.drawLine(at + QPointF(-h, h), at + QPointF(h, -h));
    }
  }
  painter.restore();
}

void drawThrusters(QPainter& painter, const ScreenMap& map,
                   const std::vector<ThrusterMark>& thrusters, const ForceScale& scale) {
  painter.save();
  for (const ThrusterMark& t : thrusters) {
    const double magnitude = t.thrust.length();
    if (!(magnitude > 0) || !std::isfinite(magnitude)) continue;
    const QPointF at = map(t.location);
    // The exhaust leaves opposite the push.
    const QPointF dir = -screenDirection(map, t.location, t.thrust);
    // At least kMinFlamePixels long, so a weak thruster still shows it fires.
    const double pixels =
        std::clamp(scale.worldLength(magnitude) * map.pixelsPerUnit, kMinFlamePixels,
                   std::max(kMinFlamePixels, scale.maxWorldLength() * map.pixelsPerUnit));
    const QPointF side(-dir.y(), dir.x());
    const double half = std::clamp(0.3 * pixels, 4.0, 7.0);
    painter.setPen(pen(kFlameEdge, 1.0));
    painter.setBrush(kFlameOuter);
    painter.drawPolygon(QPolygonF({at + side * half, at + dir * pixels, at - side * half}));
    painter.setPen(Qt::NoPen);
    painter.setBrush(kFlameInner);
    painter.drawPolygon(QPolygonF(
        {at + side * (half * 0.5), at + dir * (pixels * 0.55), at - side * (half * 0.5)}));
  }
  painter.restore();
}

// A contact's dot: filled in its mode's colour with a white rim (an orange "sliding" dot on an
// orange block), a ring when it separates.
static void modeDot(QPainter& painter, QPointF at, ContactMode mode) {
  if (mode == ContactMode::kSeparating)
    dot(painter, at, kContactDotRadius, Qt::white, kContactPoint);
  else
    dot(painter, at, kContactDotRadius + 1.0, contactModeColor(mode), Qt::white);
}

// How far an arrow of `a`'s direction runs inside the body it acts on before leaving it
// (world units); unbounded when it acts on none or its state is not known.
static double roomInBody(const ForceArrow& a, const std::vector<Polygon>& bodies,
                         const std::vector<BodyState>& states, double reach) {
  const double magnitude = a.force.length();
  if (a.body < 0 || a.body >= static_cast<int>(bodies.size()) ||
      a.body >= static_cast<int>(states.size()) || !(magnitude > 0) || !std::isfinite(reach))
    return std::numeric_limits<double>::infinity();
  const Polygon& body = bodies[static_cast<std::size_t>(a.body)];
  const BodyState& s = states[static_cast<std::size_t>(a.body)];
  const Vec2 dir = (a.force / magnitude).rotated(-s.angle);
  // A contact lies on the outline to within the contact tolerance: the ray's crossing there
  // is stepped past.
  const double skip = 0.05 * std::min(body.minHeight(), reach);
  return body.rayExit(body.worldToBody(s, a.from), dir, skip, reach);
}

void drawContacts(QPainter& painter, const ScreenMap& map, const std::vector<ContactMark>& contacts,
                  const std::vector<Polygon>& bodies, const std::vector<BodyState>& states,
                  const ForceScale& scale, bool showForces) {
  painter.save();
  if (showForces) {
    for (const ContactMark& c : contacts) {
      const ForceArrow a = contactForceArrow(c, bodies);
      forceArrow(painter, map, scale, a.from, a.force, kForceWidth, kForce,
                 roomInBody(a, bodies, states, scale.maxWorldLength()));
      if (c.frictionForce != 0) {  // friction, to the same scale, in its own colour
        const ForceArrow fa = frictionForceArrow(c, bodies);
        forceArrow(painter, map, scale, fa.from, fa.force, kForceWidth, kFriction);
      }
    }
  }
  // Dots over the lines, so every contact shows even where forces overlap; a separating
  // contact (no force) is a ring.
  for (const ContactMark& c : contacts) {
    modeDot(painter, map(contactForceArrow(c, bodies).from), c.mode);
  }
  painter.restore();
}

QColor contactModeColor(ContactMode mode) {
  switch (mode) {
    case ContactMode::kSeparating:
      return Qt::white;
    case ContactMode::kResting:
      return kContactPoint;
    case ContactMode::kSticking:
      return kSticking;
    case ContactMode::kSliding:
      return kSliding;
  }
  return kContactPoint;
}

// Where a collision impulse acts: a diamond in the impulse colour, unlike any contact's dot
// (a white ring there read as a separating contact under a resting one's force).
static void impulseMarker(QPainter& painter, QPointF at) {
  constexpr double r = kContactDotRadius + 1.5;
  painter.setPen(pen(Qt::white, 1.0));
  painter.setBrush(kImpulse);
  painter.drawPolygon(QPolygonF(
      {at + QPointF(0, -r), at + QPointF(r, 0), at + QPointF(0, r), at + QPointF(-r, 0)}));
}

std::vector<ContactMode> contactModesPresent(const std::vector<ContactMark>& contacts) {
  std::vector<ContactMode> present;
  for (const auto& [mode, name] : kContactModeNames)
    if (std::any_of(contacts.begin(), contacts.end(),
                    [mode = mode](const ContactMark& c) { return c.mode == mode; }))
      present.push_back(mode);
  return present;
}

void drawContactModeKey(QPainter& painter, const QRectF& area, const QFont& font,
                        const std::vector<ContactMark>& contacts, bool impulses) {
  const std::vector<ContactMode> present = contactModesPresent(contacts);
  if (present.empty() && !impulses) return;
  const QFontMetricsF metrics(font);
  // One line above the force scale bar's.
  const double y = area.bottom() - 10.0 - metrics.descent() - 1.6 * metrics.height();
  double x = area.left() + 10.0;
  painter.save();
  for (const ContactMode mode : present) {
    const QPointF at(x + kContactDotRadius, y - metrics.ascent() / 2 + metrics.descent() / 2);
    modeDot(painter, at, mode);
    const QString label = QString::fromLatin1(nameOf(mode));
    drawHaloText(painter, QPointF(x + 2 * kContactDotRadius + 5.0, y), font, label, kLegendText);
    x += 2 * kContactDotRadius + 5.0 + metrics.horizontalAdvance(label) + 14.0;
  }
  if (impulses) {
    const QPointF at(x + kContactDotRadius, y - metrics.ascent() / 2 + metrics.descent() / 2);
    impulseMarker(painter, at);
    drawHaloText(painter, QPointF(x + 2 * kContactDotRadius + 5.0, y), font,
                 QString::fromLatin1(kImpulseKeyLabel), kLegendText);
  }
  painter.restore();
}

void drawForceScaleBar(QPainter& painter, const QRectF& area, const QFont& font,
                       const ScreenMap& map, const ForceScale& scale) {
  double pixels = scale.referenceLength * map.pixelsPerUnit;
  double force = scale.referenceForce;
  // Keep the bar a readable size: halve or double what it stands for.
  for (int i = 0; i < 20 && pixels > 0.3 * area.width(); ++i) pixels /= 2, force /= 2;
  for (int i = 0; i < 20 && pixels < 12.0; ++i) pixels *= 2, force *= 2;
  if (!std::isfinite(pixels) || pixels < 12.0 || pixels > 0.5 * area.width()) return;

  const QFontMetricsF metrics(font);
  const double y = area.bottom() - 10.0 - metrics.descent();
  const QPointF from(area.left() + 10.0, y - metrics.ascent() / 2 + metrics.descent() / 2);
  QString label = QStringLiteral("= force %1").arg(QString::number(force, 'g', 3));
  if (force == scale.referenceForce) label += QStringLiteral("  (m g of the heaviest body)");
  painter.save();
  // A white backing line under the arrow, like the halo of the text.
  painter.setPen(pen(kHaloColor, kHaloWidth + 2.0));
  painter.drawLine(from, from + QPointF(pixels, 0));
  arrow(painter, from, QPointF(1, 0), pixels, kForceWidth, kForce, false);
  drawHaloText(painter, QPointF(from.x() + pixels + 6.0, y), font, label, kLegendText);
  painter.restore();
}

std::vector<ImpulseMark> impulsesOf(const StepTrace& trace) {
  constexpr double kSameNormal = 0.996;  // cos 5 degrees
  std::vector<ImpulseMark> out;
  std::vector<Vec2> normals;                                         // of each mark, unit
  std::map<std::pair<int, int>, std::vector<std::size_t>> byBodies;  // marks of a body pair
  for (const Waypoint& w : trace.waypoints) {
    if (w.point != WayPoint::POST_COLLISION) continue;
    for (const WaypointCollision& c : w.collisions) {
      if (c.impulse == 0 || !std::isfinite(c.impulse)) continue;
      std::vector<std::size_t>& marks = byBodies[{c.primaryBody, c.normalBody}];
      const auto same = std::find_if(marks.begin(), marks.end(), [&](std::size_t k) {
        return (out[k].point - c.impact).length() <= kSameContactDistance &&
               dot(normals[k], c.normal) >= kSameNormal;
      });
      if (same == marks.end()) {
        marks.push_back(out.size());
        out.push_back({c.impact, c.normal * c.impulse});
        normals.push_back(c.normal);
      } else {
        out[*same].impulse += c.normal * c.impulse;
        ++out[*same].count;
      }
    }
  }
  return out;
}

void drawImpulses(QPainter& painter, const ScreenMap& map, const std::vector<ImpulseMark>& impulses,
                  const ForceScale& scale) {
  painter.save();
  for (const ImpulseMark& m : impulses) {
    forceArrow(painter, map, scale, m.point, m.impulse, kForceWidth, kImpulse);
    impulseMarker(painter, map(m.point));
  }
  painter.restore();
}

void drawNormals(QPainter& painter, const ScreenMap& map,
                 const std::vector<ContactMark>& contacts) {
  painter.save();
  for (const ContactMark& c : contacts) {
    const QPointF dir = screenDirection(map, c.point, c.normal);
    if (dir.isNull()) continue;
    arrow(painter, map(c.point), dir, kNormalPixels, 1.2, kNormal, false);
  }
  painter.restore();
}

void drawVelocities(QPainter& painter, const ScreenMap& map, const std::vector<Polygon>& bodies,
                    const std::vector<BodyState>& states) {
  painter.save();
  for (std::size_t i = 0; i < bodies.size() && i < states.size(); ++i) {
    if (bodies[i].isFixed()) continue;
    const Vec2 v = states[i].velocity();
    const double speed = v.length();
    if (!(speed > 0) || !std::isfinite(speed)) continue;
    const double wanted = speed * kVelocitySeconds * map.pixelsPerUnit;
    const Vec2 at = states[i].position();
    arrow(painter, map(at), screenDirection(map, at, v), std::min(wanted, kMaxVelocityPixels), 1.6,
          kVelocity, wanted > kMaxVelocityPixels);
  }
  painter.restore();
}

void drawBoundingBoxes(QPainter& painter, const ScreenMap& map, const std::vector<Polygon>& bodies,
                       const std::vector<BodyState>& states) {
  painter.save();
  painter.setPen(pen(kBoundingBox, 1.0, Qt::DashLine));
  painter.setBrush(Qt::NoBrush);
  for (std::size_t i = 0; i < bodies.size() && i < states.size(); ++i) {
    const Bounds b = bodies[i].worldBounds(states[i]);
    painter.drawRect(QRectF(map({b.left, b.top}), map({b.right, b.bottom})).normalized());
  }
  painter.restore();
}

void drawSelectedContact(QPainter& painter, const ScreenMap& map, Vec2 point, Vec2 normal) {
  painter.save();
  const QPointF at = map(point);
  painter.setBrush(Qt::NoBrush);
  // A dark rim under the ring keeps it visible on the amber flames and light fills.
  painter.setPen(pen(QColor(0x40, 0x30, 0x00), 4.5));
  painter.drawEllipse(at, kSelectionRingPixels, kSelectionRingPixels);
  painter.setPen(pen(kSelection, 3.0));
  painter.drawEllipse(at, kSelectionRingPixels, kSelectionRingPixels);
  const QPointF dir = screenDirection(map, point, normal);
  if (!dir.isNull()) arrow(painter, at, dir, 2.2 * kNormalPixels, 2.5, kSelection, false);
  painter.restore();
}

void drawWaypointCollisions(QPainter& painter, const ScreenMap& map,
                            const std::vector<WaypointCollision>& collisions) {
  painter.save();
  for (const WaypointCollision& c : collisions) {
    const QPointF at = map(c.impact);
    const QPointF dir = screenDirection(map, c.impact, c.normal);
    if (!dir.isNull()) arrow(painter, at, dir, kNormalPixels, 1.4, kGhost, false);
    QColor fill = kGhost;
    fill.setAlpha(c.needsHandling ? 255 : 0);
    dot(painter, at, 3.5, fill, kGhost);
  }
  painter.restore();
}

void drawMouseSpring(QPainter& painter, const ScreenMap& map, Vec2 bodyPoint, Vec2 mouse) {
  painter.save();
  const QPointF a = map(bodyPoint), b = map(mouse);
  painter.setBrush(Qt::NoBrush);
  painter.setPen(pen(kMouseSpring, 1.4));
  painter.drawPolyline(zigZag(a, b));
  dot(painter, a, 3.0, Qt::white, kMouseSpring);
  dot(painter, b, 2.5, kMouseSpring);
  painter.restore();
}

}  // namespace cl::widgets
