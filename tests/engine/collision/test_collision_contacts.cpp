// Contact detection (narrow phase), with geometry worked out by hand.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "engine/body/shapes.h"
#include "engine/collision/contact_detection.h"
#include "engine/dynamics/rigid_body_sim.h"

using namespace cl;

namespace {

constexpr double kEps = 1e-12;

// A fixed floor 10 wide and 1 thick whose top is the line y = 0.
int addFloor(RigidBodySim& sim) {
  return sim.addBody(shapes::wall(10, 1, "floor"), {0, 0, -0.5});
}

ContactSearch search(const RigidBodySim& sim, ContactTolerances tol = {}) {
  return findContacts(sim, sim.vars(), tol);
}

// Sorted by impact1.x, to compare with hand-made lists.
std::vector<RigidBodyCollision> byX(std::vector<RigidBodyCollision> v) {
  std::sort(v.begin(), v.end(),
            [](const auto& a, const auto& b) { return a.impact1.x < b.impact1.x; });
  return v;
}

void checkVec(Vec2 got, Vec2 want, double eps = kEps) {
  CHECK(got.x == Approx(want.x).margin(eps));
  CHECK(got.y == Approx(want.y).margin(eps));
}

// A fixed body with a concave circular cup: a 2 x 1 block, top at y = 0, with a
// half-disc of radius 0.8 about the origin cut out of it (a clockwise arc).
Polygon cup() {
  Path p;
  p.edges = {StraightEdge{{-1, -1}, {1, -1}},  StraightEdge{{1, -1}, {1, 0}},
             StraightEdge{{1, 0}, {0.8, 0}},   CircularEdge{{0.8, 0}, {-0.8, 0}, {0, 0}, true},
             StraightEdge{{-0.8, 0}, {-1, 0}}, StraightEdge{{-1, 0}, {-1, -1}}};
  Polygon c("cup", {p});
  c.setMass(kInfiniteMass);
  return c;
}

}  // namespace

TEST_CASE("Block resting flat above the floor: two corner contacts", "[collision]") {
  RigidBodySim sim;
  const int floor = addFloor(sim);
  const int block = sim.addBody(shapes::block(1, 1, "block"), {0, 0, 0.504});
  const ContactSearch r = search(sim);
  REQUIRE(r.penetrations.empty());
  REQUIRE(r.others.empty());
  REQUIRE(r.contacts.size() == 2);
  const auto cs = byX(r.contacts);
  for (int k = 0; k < 2; ++k) {
    const RigidBodyCollision& c = cs[k];
    const double x = k == 0 ? -0.5 : 0.5;
    CHECK(c.kind == CollisionKind::kVertexEdge);
    CHECK(c.primaryBody == block);
    CHECK(c.normalBody == floor);
    checkVec(c.normal, {0, 1});
    CHECK(c.distance == Approx(0.004).margin(kEps));
    checkVec(c.impact1, {x, 0.004});
    REQUIRE(c.impact2.has_value());
    checkVec(*c.impact2, {x, 0});
    checkVec(c.r1, {x, -0.5});
    checkVec(c.r2, {x, 0.5});  // from the floor's CM (0, -0.5)
    // The block is followed at the corner's foot on the floor, engine2D's contact point.
    checkVec(c.u1, {x, -0.504});
    checkVec(c.u2, c.r2);
    CHECK(c.normalVelocity == 0.0);
    CHECK(c.targetGap == Approx(0.005));
    CHECK(c.distanceToHalfGap() == Approx(-0.001).margin(kEps));
    CHECK_FALSE(c.joint);
    CHECK_FALSE(c.ballObject);
    CHECK_FALSE(c.ballNormal);
    CHECK(c.contact());
    // The corner is a real vertex of the block; the normal edge is the floor's top.
    const Vertex& v = sim.bodies()[block].vertices()[c.vertex];
    CHECK(v.endPoint);
    CHECK(v.location.x == Approx(x));
    CHECK(v.location.y == Approx(-0.5));
    const auto& top = std::get<StraightEdge>(
        sim.bodies()[floor].paths()[c.normalEdge.path].edges[c.normalEdge.edge]);
    CHECK(top.start.y == Approx(0.5));
    CHECK(top.end.y == Approx(0.5));
  }
}

TEST_CASE("Tilted block: only the lower corner is within the tolerance", "[collision]") {
  RigidBodySim sim;
  addFloor(sim);
  const double th = 0.02, s = std::sin(th), c = std::cos(th);
  // Rotating by th puts the corner (-0.5, -0.5) at -0.5 (c + s) below the CM and the
  // corner (0.5, -0.5) at 0.5 (c - s) below it: the second is s = 0.02 higher.
  const double cmY = 0.004 + 0.5 * (c + s);
  sim.addBody(shapes::block(1, 1, "block"), {0, 0, cmY, 0, th, 0});
  const ContactSearch r = search(sim);
  REQUIRE(r.contacts.size() == 1);
  CHECK(r.others.empty());
  const RigidBodyCollision& k = r.contacts[0];
  CHECK(k.distance == Approx(0.004).margin(1e-12));
  checkVec(k.impact1, {-0.5 * (c - s), 0.004}, 1e-12);
  checkVec(k.r1, {-0.5 * (c - s), -0.5 * (c + s)}, 1e-12);
}

TEST_CASE("Ball above the floor: one circle/straight contact at its lowest point", "[collision]") {
  RigidBodySim sim;
  const int floor = addFloor(sim);
  const int ball = sim.addBody(shapes::ball(0.5, "ball"), {0.3, 0, 0.503, 0, 1.0, 0});
  const ContactSearch r = search(sim);
  REQUIRE(r.contacts.size() == 1);
  const RigidBodyCollision& c = r.contacts[0];
  CHECK(c.kind == CollisionKind::kEdgeEdge);
  CHECK(c.primaryBody == ball);
  CHECK(c.normalBody == floor);
  checkVec(c.normal, {0, 1});
  CHECK(c.distance == Approx(0.003).margin(kEps));
  checkVec(c.impact1, {0.3, 0.003});
  checkVec(*c.impact2, {0.3, 0});
  checkVec(c.r1, {0, -0.5});
  checkVec(c.u1, {0, 0});  // the ball's centre is its CM
  CHECK(c.ballObject);
  CHECK(c.radius1 == Approx(0.5));
  CHECK_FALSE(c.ballNormal);
  CHECK(c.vertex == -1);
  CHECK(c.primaryEdge == EdgeRef{0, 0});
  CHECK(c.normalEdge.valid());
}

TEST_CASE("Ball inside a concave cup: contact with the concave radius", "[collision]") {
  RigidBodySim sim;
  const int cupIndex = sim.addBody(cup());
  // Put the cup's CM where it is in body coordinates, so body and world coincide and
  // the arc's centre is the world origin.
  const Vec2 cm = sim.bodies()[cupIndex].centerOfMass();
  sim.setBodyState(cupIndex, {cm.x, 0, cm.y, 0, 0, 0});
  // Ball of radius 0.3 whose bottom is 0.004 above the cup's bottom (0, -0.8).
  const int ball = sim.addBody(shapes::ball(0.3, "ball"), {0, 0, -0.8 + 0.3 + 0.004});
  const ContactSearch r = search(sim);
  REQUIRE(r.contacts.size() == 1);
  const RigidBodyCollision& c = r.contacts[0];
  CHECK(c.kind == CollisionKind::kEdgeEdge);
  CHECK(c.primaryBody == ball);
  CHECK(c.normalBody == cupIndex);
  checkVec(c.normal, {0, 1});  // out of the cup's material, towards the arc's centre
  CHECK(c.distance == Approx(0.004).margin(1e-12));
  checkVec(c.impact1, {0, -0.796}, 1e-12);
  checkVec(*c.impact2, {0, -0.8}, 1e-12);
  CHECK(c.ballObject);
  // Half the gap on each signed radius: their sum is minus the centres' distance 0.496.
  CHECK(c.radius1 == Approx(0.302).margin(1e-12));
  CHECK(c.ballNormal);
  CHECK(c.radius2 == Approx(-0.798).margin(1e-12));
  checkVec(c.u1, {0, 0});
  checkVec(c.u2, Vec2{0, 0} - cm, 1e-12);  // arc centre (world origin) minus the cup's CM
  CHECK(c.normalEdge == EdgeRef{0, 3});
}

TEST_CASE("Corner of a block in a concave cup: vertex/circular edge", "[collision]") {
  RigidBodySim sim;
  const int cupIndex = sim.addBody(cup());
  const Vec2 cm = sim.bodies()[cupIndex].centerOfMass();
  sim.setBodyState(cupIndex, {cm.x, 0, cm.y, 0, 0, 0});
  // A 0.2 square turned 45 degrees: its lowest corner is 0.1 sqrt 2 below its CM.
  const double h = 0.1 * std::sqrt(2.0);
  sim.addBody(shapes::block(0.2, 0.2, "diamond"), {0, 0, -0.796 + h, 0, std::atan(1.0), 0});
  const ContactSearch r = search(sim);
  REQUIRE(r.contacts.size() == 1);
  const RigidBodyCollision& c = r.contacts[0];
  CHECK(c.kind == CollisionKind::kVertexEdge);
  CHECK(c.distance == Approx(0.004).margin(1e-12));
  checkVec(c.normal, {0, 1}, 1e-12);
  CHECK(c.ballNormal);
  // The signed radius grown by the gap: the corner is 0.796 from the arc's centre.
  CHECK(c.radius2 == Approx(-0.796).margin(1e-12));
  CHECK_FALSE(c.ballObject);
}

TEST_CASE("Vertex against a convex arc: block corner on a ball", "[collision]") {
  RigidBodySim sim;
  const int ball = sim.addBody(shapes::ball(0.5, "ball"), {0, 0, 0});
  const double h = 0.1 * std::sqrt(2.0);
  sim.addBody(shapes::block(0.2, 0.2, "diamond"), {0, 0, 0.505 + h, 0, std::atan(1.0), 0});
  const ContactSearch r = search(sim);
  REQUIRE(r.contacts.size() == 1);
  const RigidBodyCollision& c = r.contacts[0];
  CHECK(c.normalBody == ball);
  CHECK(c.distance == Approx(0.005).margin(1e-12));
  checkVec(c.normal, {0, 1}, 1e-12);
  CHECK(c.ballNormal);
  // The radius grown by the gap: the corner is 0.505 from the ball's centre.
  CHECK(c.radius2 == Approx(0.505).margin(1e-12));
  checkVec(*c.impact2, {0, 0.5}, 1e-12);
  checkVec(c.u2, {0, 0});
}

TEST_CASE("Two balls: circle/circle contact along the centre line", "[collision]") {
  RigidBodySim sim;
  const double a = 0.6;
  const Vec2 dir{std::cos(a), std::sin(a)};
  const int b0 = sim.addBody(shapes::ball(0.5, "big"), {1, 0, 2});
  const Vec2 c1 = Vec2{1, 2} + dir * (0.75 + 0.004);
  const int b1 = sim.addBody(shapes::ball(0.25, "small"), {c1.x, 0, c1.y});
  const ContactSearch r = search(sim);
  REQUIRE(r.contacts.size() == 1);
  const RigidBodyCollision& c = r.contacts[0];
  CHECK(c.kind == CollisionKind::kEdgeEdge);
  CHECK(c.primaryBody == b0);
  CHECK(c.normalBody == b1);
  checkVec(c.normal, -dir, 1e-12);  // out of the small ball, towards the big one
  CHECK(c.distance == Approx(0.004).margin(1e-12));
  checkVec(c.impact1, Vec2{1, 2} + dir * 0.5, 1e-12);
  checkVec(*c.impact2, c1 - dir * 0.25, 1e-12);
  CHECK(c.ballObject);
  CHECK(c.ballNormal);
  // Half the gap on each radius: their sum is the centres' distance 0.754.
  CHECK(c.radius1 == Approx(0.502).margin(1e-12));
  CHECK(c.radius2 == Approx(0.252).margin(1e-12));
  checkVec(c.u1, {0, 0});
  checkVec(c.u2, {0, 0});
  CHECK(c.distance == Approx(dot(c.normal, c.impact1 - *c.impact2)).margin(1e-12));

  SECTION("approaching fast: not a contact") {
    sim.setBodyState(b1, {c1.x, -dir.x, c1.y, -dir.y, 0, 0});
    const ContactSearch f = search(sim);
    CHECK(f.contacts.empty());
    REQUIRE(f.others.size() == 1);
    CHECK(f.others[0].normalVelocity == Approx(-1.0));
    CHECK(f.others[0].isColliding());
  }
  SECTION("separating slowly: still a contact, positive normal velocity") {
    sim.setBodyState(b1, {c1.x, 0.2 * dir.x, c1.y, 0.2 * dir.y, 0, 0});
    const ContactSearch f = search(sim);
    REQUIRE(f.contacts.size() == 1);
    CHECK(f.contacts[0].normalVelocity == Approx(0.2));
  }
}

TEST_CASE("Block on a block, offset sideways: one corner of each on the other", "[collision]") {
  RigidBodySim sim;
  const int lower = sim.addBody(shapes::block(1, 1, "lower"), {0, 0, 0});
  const int upper = sim.addBody(shapes::block(1, 1, "upper"), {0.3, 0, 1.004});
  const ContactSearch r = search(sim);
  REQUIRE(r.contacts.size() == 2);
  const auto cs = byX(r.contacts);
  // Upper's bottom-left corner (-0.2, 0.504) over lower's top edge.
  CHECK(cs[0].primaryBody == upper);
  CHECK(cs[0].normalBody == lower);
  checkVec(cs[0].impact1, {-0.2, 0.504}, 1e-12);
  checkVec(cs[0].normal, {0, 1});
  checkVec(cs[0].r1, {-0.5, -0.5}, 1e-12);
  checkVec(*cs[0].impact2, {-0.2, 0.5}, 1e-12);
  checkVec(cs[0].r2, {-0.2, 0.5}, 1e-12);  // impact2 minus lower's CM (0, 0)
  // Lower's top-right corner (0.5, 0.5) under upper's bottom edge.
  CHECK(cs[1].primaryBody == lower);
  CHECK(cs[1].normalBody == upper);
  checkVec(cs[1].impact1, {0.5, 0.5}, 1e-12);
  checkVec(cs[1].normal, {0, -1});
  checkVec(cs[1].r1, {0.5, 0.5}, 1e-12);
  checkVec(cs[1].r2, {0.2, -0.5}, 1e-12);
  for (const auto& c : cs) CHECK(c.distance == Approx(0.004).margin(1e-12));
}

TEST_CASE("Blocks stacked flush: one contact per corner, not two", "[collision]") {
  RigidBodySim sim;
  sim.addBody(shapes::block(1, 1, "lower"), {0, 0, 0});
  sim.addBody(shapes::block(1, 1, "upper"), {0, 0, 1.004});
  const ContactSearch r = search(sim);
  REQUIRE(r.contacts.size() == 2);
  const auto cs = byX(r.contacts);
  CHECK(cs[0].impact1.x == Approx(-0.5));
  CHECK(cs[1].impact1.x == Approx(0.5));
}

TEST_CASE("Round-corner block: the arc and end-point vertex give one contact per side",
          "[collision]") {
  RigidBodySim sim;
  addFloor(sim);
  sim.addBody(shapes::roundCornerBlock(1, 1, 0.2, "rounded"), {0, 0, 0.504});
  const ContactSearch r = search(sim);
  REQUIRE(r.contacts.size() == 2);
  const auto cs = byX(r.contacts);
  CHECK(cs[0].impact1.x == Approx(-0.3));
  CHECK(cs[1].impact1.x == Approx(0.3));
  for (const auto& c : cs) CHECK(c.distance == Approx(0.004).margin(1e-12));
}

TEST_CASE("Corner beside a corner: vertex/vertex contact", "[collision]") {
  RigidBodySim sim;
  sim.addBody(shapes::block(1, 1, "a"), {0, 0, 0});
  // b's lower-left corner at (0.503, 0.504): right of a's top edge span and above
  // a's right edge span, 0.005 from a's corner (0.5, 0.5).
  sim.addBody(shapes::block(1, 1, "b"), {1.003, 0, 1.004});
  const ContactSearch r = search(sim);
  REQUIRE(r.contacts.size() == 1);
  const RigidBodyCollision& c = r.contacts[0];
  CHECK(c.kind == CollisionKind::kVertexVertex);
  CHECK(c.distance == Approx(0.005).margin(1e-12));
  CHECK(std::abs(c.normal.x) == Approx(0.6));
  CHECK(std::abs(c.normal.y) == Approx(0.8));
  CHECK(c.normalVertex >= 0);
}

TEST_CASE("A block approaching the floor fast is not a contact", "[collision]") {
  RigidBodySim sim;
  addFloor(sim);
  sim.addBody(shapes::block(1, 1, "block"), {0, 0, 0.504, -1.0, 0, 0});
  const ContactSearch r = search(sim);
  CHECK(r.contacts.empty());
  CHECK(r.penetrations.empty());
  REQUIRE(r.others.size() == 2);
  for (const auto& c : r.others) {
    CHECK(c.normalVelocity == Approx(-1.0));
    CHECK(c.isColliding());
    CHECK_FALSE(c.contact());
  }
}

TEST_CASE("Normal velocity includes rotation of both bodies", "[collision]") {
  RigidBodySim sim;
  addFloor(sim);
  // Spinning at omega: the corner (0.5, -0.5) from the CM moves at omega x r = (0.5, 0.5) omega.
  sim.addBody(shapes::block(1, 1, "block"), {0, 0, 0.504, 0, 0, 0.4});
  const auto cs = byX(search(sim).contacts);
  REQUIRE(cs.size() == 2);
  CHECK(cs[0].normalVelocity == Approx(-0.2));  // left corner going down
  CHECK(cs[1].normalVelocity == Approx(0.2));
}

TEST_CASE("Non-colliding and fixed-fixed pairs are skipped", "[collision]") {
  RigidBodySim sim;
  addFloor(sim);
  Polygon b = shapes::block(1, 1, "block");
  b.addNonCollide("floor");
  sim.addBody(std::move(b), {0, 0, 0.504});
  // A fixed block overlapping the fixed floor.
  sim.addBody(shapes::wall(1, 1, "post"), {3, 0, 0.2});
  const auto all = findCloseCollisions(sim, sim.vars(), {});
  CHECK(all.empty());
}

TEST_CASE("Penetration is detected and flagged", "[collision]") {
  RigidBodySim sim;
  const int floor = addFloor(sim);
  sim.addBody(shapes::block(1, 1, "block"), {0, 0, 0.497});
  const ContactSearch r = search(sim);
  CHECK(r.hasPenetration());
  CHECK(r.contacts.empty());
  REQUIRE(r.penetrations.size() == 2);
  for (const auto& c : byX(r.penetrations)) {
    CHECK(c.normalBody == floor);
    CHECK(c.distance == Approx(-0.003).margin(1e-12));
    checkVec(c.normal, {0, 1});
    CHECK(c.isPenetrating());
    CHECK(c.isColliding());
    CHECK_FALSE(c.contact());
  }

  SECTION("a ball sunk into the floor") {
    RigidBodySim s2;
    addFloor(s2);
    s2.addBody(shapes::ball(0.5, "ball"), {0, 0, 0.49});
    const ContactSearch r2 = search(s2);
    REQUIRE(r2.penetrations.size() == 1);
    CHECK(r2.penetrations[0].distance == Approx(-0.01).margin(1e-12));
    CHECK(r2.penetrations[0].ballObject);
  }
}

TEST_CASE("Beyond the distance tolerance there is nothing", "[collision]") {
  RigidBodySim sim;
  addFloor(sim);
  sim.addBody(shapes::block(1, 1, "block"), {0, 0, 0.511});
  sim.addBody(shapes::ball(0.5, "ball"), {3, 0, 0.5101});
  CHECK(findCloseCollisions(sim, sim.vars(), {}).empty());
  // A larger tolerance finds them.
  const ContactSearch r = search(sim, {0.02, 0.5});
  CHECK(r.contacts.size() == 3);
  for (const auto& c : r.contacts) CHECK(c.targetGap == Approx(0.01));
}

TEST_CASE("Block inside a frame rests on the hole's bottom edge", "[collision]") {
  RigidBodySim sim;
  // Frame 4 x 4, walls 0.5 thick: the hole's bottom edge is at y = -1.5.
  Polygon f = shapes::frame(4, 4, 0.5, "frame");
  f.setMass(kInfiniteMass);
  const int frame = sim.addBody(std::move(f));
  sim.addBody(shapes::block(1, 1, "block"), {0, 0, -1.5 + 0.5 + 0.006});
  const ContactSearch r = search(sim);
  REQUIRE(r.contacts.size() == 2);
  for (const auto& c : r.contacts) {
    CHECK(c.normalBody == frame);
    CHECK(c.normalEdge.path == 1);  // the hole
    checkVec(c.normal, {0, 1}, 1e-12);
    CHECK(c.distance == Approx(0.006).margin(1e-12));
  }
}

TEST_CASE("Random scenes: broad phase loses nothing and every record is consistent",
          "[collision]") {
  RandomLCG rng(42);
  const ContactTolerances tol{0.05, 0.5};
  int total = 0;
  for (int scene = 0; scene < 20; ++scene) {
    RigidBodySim sim;
    addFloor(sim);
    for (int i = 0; i < 12; ++i) {
      const std::string name = "b" + std::to_string(i);
      Polygon p = i % 3 == 0   ? shapes::ball(0.2 + rng.nextRange(0.3), name)
                  : i % 3 == 1 ? shapes::randomPolygon(5, 0.2, 0.5, rng, name)
                               : shapes::roundCornerBlock(0.8, 0.5, 0.1, name);
      sim.addBody(std::move(p),
                  {rng.nextRange(4.0) - 2.0, rng.nextRange(2.0) - 1.0, 0.2 + rng.nextRange(2.5),
                   rng.nextRange(2.0) - 1.0, rng.nextRange(6.3), rng.nextRange(2.0) - 1.0});
    }
    const auto found = findCloseCollisions(sim, sim.vars(), tol);
    // The same from every pair, without the broad phase.
    std::vector<RigidBodyCollision> all;
    const auto& bodies = sim.bodies();
    for (int i = 0; i < sim.bodyCount(); ++i)
      for (int j = i + 1; j < sim.bodyCount(); ++j)
        if (!(bodies[i].isFixed() && bodies[j].isFixed()) && !bodies[i].doesNotCollide(bodies[j]))
          findPairCollisions(bodies[i], sim.bodyState(i), i, bodies[j], sim.bodyState(j), j, tol,
                             all);
    REQUIRE(found.size() == all.size());
    total += static_cast<int>(found.size());
    for (const auto& c : found) {
      REQUIRE(c.impact2.has_value());
      CHECK(c.normal.length() == Approx(1.0));
      CHECK(c.distance < tol.distanceTol);
      CHECK(c.distance == Approx(dot(c.normal, c.impact1 - *c.impact2)).margin(1e-9));
      const BodyState s1 = sim.bodyState(c.primaryBody), s2 = sim.bodyState(c.normalBody);
      checkVec(c.r1, c.impact1 - s1.position(), 1e-12);
      checkVec(c.r2, *c.impact2 - s2.position(), 1e-12);
      const Vec2 v1 = bodies[c.primaryBody].isFixed() ? Vec2{} : Polygon::velocityAt(s1, c.impact1);
      const Vec2 v2 = bodies[c.normalBody].isFixed() ? Vec2{} : Polygon::velocityAt(s2, *c.impact2);
      CHECK(c.normalVelocity == Approx(dot(c.normal, v1 - v2)).margin(1e-12));
      // The u vectors differ from r only along the normal (circle centres lie on it).
      CHECK(cross(c.u1 - c.r1, c.normal) == Approx(0).margin(1e-9));
      CHECK(cross(c.u2 - c.r2, c.normal) == Approx(0).margin(1e-9));
      CHECK(c.targetGap == Approx(tol.distanceTol / 2));
    }
  }
  CHECK(total > 20);  // the scenes are crowded enough to test something
}

TEST_CASE("A search after a body's shape changed sees the new shape", "[collision]") {
  // The narrow phase keeps each body's edge normals from one search to the next while
  // its shape stays the same: a new shape at the same index must not reuse them.
  const ContactTolerances tol{0.05, 0.5};
  RigidBodySim sim;
  addFloor(sim);
  sim.addBody(shapes::block(1, 1, "box"), {0, 0, 0.52});
  auto uncached = [&] {
    std::vector<RigidBodyCollision> all;
    findPairCollisions(sim.bodies()[0], sim.bodyState(0), 0, sim.bodies()[1], sim.bodyState(1), 1,
                       tol, all);
    return all;
  };
  auto sameBits = [](const std::vector<RigidBodyCollision>& a,
                     const std::vector<RigidBodyCollision>& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      CHECK(a[i].normalEdge == b[i].normalEdge);
      CHECK(a[i].vertex == b[i].vertex);
      CHECK(a[i].distance == b[i].distance);
      CHECK(a[i].normal == b[i].normal);
      CHECK(a[i].impact1 == b[i].impact1);
    }
  };
  const auto resting = findCloseCollisions(sim, sim.vars(), tol);
  CHECK(resting.size() == 2);  // the box's two bottom corners on the floor's top
  sameBits(resting, uncached());
  // A floor tilted by a shape change (same index, same state): its top edge's normal and
  // the box's gaps change.
  Path tilted;
  tilted.edges = {StraightEdge{{-5, -0.5}, {5, -0.5}}, StraightEdge{{5, -0.5}, {5, 0.6}},
                  StraightEdge{{5, 0.6}, {-5, 0.4}}, StraightEdge{{-5, 0.4}, {-5, -0.5}}};
  Polygon floor("floor", {tilted});
  floor.setMass(kInfiniteMass);
  sim.body(0) = std::move(floor);
  const auto after = findCloseCollisions(sim, sim.vars(), tol);
  sameBits(after, uncached());
  REQUIRE(!after.empty());
  CHECK(after.front().normal.x != 0.0);
}
