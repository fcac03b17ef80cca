#pragma once
// Vec2: a 2D vector or point, value type, with the few operations the engine needs.
#include <cmath>

namespace cl {

struct Vec2 {
  double x = 0.0;
  double y = 0.0;

  constexpr Vec2() = default;
  constexpr Vec2(double x_, double y_) : x(x_), y(y_) {}

  constexpr Vec2 operator+(Vec2 o) const { return {x + o.x, y + o.y}; }
  constexpr Vec2 operator-(Vec2 o) const { return {x - o.x, y - o.y}; }
  constexpr Vec2 operator-() const { return {-x, -y}; }
  constexpr Vec2 operator*(double s) const { return {x * s, y * s}; }
  constexpr Vec2 operator/(double s) const { return {x / s, y / s}; }
  constexpr Vec2& operator+=(Vec2 o) {
    x += o.x;
    y += o.y;
    return *this;
  }
  constexpr Vec2& operator-=(Vec2 o) {
    x -= o.x;
    y -= o.y;
    return *this;
  }
  constexpr Vec2& operator*=(double s) {
    x *= s;
    y *= s;
    return *this;
  }
  constexpr bool operator==(const Vec2&) const = default;

  double length() const { return std::hypot(x, y); }
  constexpr double lengthSquared() const { return x * x + y * y; }
  Vec2 normalized() const {
    const double l = length();
    return {x / l, y / l};
  }
  // Counter-clockwise rotation by the angle whose cosine and sine are given.
  constexpr Vec2 rotated(double c, double s) const { return {c * x - s * y, s * x + c * y}; }
  Vec2 rotated(double angle) const { return rotated(std::cos(angle), std::sin(angle)); }
  // (-y, x): this vector turned 90 degrees counter-clockwise.
  constexpr Vec2 perp() const { return {-y, x}; }
};

constexpr Vec2 operator*(double s, Vec2 v) {
  return v * s;
}
constexpr double dot(Vec2 a, Vec2 b) {
  return a.x * b.x + a.y * b.y;
}
// z component of the 3D cross product (a.x, a.y, 0) x (b.x, b.y, 0).
constexpr double cross(Vec2 a, Vec2 b) {
  return a.x * b.y - a.y * b.x;
}
// omega z-hat x r, the velocity of a point at r on a body spinning at omega.
constexpr Vec2 cross(double omega, Vec2 r) {
  return {-omega * r.y, omega * r.x};
}
inline double distance(Vec2 a, Vec2 b) {
  return (a - b).length();
}

}  // namespace cl
