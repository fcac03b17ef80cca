// Static Coulomb friction by pivoting (Baraff 94, section 5) on problems whose solution is
// known by hand: a particle and a disc on a slope, a block on a slope with two corner
// contacts (a singular A), and random frictional problems checked by their conditions.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <vector>

#include "engine/math/random_lcg.h"
#include "engine/solver/compute_forces.h"
#include "engine/solver/friction_forces.h"
#include "tests/engine/solver/friction_test_problems.h"

using namespace cl;

namespace {

constexpr double kDeg = std::numbers::pi / 180;
using cl::test::kG;
using cl::test::onSlope;
using Body = cl::test::SlopeBody;

}  // namespace

TEST_CASE("Friction: a particle on a slope holds below the angle of friction",
          "[friction][solver]") {
  const double m = 2.0, mu = 0.5;
  SECTION("tan 20 deg < 0.5: static, the friction holds it, a = 0") {
    const double th = 20 * kDeg;
    const FrictionResult r = computeFrictionForces(onSlope({m, 1}, {{0, 0}}, th, mu));
    REQUIRE(r.ok());
    CHECK(r.f(0) == Approx(m * kG * std::cos(th)).epsilon(1e-12));
    CHECK(r.f(1) == Approx(m * kG * std::sin(th)).epsilon(1e-12));  // exactly m g sin
    CHECK(r.a(0) == Approx(0).margin(1e-12));
    CHECK(r.a(1) == Approx(0).margin(1e-12));
    CHECK(r.normalSets[0] == ContactSet::kC);
    CHECK(r.frictionSets[0] == ContactSet::kCF);
  }
  SECTION("tan 40 deg > 0.5: it slides, friction mu m g cos at the cone's edge") {
    const double th = 40 * kDeg;
    const FrictionResult r = computeFrictionForces(onSlope({m, 1}, {{0, 0}}, th, mu));
    REQUIRE(r.ok());
    CHECK(r.f(0) == Approx(m * kG * std::cos(th)).epsilon(1e-12));
    CHECK(r.f(1) == Approx(mu * m * kG * std::cos(th)).epsilon(1e-12));
    // Down the slope at g (sin - mu cos).
    CHECK(r.a(1) == Approx(-kG * (std::sin(th) - mu * std::cos(th))).epsilon(1e-12));
    CHECK(r.frictionSets[0] == ContactSet::kNCPlus);
  }
}

TEST_CASE("Friction: a uniform disc rolls down a slope at 2/3 g sin theta", "[friction][solver]") {
  // Contact at r = (0, -R): A_NN = 1/m, A_FF = 1/m + R^2 / I, no coupling.
  const double m = 1.5, R = 0.4, I = m * R * R / 2, th = 30 * kDeg;
  SECTION("mu = 0.3 > tan(30)/3 = 0.19: rolling, f_F = m g sin / 3") {
    const FrictionResult r = computeFrictionForces(onSlope({m, I}, {{0, -R}}, th, 0.3));
    REQUIRE(r.ok());
    CHECK(r.frictionSets[0] == ContactSet::kCF);
    CHECK(r.f(1) == Approx(m * kG * std::sin(th) / 3).epsilon(1e-12));
    // The centre's acceleration along the slope: -g sin + f_F / m = -(2/3) g sin.
    CHECK(-kG * std::sin(th) + r.f(1) / m == Approx(-2.0 / 3 * kG * std::sin(th)).epsilon(1e-12));
  }
  SECTION("mu = 0.1 < tan(30)/3: it slips, f_F = mu m g cos") {
    const FrictionResult r = computeFrictionForces(onSlope({m, I}, {{0, -R}}, th, 0.1));
    REQUIRE(r.ok());
    CHECK(r.frictionSets[0] == ContactSet::kNCPlus);
    CHECK(r.f(1) == Approx(0.1 * m * kG * std::cos(th)).epsilon(1e-12));
    CHECK(r.a(1) < 0);
  }
}

TEST_CASE("Friction: a block on a slope with two corner contacts (A singular)",
          "[friction][solver]") {
  // A 2 x 1 block, mass 3: 4 conditions on 3 freedoms, so A (4 x 4) has rank 3.
  const Body block{3.0, 3.0 * (4 + 1) / 12.0};
  const std::vector<Eigen::Vector2d> corners{{-1, -0.5}, {1, -0.5}};
  const double th = 20 * kDeg;
  SECTION("mu = 1: it stays, the forces balance gravity") {
    const FrictionProblem p = onSlope(block, corners, th, 1.0);
    const FrictionResult r = computeFrictionForces(p);
    REQUIRE(r.ok());
    CHECK(frictionViolation(p, r.f, r.a) < 1e-9);
    CHECK(r.a.cwiseAbs().maxCoeff() < 1e-9);
    CHECK(r.f(0) + r.f(1) == Approx(block.m * kG * std::cos(th)).epsilon(1e-10));
    CHECK(r.f(2) + r.f(3) == Approx(block.m * kG * std::sin(th)).epsilon(1e-10));
    // No net torque about the CM: the corners at x = -+1, y = -0.5.
    const double torque = -1 * r.f(0) + 1 * r.f(1) + 0.5 * (r.f(2) + r.f(3));
    CHECK(torque == Approx(0).margin(1e-9));
  }
  SECTION("mu = 0.2 < tan 20: it slides as one body, both frictions at the edge") {
    const FrictionProblem p = onSlope(block, corners, th, 0.2);
    const FrictionResult r = computeFrictionForces(p);
    REQUIRE(r.ok());
    CHECK(frictionViolation(p, r.f, r.a) < 1e-9);
    CHECK(r.f(0) + r.f(1) == Approx(block.m * kG * std::cos(th)).epsilon(1e-10));
    CHECK(r.frictionSets[0] == ContactSet::kNCPlus);
    CHECK(r.frictionSets[1] == ContactSet::kNCPlus);
    const double slide = -kG * (std::sin(th) - 0.2 * std::cos(th));
    CHECK(r.a(2) == Approx(slide).epsilon(1e-10));
    CHECK(r.a(3) == Approx(slide).epsilon(1e-10));
  }
}

TEST_CASE("Friction: with mu = 0 the normal forces are ComputeForces'", "[friction][solver]") {
  const Body block{2.0, 1.0};
  const FrictionProblem p =
      onSlope(block, {{-0.7, -0.4}, {0.6, -0.4}, {0.1, -0.5}}, 10 * kDeg, 0.0);
  const FrictionResult r = computeFrictionForces(p);
  REQUIRE(r.ok());
  LcpProblem normal;
  normal.A = p.A.topLeftCorner(3, 3);
  normal.b = p.b.head(3);
  normal.joint.assign(3, false);
  ComputeForces cf;
  const LcpResult base = cf.solve(normal);
  REQUIRE(base.ok());
  // Both solve the same frictionless LCP; the forces may split differently among the
  // redundant contacts, the accelerations may not.
  CHECK((p.A.topLeftCorner(3, 3) * r.f.head(3) - p.A.topLeftCorner(3, 3) * base.f).norm() < 1e-9);
  CHECK(r.f.tail(3).norm() == 0.0);
}

TEST_CASE("Friction: a joint at the centre holds a body on a slope, pulling or pushing",
          "[friction][solver]") {
  // A body (m 2, I 0.5) on a slope at one contact r = (0, -0.5) (mu 0.3, below the angle's
  // tangent either way) and a joint at its centre along the slope (row [1, 0, 0]). The joint
  // holds a_x = 0; the contact's slip is then a_x + 0.5 alpha with alpha = 0.5 f_F / I, so
  // sticking needs f_F = 0: the joint takes the whole m g sin theta, of the sign that
  // keeps the body up (theta > 0: gravity pulls to -x, the joint force is +).
  const double m = 2, I = 0.5, mu = 0.3;
  for (const double theta : {30 * kDeg, -30 * kDeg}) {
    INFO("theta " << theta / kDeg);
    Eigen::MatrixXd J(4, 3);
    J << 0, 1, 0,   // contact normal at r = (0, -0.5): r x n = 0
        1, 0, 0,    // joint along the slope at the centre
        1, 0, 0.5,  // contact tangent: r x t = -r_y = 0.5
        0, -1, 0;   // the joint's tangent (n turned +90 degrees): no friction there
    const Eigen::Vector3d minv(1 / m, 1 / m, 1 / I);
    const Eigen::Vector3d gravity(-kG * std::sin(theta), -kG * std::cos(theta), 0);
    FrictionProblem p;
    p.A = J * minv.asDiagonal() * J.transpose();
    p.b = J * gravity;
    p.mu = {mu, 0};
    p.joint = {false, true};
    const FrictionResult r = computeFrictionForces(p);
    REQUIRE(r.ok());
    CHECK(r.f(0) == Approx(m * kG * std::cos(theta)).epsilon(1e-12));
    CHECK(r.f(1) == Approx(m * kG * std::sin(theta)).epsilon(1e-12));
    CHECK(std::abs(r.f(2)) < 1e-12);
    CHECK(std::abs(r.a(1)) < 1e-12);
    CHECK(frictionViolation(p, r.f, r.a) < 1e-10);
  }
  FrictionProblem bad;
  bad.A = Eigen::MatrixXd::Identity(2, 2);
  bad.b = Eigen::VectorXd::Zero(2);
  bad.mu = {0.5};
  bad.joint = {true};
  CHECK(bad.validate() == "joint 0 has friction coefficient 0.5: joints have none");
}

TEST_CASE("Friction: random resting problems end with every condition holding",
          "[friction][solver]") {
  // Bodies of one to three contacts on slopes of 0 to 40 degrees with mu 0.05 to 1.5: each
  // problem either holds or slides, and the solve must say which within the tolerance.
  RandomLCG rng(2024);
  int solved = 0, gaveUp = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int k = 1 + static_cast<int>(rng.nextFloat() * 3);
    std::vector<Eigen::Vector2d> points;
    for (int c = 0; c < k; ++c)
      points.emplace_back(-1 + 2 * rng.nextFloat(), -0.2 - 0.8 * rng.nextFloat());
    const Body body{0.5 + 2 * rng.nextFloat(), 0.1 + rng.nextFloat()};
    const FrictionProblem p =
        onSlope(body, points, 40 * kDeg * rng.nextFloat(), 0.05 + 1.45 * rng.nextFloat());
    const FrictionResult r = computeFrictionForces(p);
    INFO("trial " << trial << ": " << errorName(r.error));
    CHECK(r.ok());
    if (!r.ok()) continue;
    ++solved;
    gaveUp += r.gaveUp;
    CHECK(frictionViolation(p, r.f, r.a) < 1e-8);
  }
  CHECK(solved == 300);
  INFO("gave up " << gaveUp);
}

TEST_CASE("Friction: random stacks of two bodies end with every condition holding",
          "[friction][solver]") {
  // Body 1 on the slope at one or two points, body 2 on body 1 at one or two: the contacts
  // between the bodies push body 2 up and body 1 down (A couples them).
  RandomLCG rng(77);
  int solved = 0, gaveUp = 0, edges = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const cl::test::TwoBodyStack stack = cl::test::randomTwoBodyStack(rng);
    const double th = 35 * kDeg * rng.nextFloat();
    const FrictionProblem p = stack.problem(th, 0.05 + 1.2 * rng.nextFloat());
    const FrictionResult r = computeFrictionForces(p);
    INFO("trial " << trial << ": " << errorName(r.error));
    CHECK(r.ok());
    if (!r.ok()) continue;
    ++solved;
    gaveUp += r.gaveUp;
    for (ContactSet s : r.frictionSets)
      edges += s == ContactSet::kNCPlus || s == ContactSet::kNCMinus;
    CHECK(frictionViolation(p, r.f, r.a) < 1e-8);
  }
  CHECK(solved == 300);
  CHECK(edges > 0);  // some slide: the cone's edge is exercised
  INFO("gave up " << gaveUp << ", at the cone's edge " << edges);
}

TEST_CASE("Friction: sliding contacts take mu f_N against the motion (section 6)",
          "[friction][solver]") {
  const double m = 2.0, mu = 0.3;
  SECTION("a particle sliding up a slope: friction and gravity both pull it back") {
    const double th = 10 * kDeg;  // tan 10 < 0.3: would stick, but it moves up (+t)
    FrictionProblem p = onSlope({m, 1}, {{0, 0}}, th, mu);
    p.slide = {-1};
    const FrictionResult r = computeFrictionForces(p);
    REQUIRE(r.ok());
    CHECK(r.f(0) == Approx(m * kG * std::cos(th)).epsilon(1e-12));
    CHECK(r.f(1) == Approx(-mu * m * kG * std::cos(th)).epsilon(1e-12));
    CHECK(r.a(1) == Approx(-kG * (std::sin(th) + mu * std::cos(th))).epsilon(1e-12));
  }
  SECTION("a block sliding on a flat floor with two corners decelerates at mu g") {
    const Body block{3.0, 3.0 * 5 / 12.0};
    FrictionProblem p = onSlope(block, {{-1, -0.5}, {1, -0.5}}, 0, mu);
    p.slide = {-1, -1};  // moving along +t
    const FrictionResult r = computeFrictionForces(p);
    REQUIRE(r.ok());
    CHECK(r.f(0) + r.f(1) == Approx(block.m * kG).epsilon(1e-10));
    CHECK(r.a(2) == Approx(-mu * kG).epsilon(1e-10));
    CHECK(r.a(3) == Approx(-mu * kG).epsilon(1e-10));
    // The friction at the bottom tips it forward: more normal force at the leading corner.
    CHECK(r.f(1) > r.f(0));
    CHECK(frictionViolation(p, r.f, r.a) < 1e-9);
  }
  SECTION("Painleve: a rod sliding on a rough floor at a steep angle has no static answer") {
    // A rod of length 2 at 60 degrees from the floor, its lower end at r = (cos, -sin) from
    // the CM, sliding along +t: f_F = -mu f_N, so a unit f_N changes a_N by
    // A_NN - mu A_NF = 1.75 - 5 (1.299) < 0. Raising f_N only drives a_N further down: no
    // finite step ends the drive.
    const double L = 2, angle = 60 * kDeg, m2 = 1, I = m2 * L * L / 12;
    FrictionProblem p = onSlope({m2, I}, {{std::cos(angle), -std::sin(angle)}}, 0, 5.0);
    p.slide = {-1};
    const FrictionResult r = computeFrictionForces(p);
    CHECK(r.error == LcpError::kNoSolution);
  }
}

TEST_CASE("Friction: bad input is refused", "[friction][solver][errors]") {
  FrictionProblem p;
  p.A = Eigen::MatrixXd::Identity(2, 2);
  p.b = Eigen::VectorXd::Constant(2, -1);
  p.mu = {-0.1};
  CHECK(p.validate().find("friction coefficient") != std::string::npos);
  CHECK(computeFrictionForces(p).error == LcpError::kBadInput);
  p.mu = {0.5, 0.5};
  CHECK(p.validate().find("needs A 4 x 4") != std::string::npos);
  CHECK(computeFrictionForces(p).error == LcpError::kBadInput);
}

TEST_CASE("Friction: the trace tells every decision with the five sets, and the solve",
          "[friction][solver][trace]") {
  // One contact of a particle on a slope (m 1) held by friction: the normal is driven until
  // a_N = 0 (f_N = g cos), then the friction until a_F = 0 (f_F = g sin, inside the cone).
  const double theta = 20 * kDeg, mu = 0.5;
  FrictionProblem p = onSlope({1, 1}, {Eigen::Vector2d(0, 0)}, theta, mu);
  RecordingTraceSink sink;
  FrictionOptions options;
  options.sink = &sink;
  const FrictionResult r = computeFrictionForces(p, options);
  REQUIRE(r.ok());
  REQUIRE(sink.pivots.size() == 2);
  const SolverPivot& normal = sink.pivots[0];
  CHECK(normal.transition == PivotTransition::kDAccepted);
  CHECK(normal.d == 0);
  CHECK(normal.C == std::vector<int>{0});
  CHECK(normal.CF.empty());
  CHECK(normal.f(0) == Approx(kG * std::cos(theta)).epsilon(1e-12));
  const SolverPivot& friction = sink.pivots[1];
  CHECK(friction.transition == PivotTransition::kFrictionHeld);
  CHECK(friction.d == 1);  // row n + 0
  CHECK(friction.CF == std::vector<int>{1});
  CHECK(friction.stepTaken);
  CHECK(friction.f(1) == Approx(kG * std::sin(theta)).epsilon(1e-12));
  REQUIRE(sink.solves.size() == 1);
  const SolverSolve& s = sink.solves[0];
  CHECK(s.friction());
  CHECK(s.mu == std::vector<double>{mu});
  CHECK(s.A == p.A);
  CHECK(s.f == r.f);
  CHECK(s.joint == std::vector<bool>{false, false});
  // Steeper than the angle of friction: the friction ends at the cone's edge (NC+).
  sink.clear();
  p = onSlope({1, 1}, {Eigen::Vector2d(0, 0)}, 40 * kDeg, mu);
  REQUIRE(computeFrictionForces(p, options).ok());
  REQUIRE(sink.pivots.size() == 2);
  CHECK(sink.pivots[1].transition == PivotTransition::kFrictionAtEdge);
  CHECK(sink.pivots[1].NCplus == std::vector<int>{1});
}
