#include "engine/geometry/detail/area_moments.h"

#include <cmath>

namespace cl {
namespace {

// The segment p0 -> p1 closes a triangle with the origin; summing those triangles
// over a closed path gives the exact polygon integrals.
AreaMoments straightMoments(const StraightEdge& e) {
  const Vec2 p0 = e.start, p1 = e.end;
  const double c = cross(p0, p1);
  AreaMoments m;
  m.area = c / 2.0;
  m.first = (p0 + p1) * (c / 6.0);
  m.second = c * (p0.lengthSquared() + dot(p0, p1) + p1.lengthSquared()) / 12.0;
  return m;
}

// Arc p(t) = center + r (cos t, sin t), t from t0 to t0 + sweep; the line
// integrals of the header reduce to antiderivatives of powers of cos and sin.
AreaMoments circularMoments(const CircularEdge& e) {
  const double a = e.center.x, b = e.center.y, r = e.radius();
  const double t0 = e.startAngle(), t1 = t0 + e.sweep();
  auto F = [&](double t) {
    const double c = std::cos(t), s = std::sin(t);
    const double ic = s, ic2 = t / 2 + s * c / 2, ic3 = s - s * s * s / 3;
    const double is = -c, is2 = t / 2 - s * c / 2, is3 = -c + c * c * c / 3;
    const double ic4 = 3 * t / 8 + std::sin(2 * t) / 4 + std::sin(4 * t) / 32;
    const double is4 = 3 * t / 8 - std::sin(2 * t) / 4 + std::sin(4 * t) / 32;
    AreaMoments m;
    // (x dy - y dx)/dt = r(a cos + b sin) + r^2
    m.area = 0.5 * (r * a * ic + r * b * is + r * r * t);
    // x^2/2 dy = r/2 (a + r cos)^2 cos dt
    m.first.x = 0.5 * r * (a * a * ic + 2 * a * r * ic2 + r * r * ic3);
    // -y^2/2 dx = r/2 (b + r sin)^2 sin dt
    m.first.y = 0.5 * r * (b * b * is + 2 * b * r * is2 + r * r * is3);
    // (x^3 dy - y^3 dx)/dt = r (a + r cos)^3 cos + r (b + r sin)^3 sin
    m.second = r / 3.0 *
               (a * a * a * ic + 3 * a * a * r * ic2 + 3 * a * r * r * ic3 + r * r * r * ic4 +
                b * b * b * is + 3 * b * b * r * is2 + 3 * b * r * r * is3 + r * r * r * is4);
    return m;
  };
  const AreaMoments m1 = F(t1), m0 = F(t0);
  AreaMoments m;
  m.area = m1.area - m0.area;
  m.first = m1.first - m0.first;
  m.second = m1.second - m0.second;
  return m;
}

}  // namespace

AreaMoments edgeMoments(const Edge& edge) {
  if (const auto* s = std::get_if<StraightEdge>(&edge)) return straightMoments(*s);
  return circularMoments(std::get<CircularEdge>(edge));
}

AreaMoments pathMoments(std::span<const Path> paths) {
  AreaMoments total;
  for (const Path& p : paths)
    for (const Edge& e : p.edges) total += edgeMoments(e);
  return total;
}

}  // namespace cl
