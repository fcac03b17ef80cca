// Coulomb friction in ContactSim, against the mechanics of a block on a slope: at rest below
// the angle of friction, sliding at g (sin - mu cos) above it, and a block launched on a
// floor stopping after v0^2 / (2 mu g). Scenes are built inline; the numbers are analytic.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <vector>

#include "engine/collision_advance/collision_advance.h"
#include "engine/io/text_file.h"
#include "engine/scene/scene.h"
#include "tests/engine/scenarios/scene_run.h"

namespace {

constexpr double kG = 9.8;

// A 2 x 1 block (mass 1) on the top face of a fixed 40 x 1 slope tilted by `angle` about
// the origin, the target gap 0.005 above it, both bodies with friction `mu`.
std::string blockOnSlope(double angle, double mu, double speedUp = 0) {
  const double s = std::sin(angle), c = std::cos(angle);
  const double lift = 0.5 + 0.5 + 0.005;  // face, half the block, the gap
  return fmt::format(
      R"({{"format": "contactlab-scene", "version": 3,
      "settings": {{"time_step": 0.01, "integrator": "runge-kutta", "extra_accel": "velocity"}},
      "bodies": [
        {{"name": "slope", "shape": "wall", "width": 40, "height": 1, "angle": {:.17g},
          "friction": {}}},
        {{"name": "block", "shape": "block", "width": 2, "height": 1, "angle": {:.17g},
          "position": [{:.17g}, {:.17g}], "velocity": [{:.17g}, {:.17g}], "friction": {}}}],
      "forces": [{{"kind": "gravity", "g": {}}}]}})",
      angle, mu, angle, -s * lift, c * lift, c * speedUp, s * speedUp, mu, kG);
}

using Run = cl::test::SceneRun;

// Distance travelled up the slope (negative: down).
double alongSlope(const cl::BodyState& s0, const cl::BodyState& s1, double angle) {
  return (s1.x - s0.x) * std::cos(angle) + (s1.y - s0.y) * std::sin(angle);
}

// engine2D's pile_20 with mu 0.5 on every body.
std::string pile20WithFriction() {
  std::string text =
      cl::readTextFile(std::filesystem::path(CONTACTLAB_SCENES_DIR) / "pile_20.json");
  for (std::size_t at = 0; (at = text.find("\"elasticity\": 0.5", at)) != std::string::npos;
       at += 20)
    text.insert(at + 17, ", \"friction\": 0.5");
  return text;
}

}  // namespace

TEST_CASE("Friction scene: a block on a slope stays below the angle of friction",
          "[friction][scene]") {
  const double angle = 20 * std::numbers::pi / 180;  // tan 20 = 0.36 < 0.5
  Run r(blockOnSlope(angle, 0.5));
  const cl::BodyState s0 = r.body();
  r.to(2.0);
  const cl::BodyState s1 = r.body();
  CHECK(std::abs(alongSlope(s0, s1, angle)) < 1e-6);
  CHECK(std::hypot(s1.vx, s1.vy) < 1e-6);
  CHECK(std::abs(s1.angle - angle) < 1e-6);
  // The friction force holds it: m g sin over both corners (unit mass).
  double friction = 0;
  for (const cl::RigidBodyCollision& c : r.scene.contactSim()->lastContacts())
    friction += c.frictionForce;
  CHECK(std::abs(friction) == Approx(kG * std::sin(angle)).epsilon(1e-6));
}

TEST_CASE("Friction scene: above the angle of friction it slides at g (sin - mu cos)",
          "[friction][scene]") {
  const double angle = 30 * std::numbers::pi / 180, mu = 0.3;  // tan 30 = 0.58 > 0.3
  Run r(blockOnSlope(angle, mu));
  const cl::BodyState s0 = r.body();
  const double T = 1.0;
  r.to(T);
  const double expected = -0.5 * kG * (std::sin(angle) - mu * std::cos(angle)) * T * T;
  CHECK(alongSlope(s0, r.body(), angle) == Approx(expected).epsilon(2e-3));
  CHECK(std::abs(r.body().angle - angle) < 1e-6);  // it slides without tipping
}

TEST_CASE("Friction scene: a block launched on a floor stops after v0^2 / (2 mu g)",
          "[friction][scene]") {
  const double mu = 0.4, v0 = 2.0;
  Run r(blockOnSlope(0, mu, v0));
  const cl::BodyState s0 = r.body();
  r.to(1.0);  // it stops at v0 / (mu g) = 0.51 s
  const cl::BodyState s1 = r.body();
  CHECK(std::abs(s1.vx) < 1e-6);
  CHECK(s1.x - s0.x == Approx(v0 * v0 / (2 * mu * kG)).epsilon(5e-3));
  // Friction took all the kinetic energy, m v0^2 / 2 = 2. The books are off from the step
  // in which the block stops: the friction law changes from sliding to sticking between
  // the Runge-Kutta stages, and the step's quadrature of its power straddles the change
  // (measured 7.5e-6 J there, 6.6e-7 J more in the steps after it while the held contact
  // creeps to rest, below 1e-9 J a step while it slides).
  const double m = r.polygon().mass();
  CHECK(r.scene.sim->frictionLoss() == Approx(0.5 * m * v0 * v0).epsilon(1e-5));
}

TEST_CASE("Friction scene: energy lost to friction balances the books through a back-up",
          "[friction][scene]") {
  // A disc launched sliding on a rough floor (mu 0.1: it slides until it rolls) into a
  // frictionless wall with elasticity 1. The wall's impulse passes through the centre and
  // takes nothing; the collision is found inside a step, which is backed up from, so the
  // friction loss of the discarded part must be discarded with it: kinetic + lost to
  // friction stays what it was at launch.
  Run r(R"({"format": "contactlab-scene", "version": 3,
      "settings": {"time_step": 0.01, "integrator": "runge-kutta", "extra_accel": "velocity"},
      "bodies": [
        {"name": "floor", "shape": "wall", "width": 40, "height": 1, "position": [0, -0.5],
         "friction": 0.1},
        {"name": "disc", "shape": "ball", "radius": 0.5, "position": [0, 0.505],
         "velocity": [4, 0], "friction": 0.1, "elasticity": 1},
        {"name": "wall", "shape": "wall", "width": 1, "height": 4, "position": [2.7, 2],
         "elasticity": 1}],
      "forces": [{"kind": "gravity", "g": 9.8}]})");
  const double start = r.scene.sim->energy().total();
  auto* advance = dynamic_cast<cl::CollisionAdvance*>(r.advance.get());
  REQUIRE(advance != nullptr);
  r.to(1.0);
  CHECK(advance->counters().backups >= 1);
  CHECK(r.body().vx < 0);  // it came back off the wall
  const cl::EnergyInfo e = r.scene.sim->energy();
  CHECK(e.frictionLoss > 0.1);
  CHECK(e.total() + e.frictionLoss == Approx(start).epsilon(1e-6));
}

TEST_CASE("Friction scene: a stack of five on a slope holds, and slides apart without friction",
          "[friction][scene]") {
  // stack_on_slope.json: a floor at 15 degrees, every body mu 0.5 > tan 15. Static friction
  // holds each block where it is; with mu 0 nothing acts along the slope and every block
  // slides down it at g sin 15 (0.5 g sin 15 t^2 = 2.5 in 1.4 s).
  const std::string text =
      cl::readTextFile(std::filesystem::path(CONTACTLAB_SCENES_DIR) / "stack_on_slope.json");
  for (const bool friction : {true, false}) {
    INFO((friction ? "mu 0.5" : "mu 0"));
    std::string scene = text;
    if (!friction)
      for (std::size_t at; (at = scene.find("\"friction\": 0.5")) != std::string::npos;)
        scene.replace(at, 15, "\"friction\": 0");
    Run r(scene);
    const int n = static_cast<int>(r.scene.sim->bodies().size());
    std::vector<cl::BodyState> start;
    for (int b = 0; b < n; ++b) start.push_back(r.scene.sim->bodyState(b));
    r.to(1.4);
    for (int b = 1; b < n; ++b) {
      const cl::BodyState s = r.scene.sim->bodyState(b);
      const double moved = std::hypot(s.x - start[b].x, s.y - start[b].y);
      if (friction)
        CHECK(moved < 1e-6);
      else
        CHECK(moved ==
              Approx(0.5 * kG * std::sin(15 * std::numbers::pi / 180) * 1.4 * 1.4).epsilon(1e-3));
    }
  }
}

TEST_CASE("Friction scene: the pile settles sooner with friction", "[friction][scene]") {
  // pile_10 (engine2D's, frictionless) still moves at 6 s (a block rocking: kinetic energy
  // 3e-4 J, where a pile at rest has 1e-30); pile_10_friction, the same pile with mu 0.5 on
  // every body, is at rest by then, with no jam left unresolved.
  const auto kineticAt = [](const char* file, double t) {
    Run r(cl::readTextFile(std::filesystem::path(CONTACTLAB_SCENES_DIR) / file));
    r.to(t);
    return r.scene.sim->energy().kinetic();
  };
  CHECK(kineticAt("pile_10.json", 6.0) > 1e-6);
  CHECK(kineticAt("pile_10_friction.json", 6.0) < 1e-12);
}

TEST_CASE("Friction scene: pile_20 with friction goes on through jams and held slides",
          "[friction][scene]") {
  // pile_20 with mu 0.5 on every body meets, by 4 s, sliding friction without a solution
  // of both kinds: jams that an impulse ends (friction drives a sliding corner into its
  // surface) and sets of slides with no solution and no jam, held as static friction for
  // that evaluate. Through them the pile loses energy and the run goes on.
  // With the friction warm start (the same jams and held slides come, at a tenth of the
  // cost of the cold pivoting on the resting blocks: this test's time under ASan).
  Run r(pile20WithFriction());
  r.scene.contactSim()->setFrictionWarmStart(true);
  auto* advance = dynamic_cast<cl::CollisionAdvance*>(r.advance.get());
  REQUIRE(advance != nullptr);
  const double start = r.scene.sim->energy().total();
  REQUIRE_NOTHROW(r.to(4.0));
  CHECK(advance->counters().jams >= 1);
  const cl::ContactSim::SolveTotals& t = r.scene.contactSim()->solveTotals();
  CHECK(t.frictionHeld >= 1);
  CHECK(t.frictionHeldAtOnce == 0);  // every sliding problem solved first: no compliance
  CHECK(t.warmStarts > 0);
  CHECK(r.scene.sim->energy().total() < start);
}

TEST_CASE("Friction scene: with friction_compliance a slide held static is held at once next",
          "[friction][scene][compliance]") {
  // The same pile with friction_compliance: where the same contacts' last solve had no
  // sliding solution and was held static, the next is held static at once (its sliding
  // solve skipped), counted as held and as held at once; the first of each such run of
  // evaluations is solved as sliding first, so not every held solve is held at once.
  Run r(pile20WithFriction());
  r.scene.contactSim()->setFrictionWarmStart(true);
  r.scene.contactSim()->setFrictionCompliance(true);
  const double start = r.scene.sim->energy().total();
  REQUIRE_NOTHROW(r.to(4.0));
  const cl::ContactSim::SolveTotals& t = r.scene.contactSim()->solveTotals();
  CHECK(t.frictionHeldAtOnce >= 1);
  CHECK(t.frictionHeldAtOnce < t.frictionHeld);
  CHECK(r.scene.sim->energy().total() < start);
}

TEST_CASE("Friction scene: the friction warm start rests the pile in a fraction of the pivots",
          "[friction][scene][warm]") {
  // pile_10_friction to 6 s, cold and warm: both at rest, every friction solve of both
  // meeting its acceptance check (a failed one stops the run), the warm run's solves mostly
  // taken from the previous forces with no pivot.
  const auto run = [](bool warm) {
    Run r(cl::readTextFile(std::filesystem::path(CONTACTLAB_SCENES_DIR) / "pile_10_friction.json"));
    r.scene.contactSim()->setFrictionWarmStart(warm);
    REQUIRE_NOTHROW(r.to(6.0));
    CHECK(r.scene.sim->energy().kinetic() < 1e-12);
    return r.scene.contactSim()->solveTotals();
  };
  const cl::ContactSim::SolveTotals cold = run(false), warm = run(true);
  CHECK(cold.warmStarts == 0);
  CHECK(warm.warmStarts > warm.solves / 2);
  CHECK(warm.pivots * 4 < cold.pivots);
}

TEST_CASE("Friction scene: ContactApp's blocks come to rest with friction, not without",
          "[friction][scene]") {
  // contact_app.json (four blocks tumbling in a walled box, elasticity 0.8, slight damping)
  // and contact_app_6.json (six blocks) with mu 0.5 on every block and wall: at rest by 20 s,
  // where the frictionless blocks still slide about.
  for (const char* file : {"contact_app.json", "contact_app_6.json"}) {
    INFO(file);
    const std::string text = cl::readTextFile(std::filesystem::path(CONTACTLAB_SCENES_DIR) / file);
    nlohmann::json rough = nlohmann::json::parse(text);
    for (auto& body : rough["bodies"]) body["friction"] = 0.5;
    rough["walls"]["friction"] = 0.5;
    Run frictionless(text), withFriction(rough.dump());
    frictionless.to(20.0);
    withFriction.to(20.0);
    CHECK(frictionless.kinetic() > 1e-3);
    CHECK(withFriction.kinetic() < 1e-12);
  }
}

TEST_CASE("Friction scene: a disc rolls down a slope at 2/3 g sin, or slips below tan/3",
          "[friction][scene]") {
  // A uniform disc (radius 0.5) resting on a 30 degree slope. Rolling without slipping
  // takes a friction m g sin / 3 <= mu m g cos, i.e. mu >= tan(30) / 3 = 0.192: then its
  // centre accelerates at (2/3) g sin along the slope; below, it slips with friction
  // mu m g cos and accelerates at g (sin - mu cos).
  const double angle = 30 * std::numbers::pi / 180, R = 0.5, T = 1.0;
  const double s = std::sin(angle), c = std::cos(angle);
  for (const double mu : {0.4, 0.1}) {
    INFO("mu " << mu);
    const double lift = 0.5 + R + 0.005;  // the slope's half thickness, the radius, the gap
    Run r(fmt::format(
        R"({{"format": "contactlab-scene", "version": 3,
        "settings": {{"time_step": 0.01, "integrator": "runge-kutta", "extra_accel": "velocity"}},
        "bodies": [
          {{"name": "slope", "shape": "wall", "width": 40, "height": 1, "angle": {:.17g},
            "friction": {}}},
          {{"name": "disc", "shape": "ball", "radius": {}, "position": [{:.17g}, {:.17g}],
            "friction": {}}}],
        "forces": [{{"kind": "gravity", "g": {}}}]}})",
        angle, mu, R, -s * lift, c * lift, mu, kG));
    const cl::BodyState s0 = r.body();
    r.to(T);
    const double rolled = -alongSlope(s0, r.body(), angle);
    const double a = mu >= std::tan(angle) / 3 ? 2.0 / 3 * kG * s : kG * (s - mu * c);
    CHECK(rolled == Approx(0.5 * a * T * T).epsilon(1e-6));
    // Rolling: the contact point does not slip (v = omega R); slipping: it does.
    const double v = std::hypot(r.body().vx, r.body().vy);
    if (mu >= std::tan(angle) / 3)
      CHECK(std::abs(v - std::abs(r.body().omega) * R) < 1e-6);
    else
      CHECK(v - std::abs(r.body().omega) * R > 0.5);
  }
}
