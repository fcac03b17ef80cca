// SimEdit (engine/edit/sim_edit.h): each edit applied to a running simulation, and the
// lasting ones written into a scene's document so that rebuilding gives the same simulation.
#include <catch2/catch.hpp>
#include <string>

#include "engine/body/scrim.h"
#include "engine/edit/detail/mouse_spring.h"
#include "engine/edit/sim_edit.h"
#include "engine/forces/damping_law.h"
#include "engine/forces/gravity_law.h"
#include "engine/forces/spring.h"
#include "engine/forces/thruster_set.h"
#include "engine/scene/scene.h"

namespace {

cl::Scene scene(const std::string& file) {
  return cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/" + file);
}

template <typename Law>
int count(const cl::RigidBodySim& sim) {
  int n = 0;
  for (const auto& law : sim.forceLaws())
    if (dynamic_cast<const Law*>(law.get())) ++n;
  return n;
}

int activeThrusters(const cl::RigidBodySim& sim) {
  int n = 0;
  for (const auto& law : sim.forceLaws())
    if (const auto* set = dynamic_cast<const cl::ThrusterSet*>(law.get()))
      for (const cl::Thruster& t : set->thrusters()) n += t.active ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("SetGravity changes the fall at once and is kept by the document", "[edit]") {
  cl::Scene s = scene("free_fall.json");  // one ball, g = 9.8
  auto advance = s.makeAdvance();
  const cl::SimEdit edit = cl::SetGravity{3.0};
  REQUIRE(cl::applyEdit(edit, *s.sim, *advance));
  const double vy0 = s.sim->bodyState(0).vy, dt = s.settings.timeStep;
  advance->advance(dt);
  // Constant acceleration: RK4 is exact, dv = -g dt.
  CHECK(s.sim->bodyState(0).vy - vy0 == Approx(-3.0 * dt).epsilon(1e-12));

  CHECK(cl::isLasting(edit));
  cl::SceneDoc doc = s.doc;
  cl::recordEdit(edit, doc);
  const cl::Scene rebuilt = cl::makeScene(doc);
  REQUIRE(count<cl::GravityLaw>(*rebuilt.sim) == 1);
  for (const auto& law : rebuilt.sim->forceLaws())
    if (const auto* g = dynamic_cast<const cl::GravityLaw*>(law.get())) CHECK(g->gravity() == 3.0);
}

TEST_CASE("SetDamping and SetGravity add a law to a scene without one, in the sim and the doc",
          "[edit]") {
  cl::Scene s = scene("stack_of_three.json");
  const int gravityLaws = count<cl::GravityLaw>(*s.sim);
  REQUIRE(count<cl::DampingLaw>(*s.sim) == 0);
  auto advance = s.makeAdvance();
  REQUIRE(cl::applyEdit(cl::SetDamping{0.5}, *s.sim, *advance));
  CHECK(count<cl::DampingLaw>(*s.sim) == 1);
  // A zero damping on a scene without one adds nothing.
  cl::Scene t = scene("stack_of_three.json");
  REQUIRE(cl::applyEdit(cl::SetDamping{0.0}, *t.sim, *advance));
  CHECK(count<cl::DampingLaw>(*t.sim) == 0);

  cl::SceneDoc doc = s.doc;
  cl::recordEdit(cl::SetDamping{0.5}, doc);
  cl::recordEdit(cl::SetElasticity{0.25}, doc);
  const cl::Scene rebuilt = cl::makeScene(doc);
  REQUIRE(count<cl::DampingLaw>(*rebuilt.sim) == 1);
  CHECK(count<cl::GravityLaw>(*rebuilt.sim) == gravityLaws);
  for (const auto& law : rebuilt.sim->forceLaws())
    if (const auto* d = dynamic_cast<const cl::DampingLaw*>(law.get())) {
      CHECK(d->damping() == 0.5);
      CHECK(d->rotateRatio() == cl::kDefaultRotateRatio);
    }
  for (const cl::Polygon& body : rebuilt.sim->bodies()) CHECK(body.elasticity() == 0.25);
}

TEST_CASE("SetSettings applies and records only the settings it changes", "[edit]") {
  cl::Scene s = scene("stack_of_three.json");  // a version-1 scene without settings
  auto advance = s.makeAdvance();
  cl::SettingsDoc changes;
  changes.warmStart = false;
  changes.timeStep = 0.01;
  changes.seed = 99;  // applies on restart only
  const cl::SimEdit edit = cl::SetSettings{changes};
  REQUIRE(cl::applyEdit(edit, *s.sim, *advance));
  cl::SimSettings now;
  cl::readSettings(*s.sim, now);
  cl::readSettings(*advance, now);
  cl::SimSettings expected = s.settings;
  expected.warmStart = false;
  expected.timeStep = 0.01;
  expected.seed = now.seed;  // not read back from a running sim
  CHECK(now == expected);

  cl::SceneDoc doc = s.doc;
  cl::recordEdit(edit, doc);
  REQUIRE(doc.settings);
  CHECK(doc.settings->warmStart == false);
  CHECK(doc.settings->timeStep == 0.01);
  CHECK(doc.settings->seed == 99u);
  CHECK_FALSE(doc.settings->distanceTol);  // not changed: left out
  CHECK(doc.version == cl::kContactSettingsVersion);
}

TEST_CASE("The mouse spring is added, moved and removed", "[edit]") {
  cl::Scene s = scene("free_fall.json");
  auto advance = s.makeAdvance();
  const std::size_t laws = s.sim->forceLaws().size();
  CHECK_FALSE(cl::applyEdit(cl::MoveMouseSpring{{1, 1}}, *s.sim, *advance));  // none yet
  CHECK_FALSE(cl::applyEdit(cl::ReleaseMouseSpring{}, *s.sim, *advance));
  CHECK_FALSE(cl::applyEdit(cl::AttachMouseSpring{7, {0, 0}, {0, 1}}, *s.sim, *advance));
  REQUIRE(cl::applyEdit(cl::AttachMouseSpring{0, {0, 0}, {0, 12}}, *s.sim, *advance));
  CHECK(s.sim->forceLaws().size() == laws + 1);
  REQUIRE(cl::applyEdit(cl::AttachMouseSpring{0, {0, 0}, {0, 13}}, *s.sim, *advance));
  CHECK(s.sim->forceLaws().size() == laws + 1);  // re-attached, not added twice
  REQUIRE(cl::applyEdit(cl::MoveMouseSpring{{2, 12}}, *s.sim, *advance));
  const cl::Spring* spring = cl::findMouseSpring(*s.sim);
  REQUIRE(spring);
  CHECK(spring->params().body1 == 0);
  CHECK(cl::isScrim(spring->params().body2));
  CHECK(spring->params().attach2 == cl::Vec2{2, 12});
  CHECK(spring->params().stiffness == cl::kMouseSpringStiffnessPerMass * s.sim->bodies()[0].mass());
  REQUIRE(cl::applyEdit(cl::ReleaseMouseSpring{}, *s.sim, *advance));
  CHECK(s.sim->forceLaws().size() == laws);
  CHECK(cl::findMouseSpring(*s.sim) == nullptr);
  CHECK_FALSE(cl::isLasting(cl::AttachMouseSpring{0, {0, 0}, {0, 12}}));
}

TEST_CASE("FireThrusters switches the thrusters that push that way", "[edit]") {
  cl::Scene s = scene("contact_app.json");
  auto advance = s.makeAdvance();
  REQUIRE(cl::thrusterSetCount(*s.sim) >= 1);
  REQUIRE(activeThrusters(*s.sim) == 0);
  // ContactApp's six thrusters per block: one pushes up, two push left (top and bottom).
  REQUIRE(cl::applyEdit(cl::FireThrusters{0, cl::ThrustDirection::kUp, true}, *s.sim, *advance));
  CHECK(activeThrusters(*s.sim) == 1);
  REQUIRE(cl::applyEdit(cl::FireThrusters{0, cl::ThrustDirection::kLeft, true}, *s.sim, *advance));
  CHECK(activeThrusters(*s.sim) == 3);
  REQUIRE(cl::applyEdit(cl::FireThrusters{0, cl::ThrustDirection::kUp, false}, *s.sim, *advance));
  CHECK(activeThrusters(*s.sim) == 2);
  CHECK_FALSE(
      cl::applyEdit(cl::FireThrusters{9, cl::ThrustDirection::kUp, true}, *s.sim, *advance));
  // A passing edit leaves the document as it is.
  cl::SceneDoc doc = s.doc;
  cl::recordEdit(cl::FireThrusters{0, cl::ThrustDirection::kUp, true}, doc);
  CHECK(doc == s.doc);
}

TEST_CASE("SetBodyState sets one body's state, and refuses a body out of range", "[edit]") {
  cl::Scene s = scene("free_fall.json");
  auto advance = s.makeAdvance();
  cl::BodyState state = s.sim->bodyState(0);
  state.vx = 5;
  REQUIRE(cl::applyEdit(cl::SetBodyState{0, state}, *s.sim, *advance));
  CHECK(s.sim->bodyState(0).vx == 5);
  CHECK_FALSE(cl::applyEdit(cl::SetBodyState{1, state}, *s.sim, *advance));
  CHECK_FALSE(cl::applyEdit(cl::SetBodyState{-1, state}, *s.sim, *advance));
}
