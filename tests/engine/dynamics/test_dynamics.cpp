// Analytic checks of RigidBodySim with the three integrators.
#include <catch2/catch.hpp>
#include <numbers>

#include "engine/body/shapes.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/forces/constant_force_law.h"
#include "engine/forces/damping_law.h"
#include "engine/forces/gravity2_law.h"
#include "engine/forces/gravity_law.h"
#include "engine/forces/spring.h"

using namespace cl;
constexpr double kPi = std::numbers::pi;

namespace {

void run(AdvanceStrategy& adv, double until, double dt) {
  const long long n = std::llround(until / dt);
  for (long long i = 0; i < n; ++i) adv.advance(dt);
}

// A mass m on a spring of stiffness k to the fixed point (0, 0), rest length 0,
// released from x0 at rest: x(t) = x0 cos(sqrt(k/m) t).
RigidBodySim springOscillator(double m, double k, double x0) {
  RigidBodySim sim;
  Polygon b = shapes::block(0.2, 0.2, "mass");
  b.setMass(m);
  sim.addBody(std::move(b), {x0, 0, 0, 0, 0, 0});
  sim.addForceLaw(std::make_unique<Spring>(SpringParams{0, {0, 0}, kScrim, {0, 0}, 0.0, k}));
  return sim;
}

double oscillatorError(IntegratorKind kind, double h) {
  RigidBodySim sim = springOscillator(1.0, 4.0, 1.0);  // omega = 2
  SimpleAdvance adv(sim, kind);
  run(adv, 2.0, h);
  return std::abs(sim.bodyState(0).x - std::cos(2.0 * sim.time()));
}

}  // namespace

TEST_CASE("Free fall: y = y0 + v0 t - g t^2 / 2, x = x0 + vx t", "[dynamics]") {
  RigidBodySim sim;
  sim.addBody(shapes::ball(0.5, "ball"), {1.0, 0.5, 10.0, 2.0, 0.0, 0.7});
  sim.addForceLaw(std::make_unique<GravityLaw>(9.8));
  SimpleAdvance adv(sim);
  run(adv, 1.5, 0.025);
  const BodyState s = sim.bodyState(0);
  const double t = sim.time();
  CHECK(t == Approx(1.5));
  // RK4 integrates a quadratic exactly; only rounding remains.
  CHECK(s.y == Approx(10.0 + 2.0 * t - 9.8 * t * t / 2).epsilon(1e-12));
  CHECK(s.vy == Approx(2.0 - 9.8 * t).epsilon(1e-12));
  CHECK(s.x == Approx(1.0 + 0.5 * t).epsilon(1e-12));
  CHECK(s.angle == Approx(0.7 * t).epsilon(1e-12));
  // Energy: PE = m g y with zero level 0.
  const EnergyInfo e = sim.energy();
  CHECK(e.potential == Approx(9.8 * s.y));
  CHECK(e.total() == Approx(0.5 * (0.25 + 4.0) + 0.5 * sim.bodies()[0].moment() * 0.49 + 98.0));
}

TEST_CASE("Spring oscillator: period 2 pi sqrt(m/k) and conserved energy", "[dynamics]") {
  const double m = 2.0, k = 5.0, x0 = 1.5, h = 0.025;
  RigidBodySim sim = springOscillator(m, k, x0);
  SimpleAdvance adv(sim);
  const double E0 = sim.energy().total();
  CHECK(E0 == Approx(0.5 * k * x0 * x0));
  // Find the times x crosses zero downward, interpolating linearly within a step.
  std::vector<double> crossings;
  double prevX = sim.bodyState(0).x, prevT = sim.time();
  while (sim.time() < 20.0) {
    adv.advance(h);
    const double x = sim.bodyState(0).x;
    if (prevX > 0 && x <= 0) crossings.push_back(prevT + h * prevX / (prevX - x));
    prevX = x, prevT = sim.time();
  }
  REQUIRE(crossings.size() >= 5);
  const double period = (crossings.back() - crossings.front()) / (crossings.size() - 1);
  // Linear interpolation of a cosine near its zero errs by O(h^2 omega^2) of a step:
  // far below 1e-5 of the period here.
  CHECK(period == Approx(2 * kPi * std::sqrt(m / k)).epsilon(1e-5));
  // RK4's amplification factor for the oscillator is 1 - (h w)^6 / 144 per step, so the
  // relative energy loss after N steps is about N (h w)^6 / 72 = 1.3e-10 here.
  const double w = std::sqrt(k / m), N = 20.0 / h;
  const double bound = 2 * N * std::pow(h * w, 6) / 72;
  CHECK(std::abs(sim.energy().total() - E0) / E0 < bound);
}

TEST_CASE("Halving h divides the error by 2^order", "[dynamics]") {
  // Orders 4, 2 and 1: ratios near 16, 4 and 2.
  const double r4 = oscillatorError(IntegratorKind::kRungeKutta, 0.05) /
                    oscillatorError(IntegratorKind::kRungeKutta, 0.025);
  const double r2 = oscillatorError(IntegratorKind::kModifiedEuler, 0.05) /
                    oscillatorError(IntegratorKind::kModifiedEuler, 0.025);
  const double r1 = oscillatorError(IntegratorKind::kEuler, 0.01) /
                    oscillatorError(IntegratorKind::kEuler, 0.005);
  INFO("RK4 " << r4 << ", modified Euler " << r2 << ", Euler " << r1);
  CHECK(r4 > 14.0);
  CHECK(r4 < 18.0);
  CHECK(r2 > 3.5);
  CHECK(r2 < 4.5);
  CHECK(r1 > 1.8);
  CHECK(r1 < 2.2);
}

namespace {

// Two bodies in mutual inverse-square orbit, joined by a spring between off-centre points.
RigidBodySim orbitingPair() {
  RigidBodySim sim;
  sim.addBody(shapes::ball(0.2, "a"), {-1, 0, 0, -0.6, 0, 1.0});
  Polygon heavy = shapes::block(0.4, 0.4, "b");
  heavy.setMass(2.0);
  sim.addBody(std::move(heavy), {1, 0.1, 0, 0.3, 0.3, -2.0});
  sim.addForceLaw(std::make_unique<Gravity2Law>(1.5));
  sim.addForceLaw(std::make_unique<Spring>(SpringParams{0, {0.1, 0}, 1, {0, 0.2}, 1.0, 0.5}));
  return sim;
}

}  // namespace

TEST_CASE("Without damping, energy and momentum are conserved", "[dynamics]") {
  RigidBodySim sim = orbitingPair();
  const double E0 = sim.energy().total();
  const MomentumInfo p0 = sim.momentum();
  auto runWith = [&](double h) {
    RigidBodySim s = orbitingPair();
    SimpleAdvance adv(s);
    run(adv, 10.0, h);
    return s;
  };
  const RigidBodySim coarse = runWith(0.01), fine = runWith(0.005);
  for (const RigidBodySim* s : {&coarse, &fine}) {
    // Internal forces cancel in pairs, so linear momentum changes only by rounding.
    CHECK(s->momentum().linear.x == Approx(p0.linear.x).margin(1e-12));
    CHECK(s->momentum().linear.y == Approx(p0.linear.y).margin(1e-12));
  }
  // The equations conserve energy and angular momentum, so what drifts is RK4's
  // truncation error: it must fall at least 2^4 = 16 times when h halves (for energy
  // it falls nearer 2^5, as for the oscillator whose loss is O(h^6) a step).
  const double dE1 = std::abs(coarse.energy().total() - E0);
  const double dE2 = std::abs(fine.energy().total() - E0);
  const double dL1 = std::abs(coarse.momentum().angular - p0.angular);
  const double dL2 = std::abs(fine.momentum().angular - p0.angular);
  INFO("energy drift " << dE1 << " -> " << dE2 << ", angular momentum drift " << dL1 << " -> "
                       << dL2);
  CHECK(dE1 / dE2 > 14.0);
  CHECK(dL2 < dL1);
  CHECK(dE2 / std::abs(E0) < 1e-6);
  CHECK(dL2 / std::abs(p0.angular) < 1e-6);
}

TEST_CASE("Constant force accelerates uniformly, and fixed bodies never move", "[dynamics]") {
  RigidBodySim sim;
  sim.addBody(shapes::ball(0.5, "ball"));
  sim.addBody(shapes::wall(4, 1, "floor"), {0, 0, -3, 0, 0, 0});
  sim.addForceLaw(std::make_unique<ConstantForceLaw>(0, Vec2{0, 0}, Vec2{3, 0}));
  sim.addForceLaw(std::make_unique<GravityLaw>(10));
  SimpleAdvance adv(sim);
  run(adv, 1.0, 0.025);
  CHECK(sim.bodyState(0).x == Approx(1.5).epsilon(1e-12));
  CHECK(sim.bodyState(1) == BodyState{0, 0, -3, 0, 0, 0});
}

TEST_CASE("A blow-up is reported as a SimulationError naming the body", "[dynamics]") {
  RigidBodySim sim;
  sim.addBody(shapes::ball(0.5, "ball"), {0, 1e308, 0, 0, 0, 0});
  sim.addForceLaw(std::make_unique<DampingLaw>(-1e308, 1));
  SimpleAdvance adv(sim);
  CHECK_THROWS_WITH(adv.advance(0.025), Catch::Contains("ball") && Catch::Contains("non-finite"));
}
