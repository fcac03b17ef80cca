// Coulomb friction at impact (impulse_lcp.h) and the impulse that ends a friction jam, against the
// mechanics of a rigid body hitting a fixed floor with no gravity: the normal impulse P_N = m (1 +
// e) |v_y| (for a disc, whose normal passes through its centre), and a tangential impulse that
// stops the contact point's slip when that takes at most mu P_N, else mu P_N against it. Scenes are
// built inline; the numbers are worked out here from m, I and the launch, not taken from the
// engine.
#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <string>

#include "engine/body/body_state.h"
#include "engine/collision_advance/collision_advance.h"
#include "engine/contact/collision_handling.h"
#include "engine/scene/scene.h"
#include "tests/engine/scenarios/scene_run.h"

namespace {

struct Launch {
  double vx = 0, vy = 0, omega = 0;
};

// A body 0.05 above a fixed 40 x 1 floor (top face at y = 0), no gravity.
std::string onFloor(const std::string& body, double mu, double e, const std::string& handling) {
  return fmt::format(
      R"({{"format": "contactlab-scene", "version": 3,
      "settings": {{"time_step": 0.01, "integrator": "runge-kutta", "collision_handling": "{}"}},
      "bodies": [
        {{"name": "floor", "shape": "wall", "width": 40, "height": 1, "position": [0, -0.5],
          "friction": {}, "elasticity": {}}},
        {}]}})",
      handling, mu, e, body);
}

std::string disc(double radius, Launch l, double mu, double e) {
  return fmt::format(
      R"({{"name": "disc", "shape": "ball", "radius": {}, "position": [0, {}],
          "velocity": [{}, {}], "omega": {}, "friction": {}, "elasticity": {}}})",
      radius, radius + 0.05, l.vx, l.vy, l.omega, mu, e);
}

std::string block(double width, double height, Launch l, double mu) {
  return fmt::format(
      R"({{"name": "block", "shape": "block", "width": {}, "height": {}, "position": [0, {}],
          "velocity": [{}, {}], "friction": {}, "elasticity": 0}})",
      width, height, height / 2 + 0.05, l.vx, l.vy, mu);
}

using Run = cl::test::SceneRun;

// The disc's expected velocities after the impact: the contact point (r = (0, -R)) slips at
// s = v_x + omega R; a tangential impulse P changes s by P (1/m + R^2/I).
Launch discAfter(const Run& r, double R, Launch l, double mu, double e) {
  const double m = r.polygon().mass(), I = r.polygon().moment();
  const double pN = m * (1 + e) * std::abs(l.vy);
  const double s = l.vx + l.omega * R;
  double p = -s / (1 / m + R * R / I);
  if (std::abs(p) > mu * pN) p = -std::copysign(mu * pN, s);
  return {l.vx + p / m, e * std::abs(l.vy), l.omega + R * p / I};
}

}  // namespace

TEST_CASE("Friction at impact: a disc that can stick leaves rolling", "[friction][collision]") {
  // Slip 1, stopping it takes m/3 (a uniform disc: 1/m + R^2/I = 3/m), within 0.5 * 1.5 m.
  const double R = 0.5, mu = 0.5, e = 0.5;
  const Launch l{1.0, -2.0, 0.0};
  Run r(onFloor(disc(R, l, mu, e), mu, e, "simultaneous"));
  r.to(0.1);
  const Launch want = discAfter(r, R, l, mu, e);
  const cl::BodyState s = r.body();
  CHECK(s.vx == Approx(want.vx).margin(1e-9));
  CHECK(s.vy == Approx(want.vy).margin(1e-9));
  CHECK(s.omega == Approx(want.omega).margin(1e-9));
  CHECK(s.vx + s.omega * R == Approx(0).margin(1e-9));  // rolling: no slip
  CHECK(std::abs(s.vx - 2.0 / 3.0) < 0.02);             // 2/3 for a uniform disc
}

TEST_CASE("Friction at impact: a disc that cannot stick slides with mu P_N against the slip",
          "[friction][collision]") {
  const double R = 0.5, mu = 0.2, e = 0.0;
  const Launch l{3.0, -1.0, 1.0};
  for (const cl::CollisionHandling mode :
       {cl::CollisionHandling::SIMULTANEOUS, cl::CollisionHandling::HYBRID,
        cl::CollisionHandling::SERIAL_GROUPED, cl::CollisionHandling::SERIAL_GROUPED_LASTPASS,
        cl::CollisionHandling::SERIAL_SEPARATE, cl::CollisionHandling::SERIAL_SEPARATE_LASTPASS}) {
    const std::string name{cl::nameOf(mode)};
    INFO(name);
    Run r(onFloor(disc(R, l, mu, e), mu, e, name));
    const double before = r.kinetic();
    r.to(0.1);
    const Launch want = discAfter(r, R, l, mu, e);
    const cl::BodyState s = r.body();
    CHECK(s.vx == Approx(want.vx).margin(1e-9));
    CHECK(s.vx == Approx(3.0 - 0.2).margin(1e-9));  // P_x = -mu m |v_y|
    CHECK(std::abs(s.vy) < 1e-9);
    CHECK(s.omega == Approx(want.omega).margin(1e-9));
    CHECK(r.kinetic() < before);
    // With e = 0 the normal impulse takes m v_y^2 / 2; the rest of the loss is friction's.
    const double normalLoss = 0.5 * r.polygon().mass() * l.vy * l.vy;
    CHECK(r.scene.sim->frictionLoss() > 0.1);
    CHECK(r.scene.sim->frictionLoss() == Approx(before - r.kinetic() - normalLoss).margin(1e-9));
  }
}

TEST_CASE("Friction at impact: a block landing flat on two corners", "[friction][collision]") {
  // Both corners come down together, e = 0. Sticking stops the block dead (both corners
  // held: v_y = omega = 0, then no slip: v_x = 0) when |v_x| <= mu |v_y|; otherwise both
  // slide and the block keeps v_x - mu |v_y|, still flat (h mu / w < 1 keeps both corners
  // pressed).
  const double w = 2, h = 1, vy = -2;
  struct Case {
    double vx, mu, vxAfter;
  };
  for (const Case c : {Case{0.5, 0.5, 0.0}, Case{2.0, 0.3, 2.0 - 0.3 * 2}}) {
    INFO("vx " << c.vx << " mu " << c.mu);
    Run r(onFloor(block(w, h, {c.vx, vy, 0}, c.mu), c.mu, 0, "simultaneous"));
    const double before = r.kinetic();
    r.to(0.1);
    const cl::BodyState s = r.body();
    CHECK(s.vx == Approx(c.vxAfter).margin(1e-9));
    CHECK(std::abs(s.vy) < 1e-9);
    CHECK(std::abs(s.omega) < 1e-9);
    CHECK(r.kinetic() < before);
  }
}

TEST_CASE("Friction at impact: every handling mode lands a block without adding energy",
          "[friction][collision]") {
  // Serial handling works the corners one at a time, until neither approaches faster than
  // its small velocity (1e-5, then the last pass where there is one); no energy is gained
  // (e = 0).
  const double mu = 0.4;
  for (const cl::CollisionHandling mode :
       {cl::CollisionHandling::HYBRID, cl::CollisionHandling::SERIAL_GROUPED,
        cl::CollisionHandling::SERIAL_GROUPED_LASTPASS, cl::CollisionHandling::SERIAL_SEPARATE,
        cl::CollisionHandling::SERIAL_SEPARATE_LASTPASS}) {
    const std::string name{cl::nameOf(mode)};
    INFO(name);
    Run r(onFloor(block(2, 1, {1.0, -2.0, 0}, mu), mu, 0, name));
    const double before = r.kinetic();
    r.to(0.1);
    const cl::BodyState s = r.body();
    CHECK(r.kinetic() < before);
    CHECK(s.vy > -1e-4);
    // Both corners slide throughout (|v_x| > mu |v_y|), so the friction impulses add up to
    // mu times the normal ones whatever the order: v_x drops by mu |v_y| as simultaneously.
    CHECK(s.vx == Approx(1.0 - mu * 2.0).margin(1e-6));
    CHECK(std::abs(s.omega) < 1e-6);
    // Friction takes part of the loss: sliding mu P_N at the slip, which goes from 1 to 0.2
    // (m (1^2 - 0.2^2) / 2 = 0.96 m of the loss is the tangential impulse's share).
    const double m = r.polygon().mass();
    CHECK(r.scene.sim->frictionLoss() == Approx(0.5 * m * (1.0 - 0.04)).margin(1e-5));
  }
}

TEST_CASE("Friction jam: a rod sliding on its end into a rough floor stops by an impulse",
          "[friction][collision][painleve]") {
  // Painleve's rod: a uniform rod of length 2l at 60 degrees, its lower end on the floor and
  // sliding to -x, mu 1.5. With the end's friction f = mu f_N pushing +x, the normal
  // acceleration per unit normal force is (1 + 3 cos^2 - 3 mu sin cos) / m = -0.2 / m: more
  // normal force presses the end harder into the floor, and with gravity (b_N = -g) no force
  // exists (Baraff 94 section 6). The engine must end the slide by an impulse at the end
  // (it sticks: friction within mu times a normal impulse that keeps it from approaching),
  // then go on with the rod pivoting on its end.
  const double theta = 60 * std::numbers::pi / 180, l = 1, h = 0.02, mu = 1.5;
  const double cy = l * std::sin(theta) + h / 2 * std::cos(theta) + 0.005;
  const std::string rod = fmt::format(
      R"({{"name": "rod", "shape": "block", "width": {}, "height": {}, "angle": {:.17g},
          "position": [0, {:.17g}], "velocity": [-4, 0], "friction": {}, "elasticity": 0}})",
      2 * l, h, theta, cy, mu);
  std::string text = onFloor(rod, mu, 0, "serial_grouped_lastpass");
  text.insert(text.rfind('}'), R"(, "forces": [{"kind": "gravity", "g": 9.8}])");
  Run r(text);
  cl::RecordingWaypointSink sink;
  auto* advance = dynamic_cast<cl::CollisionAdvance*>(r.advance.get());
  REQUIRE(advance != nullptr);
  advance->setWaypointSink(&sink);
  const double before = r.kinetic();
  REQUIRE_NOTHROW(r.to(0.2));
  CHECK(advance->counters().jams == 1);
  const auto jam =
      std::find_if(sink.waypoints.begin(), sink.waypoints.end(),
                   [](const cl::Waypoint& w) { return w.point == cl::WayPoint::JAM_IMPULSE; });
  REQUIRE(jam != sink.waypoints.end());
  CHECK(jam->time == 0.0);
  REQUIRE(jam->collisions.size() == 1);
  // Just after the impulse the rod's lower end is at rest: v + omega x r = 0.
  const double vx = jam->vars[cl::kVarsPerBody + cl::kVX];
  const double vy = jam->vars[cl::kVarsPerBody + cl::kVY];
  const double w = jam->vars[cl::kVarsPerBody + cl::kOmega];
  const double rx = -l * std::cos(theta) + h / 2 * std::sin(theta);
  const double ry = -l * std::sin(theta) - h / 2 * std::cos(theta);
  CHECK(std::abs(vx - w * ry) < 1e-9);
  CHECK(std::abs(vy + w * rx) < 1e-9);
  CHECK(r.kinetic() < before);
  // Afterwards it pivots on its end: the end stays put (within the contact tolerance).
  const cl::BodyState s = r.body();
  const double endX = s.x - l * std::cos(s.angle) + h / 2 * std::sin(s.angle);
  const double endX0 = jam->vars[cl::kVarsPerBody + cl::kX] + rx;
  CHECK(std::abs(endX - endX0) < 1e-3);
}
