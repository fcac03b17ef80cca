// Broad phase: sweep and prune against the brute-force list of overlapping boxes.
#include <catch2/catch.hpp>

#include "engine/body/shapes.h"
#include "engine/collision/broad_phase.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/math/random_lcg.h"

using namespace cl;

TEST_CASE("Sweep and prune finds exactly the overlapping boxes of 200 random bodies",
          "[broad_phase]") {
  for (std::uint32_t seed : {1u, 7u, 12345u}) {
    RandomLCG rng(seed);
    std::vector<Bounds> boxes;
    for (int i = 0; i < 200; ++i) {
      const double x = rng.nextRange(40.0), y = rng.nextRange(20.0);
      const double w = 0.1 + rng.nextRange(2.0), h = 0.1 + rng.nextRange(2.0);
      boxes.push_back({x, x + w, y, y + h});
    }
    // Some boxes sharing an edge exactly (touching counts as overlapping).
    boxes.push_back({100, 101, 0, 1});
    boxes.push_back({101, 102, 1, 2});
    const auto fast = overlappingPairs(boxes);
    const auto slow = overlappingPairsBruteForce(boxes);
    CHECK(fast == slow);
    CHECK(!fast.empty());
    CHECK(std::find(fast.begin(), fast.end(), BodyPair{200, 201}) != fast.end());
  }
}

TEST_CASE("Sweep and prune with kept buffers: boxes that move, turn tall, reverse, change count",
          "[broad_phase]") {
  // One set of buffers searched again and again, as the narrow phase keeps them: the last
  // order is where each search starts, and the sweep's axis follows the boxes' spread.
  RandomLCG rng(99);
  const auto randomBoxes = [&](int n, double width, double height) {
    std::vector<Bounds> boxes;
    for (int i = 0; i < n; ++i) {
      const double x = rng.nextRange(width), y = rng.nextRange(height);
      boxes.push_back({x, x + 0.2 + rng.nextRange(1.5), y, y + 0.2 + rng.nextRange(1.5)});
    }
    return boxes;
  };
  BroadPhaseBuffers buffers;
  const auto same = [&](const std::vector<Bounds>& boxes) {
    overlappingPairs(boxes, buffers);
    const auto slow = overlappingPairsBruteForce(boxes);
    CHECK(buffers.pairs == slow);
    return slow.size();
  };
  // A wide set drifting a little each search (few boxes pass one another), then many
  // pairs per box: a dense clump, each box's list sorted by insertion.
  std::vector<Bounds> boxes = randomBoxes(150, 40.0, 8.0);
  for (int step = 0; step < 20; ++step) {
    for (Bounds& b : boxes) {
      const double dx = rng.nextRange(0.4) - 0.2, dy = rng.nextRange(0.4) - 0.2;
      b = {b.left + dx, b.right + dx, b.bottom + dy, b.top + dy};
    }
    same(boxes);
  }
  CHECK(same(randomBoxes(150, 3.0, 3.0)) > 2000);
  // Taller than wide: swept along y; then wide again (the kept order is by the other axis).
  CHECK(same(randomBoxes(150, 8.0, 40.0)) > 0);
  CHECK(same(randomBoxes(150, 40.0, 8.0)) > 0);
  // The kept order exactly backwards (past the insertion sort's budget).
  boxes = randomBoxes(150, 40.0, 8.0);
  same(boxes);
  for (Bounds& b : boxes) b = {-b.right, -b.left, b.bottom, b.top};
  same(boxes);
  // Fewer boxes, none, one, more.
  same(randomBoxes(40, 10.0, 10.0));
  CHECK(same({}) == 0);
  CHECK(same(randomBoxes(1, 10.0, 10.0)) == 0);
  same(randomBoxes(300, 30.0, 30.0));
}

TEST_CASE("Broad phase on a simulation: margin, fixed pairs and non-collide sets",
          "[broad_phase]") {
  RigidBodySim sim;
  sim.addBody(shapes::wall(10, 1, "floor"), {0, 0, -0.5});  // 0, top at y = 0
  sim.addBody(shapes::wall(1, 10, "side"), {5.5, 0, 4.5});  // 1, fixed, touches floor
  sim.addBody(shapes::block(1, 1, "near"), {0, 0, 0.505});  // 2, 0.005 above floor
  sim.addBody(shapes::block(1, 1, "far"), {-3, 0, 0.6});    // 3, 0.1 above floor
  Polygon ghost = shapes::block(1, 1, "ghost");
  ghost.addNonCollide("floor");
  sim.addBody(std::move(ghost), {2, 0, 0.2});  // 4, overlaps floor
  const auto pairs = broadPhasePairs(sim, sim.vars(), 0.01);
  // floor-near only: floor-side is fixed-fixed, far is beyond the margin, ghost
  // does not collide with the floor.
  REQUIRE(pairs.size() == 1);
  CHECK(pairs[0] == BodyPair{0, 2});
  // A margin of 0.11 reaches "far" too.
  const auto wide = broadPhasePairs(sim, sim.vars(), 0.11);
  CHECK(wide == std::vector<BodyPair>{{0, 2}, {0, 3}});
}
