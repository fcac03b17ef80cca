// drawDataOf (engine/run/draw_data.h): what a view draws, here the connectors' forces,
// each taken from the records its own connector made, and the contacts' modes.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <vector>

#include "engine/body/shapes.h"
#include "engine/connectors/rope.h"
#include "engine/contact/contact_sim.h"
#include "engine/contact/detail/friction_problem.h"
#include "engine/forces/gravity_law.h"
#include "engine/run/draw_data.h"
#include "engine/scene/scene.h"

TEST_CASE("drawDataOf gives each connector the force of its own records", "[run][draw]") {
  cl::ContactSim sim;
  // A bob on a slack rope (connector 0: no record) and a bob hanging at rest on a rod
  // (connector 1: the only connector record), under g = 9.8.
  const int slack = sim.addBody(cl::shapes::block(0.5, 0.5, "slack"), {5, 0, -1});
  const int hanging = sim.addBody(cl::shapes::block(0.5, 0.5, "hanging"), {0, 0, -2});
  sim.addForceLaw(std::make_unique<cl::GravityLaw>(9.8));
  sim.addConnector(
      std::make_unique<cl::Rope>(cl::RopeParams{cl::kScrim, {5, 0}, slack, {0, 0}, 3.0, "rope"}));
  sim.addConnector(
      std::make_unique<cl::Rod>(cl::RopeParams{cl::kScrim, {0, 0}, hanging, {0, 0}, 2.0, "rod"}));
  std::vector<double> change(sim.vars().size());
  sim.evaluate(sim.vars(), 0.0, change);

  const cl::DrawData d = cl::drawDataOf(sim, 0);
  REQUIRE(d.connectors.size() == 2);
  CHECK(d.connectors[0].kind == cl::ConnectorMarkKind::kRope);
  CHECK_FALSE(d.connectors[0].taut);
  CHECK(d.connectors[0].force == cl::Vec2{0, 0});
  CHECK(d.connectors[1].kind == cl::ConnectorMarkKind::kRod);
  // The rod holds the bob's weight: m g upward on the bob, m = 0.5 x 0.5 at density 1.
  const double weight = sim.bodies()[hanging].mass() * 9.8;
  CHECK(d.connectors[1].force.x == Approx(0.0).margin(1e-12));
  CHECK(d.connectors[1].force.y == Approx(weight).epsilon(1e-9));
  // The hanging bob does not move: its acceleration is zero.
  CHECK(std::abs(change[static_cast<std::size_t>(6 * hanging + 3)]) < 1e-9);
  CHECK(d.states.size() == 2);
  CHECK(d.referenceForce == Approx(weight));
}

TEST_CASE("drawDataOf tells each contact's mode: resting, sticking, sliding, separating",
          "[run][draw][friction]") {
  // block_on_slope.json: one block held by friction (pair 0.5 > tan 20) and one sliding
  // down from rest at g (sin 20 - 0.2 cos 20) = 1.51 (0.15 by 0.1 s, above
  // kStaticSlipSpeed); stack_of_three.json has no friction.
  const auto modesOf = [](const char* file, double until) {
    cl::Scene scene = cl::loadSceneFile(std::filesystem::path(CONTACTLAB_SCENES_DIR) / file);
    const std::unique_ptr<cl::AdvanceStrategy> advance = scene.makeAdvance();
    while (scene.sim->time() < until - 1e-9) advance->advance(scene.settings.timeStep);
    const cl::DrawData d = cl::drawDataOf(*scene.sim, 0);
    std::map<cl::ContactMode, int> count;
    for (const cl::ContactMark& c : d.contacts) {
      ++count[c.mode];
      if (c.mode == cl::ContactMode::kSliding) CHECK(std::abs(c.slip) > cl::kStaticSlipSpeed);
      if (c.mode == cl::ContactMode::kSticking) CHECK(std::abs(c.slip) < 1e-6);
      if (c.mode != cl::ContactMode::kSeparating) CHECK(c.force > 0);
    }
    return count;
  };
  std::map<cl::ContactMode, int> slope = modesOf("block_on_slope.json", 0.1);
  CHECK(slope[cl::ContactMode::kSticking] == 2);  // the held block's two corners
  CHECK(slope[cl::ContactMode::kSliding] == 2);   // the launched block's
  CHECK(slope[cl::ContactMode::kResting] == 0);
  std::map<cl::ContactMode, int> stack = modesOf("stack_of_three.json", 0.1);
  CHECK(stack[cl::ContactMode::kResting] == 6);  // two corners under each block, no friction
  CHECK(stack[cl::ContactMode::kSticking] + stack[cl::ContactMode::kSliding] == 0);
}

TEST_CASE("a contact's mode is the friction solve's own decision, at every step",
          "[run][draw][friction]") {
  // Baraff 94: a sliding contact's friction is mu f_N against its slip (section 6); a
  // sticking one's lies within the cone |f_F| <= mu f_N (section 5). The mode drawn must be
  // the one the solve used, not the slip at the state drawn: within a step the last
  // evaluation is at another state than the step's end, and a block coming to rest is
  // solved as sticking while it still slips (stickingSlides).
  for (const char* file : {"block_on_slope.json", "stack_on_slope.json", "pile_10_friction.json"}) {
    INFO(file);
    cl::Scene scene = cl::loadSceneFile(std::filesystem::path(CONTACTLAB_SCENES_DIR) / file);
    const std::unique_ptr<cl::AdvanceStrategy> advance = scene.makeAdvance();
    int sliding = 0, sticking = 0, wrong = 0;
    double worstTime = -1;
    for (int step = 0; step < 400; ++step) {
      advance->advance(scene.settings.timeStep);
      const cl::DrawData d = cl::drawDataOf(*scene.sim, 0);
      for (const cl::ContactMark& c : d.contacts) {
        if (c.mode != cl::ContactMode::kSliding && c.mode != cl::ContactMode::kSticking) continue;
        const double mu =
            cl::frictionPair(scene.sim->bodies()[c.primaryBody], scene.sim->bodies()[c.normalBody]);
        const double cone = mu * c.force;
        const bool ok = c.mode == cl::ContactMode::kSliding
                            ? std::abs(std::abs(c.frictionForce) - cone) <= 1e-9 * cone
                            : std::abs(c.frictionForce) <= cone * (1 + 1e-9);
        (c.mode == cl::ContactMode::kSliding ? sliding : sticking) += 1;
        if (!ok && wrong++ == 0) worstTime = scene.sim->time();
      }
    }
    INFO("first wrong mode at t = " << worstTime);
    CHECK(wrong == 0);
    CHECK(sliding + sticking > 0);
  }
}
