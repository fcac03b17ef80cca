#include <catch2/catch.hpp>
#include <numbers>

#include "engine/body/shapes.h"

using namespace cl;
constexpr double kPi = std::numbers::pi;

TEST_CASE("Block: I = m (w^2 + h^2) / 12 about its centre", "[shapes]") {
  Polygon b = shapes::block(1, 3, "b");
  CHECK(b.mass() == 1.0);
  CHECK(b.area() == Approx(3.0));
  CHECK(b.moment() == Approx(10.0 / 12.0));  // engine2D's 0.8333 for a 1 x 3 block
  b.setMass(3.0);
  CHECK(b.moment() == Approx(3.0 * 10.0 / 12.0));
  CHECK(b.centerOfMass() == Vec2{0, 0});
  CHECK(b.vertices().size() == 4);
}

TEST_CASE("Corner block has the same moment with its CM at (w/2, h/2)", "[shapes]") {
  Polygon b = shapes::cornerBlock(2, 1, "b");
  CHECK(b.centerOfMass().x == Approx(1.0));
  CHECK(b.centerOfMass().y == Approx(0.5));
  CHECK(b.moment() == Approx(5.0 / 12.0));
}

TEST_CASE("Ball: I = m r^2 / 2, plus m d^2 with the CM moved by d", "[shapes]") {
  Polygon b = shapes::ball(0.75, "ball");
  CHECK(b.area() == Approx(kPi * 0.75 * 0.75));
  CHECK(b.moment() == Approx(0.28125));
  Polygon off = shapes::ball(0.75, "ball", {0, 0.2});
  CHECK(off.centerOfMass().y == Approx(0.2));
  CHECK(off.moment() == Approx(0.28125 + 0.04));
  // 16 vertices: the end point plus 15 decorated mid-points at the default spacing 0.3.
  CHECK(b.vertices().size() == 16);
  CHECK(b.vertices()[0].endPoint);
  CHECK_FALSE(b.vertices()[1].endPoint);
}

TEST_CASE("Hexagon: area 3 sqrt(3)/2 s^2, I = 5 m s^2 / 12", "[shapes]") {
  const double s = 1.3;
  Polygon h = shapes::hexagon(s, "hex");
  CHECK(h.area() == Approx(3 * std::sqrt(3.0) / 2 * s * s));
  CHECK(h.moment() == Approx(5.0 * s * s / 12.0));
  CHECK(h.centerOfMass().x == Approx(0).margin(1e-14));
}

TEST_CASE("Regular n-gon: I = m R^2 (1 + 2 cos^2(pi/n)) / 6", "[shapes]") {
  for (int n : {3, 5, 8}) {
    Polygon p = shapes::regularPolygon(n, 2.0, "p");
    const double c = std::cos(kPi / n);
    CHECK(p.moment() == Approx(4.0 * (1 + 2 * c * c) / 6.0));
  }
}

TEST_CASE("Frame: a hole subtracts its area and moment", "[shapes]") {
  const double w = 4, h = 3, t = 0.5, wi = w - 2 * t, hi = h - 2 * t;
  Polygon f = shapes::frame(w, h, t, "frame");
  const double area = w * h - wi * hi;
  CHECK(f.paths().size() == 2);
  CHECK(f.area() == Approx(area));
  const double J = (w * h * (w * w + h * h) - wi * hi * (wi * wi + hi * hi)) / 12.0;
  CHECK(f.moment() == Approx(J / area));
}

TEST_CASE("Block with round ends (stadium) and round-corner block areas", "[shapes]") {
  Polygon s = shapes::roundEndBlock(3, 1, "s");
  CHECK(s.area() == Approx(2.0 * 1.0 + kPi * 0.25));
  Polygon rc = shapes::roundCornerBlock(2, 1, 0.25, "rc");
  CHECK(rc.area() == Approx(2.0 - (4 - kPi) * 0.25 * 0.25));
  CHECK(rc.centerOfMass().x == Approx(0).margin(1e-12));
}

TEST_CASE("Pendulum: stick plus bob area, CM between pivot and bob", "[shapes]") {
  const double L = 2, w = 0.1, r = 0.3;
  Polygon p = shapes::pendulum(L, w, r, "pend");
  // Stick rectangle down to the circle plus the bob disc minus their overlap lens:
  // area = pi r^2 + w * (L - sqrt(r^2 - w^2/4)) + (the sliver between the chord and stick)
  const double ym = -L + std::sqrt(r * r - w * w / 4);
  const double halfAngle = std::asin(w / 2 / r);
  const double segment = r * r * (2 * halfAngle - std::sin(2 * halfAngle)) / 2;
  CHECK(p.area() == Approx(w * (0 - ym) + kPi * r * r - segment));
  CHECK(p.centerOfMass().y < 0);
  CHECK(p.centerOfMass().y > -L);
}

TEST_CASE("Walls enclose the box and do not collide with each other", "[shapes]") {
  auto w = shapes::walls(20, 20, 1.0);
  REQUIRE(w.bodies.size() == 4);
  CHECK(w.bodies[0].name() == "WALL_BOTTOM");
  CHECK(w.positions[0].y == Approx(-10.5));
  CHECK(w.bodies[0].bodyBounds().width() == Approx(22));
  CHECK(w.zeroEnergyLevel == Approx(-10));
  for (const auto& a : w.bodies) {
    CHECK(a.isFixed());
    for (const auto& b : w.bodies) CHECK(a.doesNotCollide(b));
  }
}

TEST_CASE("Random polygon repeats for a seed and is a valid body", "[shapes]") {
  RandomLCG r1(7), r2(7), r3(8);
  const Polygon a = shapes::randomPolygon(6, 0.5, 1.5, r1, "a");
  const Polygon b = shapes::randomPolygon(6, 0.5, 1.5, r2, "b");
  const Polygon c = shapes::randomPolygon(6, 0.5, 1.5, r3, "c");
  CHECK(a.paths() == b.paths());
  CHECK_FALSE(a.paths() == c.paths());
  CHECK(a.area() > 0);
}

TEST_CASE("Factories reject non-positive sizes", "[shapes]") {
  CHECK_THROWS_AS(shapes::block(0, 1, "b"), GeometryError);
  CHECK_THROWS_AS(shapes::ball(-1, "b"), GeometryError);
  CHECK_THROWS_AS(shapes::frame(1, 1, 0.6, "f"), GeometryError);
  CHECK_THROWS_WITH(shapes::regularPolygon(2, 1, "p"), Catch::Contains("at least 3"));
}
