// ContactSim::evaluate: resting contact forces, with numbers worked out by hand.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/body/shapes.h"
#include "engine/contact/contact_sim.h"
#include "engine/contact/detail/contact_matrix.h"
#include "engine/contact/detail/contact_subsets.h"
#include "engine/contact/extra_accel.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/forces/constant_force_law.h"
#include "engine/forces/gravity_law.h"
#include "engine/scene/scene.h"
#include "tests/support/contact_lcp_builder.h"

using namespace cl;

namespace {

constexpr double kG = 9.8;
constexpr double kMass = 2.0;
constexpr double kGap = 0.005;  // the half gap: distance of every resting contact below

// A fixed floor 20 wide whose top is the line y = 0.
int addFloor(RigidBodySim& sim) {
  return sim.addBody(shapes::wall(20, 1, "floor"), {0, 0, -0.5});
}

// A 1 x 1 block of mass 2 (moment m (w^2 + h^2) / 12 = 1/3) with its CM at (x, y).
int addBlock(RigidBodySim& sim, const std::string& name, double x, double y, double vy = 0) {
  Polygon b = shapes::block(1, 1, name);
  b.setMass(kMass);
  return sim.addBody(std::move(b), {x, 0, y, vy});
}

std::vector<double> evaluateChange(ContactSim& sim) {
  std::vector<double> change(sim.vars().size());
  sim.evaluate(sim.vars(), sim.time(), change);
  return change;
}

// Sum of the contact forces on contacts that involve the given body.
double forceOn(const ContactSim& sim, int body) {
  double sum = 0;
  for (const auto& c : sim.lastContacts())
    if (c.primaryBody == body || c.normalBody == body) sum += c.force;
  return sum;
}

double totalForce(const ContactSim& sim) {
  double sum = 0;
  for (const auto& c : sim.lastContacts()) sum += c.force;
  return sum;
}

ContactSim gravitySim(ExtraAccel e = ExtraAccel::NONE) {
  ContactSim sim;
  sim.setExtraAccel(e);
  sim.addForceLaw(std::make_unique<GravityLaw>(kG));
  return sim;
}

}  // namespace

TEST_CASE("ContactSim: block resting on the floor carries m g", "[contact_sim]") {
  for (ExtraAccel e : {ExtraAccel::NONE, ExtraAccel::VELOCITY_AND_DISTANCE_JOINTS}) {
    // At the half gap with zero velocity every ExtraAccel term is zero.
    ContactSim sim = gravitySim(e);
    const int floor = addFloor(sim);
    const int block = addBlock(sim, "block", 0, 0.5 + kGap);
    const auto change = evaluateChange(sim);
    REQUIRE_FALSE(sim.lastHadPenetration());
    REQUIRE(sim.lastContacts().size() == 2);
    CHECK(sim.lastSubsetCount() == 1);
    CHECK(totalForce(sim) == Approx(kMass * kG).epsilon(1e-9));
    CHECK(forceOn(sim, floor) == Approx(kMass * kG).epsilon(1e-9));
    // Symmetric corners: m g / 2 each.
    for (const auto& c : sim.lastContacts()) CHECK(c.force == Approx(kMass * kG / 2).epsilon(1e-9));
    const double* d = change.data() + kVarsPerBody * block;
    CHECK(d[kVY] == Approx(0).margin(1e-9));
    CHECK(d[kVX] == Approx(0).margin(1e-9));
    CHECK(d[kOmega] == Approx(0).margin(1e-9));
  }
}

TEST_CASE("ContactSim: A matrix of a block on two corners", "[contact_sim]") {
  // n = (0, 1) at both corners, u = (-0.5, -0.5) and (0.5, -0.5), m = 2, I = 1/3:
  // A_ii = 1/m + u_x^2 / I = 0.5 + 0.75 = 1.25, A_12 = 1/m + u1x u2x / I = 0.5 - 0.75 = -0.25;
  // b_i = -g.
  ContactSim sim = gravitySim();
  addFloor(sim);
  const int block = addBlock(sim, "block", 0, 0.5 + kGap);
  const auto change = evaluateChange(sim);
  std::vector<double> external(sim.vars().size());
  sim.RigidBodySim::evaluate(sim.vars(), 0, external);
  const auto& cs = sim.lastContacts();
  REQUIRE(cs.size() == 2);
  const Eigen::MatrixXd A = contactMatrix(cs, sim.bodies());
  CHECK(A(0, 0) == Approx(1.25).epsilon(1e-12));
  CHECK(A(1, 1) == Approx(1.25).epsilon(1e-12));
  CHECK(A(0, 1) == Approx(-0.25).epsilon(1e-12));
  CHECK(A(1, 0) == Approx(-0.25).epsilon(1e-12));
  // An entry that is not finite is reported, not handed to a solver: a mass so small that
  // 1 / m overflows (every entry), and a record whose point is NaN (its row and column).
  std::vector<Polygon> tiny(sim.bodies().begin(), sim.bodies().end());
  tiny[static_cast<std::size_t>(block)].setMass(1e-320);
  CHECK_THROWS_AS(contactMatrix(cs, tiny), std::domain_error);
  std::vector<RigidBodyCollision> nan(cs.begin(), cs.end());
  nan[1].u1.x = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_AS(contactMatrix(nan, sim.bodies()), std::domain_error);
  const Eigen::VectorXd b =
      contactBVector(cs, sim.bodies(), sim.vars(), external, ExtraAccel::NONE, 0.025);
  CHECK(b(0) == Approx(-kG).epsilon(1e-12));
  CHECK(b(1) == Approx(-kG).epsilon(1e-12));
}

TEST_CASE("ContactSim: stack of three blocks", "[contact_sim]") {
  ContactSim sim = gravitySim();
  const int floor = addFloor(sim);
  const int b1 = addBlock(sim, "b1", 0, 0.5 + kGap);
  const int b2 = addBlock(sim, "b2", 0, 1.5 + 2 * kGap);
  const int b3 = addBlock(sim, "b3", 0, 2.5 + 3 * kGap);
  const auto change = evaluateChange(sim);
  REQUIRE_FALSE(sim.lastHadPenetration());
  CHECK(sim.lastSubsetCount() == 1);
  // Floor contacts carry all three blocks, b1-b2 contacts two, b2-b3 contacts one.
  double floorF = 0, f12 = 0, f23 = 0;
  for (const auto& c : sim.lastContacts()) {
    const auto pair = [&](int p, int q) {
      return (c.primaryBody == p && c.normalBody == q) || (c.primaryBody == q && c.normalBody == p);
    };
    if (pair(floor, b1)) floorF += c.force;
    if (pair(b1, b2)) f12 += c.force;
    if (pair(b2, b3)) f23 += c.force;
  }
  CHECK(floorF == Approx(3 * kMass * kG).epsilon(1e-9));
  CHECK(f12 == Approx(2 * kMass * kG).epsilon(1e-9));
  CHECK(f23 == Approx(kMass * kG).epsilon(1e-9));
  for (int b : {b1, b2, b3}) {
    CHECK(change[kVarsPerBody * b + kVY] == Approx(0).margin(1e-9));
    CHECK(change[kVarsPerBody * b + kOmega] == Approx(0).margin(1e-9));
  }
}

TEST_CASE("ContactSim: ball on the floor carries m g", "[contact_sim]") {
  ContactSim sim = gravitySim();
  addFloor(sim);
  Polygon ball = shapes::ball(0.5, "ball");
  ball.setMass(kMass);
  const int b = sim.addBody(std::move(ball), {0, 0, 0.5 + kGap});
  const auto change = evaluateChange(sim);
  REQUIRE(sim.lastContacts().size() == 1);
  CHECK(sim.lastContacts()[0].ballObject);
  CHECK(sim.lastContacts()[0].force == Approx(kMass * kG).epsilon(1e-9));
  CHECK(change[kVarsPerBody * b + kVY] == Approx(0).margin(1e-9));
}

TEST_CASE("ContactSim: a horizontal force does not change the vertical force", "[contact_sim]") {
  // A horizontal force 2 applied 0.25 above the CM: torque r x F = 0.25 * -2 = -0.5.
  // Both corners stay (a = 0 at both): a_y = 0 and alpha = 0, so
  //   f_L + f_R = m g,  0.5 f_R - 0.5 f_L - 0.5 = 0  =>  f_R = (m g + 1) / 2, f_L = (m g - 1) / 2,
  // and the block accelerates sideways at F / m = 1.
  ContactSim sim = gravitySim();
  addFloor(sim);
  const int block = addBlock(sim, "block", 0, 0.5 + kGap);
  sim.addForceLaw(std::make_unique<ConstantForceLaw>(block, Vec2{0, 0.25}, Vec2{2, 0}));
  const auto change = evaluateChange(sim);
  REQUIRE(sim.lastContacts().size() == 2);
  CHECK(totalForce(sim) == Approx(kMass * kG).epsilon(1e-9));
  for (const auto& c : sim.lastContacts()) {
    const double want = c.impact1.x > 0 ? (kMass * kG + 1) / 2 : (kMass * kG - 1) / 2;
    CHECK(c.force == Approx(want).epsilon(1e-9));
  }
  const double* d = change.data() + kVarsPerBody * block;
  CHECK(d[kVX] == Approx(1.0).epsilon(1e-12));
  CHECK(d[kVY] == Approx(0).margin(1e-9));
  CHECK(d[kOmega] == Approx(0).margin(1e-9));
}

TEST_CASE("ContactSim: ExtraAccel terms", "[contact_sim]") {
  constexpr double h = 0.025;
  SECTION("VELOCITY: extra b = v / h") {
    // A ball approaching the floor at v = -0.1 at the half gap: extra = -0.1 / 0.025 = -4,
    // b = -g - 4, so f = m (g + 4) and the ball accelerates upwards at 4.
    ContactSim sim = gravitySim(ExtraAccel::VELOCITY);
    addFloor(sim);
    Polygon ball = shapes::ball(0.5, "ball");
    ball.setMass(kMass);
    const int b = sim.addBody(std::move(ball), {0, 0, 0.5 + kGap, -0.1});
    const auto change = evaluateChange(sim);
    REQUIRE(sim.lastContacts().size() == 1);
    const auto& c = sim.lastContacts()[0];
    CHECK(c.normalVelocity == Approx(-0.1).epsilon(1e-12));
    CHECK(extraAccelTerm(ExtraAccel::VELOCITY, c, h) == Approx(-4.0).epsilon(1e-12));
    CHECK(c.force == Approx(kMass * (kG + 4)).epsilon(1e-9));
    CHECK(change[kVarsPerBody * b + kVY] == Approx(4.0).epsilon(1e-9));
  }
  SECTION("VELOCITY_AND_DISTANCE: extra b = (2 v h + (d - gap)) / h^2") {
    // d = 0.008, gap 0.005, v = -0.1: (2 (-0.1)(0.025) + 0.003) / 0.025^2 = -0.002 / 0.000625
    // = -3.2, so f = m (g + 3.2) and the block accelerates upwards at 3.2.
    ContactSim sim = gravitySim(ExtraAccel::VELOCITY_AND_DISTANCE);
    addFloor(sim);
    const int block = addBlock(sim, "block", 0, 0.508, -0.1);
    const auto change = evaluateChange(sim);
    REQUIRE(sim.lastContacts().size() == 2);
    for (const auto& c : sim.lastContacts()) {
      CHECK(c.distance == Approx(0.008).epsilon(1e-9));
      CHECK(extraAccelTerm(sim.extraAccel(), c, h) == Approx(-3.2).epsilon(1e-9));
    }
    CHECK(totalForce(sim) == Approx(kMass * (kG + 3.2)).epsilon(1e-9));
    CHECK(change[kVarsPerBody * block + kVY] == Approx(3.2).epsilon(1e-9));
  }
  SECTION("joints only in the _JOINTS modes") {
    RigidBodyCollision j;
    j.joint = true;
    j.distance = 0.001;
    j.targetGap = 0;
    j.normalVelocity = 0.05;
    CHECK(extraAccelTerm(ExtraAccel::VELOCITY, j, h) == 0.0);
    CHECK(extraAccelTerm(ExtraAccel::VELOCITY_AND_DISTANCE, j, h) == 0.0);
    CHECK(extraAccelTerm(ExtraAccel::VELOCITY_JOINTS, j, h) == Approx(2.0));
    CHECK(extraAccelTerm(ExtraAccel::VELOCITY_AND_DISTANCE_JOINTS, j, h) ==
          Approx((2 * 0.05 * h + 0.001) / (h * h)));
    CHECK(extraAccelTerm(ExtraAccel::NONE, j, h) == 0.0);
  }
  SECTION("names") {
    CHECK(fromLooseName<ExtraAccel>("Velocity-And-Distance") == ExtraAccel::VELOCITY_AND_DISTANCE);
    CHECK(std::string(nameOf(kDefaultExtraAccel)) == "velocity_and_distance_joints");
    CHECK_FALSE(fromLooseName<ExtraAccel>("fast").has_value());
  }
}

TEST_CASE("ContactSim: a block rests on the floor for 10 s", "[contact_sim]") {
  ContactSim sim = gravitySim(kDefaultExtraAccel);
  addFloor(sim);
  const int block = addBlock(sim, "block", 0, 0.5 + kGap);
  const double y0 = sim.bodyState(block).y;
  SimpleAdvance adv(sim, IntegratorKind::kRungeKutta);
  double worst = 0;
  for (int step = 0; step < 400; ++step) {
    adv.advance(0.025);
    REQUIRE_FALSE(sim.lastHadPenetration());
    const BodyState s = sim.bodyState(block);
    REQUIRE(s.y - 0.5 > 0.0);  // never penetrates
    worst = std::max(worst, std::abs(s.y - y0));
  }
  CHECK(sim.time() == Approx(10.0));
  CHECK(worst < sim.distanceTol());
  CHECK(std::abs(sim.bodyState(block).angle) < 1e-9);
}

TEST_CASE("ContactSim: a block settles towards the half gap", "[contact_sim]") {
  ContactSim sim = gravitySim(kDefaultExtraAccel);
  addFloor(sim);
  const int block = addBlock(sim, "block", 0, 0.5 + 0.008);
  SimpleAdvance adv(sim, IntegratorKind::kRungeKutta);
  for (int step = 0; step < 200; ++step) {
    adv.advance(0.025);
    REQUIRE(sim.bodyState(block).y - 0.5 > 0.0);
  }
  CHECK(sim.bodyState(block).y - 0.5 == Approx(kGap).margin(1e-4));
  CHECK(std::abs(sim.bodyState(block).vy) < 1e-3);
}

TEST_CASE("ContactSim: two separate stacks are two subsets", "[contact_sim]") {
  ContactSim sim = gravitySim();
  const int floor = addFloor(sim);
  const int a1 = addBlock(sim, "a1", -3, 0.5 + kGap);
  const int a2 = addBlock(sim, "a2", -3, 1.5 + 2 * kGap);
  const int c1 = addBlock(sim, "c1", 3, 0.5 + kGap);
  const int c2 = addBlock(sim, "c2", 3, 1.5 + 2 * kGap);
  const auto change = evaluateChange(sim);
  CHECK(sim.lastSubsetCount() == 2);
  CHECK(sim.lastSubsetSizes() == std::vector<int>{4, 4});
  double left = 0, right = 0;
  for (const auto& c : sim.lastContacts())
    if (c.primaryBody == floor || c.normalBody == floor)
      (c.impact1.x < 0 ? left : right) += c.force;
  CHECK(left == Approx(2 * kMass * kG).epsilon(1e-9));
  CHECK(right == Approx(2 * kMass * kG).epsilon(1e-9));
  for (int b : {a1, a2, c1, c2}) CHECK(change[kVarsPerBody * b + kVY] == Approx(0).margin(1e-9));
  // The subsets are independent of the order the contacts come in.
  const auto subsets = contactSubsets(sim.lastContacts(), sim.bodies());
  REQUIRE(subsets.size() == 2);
  for (const auto& s : subsets) {
    const double x0 = sim.lastContacts()[s[0]].impact1.x;
    for (int k : s) CHECK((sim.lastContacts()[k].impact1.x < 0) == (x0 < 0));
  }
}

TEST_CASE("ContactSim: a lifted block gets no force", "[contact_sim]") {
  ContactSim sim = gravitySim(kDefaultExtraAccel);
  addFloor(sim);
  const int block = addBlock(sim, "block", 0, 0.5 + 0.02);
  const auto change = evaluateChange(sim);
  CHECK(sim.lastContacts().empty());
  CHECK(sim.lastSubsetCount() == 0);
  CHECK(change[kVarsPerBody * block + kVY] == Approx(-kG).epsilon(1e-12));
}

TEST_CASE("ContactSim: a penetration is reported, not solved", "[contact_sim]") {
  ContactSim sim = gravitySim();
  addFloor(sim);
  const int block = addBlock(sim, "block", 0, 0.5 - 0.002);
  const auto change = evaluateChange(sim);
  CHECK(sim.lastHadPenetration());
  CHECK(sim.lastContacts().empty());
  CHECK(change[kVarsPerBody * block + kVY] == Approx(-kG).epsilon(1e-12));
}

TEST_CASE("ContactSim: b vector with a moving normal body and curved edges", "[contact_sim]") {
  // Body 0 (primary): v = (1, 0), w = 3, external a = (0, -9.8), alpha = 0.
  // Body 1 (normal):  v = (0, 0), w = 2, external a = (0, -9.8), alpha = 1.
  // n = (0, 1), u1 = (0.5, -0.5), u2 = (0.5, 0.5).
  //   q1' = v1 + w1 x u1 = (1, 0) + (1.5, 1.5) = (2.5, 1.5);  q2' = w2 x u2 = (-1, 1)
  //   body 1 term:  n . (a1 - w1^2 u1) = -9.8 + 4.5 = -5.3
  //   body 2 term: -n . (a2 + alpha2 x u2 - w2^2 u2) = -(-9.8 + 0.5 - 2) = 11.3
  // Straight normal edge: n' = w2 x n = (-2, 0), 2 n' . (q1' - q2') = 2 (-2)(3.5) = -14
  //   => b = -14 - 5.3 + 11.3 = -8; with a curved primary of radius 0.3 also
  //   -radius1 w2^2 = -1.2 => b = -9.2.
  // Curved normal edge (vertex on an arc of radius 0.5): n' = (q1' - q2') / 0.5 = (7, 1),
  //   n' . (q1' - q2') = 24.5 + 0.5 = 25 => b = 25 - 5.3 + 11.3 = 31.
  std::vector<Polygon> bodies{shapes::block(1, 1, "p"), shapes::block(1, 1, "q")};
  std::vector<double> vars(2 * kVarsPerBody, 0.0), change(2 * kVarsPerBody, 0.0);
  vars[kVX] = 1;
  vars[kOmega] = 3;
  vars[kVarsPerBody + kOmega] = 2;
  change[kVY] = -9.8;
  change[kVarsPerBody + kVY] = -9.8;
  change[kVarsPerBody + kOmega] = 1;
  RigidBodyCollision c;
  c.primaryBody = 0;
  c.normalBody = 1;
  c.normal = {0, 1};
  c.r1 = c.u1 = {0.5, -0.5};
  c.r2 = c.u2 = {0.5, 0.5};
  c.distance = 0.005;
  c.normalVelocity = 0;
  const auto b = [&](const RigidBodyCollision& rc) {
    return contactBVector({rc}, bodies, vars, change, ExtraAccel::NONE, 0.025)(0);
  };
  CHECK(b(c) == Approx(-8.0).epsilon(1e-12));
  RigidBodyCollision ballOnEdge = c;
  ballOnEdge.ballObject = true;
  ballOnEdge.radius1 = 0.3;
  CHECK(b(ballOnEdge) == Approx(-9.2).epsilon(1e-12));
  RigidBodyCollision vertexOnArc = c;
  vertexOnArc.ballNormal = true;
  vertexOnArc.radius2 = 0.5;
  CHECK(b(vertexOnArc) == Approx(31.0).epsilon(1e-12));
  // A normal fixed in the world (connectors) has no n' term: b = -5.3 + 11.3 = 6.
  RigidBodyCollision fixedNormal = c;
  fixedNormal.normalFixed = true;
  CHECK(b(fixedNormal) == Approx(6.0).epsilon(1e-12));
}

TEST_CASE("ContactSim: A of a stack equals J M^-1 J^T, its nonzeros listed by shared body",
          "[contact_sim]") {
  ContactSim sim = gravitySim();
  addFloor(sim);
  addBlock(sim, "b1", 0, 0.5 + kGap);
  addBlock(sim, "b2", 0.2, 1.5 + 2 * kGap);
  addBlock(sim, "b3", -0.1, 2.5 + 3 * kGap);
  evaluateChange(sim);
  const auto& cs = sim.lastContacts();
  REQUIRE(cs.size() >= 6);
  // Bodies 1..3 of the sim are bodies 0..2 of the builder; the floor is fixed (-1).
  ContactLcpBuilder builder;
  for (int i = 1; i <= 3; ++i) {
    const BodyState s = sim.bodyState(i);
    builder.addBody(sim.bodies()[i].mass(), sim.bodies()[i].moment(), s.x, s.y);
  }
  const auto idx = [](int body) { return body == 0 ? -1 : body - 1; };
  for (const auto& c : cs)
    builder.addContact(idx(c.primaryBody), idx(c.normalBody), c.impact1.x, c.impact1.y, c.normal.x,
                       c.normal.y);
  ColumnNonzeros nonzeros;
  const Eigen::MatrixXd A = contactMatrix(cs, sim.bodies(), &nonzeros);
  const Eigen::MatrixXd want = builder.buildWithGravity(kG).A;
  CHECK((A - want).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((A - A.transpose()).cwiseAbs().maxCoeff() < 1e-12);
  // The nonzeros listed by column: exactly the pairs of contacts on a common block (the
  // floor, body 0, is fixed and joins nothing), rows increasing; A is zero elsewhere.
  const auto n = static_cast<int>(cs.size());
  REQUIRE(nonzeros.start.size() == cs.size() + 1);
  CHECK(nonzeros.start.front() == 0);
  int pairsOnABlock = 0;
  for (int j = 0; j < n; ++j) {
    std::vector<int> want;
    for (int i = 0; i < n; ++i) {
      const auto on = [&](int k, int body) {
        return body != 0 && (cs[k].primaryBody == body || cs[k].normalBody == body);
      };
      if (on(i, cs[j].primaryBody) || on(i, cs[j].normalBody)) want.push_back(i);
    }
    pairsOnABlock += static_cast<int>(want.size());
    const std::vector<int> listed(nonzeros.row.begin() + nonzeros.start[j],
                                  nonzeros.row.begin() + nonzeros.start[j + 1]);
    CHECK(listed == want);
    for (int i = 0; i < n; ++i)
      if (std::find(want.begin(), want.end(), i) == want.end()) CHECK(A(i, j) == 0);
  }
  // Three blocks stacked on the floor: some contacts share no block (not every pair listed).
  CHECK(pairsOnABlock < n * n);
  LcpProblem p{A, Eigen::VectorXd::Zero(n), std::vector<bool>(cs.size(), false), {}, nonzeros};
  CHECK(p.validate().empty());
}

TEST_CASE("A ContactSim copy holds every member: connectors cloned, jam setting and totals kept",
          "[contact]") {
  // The hand-written copy constructor left out the jam setting (a copy made while jams were
  // off turned them back on) and the solve totals.
  cl::Scene s = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/newtons_cradle.json");
  cl::ContactSim& sim = *s.contactSim();
  auto advance = s.makeAdvance();
  for (int k = 0; k < 10; ++k) advance->advance(s.settings.timeStep);
  REQUIRE(sim.solveTotals().solves > 0);
  sim.setJamImpulses(false);
  const cl::ContactSim copy(sim);
  CHECK_FALSE(copy.jamImpulses());
  CHECK(copy.solveTotals().solves == sim.solveTotals().solves);
  CHECK(copy.solveTotals().pivots == sim.solveTotals().pivots);
  REQUIRE(copy.connectors().size() == sim.connectors().size());
  REQUIRE(sim.connectors().size() > 0);
  for (std::size_t k = 0; k < sim.connectors().size(); ++k)
    CHECK(copy.connectors()[k].get() != sim.connectors()[k].get());  // cloned, not shared
  CHECK(copy.vars() == sim.vars());
}
