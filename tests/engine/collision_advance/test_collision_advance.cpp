// CollisionAdvance and collision impulses (ImpulseSim's handling), checked against
// analytic results: momentum and velocity exchange in elastic collisions, bounce heights,
// no spin from a flat simultaneous bounce, no tunnelling, and a reported stuck case.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <memory>

#include "engine/body/shapes.h"
#include "engine/collision_advance/collision_advance.h"
#include "engine/connectors/rope.h"
#include "engine/contact/contact_sim.h"
#include "engine/forces/gravity_law.h"
#include "engine/impulse/detail/handle_collisions.h"

using namespace cl;

namespace {

constexpr double kDt = 0.025;

void addWalls(ContactSim& sim, double width, double height, double thickness) {
  shapes::Walls w = shapes::walls(width, height, thickness);
  for (std::size_t k = 0; k < w.bodies.size(); ++k)
    sim.addBody(std::move(w.bodies[k]), {w.positions[k].x, 0, w.positions[k].y, 0, 0, 0});
}

Polygon elastic(Polygon p, double e) {
  p.setElasticity(e);
  return p;
}

void run(CollisionAdvance& advance, double seconds) {
  const int steps = static_cast<int>(std::lround(seconds / kDt));
  for (int k = 0; k < steps; ++k) advance.advance(kDt);
}

}  // namespace

TEST_CASE("Collisions: equal balls head-on exchange velocities", "[collisions]") {
  ContactSim sim;
  const int a = sim.addBody(elastic(shapes::ball(0.5, "a"), 1.0), {-2, 3, 0, 0, 0, 0});
  const int b = sim.addBody(elastic(shapes::ball(0.5, "b"), 1.0), {0, 0, 0, 0, 0, 0});
  CollisionAdvance advance(sim);
  run(advance, 1.0);
  CHECK(advance.counters().collisions == 1);
  CHECK(sim.bodyState(a).vx == Approx(0).margin(1e-9));
  CHECK(sim.bodyState(b).vx == Approx(3).epsilon(1e-12));
  // They met at the target gap, b ran on at 3 for the rest of the second.
  CHECK(sim.bodyState(b).x - sim.bodyState(a).x > 1.0 + 0.005);
}

TEST_CASE("Collisions: a flat block bounces without spin under SIMULTANEOUS", "[collisions]") {
  for (const CollisionHandling mode :
       {CollisionHandling::SIMULTANEOUS, CollisionHandling::SERIAL_SEPARATE}) {
    INFO(nameOf(mode));
    ContactSim sim;
    sim.setCollisionHandling(mode);
    const int floor = sim.addBody(shapes::wall(10, 1, "floor"), {0, 0, -0.5, 0, 0, 0});
    (void)floor;
    const int block = sim.addBody(elastic(shapes::block(2, 1, "block"), 0.8), {0, 0, 1.5, 0, 0, 0});
    sim.addForceLaw(std::make_unique<GravityLaw>(9.8));
    CollisionAdvance advance(sim);
    // Falls 1 in sqrt(2 / 9.8) = 0.45 s and rises again.
    run(advance, 0.6);
    REQUIRE(advance.counters().collisions >= 1);
    CHECK(sim.bodyState(block).vy > 0);
    if (mode == CollisionHandling::SIMULTANEOUS)
      CHECK(std::abs(sim.bodyState(block).omega) < 1e-9);
    else  // one corner at a time: the first impulse turns the block
      CHECK(std::abs(sim.bodyState(block).omega) > 1e-3);
  }
}

TEST_CASE("Collisions: an elastic ball returns to its height", "[collisions]") {
  ContactSim sim;
  sim.addBody(shapes::wall(10, 1, "floor"), {0, 0, -0.5, 0, 0, 0});
  const int ball = sim.addBody(elastic(shapes::ball(0.5, "ball"), 1.0), {0, 0, 2.5, 0, 0, 0});
  sim.addForceLaw(std::make_unique<GravityLaw>(9.8));
  CollisionAdvance advance(sim);
  const double e0 = sim.energy().total();
  // The bottom falls 2: a bounce period of 2 sqrt(2 * 2 / 9.8) = 1.278 s.
  double peakAfterBounce = 0;
  bool bounced = false;
  for (int k = 0; k < 80; ++k) {
    advance.advance(kDt);
    if (sim.bodyState(ball).vy > 0) bounced = true;
    if (bounced) peakAfterBounce = std::max(peakAfterBounce, sim.bodyState(ball).y);
  }
  CHECK(advance.counters().collisions >= 1);
  CHECK(peakAfterBounce == Approx(2.5).margin(0.01));
  CHECK(std::abs(sim.energy().total() - e0) < 1e-6 * std::abs(e0));
}

TEST_CASE("Collisions: a body starting inside the floor ends in a stuck error", "[collisions]") {
  ContactSim sim;
  sim.addBody(shapes::wall(10, 1, "floor"), {0, 0, -0.5, 0, 0, 0});
  sim.addBody(shapes::block(1, 1, "sunk"), {0, 0, 0.4, 0, 0, 0});
  sim.addForceLaw(std::make_unique<GravityLaw>(9.8));
  CollisionAdvance advance(sim);
  RecordingWaypointSink sink;
  advance.setWaypointSink(&sink);
  try {
    advance.advance(kDt);
    FAIL("no error");
  } catch (const SimulationError& e) {
    const std::string what = e.what();
    CHECK(what.find("stuck") != std::string::npos);
    CHECK(what.find("'sunk' on 'floor'") != std::string::npos);
  }
  REQUIRE_FALSE(sink.waypoints.empty());
  CHECK(sink.waypoints.back().point == WayPoint::STUCK);
}

TEST_CASE("Collisions: waypoints show the back-up before the impact", "[collisions]") {
  ContactSim sim;
  sim.addBody(shapes::wall(10, 1, "floor"), {0, 0, -0.5, 0, 0, 0});
  const int ball = sim.addBody(elastic(shapes::ball(0.5, "ball"), 1.0), {0, 0, 1.0, 0, 0, 0});
  sim.addForceLaw(std::make_unique<GravityLaw>(9.8));
  CollisionAdvance advance(sim);
  RecordingWaypointSink sink;
  advance.setWaypointSink(&sink);
  while (advance.counters().collisions == 0 && sim.time() < 1.0) {
    sink.clear();
    advance.advance(kDt);
  }
  REQUIRE(advance.counters().collisions == 1);
  const auto& w = sink.waypoints;
  CHECK(w.front().point == WayPoint::START);
  CHECK(w.back().point == WayPoint::FINISH);
  bool sawPre = false, sawPost = false;
  for (const Waypoint& p : w) {
    const double bottom = p.vars[kVarsPerBody * ball + kY] - 0.5;
    if (p.point == WayPoint::PRE_COLLISION) {
      sawPre = true;
      CHECK(bottom > 0);  // backed up to before the impact
    }
    if (p.point == WayPoint::POST_COLLISION) {
      sawPost = true;
      CHECK(bottom > 0.005 - 0.003);  // handled within the accuracy window of the gap
      CHECK(bottom < 0.005 + 0.003);
      CHECK(p.vars[kVarsPerBody * ball + kVY] > 0);
      double impulse = 0;
      for (const WaypointCollision& c : p.collisions) impulse += c.impulse;
      CHECK(impulse > 0);
    }
  }
  CHECK(sawPre);
  CHECK(sawPost);
}

TEST_CASE("Collisions: a fast small ball stays in a box of thin walls", "[collisions]") {
  ContactSim sim;
  addWalls(sim, 4, 4, 0.01);
  // 0.75 per step against walls 0.01 thick: only the swept test sees the crossing.
  const int ball = sim.addBody(elastic(shapes::ball(0.05, "ball"), 1.0), {0, 30, 0, 17, 0, 0});
  CollisionAdvance advance(sim);
  for (int k = 0; k < 400; ++k) {
    advance.advance(kDt);
    const BodyState s = sim.bodyState(ball);
    REQUIRE(std::abs(s.x) < 2.0);
    REQUIRE(std::abs(s.y) < 2.0);
  }
  CHECK(advance.counters().collisions > 100);
}

TEST_CASE("Collisions: two runs give identical bits", "[collisions]") {
  const auto once = [] {
    ContactSim sim;
    addWalls(sim, 6, 6, 0.5);
    sim.addBody(elastic(shapes::block(1, 0.6, "a"), 0.7), {-1, 2, 1, 0, 0.3, 1});
    sim.addBody(elastic(shapes::block(0.8, 0.8, "b"), 0.7), {1, -1, 0, 3, 0.1, 0});
    sim.addBody(elastic(shapes::ball(0.4, "c"), 0.7), {0, 0, -1.5, 1, 0, 0});
    sim.addForceLaw(std::make_unique<GravityLaw>(9.8));
    CollisionAdvance advance(sim);
    run(advance, 3.0);
    return sim.vars();
  };
  const std::vector<double> a = once(), b = once();
  REQUIRE(a.size() == b.size());
  CHECK(std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

TEST_CASE("Collisions: a rope snapping taut is a collision, handled at its length",
          "[collisions][connectors]") {
  ContactSim sim;
  // The ball hangs 2 below the anchor on a rope of length 3: it falls 1 and the rope jerks.
  const int ball = sim.addBody(elastic(shapes::ball(0.2, "ball"), 0.5), {0, 0, 0, 0, 0, 0});
  sim.addForceLaw(std::make_unique<GravityLaw>(9.8));
  RopeParams p;
  p.body1 = kScrim;
  p.attach1 = {0, 2};
  p.body2 = ball;
  p.attach2 = {0, 0};
  p.length = 3;
  sim.addConnector(std::make_unique<Rope>(p));
  CollisionAdvance advance(sim);
  double longest = 0;
  for (int k = 0; k < 80; ++k) {
    advance.advance(kDt);
    longest = std::max(longest, 2 - sim.bodyState(ball).y);
  }
  CHECK(advance.counters().collisions >= 1);
  CHECK(advance.counters().stuck == 0);
  CHECK(advance.counters().binarySteps == 0);
  // Handled within the accuracy window of the target gap: never longer than the rope.
  CHECK(longest < 3.0);
  CHECK(longest > 3.0 - 0.01);
}
