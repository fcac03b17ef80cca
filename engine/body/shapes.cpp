#include "engine/body/shapes.h"

#include <fmt/format.h>

#include <cmath>
#include <numbers>

namespace cl::shapes {
namespace {

constexpr double kPi = std::numbers::pi;

void requirePositive(const std::string& name, const char* what, double v) {
  if (!(v > 0) || !std::isfinite(v))
    throw GeometryError(
        fmt::format("body '{}': {} must be positive and finite, got {}", name, what, v));
}

// Closed straight path through the points, in the order given (counter-clockwise).
Path polyline(const std::vector<Vec2>& pts) {
  Path p;
  for (std::size_t i = 0; i < pts.size(); ++i)
    p.edges.emplace_back(StraightEdge{pts[i], pts[(i + 1) % pts.size()]});
  return p;
}

Path rectangle(double left, double bottom, double right, double top) {
  return polyline({{left, bottom}, {right, bottom}, {right, top}, {left, top}});
}

}  // namespace

Polygon block(double width, double height, std::string name) {
  requirePositive(name, "width", width);
  requirePositive(name, "height", height);
  return Polygon(std::move(name), {rectangle(-width / 2, -height / 2, width / 2, height / 2)});
}

Polygon cornerBlock(double width, double height, std::string name) {
  requirePositive(name, "width", width);
  requirePositive(name, "height", height);
  return Polygon(std::move(name), {rectangle(0, 0, width, height)});
}

Polygon ball(double radius, std::string name, Vec2 cmOffset) {
  requirePositive(name, "radius", radius);
  const Vec2 start{-radius, 0};
  Polygon p(std::move(name), {Path{{CircularEdge{start, start, {0, 0}, false}}}});
  if (cmOffset != Vec2{}) p.setCenterOfMass(cmOffset);
  return p;
}

Polygon regularPolygon(int sides, double radius, std::string name) {
  if (sides < 3)
    throw GeometryError(
        fmt::format("body '{}': a regular polygon needs at least 3 sides, got {}", name, sides));
  requirePositive(name, "radius", radius);
  std::vector<Vec2> pts;
  for (int i = 0; i < sides; ++i)
    pts.push_back({radius * std::cos(2 * kPi * i / sides), radius * std::sin(2 * kPi * i / sides)});
  return Polygon(std::move(name), {polyline(pts)});
}

Polygon hexagon(double side, std::string name) {
  return regularPolygon(6, side, std::move(name));
}

Polygon roundCornerBlock(double width, double height, double r, std::string name) {
  requirePositive(name, "width", width);
  requirePositive(name, "height", height);
  requirePositive(name, "corner radius", r);
  if (2 * r > std::min(width, height))
    throw GeometryError(
        fmt::format("body '{}': corner radius {} is more than half the smaller side", name, r));
  const double L = -width / 2, R = width / 2, B = -height / 2, T = height / 2;
  Path p;
  auto straight = [&](Vec2 a, Vec2 b) {
    if (distance(a, b) > 0) p.edges.emplace_back(StraightEdge{a, b});
  };
  auto arc = [&](Vec2 a, Vec2 b, Vec2 c) { p.edges.emplace_back(CircularEdge{a, b, c, false}); };
  straight({L + r, B}, {R - r, B});
  arc({R - r, B}, {R, B + r}, {R - r, B + r});
  straight({R, B + r}, {R, T - r});
  arc({R, T - r}, {R - r, T}, {R - r, T - r});
  straight({R - r, T}, {L + r, T});
  arc({L + r, T}, {L, T - r}, {L + r, T - r});
  straight({L, T - r}, {L, B + r});
  arc({L, B + r}, {L + r, B}, {L + r, B + r});
  return Polygon(std::move(name), {p});
}

Polygon roundEndBlock(double width, double height, std::string name) {
  requirePositive(name, "width", width);
  requirePositive(name, "height", height);
  if (width < height)
    throw GeometryError(
        fmt::format("body '{}': a block with round ends needs width >= height, got {} x {}", name,
                    width, height));
  const double r = height / 2, x = width / 2 - r;
  Path p;
  if (x > 0) p.edges.emplace_back(StraightEdge{{-x, -r}, {x, -r}});
  p.edges.emplace_back(CircularEdge{{x, -r}, {x, r}, {x, 0}, false});
  if (x > 0) p.edges.emplace_back(StraightEdge{{x, r}, {-x, r}});
  p.edges.emplace_back(CircularEdge{{-x, r}, {-x, -r}, {-x, 0}, false});
  return Polygon(std::move(name), {p});
}

Polygon pendulum(double length, double stickWidth, double bobRadius, std::string name) {
  requirePositive(name, "stick length", length);
  requirePositive(name, "stick width", stickWidth);
  requirePositive(name, "bob radius", bobRadius);
  const double h = stickWidth / 2;
  if (bobRadius <= h || length <= bobRadius)
    throw GeometryError(fmt::format(
        "body '{}': the bob radius must exceed half the stick width and be less than the "
        "stick length",
        name));
  // The stick's sides meet the bob's circle at height yc + sqrt(r^2 - h^2).
  const double yc = -length, ym = yc + std::sqrt(bobRadius * bobRadius - h * h);
  Path p;
  p.edges.emplace_back(StraightEdge{{h, 0}, {-h, 0}});
  p.edges.emplace_back(StraightEdge{{-h, 0}, {-h, ym}});
  p.edges.emplace_back(CircularEdge{{-h, ym}, {h, ym}, {0, yc}, false});
  p.edges.emplace_back(StraightEdge{{h, ym}, {h, 0}});
  return Polygon(std::move(name), {p});
}

Polygon frame(double width, double height, double thickness, std::string name) {
  requirePositive(name, "width", width);
  requirePositive(name, "height", height);
  requirePositive(name, "thickness", thickness);
  if (2 * thickness >= std::min(width, height))
    throw GeometryError(
        fmt::format("body '{}': frame thickness {} leaves no hole", name, thickness));
  const double L = -width / 2, R = width / 2, B = -height / 2, T = height / 2, t = thickness;
  // The hole runs clockwise so that the material stays on the left.
  Path hole = polyline({{L + t, B + t}, {L + t, T - t}, {R - t, T - t}, {R - t, B + t}});
  return Polygon(std::move(name), {rectangle(L, B, R, T), hole});
}

Polygon wall(double width, double height, std::string name) {
  Polygon p = block(width, height, std::move(name));
  p.setMass(kInfiniteMass);
  return p;
}

Walls walls(double width, double height, double thickness, Vec2 c) {
  requirePositive("walls", "width", width);
  requirePositive("walls", "height", height);
  requirePositive("walls", "thickness", thickness);
  const double t = thickness, hw = width / 2, hh = height / 2;
  Walls w;
  const auto add = [&](double ww, double wh, const char* name, Vec2 at, int inner) {
    w.bodies.push_back(wall(ww, wh, name));
    w.bodies.back().setSpecialEdge(inner);
    w.positions.push_back(c + at);
  };
  add(width + 2 * t, t, "WALL_BOTTOM", {0, -hh - t / 2}, kTopEdge);
  add(t, height + 2 * t, "WALL_RIGHT", {hw + t / 2, 0}, kLeftEdge);
  add(width + 2 * t, t, "WALL_TOP", {0, hh + t / 2}, kBottomEdge);
  add(t, height + 2 * t, "WALL_LEFT", {-hw - t / 2, 0}, kRightEdge);
  for (auto& a : w.bodies)
    for (const auto& b : w.bodies) a.addNonCollide(b.name());
  w.zeroEnergyLevel = c.y - hh;
  return w;
}

Polygon randomPolygon(int sides, double minRadius, double maxRadius, RandomLCG& random,
                      std::string name) {
  if (sides < 3)
    throw GeometryError(
        fmt::format("body '{}': a random polygon needs at least 3 sides, got {}", name, sides));
  requirePositive(name, "minimum radius", minRadius);
  if (!(maxRadius >= minRadius) || !std::isfinite(maxRadius))
    throw GeometryError(
        fmt::format("body '{}': maximum radius must be at least the minimum radius", name));
  // Angles stay strictly increasing (jitter below half a sector) so the path is simple.
  std::vector<Vec2> pts;
  const double sector = 2 * kPi / sides;
  for (int i = 0; i < sides; ++i) {
    const double a = sector * (i + 0.4 * (random.nextFloat() - 0.5));
    const double r = minRadius + random.nextRange(maxRadius - minRadius);
    pts.push_back({r * std::cos(a), r * std::sin(a)});
  }
  return Polygon(std::move(name), {polyline(pts)});
}

}  // namespace cl::shapes
