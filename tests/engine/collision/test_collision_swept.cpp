// Collision detection over a step (swept vertex tests, circle/straight history,
// decorated vertices) and updateCollision, with geometry worked out by hand.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>

#include "engine/body/shapes.h"
#include "engine/collision/broad_phase.h"
#include "engine/collision/contact_detection.h"
#include "engine/collision/detail/collision_update.h"
#include "engine/dynamics/rigid_body_sim.h"

using namespace cl;

namespace {

constexpr double kEps = 1e-9;

void checkVec(Vec2 got, Vec2 want, double eps = kEps) {
  CHECK(got.x == Approx(want.x).margin(eps));
  CHECK(got.y == Approx(want.y).margin(eps));
}

// The simulation's state with one body's state replaced: the previous step's state.
std::vector<double> varsWith(const RigidBodySim& sim, int body, const BodyState& s) {
  std::vector<double> v = sim.vars();
  s.toVars(v, body);
  return v;
}

// A fixed floor 10 wide and 1 thick whose top is the line y = 0.
int addFloor(RigidBodySim& sim) {
  return sim.addBody(shapes::wall(10, 1, "floor"), {0, 0, -0.5});
}

// A fixed wall 0.01 thick and 2 high: its near face is the line x = 0 for y in [-1, 1],
// its far face x = 0.01.
int addThinWall(RigidBodySim& sim) {
  return sim.addBody(shapes::wall(0.01, 2, "wall"), {0.005, 0, 0});
}

std::vector<RigidBodyCollision> sortedBy(std::vector<RigidBodyCollision> v, bool byY) {
  std::sort(v.begin(), v.end(), [byY](const auto& a, const auto& b) {
    return byY ? a.impact1.y < b.impact1.y : a.impact1.x < b.impact1.x;
  });
  return v;
}

}  // namespace

TEST_CASE("A block at speed 100 through a thin wall in one step", "[collision][swept]") {
  RigidBodySim sim;
  const int wall = addThinWall(sim);
  // Step 0.025 at velocity (100, 20): the 0.1 x 0.1 block moves by (2.5, 0.5), from
  // (-1.2, -0.2) to (1.3, 0.3). Both positions are clear of the wall.
  const int block = sim.addBody(shapes::block(0.1, 0.1, "block"), {1.3, 100, 0.3, 20, 0, 0});
  const auto oldVars = varsWith(sim, block, {-1.2, 100, -0.2, 20, 0, 0});
  const ContactTolerances tol;

  CHECK(findCloseCollisions(sim, sim.vars(), tol).empty());
  CHECK(findCloseCollisions(sim, oldVars, tol).empty());

  // Each corner (dx, dy) moves from (-1.2 + dx, -0.2 + dy) to (1.3 + dx, 0.3 + dy) and
  // crosses x = 0 at t = (1.2 - dx) / 2.5: the leading corners (dx = 0.05) at t = 0.46,
  // y = -0.2 + dy + 0.5 t = 0.03 + dy; the trailing ones at t = 0.5, y = 0.05 + dy. The
  // depth is the corner's x now past the near face: 1.3 + dx.
  const auto found = sortedBy(findCloseCollisions(sim, sim.vars(), tol, oldVars), true);
  REQUIRE(found.size() == 4);
  const double ys[] = {-0.02, 0.0, 0.08, 0.10};
  const double depths[] = {1.35, 1.25, 1.35, 1.25};
  for (int k = 0; k < 4; ++k) {
    const RigidBodyCollision& c = found[k];
    CHECK(c.kind == CollisionKind::kVertexEdge);
    CHECK(c.primaryBody == block);
    CHECK(c.normalBody == wall);
    CHECK_FALSE(c.decoratedVertex);
    checkVec(c.impact1, {0, ys[k]});
    REQUIRE(c.impact2.has_value());
    checkVec(*c.impact2, {0, ys[k]});
    checkVec(c.normal, {-1, 0});  // out of the face the corners entered
    CHECK(c.distance == Approx(-depths[k]).margin(kEps));
    checkVec(c.r1, Vec2{0, ys[k]} - Vec2{1.3, 0.3});
    checkVec(c.r2, Vec2{0, ys[k]} - Vec2{0.005, 0});
    CHECK(c.normalVelocity == Approx(-100));
    CHECK(c.isPenetrating());
    CHECK(c.isColliding());
    // The corner is the block's, at (depth - 1.3, ...) in body coordinates.
    const Vertex& v = sim.bodies()[block].vertices()[c.vertex];
    CHECK(v.location.x == Approx(depths[k] - 1.3));
    CHECK(c.normalEdge.valid());
  }
}

TEST_CASE("A small ball at speed 100 through a thin wall: one record", "[collision][swept]") {
  RigidBodySim sim;
  const int wall = addThinWall(sim);
  // Radius 0.04: a circumference under the curved edge spacing, so the ball has engine2D's
  // minimum of one vertex every 45 degrees: the seam (-0.04, 0) and 7 decorated points,
  // among them (0.04, 0). Velocity (100, 10) over 0.025: from (-1.2, -0.2) to (1.3, 0.05).
  const int ball = sim.addBody(shapes::ball(0.04, "ball"), {1.3, 100, 0.05, 10, 0, 0});
  REQUIRE(sim.bodies()[ball].vertices().size() == 8);
  const auto oldVars = varsWith(sim, ball, {-1.2, 100, -0.2, 10, 0, 0});
  const ContactTolerances tol;

  CHECK(findCloseCollisions(sim, sim.vars(), tol).empty());
  // The broad phase over the current state alone does not even pair them.
  CHECK(broadPhasePairs(sim, sim.vars(), tol.distanceTol).empty());
  CHECK(broadPhasePairs(sim, sim.vars(), tol.distanceTol, oldVars) ==
        std::vector<BodyPair>{{wall, ball}});

  // Leading point: from (-1.16, -0.2) to (1.34, 0.05), crosses x = 0 at t = 1.16 / 2.5 =
  // 0.464, y = -0.2 + 0.25 t = -0.084; depth 1.34. Every vertex (px, py) crosses, at
  // y = py - 0.08 - 0.1 px, from -0.12 to -0.04. Taken in vertex order, each is within
  // engine2D's nearness for the ball's vertices, 2 sqrt(2 r tol) = 0.057 (r = 0.04), of the
  // record kept so far, and the deeper of the two stays: one gap, the leading point's.
  const auto found = findCloseCollisions(sim, sim.vars(), tol, oldVars);
  REQUIRE(found.size() == 1);
  const RigidBodyCollision& c = found[0];
  CHECK(c.kind == CollisionKind::kVertexEdge);
  CHECK(c.primaryBody == ball);
  CHECK(c.normalBody == wall);
  CHECK(c.decoratedVertex);  // the mid-point leads
  checkVec(sim.bodies()[ball].vertices()[c.vertex].location, {0.04, 0});
  checkVec(c.impact1, {0, -0.084});
  checkVec(c.normal, {-1, 0});
  CHECK(c.distance == Approx(-1.34).margin(kEps));
  CHECK(c.normalVelocity == Approx(-100));
  CHECK_FALSE(c.ballObject);  // a vertex record: the ball's curvature is not in play
  CHECK_FALSE(c.ballNormal);
}

TEST_CASE("The edge's body moving: the path is taken in its old and new frames",
          "[collision][swept]") {
  RigidBodySim sim;
  // A fixed 0.1 square post at the origin and a free blade 0.01 x 2 moving left at 100,
  // from x = 1.3 to x = -1.2 in one step of 0.025.
  const int post = sim.addBody(shapes::wall(0.1, 0.1, "post"), {0, 0, 0});
  const int blade = sim.addBody(shapes::block(0.01, 2, "blade"), {-1.2, -100, 0, 0, 0, 0});
  const auto oldVars = varsWith(sim, blade, {1.3, -100, 0, 0, 0, 0});
  const ContactTolerances tol;
  CHECK(findCloseCollisions(sim, sim.vars(), tol).empty());

  // In the blade's body coordinates the post's corner (px, py) goes from (px - 1.3, py)
  // to (px + 1.2, py), entering the blade's left face x = -0.005 at y = py. Both corners
  // at the same height cross at the same point: one gap, and the deeper (px = 0.05, now
  // 1.25 + 0.005 past the face) stays. The crossing goes to the world with the blade's
  // current pose: (-1.2 - 0.005, py).
  const auto found = sortedBy(findCloseCollisions(sim, sim.vars(), tol, oldVars), true);
  REQUIRE(found.size() == 2);
  for (int k = 0; k < 2; ++k) {
    const RigidBodyCollision& c = found[k];
    const double py = k == 0 ? -0.05 : 0.05;
    CHECK(c.primaryBody == post);
    CHECK(c.normalBody == blade);
    checkVec(sim.bodies()[post].vertices()[c.vertex].location, {0.05, py});
    checkVec(c.impact1, {-1.205, py});
    checkVec(c.normal, {-1, 0});
    CHECK(c.distance == Approx(-1.255).margin(kEps));
    CHECK(c.normalVelocity == Approx(-100));  // n . (0 - (-100, 0))
  }
}

TEST_CASE("A vertex moving along an edge crosses nothing", "[collision][swept]") {
  RigidBodySim sim;
  addFloor(sim);
  // A 1 x 1 block sliding at 100 along the floor: from x = -1.25 to x = 1.25.
  const int block = sim.addBody(shapes::block(1, 1, "block"), {1.25, 100, 0.52, 0, 0, 0});
  const ContactTolerances tol;
  SECTION("0.02 above the floor: nothing") {
    const auto oldVars = varsWith(sim, block, {-1.25, 100, 0.52, 0, 0, 0});
    CHECK(findCloseCollisions(sim, sim.vars(), tol, oldVars).empty());
  }
  SECTION("0.004 above the floor: the two corner contacts only") {
    sim.setBodyState(block, {1.25, 100, 0.504, 0, 0, 0});
    const auto oldVars = varsWith(sim, block, {-1.25, 100, 0.504, 0, 0, 0});
    const ContactSearch r = findContacts(sim, sim.vars(), tol, oldVars);
    CHECK(r.penetrations.empty());
    CHECK(r.others.empty());
    REQUIRE(r.contacts.size() == 2);
    for (const auto& c : r.contacts) {
      CHECK(c.distance == Approx(0.004).margin(kEps));
      CHECK(c.normalVelocity == Approx(0).margin(kEps));
      CHECK_FALSE(c.decoratedVertex);
    }
  }
}

TEST_CASE("A rotating body: the vertex path joins its old and new positions",
          "[collision][swept]") {
  RigidBodySim sim;
  const int floor = addFloor(sim);
  // A 1 x 0.2 stick centred at (0, 0.2) turning clockwise from angle 0 to -0.3 in one
  // step of 0.025 (omega -12). Its corner (0.5, -0.1) goes from (0.5, 0.1) to
  //   (0.5 cos 0.3 - 0.1 sin 0.3, 0.2 - 0.5 sin 0.3 - 0.1 cos 0.3) = (0.448116, -0.043294);
  // the other lower corner ends at y = 0.2 + 0.5 sin 0.3 - 0.1 cos 0.3 = 0.252226, clear.
  const double c3 = std::cos(0.3), s3 = std::sin(0.3);
  const Vec2 from{0.5, 0.1}, to{0.5 * c3 - 0.1 * s3, 0.2 - 0.5 * s3 - 0.1 * c3};
  CHECK(to.x == Approx(0.448116).margin(1e-6));
  CHECK(to.y == Approx(-0.043294).margin(1e-6));
  const int stick = sim.addBody(shapes::block(1, 0.2, "stick"), {0, 0, 0.2, 0, -0.3, -12});
  const auto oldVars = varsWith(sim, stick, {0, 0, 0.2, 0, 0, -12});
  const ContactTolerances tol;

  // It crosses y = 0 at t = 0.1 / (0.1 + 0.043294) = 0.697866, x = 0.5 - 0.051884 t = 0.463792.
  const double t = from.y / (from.y - to.y);
  const Vec2 hit{from.x + (to.x - from.x) * t, 0};
  CHECK(hit.x == Approx(0.463792).margin(1e-6));

  const auto found = findCloseCollisions(sim, sim.vars(), tol, oldVars);
  REQUIRE(found.size() == 1);
  const RigidBodyCollision& c = found[0];
  CHECK(c.primaryBody == stick);
  CHECK(c.normalBody == floor);
  checkVec(sim.bodies()[stick].vertices()[c.vertex].location, {0.5, -0.1});
  checkVec(c.impact1, hit);
  checkVec(c.normal, {0, 1});
  CHECK(c.distance == Approx(to.y).margin(kEps));
  // The stick's velocity at the impact point: omega x r, r = (0.463792, -0.2):
  // (-omega r.y, omega r.x) = (-2.4, -5.565504); along the normal -5.565504.
  checkVec(c.r1, {hit.x, -0.2});
  CHECK(c.normalVelocity == Approx(-12 * hit.x).margin(kEps));

  // At the current state alone the same corner is a penetration at the corner itself.
  const auto now = findCloseCollisions(sim, sim.vars(), tol);
  REQUIRE(now.size() == 1);
  checkVec(now[0].impact1, to);
  CHECK(now[0].distance == Approx(to.y).margin(kEps));
}

TEST_CASE("Decorated vertices give way to the edge/edge collision of the same edges",
          "[collision][swept]") {
  RigidBodySim sim;
  const int floor = addFloor(sim);
  // A ball of radius 0.5: 11 arcs of the default spacing 0.3 (ceil(pi / 0.3)), so the
  // seam at 180 degrees and 10 decorated vertices at 180 + 32.727 k degrees.
  const int ball = sim.addBody(shapes::ball(0.5, "ball"), {0, 0, 0.4, -4.12, 0, 0});
  REQUIRE(sim.bodies()[ball].vertices().size() == 11);
  const ContactTolerances tol;

  SECTION("both exist: only the edge/edge collision stays") {
    // From height 0.503 (0.003 clear) to 0.4 (0.1 deep). A vertex at angle a is at height
    // 0.4 + 0.5 sin a now and 0.503 + 0.5 sin a before: it crossed the floor if sin a <
    // -0.8, which the vertices at 245.45 and 278.18 degrees do, at x = 0.5 cos a =
    // -0.2078 and 0.0712 — both further than 0.1 from the lowest point (0, -0.1), so
    // only the decorated-vertex rule removes them.
    const auto oldVars = varsWith(sim, ball, {0, 0, 0.503, -4.12, 0, 0});
    const auto found = findCloseCollisions(sim, sim.vars(), tol, oldVars);
    REQUIRE(found.size() == 1);
    const RigidBodyCollision& c = found[0];
    CHECK(c.kind == CollisionKind::kEdgeEdge);
    CHECK(c.primaryBody == ball);
    CHECK(c.normalBody == floor);
    CHECK_FALSE(c.decoratedVertex);
    CHECK(c.distance == Approx(-0.1).margin(kEps));
    checkVec(c.impact1, {0, -0.1});
    checkVec(*c.impact2, {0, 0});
  }
  SECTION("a large step: only the decorated vertices see it") {
    // From height 0.6 (0.1 clear) to -0.1: the centre is below the floor's top, so no
    // circle/straight collision. Vertices with 0.5 sin a < 0.1 crossed: the seam (180)
    // and the mid-points at 212.73, 245.45, 278.18, 310.91 and 343.64 degrees, at x =
    // -0.5, -0.4206, -0.2077, 0.0712, 0.3274, 0.4797. Records of the ball's vertices are
    // one gap within engine2D's nearness 2 sqrt(2 r tol) = 0.2 of each other (r = 0.5, the
    // vertices' curvature), taken in vertex order, the deeper kept: 212.73 replaces the
    // seam (0.079 apart), 343.64 gives way to 310.91 (0.152); the other neighbours are
    // 0.213 to 0.279 apart. Four stay.
    sim.setBodyState(ball, {0, 0, -0.1, -28, 0, 0});
    const auto oldVars = varsWith(sim, ball, {0, 0, 0.6, -28, 0, 0});
    const auto found = sortedBy(findCloseCollisions(sim, sim.vars(), tol, oldVars), false);
    REQUIRE(found.size() == 4);
    const double xs[] = {-0.420627, -0.207708, 0.071157, 0.327430};
    for (int k = 0; k < 4; ++k) {
      const RigidBodyCollision& c = found[k];
      CHECK(c.kind == CollisionKind::kVertexEdge);
      CHECK(c.decoratedVertex);
      CHECK(c.primaryBody == ball);
      checkVec(c.normal, {0, 1});
      // Vertical motion: the vertex crosses straight down at its own x.
      const Vec2 v = sim.bodies()[ball].vertices()[c.vertex].location;
      CHECK(v.x == Approx(xs[k]).margin(1e-6));
      checkVec(c.impact1, {v.x, 0});
      CHECK(c.distance == Approx(-0.1 + v.y).margin(kEps));
      CHECK(c.normalVelocity == Approx(-28));
    }
  }
  SECTION("an end-point vertex collision 0.1 from an edge/edge collision is the same gap") {
    // A round-corner block 1 x 1, corner radius 0.2, turned clockwise by 0.5 rad and
    // dropping 0.033 in a step (vertical). Its bottom-right arc (centre (0.3, -0.3), from
    // the corner (0.3, -0.5) at 270 degrees to (0.5, -0.3)) is lowest at 270 + 28.65
    // degrees; at CM height 0.3 s + 0.3 c + 0.17 (s, c of 0.5) that point is 0.03 deep.
    // Then, with heights y_cm + (-x s + y c):
    //   the corner (0.3, -0.5)          0.17 - 0.2 c = -0.005516 deep; its crossing is
    //                                   0.1 from the arc's lowest point, within engine2D's
    //                                   nearness 2 sqrt(2 r tol) = 0.126 for the arc's
    //                                   r = 0.2: the same gap, and the shallower: removed
    //   the mid-point at 315 degrees    0.17 - 0.1414 (s + c) = -0.0219: decorated, on the
    //                                   same arc against the same floor edge as the
    //                                   edge/edge collision: removed
    const double s = std::sin(0.5), c = std::cos(0.5);
    const double y = 0.3 * s + 0.3 * c + 0.17;
    sim.setBodyState(ball, {-3, 0, 0.6, 0, 0, 0});  // out of the way
    const int rb =
        sim.addBody(shapes::roundCornerBlock(1, 1, 0.2, "rounded"), {0, 0, y, -1.32, -0.5, 0});
    const auto oldVars = varsWith(sim, rb, {0, 0, y + 0.033, -1.32, -0.5, 0});
    const auto found = findCloseCollisions(sim, sim.vars(), tol, oldVars);
    REQUIRE(found.size() == 1);
    CHECK(found[0].kind == CollisionKind::kEdgeEdge);
    CHECK(found[0].distance == Approx(-0.03).margin(kEps));
  }
}

TEST_CASE("Circle/straight penetration needs a positive distance a step before",
          "[collision][swept]") {
  RigidBodySim sim;
  addFloor(sim);
  const int ball = sim.addBody(shapes::ball(0.5, "ball"), {0, 0, 0.48, -0.4, 0, 0});
  const ContactTolerances tol;
  // At the current state alone: 0.02 deep.
  const auto now = findCloseCollisions(sim, sim.vars(), tol);
  REQUIRE(now.size() == 1);
  CHECK(now[0].distance == Approx(-0.02).margin(kEps));

  SECTION("already 0.01 deep a step before: ignored") {
    // No vertex crossed either: the lowest, at 278.18 degrees (0.4949 below the centre),
    // was already 0.0049 below the floor's top.
    const auto oldVars = varsWith(sim, ball, {0, 0, 0.49, -0.4, 0, 0});
    CHECK(findCloseCollisions(sim, sim.vars(), tol, oldVars).empty());
  }
  SECTION("0.003 clear a step before: reported") {
    const auto oldVars = varsWith(sim, ball, {0, 0, 0.503, -0.4, 0, 0});
    const auto found = findCloseCollisions(sim, sim.vars(), tol, oldVars);
    REQUIRE(found.size() == 1);
    CHECK(found[0].kind == CollisionKind::kEdgeEdge);
    CHECK(found[0].distance == Approx(-0.02).margin(kEps));
    CHECK(found[0].normalVelocity == Approx(-0.4));
  }
}

TEST_CASE("Imminent collisions come with their normal velocity", "[collision][swept]") {
  RigidBodySim sim;
  addFloor(sim);
  // 0.004 above the floor, falling at 1: close and approaching fast; a step before it
  // was 0.029 above, so no vertex crossed.
  const int block = sim.addBody(shapes::block(1, 1, "block"), {0, 0, 0.504, -1, 0, 0});
  const auto oldVars = varsWith(sim, block, {0, 0, 0.529, -1, 0, 0});
  const auto found = findCloseCollisions(sim, sim.vars(), {}, oldVars);
  REQUIRE(found.size() == 2);
  for (const auto& c : found) {
    CHECK(c.distance == Approx(0.004).margin(kEps));
    CHECK(c.normalVelocity == Approx(-1));
    CHECK(c.isColliding());  // -1 < -velocityTol and 0.004 < targetGap 0.005
    CHECK_FALSE(c.isPenetrating());
    CHECK_FALSE(c.contact());
  }
}

TEST_CASE("A previous state of another size is refused", "[collision][swept]") {
  RigidBodySim sim;
  addFloor(sim);
  sim.addBody(shapes::block(1, 1, "block"), {0, 0, 0.504});
  const std::vector<double> shortVars(6, 0.0);
  CHECK_THROWS_AS(findCloseCollisions(sim, sim.vars(), {}, shortVars), std::invalid_argument);
}

TEST_CASE("updateCollision re-measures a record at a backed-up state", "[collision][update]") {
  RigidBodySim sim;
  const int floor = addFloor(sim);
  // A 1 x 1 block falling at 2 from height 0.52 to 0.47: its lower corners cross the
  // floor at (+-0.5, 0) and end 0.03 deep.
  const int block = sim.addBody(shapes::block(1, 1, "block"), {0, 0, 0.47, -2, 0, 0});
  const auto oldVars = varsWith(sim, block, {0, 0, 0.52, -2, 0, 0});
  const auto found = sortedBy(findCloseCollisions(sim, sim.vars(), {}, oldVars), false);
  REQUIRE(found.size() == 2);
  for (const auto& c : found) CHECK(c.distance == Approx(-0.03).margin(kEps));

  SECTION("backed up to 0.003 above the floor: positive distance, same normal") {
    const auto backed = varsWith(sim, block, {0, 0, 0.503, -2, 0, 0});
    for (int k = 0; k < 2; ++k) {
      RigidBodyCollision c = found[k];
      const double x = k == 0 ? -0.5 : 0.5;
      REQUIRE(updateCollision(c, sim, backed));
      CHECK(c.primaryBody == block);
      CHECK(c.normalBody == floor);
      CHECK(c.distance == Approx(0.003).margin(kEps));
      checkVec(c.normal, {0, 1});
      checkVec(c.impact1, {x, 0.003});  // the corner
      checkVec(*c.impact2, {x, 0});     // its foot on the floor's top
      checkVec(c.r1, {x, -0.5});
      checkVec(c.r2, {x, 0.5});     // from the floor's CM (0, -0.5)
      checkVec(c.u1, {x, -0.503});  // the block followed at the corner's foot
      checkVec(c.u2, c.r2);
      CHECK(c.normalVelocity == Approx(-2));
      CHECK(c.vertex == found[k].vertex);
      CHECK(c.normalEdge == found[k].normalEdge);
      CHECK(c.isColliding());  // close and fast: ready for the impulse
      CHECK(c.distance == Approx(dot(c.normal, c.impact1 - *c.impact2)).margin(kEps));
    }
  }
  SECTION("beyond the end of the edge the record is kept, measured from the line") {
    // Block at x = 5.3: its right corner at x = 5.8, past the floor's end at 5.
    const auto backed = varsWith(sim, block, {5.3, 0, 0.503, -2, 0, 0});
    RigidBodyCollision c = found[1];
    REQUIRE(updateCollision(c, sim, backed));
    CHECK(c.distance == Approx(0.003).margin(kEps));
    checkVec(c.impact1, {5.8, 0.003});
    checkVec(*c.impact2, {5.8, 0});
  }
  SECTION("a body index not in the simulation: not updated") {
    RigidBodyCollision c = found[0];
    c.normalBody = 7;
    CHECK_FALSE(updateCollision(c, sim, sim.vars()));
  }
}

TEST_CASE("updateCollision on edge/edge, vertex at an arc's centre and connectors",
          "[collision][update]") {
  SECTION("circle/straight: the ball backed up to 0.004 above the floor") {
    RigidBodySim sim;
    addFloor(sim);
    const int ball = sim.addBody(shapes::ball(0.5, "ball"), {0.2, 0, 0.48, -0.4, 0, 0});
    const auto oldVars = varsWith(sim, ball, {0.2, 0, 0.503, -0.4, 0, 0});
    const auto found = findCloseCollisions(sim, sim.vars(), {}, oldVars);
    REQUIRE(found.size() == 1);
    RigidBodyCollision c = found[0];
    REQUIRE(c.kind == CollisionKind::kEdgeEdge);
    REQUIRE(updateCollision(c, sim, varsWith(sim, ball, {0.2, 0, 0.504, -0.4, 0, 0})));
    CHECK(c.distance == Approx(0.004).margin(kEps));
    checkVec(c.normal, {0, 1});
    checkVec(c.impact1, {0.2, 0.004});
    checkVec(*c.impact2, {0.2, 0});
    checkVec(c.r1, {0, -0.5});
    checkVec(c.u1, {0, 0});  // the ball's centre is its CM
    CHECK(c.ballObject);
    CHECK(c.radius1 == Approx(0.5));
    CHECK(c.normalVelocity == Approx(-0.4));
  }
  SECTION("a corner moved to the centre of the arc it met: no gap") {
    RigidBodySim sim;
    sim.addBody(shapes::ball(0.5, "ball"), {0, 0, 0});
    const double h = 0.1 * std::sqrt(2.0);  // a 0.2 square turned 45 degrees: corner h below
    const int diamond =
        sim.addBody(shapes::block(0.2, 0.2, "diamond"), {0, 0, 0.505 + h, 0, std::atan(1.0), 0});
    const auto found = findCloseCollisions(sim, sim.vars(), {});
    REQUIRE(found.size() == 1);
    RigidBodyCollision c = found[0];
    REQUIRE(c.kind == CollisionKind::kVertexEdge);
    REQUIRE(c.ballNormal);
    const RigidBodyCollision before = c;
    CHECK_FALSE(updateCollision(c, sim, varsWith(sim, diamond, {0, 0, h, 0, std::atan(1.0), 0})));
    CHECK(c.distance == before.distance);  // unchanged
    // Moved up so its lowest corner is at (0, 0.6): |p - c| - R = 0.6 - 0.5 = 0.1.
    REQUIRE(updateCollision(c, sim, varsWith(sim, diamond, {0, 0, 0.6 + h, 0, std::atan(1.0), 0})));
    CHECK(c.distance == Approx(0.1).margin(kEps));
    checkVec(*c.impact2, {0, 0.5});
    checkVec(c.u2, {0, 0});
  }
  SECTION("a connector record is left to its connector") {
    RigidBodySim sim;
    addFloor(sim);
    RigidBodyCollision c;
    c.kind = CollisionKind::kConnector;
    c.distance = 0.25;
    CHECK(updateCollision(c, sim, sim.vars()));
    CHECK(c.distance == 0.25);
  }
}
