#include <algorithm>
#include <catch2/catch.hpp>
#include <numbers>

#include "engine/geometry/detail/area_moments.h"
#include "engine/geometry/detail/path_check.h"

using namespace cl;
constexpr double kPi = std::numbers::pi;

TEST_CASE("Unit square moments match the formulas", "[geometry]") {
  Path p{{StraightEdge{{0, 0}, {1, 0}}, StraightEdge{{1, 0}, {1, 1}}, StraightEdge{{1, 1}, {0, 1}},
          StraightEdge{{0, 1}, {0, 0}}}};
  const AreaMoments m = pathMoments(std::span(&p, 1));
  CHECK(m.area == Approx(1.0));
  CHECK(m.centroid().x == Approx(0.5));
  CHECK(m.centroid().y == Approx(0.5));
  // Polar second moment of a unit square about its corner: 1/3 + 1/3.
  CHECK(m.second == Approx(2.0 / 3.0));
  CHECK(m.secondAbout({0.5, 0.5}) == Approx(1.0 / 6.0));
}

TEST_CASE("Disc off the origin: area pi r^2, centroid at centre, J = pi r^4 / 2", "[geometry]") {
  const double r = 0.7;
  const Vec2 c{2.0, -1.5};
  Path p{{CircularEdge{c + Vec2{r, 0}, c + Vec2{r, 0}, c, false}}};
  const AreaMoments m = pathMoments(std::span(&p, 1));
  CHECK(m.area == Approx(kPi * r * r).epsilon(1e-13));
  CHECK(m.centroid().x == Approx(c.x).epsilon(1e-13));
  CHECK(m.centroid().y == Approx(c.y).epsilon(1e-13));
  CHECK(m.secondAbout(c) == Approx(kPi * r * r * r * r / 2).epsilon(1e-12));
}

TEST_CASE("Half disc: centroid at 4r/(3pi) from the diameter", "[geometry]") {
  const double r = 2.0;
  // Diameter from (-r,0) to (r,0), then the arc counter-clockwise back over the top.
  Path p{{StraightEdge{{-r, 0}, {r, 0}}, CircularEdge{{r, 0}, {-r, 0}, {0, 0}, false}}};
  const AreaMoments m = pathMoments(std::span(&p, 1));
  CHECK(m.area == Approx(kPi * r * r / 2));
  CHECK(m.centroid().x == Approx(0.0).margin(1e-14));
  CHECK(m.centroid().y == Approx(4 * r / (3 * kPi)));
  CHECK(m.second == Approx(kPi * r * r * r * r / 4));
  CHECK(checkPaths(std::span(&p, 1)).empty());
}

TEST_CASE("A concave (clockwise) arc removes its circular segment", "[geometry]") {
  // 2 x 2 square whose top edge is replaced by a clockwise semicircle dipping into it.
  const double r = 1.0;
  Path p{{StraightEdge{{-1, -2}, {1, -2}}, StraightEdge{{1, -2}, {1, 0}},
          CircularEdge{{1, 0}, {-1, 0}, {0, 0}, true}, StraightEdge{{-1, 0}, {-1, -2}}}};
  const AreaMoments m = pathMoments(std::span(&p, 1));
  CHECK(m.area == Approx(4.0 - kPi * r * r / 2));
  CHECK(checkPaths(std::span(&p, 1)).empty());
}

TEST_CASE("checkPaths reports each broken rule with its edge", "[geometry]") {
  SECTION("not closed") {
    Path p{{StraightEdge{{0, 0}, {1, 0}}, StraightEdge{{1, 0}, {1, 1}},
            StraightEdge{{1, 1}, {0, 0.5}}}};
    const auto probs = checkPaths(std::span(&p, 1));
    REQUIRE(!probs.empty());
    CHECK(probs[0].edge == 2);
    CHECK_THAT(probs[0].message, Catch::Contains("not closed"));
  }
  SECTION("zero-length edge") {
    Path p{{StraightEdge{{0, 0}, {1, 0}}, StraightEdge{{1, 0}, {1, 0}},
            StraightEdge{{1, 0}, {1, 1}}, StraightEdge{{1, 1}, {0, 0}}}};
    const auto probs = checkPaths(std::span(&p, 1));
    REQUIRE(!probs.empty());
    CHECK(probs[0].edge == 1);
    CHECK_THAT(probs[0].message, Catch::Contains("zero length"));
  }
  SECTION("self-intersecting bow tie") {
    Path p{{StraightEdge{{0, 0}, {1, 1}}, StraightEdge{{1, 1}, {1, 0}},
            StraightEdge{{1, 0}, {0, 1}}, StraightEdge{{0, 1}, {0, 0}}}};
    const auto probs = checkPaths(std::span(&p, 1));
    REQUIRE(!probs.empty());
    CHECK_THAT(probs[0].message, Catch::Contains("intersects"));
  }
  SECTION("clockwise outer path") {
    Path p{{StraightEdge{{0, 0}, {0, 1}}, StraightEdge{{0, 1}, {1, 1}},
            StraightEdge{{1, 1}, {1, 0}}, StraightEdge{{1, 0}, {0, 0}}}};
    const auto probs = checkPaths(std::span(&p, 1));
    REQUIRE(probs.size() == 1);
    CHECK_THAT(probs[0].message, Catch::Contains("counter-clockwise"));
  }
  SECTION("arc whose end is off its circle") {
    Path p{{StraightEdge{{-1, 0}, {1, 0}}, CircularEdge{{1, 0}, {-1.5, 0}, {0, 0}, false},
            StraightEdge{{-1.5, 0}, {-1, 0}}}};
    const auto probs = checkPaths(std::span(&p, 1));
    REQUIRE(!probs.empty());
    CHECK(probs[0].edge == 1);
    CHECK_THAT(probs[0].message, Catch::Contains("off its circle"));
  }
}

TEST_CASE("checkPaths finds an arc crossing back over its neighbour near the corner",
          "[geometry]") {
  // A clockwise arc about (1.99, 1) leaves (2, 0), dips just below the x axis and
  // crosses the first edge again at (1.98, 0), 0.02 from the shared corner.
  const Vec2 c{1.99, 1.0};
  const double r = distance(c, {2, 0});
  const Vec2 top = c + Vec2{0, r};
  Path p{{StraightEdge{{0, 0}, {2, 0}}, CircularEdge{{2, 0}, top, c, true},
          StraightEdge{top, {0, 0}}}};
  const auto probs = checkPaths(std::span(&p, 1));
  REQUIRE(!probs.empty());
  CHECK_THAT(probs[0].message, Catch::Contains("intersects"));
}

TEST_CASE("checkPaths accepts arcs that leave straight edges tangentially", "[geometry]") {
  // Stadium: straight sides tangent to the semicircular ends at the corners.
  Path p{{StraightEdge{{-1, -1}, {1, -1}}, CircularEdge{{1, -1}, {1, 1}, {1, 0}, false},
          StraightEdge{{1, 1}, {-1, 1}}, CircularEdge{{-1, 1}, {-1, -1}, {-1, 0}, false}}};
  CHECK(checkPaths(std::span(&p, 1)).empty());
}

TEST_CASE("checkPaths requires holes to run clockwise and outer paths counter-clockwise",
          "[geometry]") {
  auto square = [](double lo, double hi, bool ccw) {
    std::vector<Vec2> v = {{lo, lo}, {hi, lo}, {hi, hi}, {lo, hi}};
    if (!ccw) std::reverse(v.begin(), v.end());
    Path p;
    for (std::size_t i = 0; i < v.size(); ++i)
      p.edges.emplace_back(StraightEdge{v[i], v[(i + 1) % v.size()]});
    return p;
  };
  SECTION("a counter-clockwise hole is refused") {
    std::vector<Path> paths = {square(0, 4, true), square(1, 3, true)};
    const auto probs = checkPaths(paths);
    REQUIRE(probs.size() == 1);
    CHECK(probs[0].path == 1);
    CHECK_THAT(probs[0].message, Catch::Contains("hole"));
  }
  SECTION("a clockwise path outside the body is refused") {
    std::vector<Path> paths = {square(0, 4, true), square(5, 6, false)};
    const auto probs = checkPaths(paths);
    REQUIRE(probs.size() == 1);
    CHECK(probs[0].path == 1);
    CHECK_THAT(probs[0].message, Catch::Contains("outer path runs clockwise"));
  }
  SECTION("an island inside a hole is an outer path again") {
    std::vector<Path> paths = {square(0, 6, true), square(1, 5, false), square(2, 4, true)};
    CHECK(checkPaths(paths).empty());
    CHECK(pathMoments(paths).area == Approx(36 - 16 + 4));
  }
  SECTION("two separate outer paths make one body") {
    std::vector<Path> paths = {square(0, 1, true), square(2, 3, true)};
    CHECK(checkPaths(paths).empty());
  }
}
