// Coulomb friction in ContactSim, against the mechanics of a block on a slope: at rest below
// the angle of friction, sliding at g (sin - mu cos) above it, and a block launched on a
// floor stopping after v0^2 / (2 mu g). Scenes are built inline; the numbers are analytic.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <string>

#include "engine/scene/scene.h"

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

struct Run {
  cl::Scene scene;
  std::unique_ptr<cl::AdvanceStrategy> advance;
  explicit Run(const std::string& text)
      : scene(cl::loadScene(text, "slope.json")), advance(scene.makeAdvance()) {}
  void to(double t) {
    while (scene.sim->time() < t - 1e-9) advance->advance(scene.settings.timeStep);
  }
  cl::BodyState block() const { return scene.sim->bodyState(1); }
};

// Distance travelled up the slope (negative: down).
double alongSlope(const cl::BodyState& s0, const cl::BodyState& s1, double angle) {
  return (s1.x - s0.x) * std::cos(angle) + (s1.y - s0.y) * std::sin(angle);
}

}  // namespace

TEST_CASE("Friction scene: a block on a slope stays below the angle of friction",
          "[friction][scene]") {
  const double angle = 20 * std::numbers::pi / 180;  // tan 20 = 0.36 < 0.5
  Run r(blockOnSlope(angle, 0.5));
  const cl::BodyState s0 = r.block();
  r.to(2.0);
  const cl::BodyState s1 = r.block();
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
  const cl::BodyState s0 = r.block();
  const double T = 1.0;
  r.to(T);
  const double expected = -0.5 * kG * (std::sin(angle) - mu * std::cos(angle)) * T * T;
  CHECK(alongSlope(s0, r.block(), angle) == Approx(expected).epsilon(2e-3));
  CHECK(std::abs(r.block().angle - angle) < 1e-6);  // it slides without tipping
}

TEST_CASE("Friction scene: a block launched on a floor stops after v0^2 / (2 mu g)",
          "[friction][scene]") {
  const double mu = 0.4, v0 = 2.0;
  Run r(blockOnSlope(0, mu, v0));
  const cl::BodyState s0 = r.block();
  r.to(1.0);  // it stops at v0 / (mu g) = 0.51 s
  const cl::BodyState s1 = r.block();
  CHECK(std::abs(s1.vx) < 1e-6);
  CHECK(s1.x - s0.x == Approx(v0 * v0 / (2 * mu * kG)).epsilon(5e-3));
}
