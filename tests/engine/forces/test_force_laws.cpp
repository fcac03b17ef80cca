// The force laws (engine/forces) on their own: each one's force, torque or potential
// energy against the formula it states.
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <vector>

#include "engine/body/shapes.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/forces/damping_law.h"
#include "engine/forces/gravity2_law.h"
#include "engine/forces/thruster_set.h"

using namespace cl;

TEST_CASE("Damping: v and omega decay as exp(-k t / m) and exp(-k r t / I)", "[forces]") {
  RigidBodySim sim;
  Polygon b = shapes::block(1, 2, "b");
  b.setMass(2.0);
  const double I = b.moment();
  sim.addBody(std::move(b), {0, 3.0, 0, -1.0, 0, 4.0});
  const double k = 0.8, ratio = 0.5;
  sim.addForceLaw(std::make_unique<DampingLaw>(k, ratio));
  SimpleAdvance adv(sim);
  for (int i = 0; i < 120; ++i) adv.advance(0.025);  // to t = 3
  const BodyState s = sim.bodyState(0);
  CHECK(s.vx == Approx(3.0 * std::exp(-k * 3.0 / 2.0)).epsilon(1e-8));
  CHECK(s.vy == Approx(-1.0 * std::exp(-k * 3.0 / 2.0)).epsilon(1e-8));
  CHECK(s.omega == Approx(4.0 * std::exp(-k * ratio * 3.0 / I)).epsilon(1e-8));
  // x = v0 m / k (1 - exp(-k t / m))
  CHECK(s.x == Approx(3.0 * 2.0 / k * (1 - std::exp(-k * 3.0 / 2.0))).epsilon(1e-8));
}

TEST_CASE("Thrusters push only while on, and an offset thrust also turns the body", "[forces]") {
  RigidBodySim sim;
  sim.addBody(shapes::block(1, 1, "b"));  // m = 1, I = 1/6
  sim.addForceLaw(
      std::make_unique<ThrusterSet>(0, 2.0, std::vector<Thruster>{{{0.5, 0}, {0, 1}, false}}));
  std::vector<double> change(6);
  sim.evaluate(sim.vars(), 0, change);
  CHECK(change[kVY] == 0.0);
  static_cast<ThrusterSet&>(sim.forceLaw(0)).setActive(0, true);
  sim.evaluate(sim.vars(), 0, change);
  CHECK(change[kVY] == Approx(2.0));
  // torque = r x F = (0.5, 0) x (0, 2) = 1; alpha = 1 / (1/6)
  CHECK(change[kOmega] == Approx(6.0));
}

TEST_CASE("Mutual gravity PE is G m1 m2 (1/(h1+h2) - 1/r), as engine2D's", "[forces]") {
  // engine2D's ball_block_contact reference: ball r 0.75 with CM moved 0.2, a 1 x 3
  // block, G = 3, centres 1.2525 apart: PE 0.4619332763045336.
  RigidBodySim sim;
  sim.addBody(shapes::ball(0.75, "ball", {0, 0.2}), {-0.2525, 0, 0, 0, 0, 0});
  sim.addBody(shapes::block(1, 3, "block"), {1, 0, 0, 0, 0, 0});
  sim.addForceLaw(std::make_unique<Gravity2Law>(3.0));
  CHECK(sim.energy().potential == Approx(0.4619332763045336).epsilon(1e-12));
  // Force: G m1 m2 / r^2 = 3 / 1.2525^2 pulling the ball toward +x.
  std::vector<double> change(12);
  sim.evaluate(sim.vars(), 0, change);
  CHECK(change[kVX] == Approx(3.0 / (1.2525 * 1.2525)));
  CHECK(change[6 + kVX] == Approx(-3.0 / (1.2525 * 1.2525)));
}
