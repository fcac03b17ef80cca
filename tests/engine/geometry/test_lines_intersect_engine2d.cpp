// engine2D's segment intersection (UtilEngine.linesIntersect), against crossings worked out
// by hand and, on random segments, against the exact crossing of the two lines.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "engine/geometry/detail/lines_intersect_engine2d.h"

using cl::linesIntersectEngine2D;
using cl::Vec2;

TEST_CASE("engine2D's linesIntersect: each branch gives the crossing worked out by hand",
          "[geometry][engine2d]") {
  // Neither line vertical nor horizontal: x = (k2 x3 - k1 x1 - y3 + y1) / (k2 - k1) with
  // k1 = 1, k2 = -1 gives (0 - 0 - 2 + 0) / -2 = 1.
  auto q = linesIntersectEngine2D({0, 0}, {2, 2}, {0, 2}, {2, 0});
  REQUIRE(q);
  CHECK(q->x == 1.0);
  CHECK(q->y == 1.0);
  // The second segment vertical: x is its x, y on the first line (slope 0 here).
  q = linesIntersectEngine2D({-1, 0}, {1, 0}, {0.25, -1}, {0.25, 1});
  REQUIRE(q);
  CHECK(q->x == 0.25);
  CHECK(q->y == 0.0);
  // The first vertical.
  q = linesIntersectEngine2D({0.5, -1}, {0.5, 3}, {0, 0}, {1, 2});
  REQUIRE(q);
  CHECK(q->x == 0.5);
  CHECK(q->y == 1.0);
  // The second horizontal: y is the mean of its two ends, x = (y - y1) / k1 + x1.
  q = linesIntersectEngine2D({0, 0}, {1, 2}, {0, 1}, {1, 1});
  REQUIRE(q);
  CHECK(q->x == 0.5);
  CHECK(q->y == 1.0);
}

TEST_CASE("engine2D's linesIntersect at segment ends and on parallels and misses",
          "[geometry][engine2d]") {
  // A crossing past a segment's end by less than 1e-14 counts; by more, not. (The second
  // segment, of slope 2, crosses y = 0 at its midpoint, 1 + off.)
  const auto pastEnd = [](double off) {
    return linesIntersectEngine2D({0, 0}, {1, 0}, {0.5 + off, -1}, {1.5 + off, 1});
  };
  CHECK(pastEnd(5e-15));
  CHECK_FALSE(pastEnd(5e-14));
  // Both ends beyond the other's box on one side are ruled out before any slack.
  CHECK_FALSE(linesIntersectEngine2D({0, 0}, {1, 0}, {1 + 5e-15, -1}, {1 + 5e-15, 1}));
  // Exactly at a corner of both.
  const auto q = linesIntersectEngine2D({0, 0}, {1, 0}, {1, 0}, {1, 1});
  REQUIRE(q);
  CHECK(q->x == 1.0);
  CHECK(q->y == 0.0);
  // Parallel lines, two vertical segments, and a segment wholly to one side.
  CHECK_FALSE(linesIntersectEngine2D({0, 0}, {1, 1}, {0, 1}, {1, 2}));
  CHECK_FALSE(linesIntersectEngine2D({0, 0}, {0, 1}, {0, 0.5}, {0, 2}));
  CHECK_FALSE(linesIntersectEngine2D({0, 0}, {1, 1}, {2, 0}, {3, 5}));
  // The lines cross, but beyond the segments.
  CHECK_FALSE(linesIntersectEngine2D({0, 0}, {1, 1}, {3, 0}, {2, 1}));
}

TEST_CASE("engine2D's linesIntersect agrees with the exact crossing on random segments",
          "[geometry][engine2d]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-2, 2);
  int crossed = 0;
  for (int k = 0; k < 2000; ++k) {
    const Vec2 p1{u(rng), u(rng)}, p2{u(rng), u(rng)}, p3{u(rng), u(rng)}, p4{u(rng), u(rng)};
    // p1 + t (p2 - p1) = p3 + s (p4 - p3), by Cramer's rule.
    const Vec2 d{p2.x - p1.x, p2.y - p1.y}, e{p4.x - p3.x, p4.y - p3.y};
    const double den = d.x * e.y - d.y * e.x;
    if (std::abs(den) < 1e-3) continue;  // nearly parallel: no well-conditioned answer
    const Vec2 w{p3.x - p1.x, p3.y - p1.y};
    const double t = (w.x * e.y - w.y * e.x) / den, s = (w.x * d.y - w.y * d.x) / den;
    const bool inside = t > 1e-9 && t < 1 - 1e-9 && s > 1e-9 && s < 1 - 1e-9;
    const bool outside = t < -1e-9 || t > 1 + 1e-9 || s < -1e-9 || s > 1 + 1e-9;
    const auto q = linesIntersectEngine2D(p1, p2, p3, p4);
    INFO("case " << k << " t " << t << " s " << s);
    if (inside) {
      REQUIRE(q);
      CHECK(q->x == Approx(p1.x + t * d.x).margin(1e-9));
      CHECK(q->y == Approx(p1.y + t * d.y).margin(1e-9));
      ++crossed;
    } else if (outside) {
      CHECK_FALSE(q);
    }
  }
  CHECK(crossed > 200);
}
