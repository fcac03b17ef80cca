// Collisions in scene files: the version-3 collision settings, and the example scenes of
// collisions (ball_bounce, fast_block, thin_walls, newtons_cradle, pile_10, pile_20)
// against analytic results and invariants.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <variant>

#include "engine/collision_advance/collision_advance.h"
#include "engine/io/text_file.h"
#include "engine/scene/scene.h"
#include "tests/engine/scene/test_scene_support.h"

using cl::test::loadProblems;

namespace {

const std::filesystem::path kScenes = CONTACTLAB_SCENES_DIR;

struct Running {
  cl::Scene scene;
  std::unique_ptr<cl::AdvanceStrategy> advance;
  cl::CollisionAdvance& collisions() { return dynamic_cast<cl::CollisionAdvance&>(*advance); }
  cl::ContactSim& sim() { return *scene.contactSim(); }
  void step() { advance->advance(scene.settings.timeStep); }
};

Running start(const char* name) {
  Running r{cl::loadSceneFile(kScenes / name), nullptr};
  r.advance = r.scene.makeAdvance();
  return r;
}

// The scene with compute_forces_engine2d, engine2D's arithmetic (compute_forces_engine2d.h).
Running startEngine2D(const char* name) {
  nlohmann::json doc = nlohmann::json::parse(cl::readTextFile(kScenes / name));
  doc["settings"]["contact_solver"] = "compute_forces_engine2d";
  Running r{cl::loadScene(doc.dump(), name), nullptr};
  r.advance = r.scene.makeAdvance();
  return r;
}

std::string withSettings(const std::string& settings, int version = 3) {
  return R"({"format": "contactlab-scene", "version": )" + std::to_string(version) +
         R"(, "settings": {)" + settings +
         R"(}, "bodies": [{"name": "b", "shape": "block", "width": 1, "height": 1}]})";
}

}  // namespace

TEST_CASE("Scene collisions: the settings are read, applied and written back",
          "[scene][collisions]") {
  const cl::Scene s =
      cl::loadScene(withSettings(R"("collision_handling": "simultaneous", "collision_accuracy": 0.3,
                      "joint_small_impacts": true)"),
                    "inline.json");
  CHECK(s.contactSim()->collisionHandling() == cl::CollisionHandling::SIMULTANEOUS);
  CHECK(s.contactSim()->collisionAccuracy() == 0.3);
  CHECK(s.contactSim()->jointSmallImpacts());
  CHECK(s.settings.collisionHandling == cl::CollisionHandling::SIMULTANEOUS);
  CHECK(dynamic_cast<cl::CollisionAdvance*>(s.makeAdvance().get()) != nullptr);
  const cl::Scene again = cl::loadScene(cl::saveScene(s), "saved.json");
  CHECK((again.doc == s.doc));

  const auto bad =
      loadProblems(withSettings(R"("collision_handling": "serial", "collision_accuracy": 1.5)"));
  CHECK_SCENE_PROBLEM(bad, "/settings/collision_handling", "unknown collision handling 'serial'");
  CHECK_SCENE_PROBLEM(bad, "/settings/collision_accuracy", "must be in (0, 1]");
  const auto old = loadProblems(withSettings(R"("joint_small_impacts": true)", 2));
  CHECK_SCENE_PROBLEM(old, "/settings/joint_small_impacts", "needs scene format version 3");

  // Changing one on a version-2 document makes it version 3.
  cl::Scene v2 = cl::loadScene(withSettings(R"("distance_tol": 0.01)", 2), "v2.json");
  cl::SimSettings changed = v2.settings;
  changed.collisionHandling = cl::CollisionHandling::HYBRID;
  CHECK(cl::rebuildScene(v2, changed).doc.version == 3);
}

TEST_CASE("ball_bounce: each bounce reaches e^2 of the previous height", "[scene][collisions]") {
  Running r = start("ball_bounce.json");
  const int ball = r.sim().findBody("ball");
  const double floorTop = -3.0, radius = 0.5, e = 0.8;
  // Heights of the bottom of the ball above the floor at each apex.
  std::vector<double> apex{r.sim().bodyState(ball).y - radius - floorTop};
  double prevVy = 0;
  while (apex.size() < 4 && r.sim().time() < 10) {
    r.step();
    const cl::BodyState s = r.sim().bodyState(ball);
    if (prevVy > 0 && s.vy <= 0) apex.push_back(s.y - radius - floorTop);
    prevVy = s.vy;
  }
  REQUIRE(apex.size() == 4);
  // The bounce happens at the target gap 0.005, not at 0: the height above the gap
  // scales by e^2. The apex is sampled at steps of 0.025, so it is low by up to
  // g dt^2 / 2 = 0.003.
  for (std::size_t k = 1; k < apex.size(); ++k) {
    INFO("bounce " << k << ": " << apex[k - 1] << " -> " << apex[k]);
    CHECK(apex[k] - 0.005 == Approx(e * e * (apex[k - 1] - 0.005)).margin(0.004));
  }
}

TEST_CASE("fast_block: the small block is hit, at dt 0.1 with modified Euler",
          "[scene][collisions]") {
  Running r = start("fast_block.json");
  const int big = r.sim().findBody("big"), small = r.sim().findBody("small");
  while (r.sim().time() < 1.0 - 1e-9) r.step();
  const double m1 = 1, m2 = 0.04, v = 40;
  CHECK(r.sim().bodyState(small).vx == Approx(2 * m1 * v / (m1 + m2)).epsilon(1e-9));
  CHECK(r.sim().bodyState(big).vx == Approx((m1 - m2) * v / (m1 + m2)).epsilon(1e-9));
  CHECK(r.sim().bodyState(small).x > r.sim().bodyState(big).x);
}

TEST_CASE("thin_walls: the fast ball stays in the box for 10 s", "[scene][collisions]") {
  Running r = start("thin_walls.json");
  const int ball = r.sim().findBody("ball");
  const double e0 = r.sim().energy().total();
  while (r.sim().time() < 10 - 1e-9) {
    r.step();
    const cl::BodyState s = r.sim().bodyState(ball);
    REQUIRE(std::abs(s.x) < 2 - 0.05);
    REQUIRE(std::abs(s.y) < 2 - 0.05);
  }
  CHECK(r.collisions().counters().collisions > 100);
  CHECK(r.sim().energy().total() == Approx(e0).epsilon(1e-9));
}

TEST_CASE("newtons_cradle: the last ball swings out, the others stay near rest",
          "[scene][collisions]") {
  Running r = start("newtons_cradle.json");
  auto omega = [&](int k) {
    return r.sim().bodyState(r.sim().findBody("ball" + std::to_string(k))).omega;
  };
  // Until the first impact.
  while (r.collisions().counters().collisions == 0 && r.sim().time() < 2) r.step();
  REQUIRE(r.collisions().counters().collisions == 1);
  // One collision handled, the impulse passed along the row: the serial loop took a solve
  // for each of the four impacts in the chain (1-2, 2-3, 3-4, 4-5), and the last pass.
  CHECK(r.collisions().counters().impulses >= 5);
  const double w5 = omega(5);
  CHECK(w5 > 0);
  for (int k = 1; k <= 4; ++k) {
    INFO("ball " << k << " omega " << omega(k) << " vs ball 5 " << w5);
    CHECK(std::abs(omega(k)) < 0.02 * w5);
  }
}

// engine2D's PileTest criteria for its random piles: after the pile has settled (8 s for
// ten blocks, 9 s for twenty) a further stretch without a single collision, over which the
// total energy stays within 1e-5. And every block is still in the pit: above its lowest
// point (the scene's zero-energy level) and between the side walls.
// PileTest also asserts that the collision back-ups never needed a binary search; pile_20
// needs 2 here, as engine2D's own run does outside Chrome (its pile_20 test runs only
// there), so that check is asked for pile_10 only.
void checkPileRests(Running r, double settled, double until, double kineticBound,
                    bool noBinarySearch) {
  const auto runTo = [&](double t) {
    while (r.sim().time() < t - 1e-9) r.step();
  };
  runTo(settled);
  const long long collisions = r.collisions().counters().collisions;
  const double e0 = r.sim().energy().total();
  runTo(until);
  CHECK(r.collisions().counters().collisions == collisions);
  if (noBinarySearch) CHECK(r.collisions().counters().binarySteps == 0);
  CHECK(std::abs(r.sim().energy().total() - e0) < 1e-5);
  CHECK(r.sim().energy().kinetic() < kineticBound);
  const double floor = std::get<cl::GravityDoc>(r.scene.doc.forces->at(0)).zeroEnergyLevel.value();
  for (int i = 4; i < r.sim().bodyCount(); ++i) {
    INFO("body " << i);
    CHECK(r.sim().bodyState(i).y > floor);
    CHECK(std::abs(r.sim().bodyState(i).x) < 10);
  }
}

TEST_CASE("pile_10 with engine2D's arithmetic comes to rest as PileTest asks",
          "[scene][collisions][engine2d]") {
  // engine2D's world (PileConfig's blocks, to the bit) solved with compute_forces_engine2d:
  // fully at rest by 8 s.
  checkPileRests(startEngine2D("pile_10.json"), 8, 10, 1e-12, true);
}

TEST_CASE("pile_10 with ContactLab's arithmetic comes to rest too", "[scene][collisions]") {
  // The same world with the default solver parts from engine2D's run at 3.5 s and settles
  // elsewhere, but as still.
  checkPileRests(start("pile_10.json"), 8, 10, 1e-12, true);
}

TEST_CASE("pile_20 with engine2D's arithmetic: no collision after 9 s, as PileTest asks",
          "[scene][collisions][engine2d]") {
  // PileTest.pile_20_random_blocks runs to 9 s, then asserts that 9 to 12 s take no
  // collision (and, in Chrome only, no binary search and the energy kept to 1e-5, which
  // engine2D's own run in Node misses: 2 binary searches, -3.4e-5; ours is its run).
  Running r = startEngine2D("pile_20.json");
  while (r.sim().time() < 9 - 1e-9) r.step();
  const long long collisions = r.collisions().counters().collisions;
  while (r.sim().time() < 12 - 1e-9) r.step();
  CHECK(r.collisions().counters().collisions == collisions);
}

// myPhysicsLab's own run of PileTest.pile_10_random_blocks (its engine compiled and run in
// Node, commit 4b0bb8e) at t = 3.4 s, after 169 collisions and 2123 impulse solves: each
// block's x, vx, y, vy, angle, omega. With engine2D's arithmetic (compute_forces_engine2d)
// ContactLab computes what engine2D computes: the same detection, the same records in the
// same order, the same impulses and forces to the bit, and the same random stream deciding
// the serial order; measured, the two runs agree to the last bit through 10 s.
TEST_CASE("pile_10 follows engine2D's run through 3.4 s", "[scene][collisions][reference]") {
  const double engine2D[10][6] = {
      {-1.8650259342579654, 0.1499663671389305, -6.871450571970529, -0.45047181011115034,
       5.663792799705866, 2.8657049189852613},
      {-1.2288800015224781, 0.011340557053456268, -6.801709291189066, -0.03310516078428964,
       2.2823412639207343, -1.2123895463096357},
      {-1.0899329058780276, 0.014001346147220702, -7.511781291519423, -0.04739750808711474,
       0.7848423871033764, 0.05819436841119109},
      {-0.5821890178426719, 0.011888593405047988, -8.015162918888667, -0.03477149745502899,
       0.7859927501278757, 0.025750994955133884},
      {-0.06726808789168368, 0.0013549075540286388, -8.604187483786282, -0.0013549075540285156,
       0.785537758467919, -2.565183192033346e-16},
      {0.08410712791710069, -0.13105389933100578, -7.291930447406594, 0.16457735255545003,
       -0.32018912011335793, -1.2710094507829917},
      {0.08702789520522175, 0.00010612868965832945, -7.876504287463754, 2.0799218408547516e-05,
       0.7912208234221096, -0.00015999631947120362},
      {0.7194743985035383, 0.0037725305371154923, -8.270712729423693, 0.005583149053239158,
       0.7907418205448782, 0.0032901827791214197},
      {0.8071578675258279, 0.09319666509568135, -7.780174855284137, 0.0004441275359238911,
       3.243022410369569, 0.4435551502554531},
      {0.9737179324816433, -0.07216390039447024, -6.795003067038844, -0.084004955651856,
       1.3750951819078694, 0.6494812543411328}};
  Running r = startEngine2D("pile_10.json");  // solved cold: the scene's setting
  REQUIRE_FALSE(r.sim().warmStart());
  while (r.sim().time() < 3.4 - 1e-9) r.step();
  CHECK(r.collisions().counters().collisions == 169);
  CHECK(r.collisions().counters().binarySteps == 0);
  for (int k = 0; k < 10; ++k) {
    const cl::BodyState s = r.sim().bodyState(4 + k);
    const double ours[6] = {s.x, s.vx, s.y, s.vy, s.angle, s.omega};
    for (int v = 0; v < 6; ++v) {
      INFO("block " << k + 1 << " variable " << v);
      CHECK(ours[v] == Approx(engine2D[k][v]).margin(1e-12).epsilon(0));
    }
  }
  // ContactLab's own arithmetic (the default ComputeForces, its transforms and sums)
  // follows the same run to rounding, which the pile amplifies: 1e-10 here, apart by 3.5 s.
  Running own = start("pile_10.json");
  while (own.sim().time() < 3.4 - 1e-9) own.step();
  for (int k = 0; k < 10; ++k) {
    const cl::BodyState s = own.sim().bodyState(4 + k);
    CHECK(s.x == Approx(engine2D[k][0]).margin(1e-9).epsilon(0));
    CHECK(s.angle == Approx(engine2D[k][4]).margin(1e-9).epsilon(0));
  }
}

// engine2D's PileTest.pile_10_random_blocks asserts, at 8 s, every block's position and
// angle to 0.01 and its velocities 0 to 0.01 (the numbers below are its test's), with no
// binary search; checkPileRests adds its 8 to 10 s criteria. On engine2D's exact world it
// holds with engine2D's arithmetic; with ContactLab's own the pile parts from engine2D's at
// 3.5 s and one block ends 0.024 rad off (docs/performance.md, issue 47).
TEST_CASE("pile_10: engine2D's PileTest positions at 8 s", "[scene][collisions][reference]") {
  const double expected[10][3] = {
      {-1.4688341, -7.366921, 5.507218},   {-1.2888741, -6.8611893, 2.3604327},
      {-1.0893343, -7.5132601, 0.7919455}, {-0.5829513, -8.0161773, 0.7896626},
      {-0.0678191, -8.6057224, 0.7853285}, {0.1123147, -7.4965551, -0.771069},
      {0.0843676, -7.8743626, 0.8066319},  {0.7205631, -8.2682827, 0.7924107},
      {0.7795149, -7.7446799, 3.9304584},  {0.3485821, -6.9817453, 2.3673243}};
  Running r = startEngine2D("pile_10.json");
  while (r.sim().time() < 8 - 1e-9) r.step();
  CHECK(r.collisions().counters().binarySteps == 0);
  for (int k = 0; k < 10; ++k) {
    INFO("block " << k + 1);
    const cl::BodyState s = r.sim().bodyState(4 + k);
    CHECK(s.x == Approx(expected[k][0]).margin(0.01));
    CHECK(s.y == Approx(expected[k][1]).margin(0.01));
    CHECK(s.angle == Approx(expected[k][2]).margin(0.01));
    CHECK(std::abs(s.vx) < 0.01);
    CHECK(std::abs(s.vy) < 0.01);
    CHECK(std::abs(s.omega) < 0.01);
  }
}

TEST_CASE("pile_20: the pile comes fully to rest by 12 s (the benchmark's scene)",
          "[scene][collisions]") {
  checkPileRests(start("pile_20.json"), 9, 12, 1e-12, false);
}

TEST_CASE("pile_10: two runs give identical bits", "[scene][collisions]") {
  const auto once = [] {
    Running r = start("pile_10.json");
    while (r.sim().time() < 3 - 1e-9) r.step();
    return r.sim().vars();
  };
  const std::vector<double> a = once(), b = once();
  REQUIRE(a.size() == b.size());
  CHECK(std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

TEST_CASE("Scene collisions: a fixed body may not move", "[scene][collisions][errors]") {
  const auto p = loadProblems(R"({"format": "contactlab-scene", "version": 3, "bodies": [
      {"name": "w", "shape": "wall", "width": 1, "height": 1, "velocity": [1, 0]},
      {"name": "f", "shape": "block", "width": 1, "height": 1, "fixed": true, "omega": 2}]})");
  CHECK_SCENE_PROBLEM(p, "/bodies/0/velocity", "a fixed body cannot move");
  CHECK_SCENE_PROBLEM(p, "/bodies/1/omega", "a fixed body cannot turn");
}

TEST_CASE("contact_app_1..6: k blocks, thrusters on the first two, energy never gained",
          "[scene][collisions][examples]") {
  for (int k = 1; k <= 6; ++k) {
    const std::string name = "contact_app_" + std::to_string(k) + ".json";
    INFO(name);
    Running r = start(name.c_str());
    int blocks = 0;
    for (const cl::Polygon& p : r.sim().bodies()) blocks += p.name().rfind("block", 0) == 0;
    CHECK(blocks == k);
    int thrusterSets = 0;
    for (const auto& law : r.sim().forceLaws())
      thrusterSets += law->name().rfind("thrusters", 0) == 0;
    CHECK(thrusterSets == std::min(k, 2));
    // Gravity, damping, inelastic collisions (e = 0.8) and contact forces that do no
    // work: the total energy can only fall.
    const double e0 = r.sim().energy().total();
    double highest = e0;
    while (r.sim().time() < 8 - 1e-9) {
      r.step();
      highest = std::max(highest, r.sim().energy().total());
    }
    CHECK(highest - e0 < 1e-6 * std::abs(e0) + 1e-9);
    CHECK(r.sim().energy().total() < e0);
  }
}
