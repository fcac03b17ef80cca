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
