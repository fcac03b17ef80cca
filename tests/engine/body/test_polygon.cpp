#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "engine/body/shapes.h"

using namespace cl;
constexpr double kPi = std::numbers::pi;

TEST_CASE("Body to world: translate the CM, rotate counter-clockwise about it", "[polygon]") {
  Polygon b = shapes::cornerBlock(2, 1, "b");  // CM at body (1, 0.5)
  const BodyState s{3, 0, 4, 0, kPi / 2, 0};
  const Vec2 w = b.bodyToWorld(s, {2, 0.5});  // 1 to the right of the CM in body coords
  CHECK(w.x == Approx(3.0));
  CHECK(w.y == Approx(5.0));
  const Vec2 back = b.worldToBody(s, w);
  CHECK(back.x == Approx(2.0));
  CHECK(back.y == Approx(0.5));
  CHECK(b.bodyToWorld(s, b.centerOfMass()) == Vec2{3, 4});
}

TEST_CASE("Point velocity is v + omega x r", "[polygon]") {
  const BodyState s{0, 1, 0, 2, 0, 3};
  const Vec2 v = Polygon::velocityAt(s, {0.5, 0});
  CHECK(v.x == Approx(1.0));
  CHECK(v.y == Approx(2.0 + 1.5));
}

TEST_CASE("World bounds of a rotated block and a ball", "[polygon]") {
  Polygon b = shapes::block(2, 1, "b");
  const Bounds r = b.worldBounds({0, 0, 0, 0, kPi / 2, 0});
  CHECK(r.width() == Approx(1.0));
  CHECK(r.height() == Approx(2.0));
  Polygon ball = shapes::ball(0.5, "ball");
  const Bounds rb = ball.worldBounds({1, 0, 2, 0, 0.3, 0});
  CHECK(rb.left == Approx(0.5));
  CHECK(rb.right == Approx(1.5));
  CHECK(rb.bottom == Approx(1.5));
  CHECK(rb.top == Approx(2.5));
}

TEST_CASE("World bounds of a ball at an angle of 6.7e16 rad are found, and are the ball's",
          "[polygon][hostile]") {
  // Found by fuzzing (a scene's "angle": 66666666666666663.14): stepping k through the
  // multiples of pi/2 between the arc's world angles never ended, since k + 1 == k there.
  Polygon ball = shapes::ball(0.5, "ball");
  const Bounds rb = ball.worldBounds({1, 0, 2, 0, 66666666666666663.141592653589793, 0});
  CHECK(rb.left == Approx(0.5));
  CHECK(rb.right == Approx(1.5));
  CHECK(rb.bottom == Approx(1.5));
  CHECK(rb.top == Approx(2.5));
  // A ball of radius 1 at 1e17 rad: a square of side 2 about its centre.
  Polygon disc = shapes::ball(1, "disc");
  const double angle = 1e17;
  const Bounds big = disc.worldBounds({0, 0, 0, 0, angle, 0});
  CHECK(big.width() == Approx(2.0));
  CHECK(big.height() == Approx(2.0));
}

TEST_CASE("Explicit mass properties", "[polygon]") {
  Polygon b = shapes::block(1, 1, "b");
  b.setMoment(5.0);
  b.setMass(2.0);
  CHECK(b.moment() == Approx(10.0));  // the moment per unit mass is kept
  b.setMass(kInfiniteMass);
  CHECK(b.isFixed());
  CHECK_THROWS_AS(b.setMass(0.0), GeometryError);
  CHECK_THROWS_AS(b.setMass(-1.0), GeometryError);
  CHECK_THROWS_AS(b.setMoment(0.0), GeometryError);
}

TEST_CASE("Energy and momentum of one body", "[polygon]") {
  Polygon b = shapes::block(1, 3, "b");  // m = 1, I = 10/12
  const BodyState s{1, 2, 0, 0, 0, 3};
  CHECK(b.translationalEnergy(s) == Approx(2.0));
  CHECK(b.rotationalEnergy(s) == Approx(0.5 * 10.0 / 12.0 * 9));
  CHECK(b.momentum(s).x == Approx(2.0));
  // I omega + m (r x v) with r = (1, 0), v = (2, 0): 2.5 + 0
  CHECK(b.angularMomentum(s) == Approx(2.5));
}

TEST_CASE("Invalid paths throw GeometryError naming the body, path and edge", "[polygon]") {
  Path bowtie{{StraightEdge{{0, 0}, {1, 1}}, StraightEdge{{1, 1}, {1, 0}},
               StraightEdge{{1, 0}, {0, 1}}, StraightEdge{{0, 1}, {0, 0}}}};
  CHECK_THROWS_WITH(Polygon("tie", {bowtie}), Catch::Contains("'tie'") &&
                                                  Catch::Contains("path 0, edge") &&
                                                  Catch::Contains("intersects"));
}

TEST_CASE("minHeight: nearest edge to the centre of mass", "[polygon]") {
  CHECK(shapes::block(1, 3, "b").minHeight() == Approx(0.5));
  CHECK(shapes::ball(0.75, "ball", {0, 0.2}).minHeight() == Approx(0.55));
  CHECK(shapes::frame(4, 3, 0.5, "f").minHeight() == Approx(1.0));  // to the hole's edge
}

TEST_CASE("A curved edge spacing that would make millions of vertices is refused", "[polygon]") {
  const Vec2 s{-1, 0};
  Path circle{{CircularEdge{s, s, {0, 0}, false}}};
  CHECK_THROWS_WITH(Polygon("fine", {circle}, 1e-8),
                    Catch::Contains("'fine'") && Catch::Contains("decorated"));
  CHECK(Polygon("ok", {circle}, 0.01).vertices().size() == 629);  // 2 pi / 0.01 rounded up
}

TEST_CASE("frictionPair is sqrt(mu_a mu_b), finite wherever both coefficients are",
          "[body][friction]") {
  Polygon a = shapes::block(1, 1, "a"), b = shapes::block(1, 1, "b");
  a.setFriction(0.25);
  b.setFriction(1.0);
  CHECK(cl::frictionPair(a, b) == 0.5);
  b.setFriction(0.0);
  CHECK(cl::frictionPair(a, b) == 0.0);  // a frictionless body: a frictionless pair
  // 1e155 each: the product overflows to inf, which made friction "off" in the time
  // steppers and a bad input for CollisionAdvance; the pair's coefficient is 1e155.
  a.setFriction(1e155);
  b.setFriction(1e155);
  CHECK(cl::frictionPair(a, b) == Approx(1e155));
  b.setFriction(4e300);
  CHECK(cl::frictionPair(a, b) == Approx(std::sqrt(1e155) * std::sqrt(4e300)));
}

TEST_CASE("contains and distanceToOutline: inside the outline, and how far from it", "[polygon]") {
  const Polygon b = shapes::block(2, 1, "b");  // x in [-1, 1], y in [-0.5, 0.5]
  CHECK(b.contains({0, 0}));
  CHECK(b.contains({0.99, 0.49}));
  CHECK_FALSE(b.contains({1.01, 0}));
  CHECK_FALSE(b.contains({0, -0.51}));
  CHECK(b.distanceToOutline({0, 0}) == Approx(0.5));
  CHECK(b.distanceToOutline({2, 0}) == Approx(1.0));
  CHECK(b.distanceToOutline({2, 1.5}) == Approx(std::sqrt(2.0)));  // from the corner (1, 0.5)
  const Polygon ball = shapes::ball(1, "ball");                    // radius 1 about its centre
  CHECK(ball.contains({0.7, 0.7}));
  CHECK_FALSE(ball.contains({0.71, 0.71}));
  CHECK(ball.distanceToOutline({0.3, 0.4}) == Approx(0.5));
}

TEST_CASE("rayExit: how far a ray from the outline runs inside the body", "[polygon]") {
  // block(2, 1) is centred on its centre of mass: x in [-1, 1], y in [-0.5, 0.5].
  const Polygon b = shapes::block(2, 1, "b");
  // Up from the middle of the bottom edge: out at the top, 1 away.
  CHECK(b.rayExit({0, -0.5}, {0, 1}, 0.05, 10) == Approx(1.0));
  // Along the long axis from the left edge: 2.
  CHECK(b.rayExit({-1, 0}, {1, 0}, 0.05, 10) == Approx(2.0));
  // From the bottom-left corner towards the top-right one: the diagonal, sqrt 5.
  const Vec2 diagonal = Vec2{2, 1} / std::sqrt(5.0);
  CHECK(b.rayExit({-1, -0.5}, diagonal, 0.05, 10) == Approx(std::sqrt(5.0)));
  // From a corner up its side: along the outline, out at the top corner.
  CHECK(b.rayExit({-1, -0.5}, {0, 1}, 0.05, 10) == Approx(1.0));
  // Nothing within reach: the reach.
  CHECK(b.rayExit({0, -0.5}, {0, 1}, 0.05, 0.5) == 0.5);
  // From a corner up its side, 0.01 rad outside it: within 0.05 of the side all the way,
  // then out past the top corner where it gets 0.05 from it, at t = 1 + 0.05 (to 0.05 / 8).
  const double eps = 0.01;
  CHECK(b.rayExit({-1, -0.5}, {-std::sin(eps), std::cos(eps)}, 0.05, 10) ==
        Approx(1.05).margin(0.05 / 8));
  // The same just inside the side: out at the top edge, 1 / cos 0.01 away.
  CHECK(b.rayExit({-1, -0.5}, {std::sin(eps), std::cos(eps)}, 0.05, 10) ==
        Approx(1 / std::cos(eps)));
  // Pointing away from the body: not the body's to cut.
  CHECK(b.rayExit({-1, -0.5}, {-1, 0}, 0.05, 10) == 10);
  CHECK(b.rayExit({-1, -0.5}, {-std::sin(0.7), std::cos(0.7)}, 0.05, 10) == 10);
  // A ball of radius 1 (about its centre): a chord at 60 degrees to the radius is 2 cos 60.
  const Polygon ball = shapes::ball(1, "ball");
  const Vec2 from{0, -1};
  const Vec2 dir{std::sin(kPi / 6), std::cos(kPi / 6)};  // 30 degrees off the vertical
  CHECK(ball.rayExit(from, dir, 0.05, 10) == Approx(2 * std::cos(kPi / 6)).epsilon(1e-9));
}
