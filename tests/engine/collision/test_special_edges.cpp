// Special edges (engine2D's walls): a fixed body that collides only through one straight
// edge, as the half-plane behind it. Geometry worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <optional>
#include <vector>

#include "engine/body/shapes.h"
#include "engine/collision/contact_detection.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/scene/scene.h"

using namespace cl;

namespace {

constexpr double kEps = 1e-12;
const double kHalfDiagonal = std::sqrt(0.5);  // a unit square's corner from its centre

// A wall 4 wide and 0.01 thick whose top face is the line y = 0 (edge 2, the special
// edge when `special`).
int addThinFloor(RigidBodySim& sim, bool special) {
  Polygon wall = shapes::wall(4, 0.01, "thin");
  if (special) wall.setSpecialEdge(shapes::kTopEdge);
  return sim.addBody(std::move(wall), {0, 0, -0.005});
}

// A unit square turned 45 degrees with its lowest corner at (x, y).
BodyState diamondWithCornerAt(double x, double y) {
  return {x, 0, y + kHalfDiagonal, 0, std::atan(1.0), 0};
}

std::vector<double> varsWith(const RigidBodySim& sim, int body, const BodyState& s) {
  std::vector<double> v = sim.vars();
  s.toVars(v, body);
  return v;
}

}  // namespace

TEST_CASE("Special edge: a corner inside a thin wall is measured from its face",
          "[collision][special]") {
  for (const bool special : {false, true}) {
    INFO("special edge " << special);
    RigidBodySim sim;
    const int wall = addThinFloor(sim, special);
    // The corner is 0.007 below the top face, 0.003 above the bottom face.
    sim.addBody(shapes::block(1, 1, "diamond"), diamondWithCornerAt(0.3, -0.007));
    const ContactSearch r = findContacts(sim, sim.vars(), ContactTolerances{});
    REQUIRE(r.penetrations.size() == 1);
    const RigidBodyCollision& c = r.penetrations[0];
    CHECK(c.normalBody == wall);
    if (special) {
      // The half-plane below y = 0: 0.007 deep, pushed up, whatever the thickness.
      CHECK(c.normalEdge == EdgeRef{0, shapes::kTopEdge});
      CHECK(c.distance == Approx(-0.007).margin(kEps));
      CHECK(c.normal.y == Approx(1).margin(kEps));
    } else {
      // A plain block: the nearest face behind the corner is the bottom one, which would
      // push the corner on through the wall.
      CHECK(c.normalEdge == EdgeRef{0, shapes::kBottomEdge});
      CHECK(c.distance == Approx(-0.003).margin(kEps));
      CHECK(c.normal.y == Approx(-1).margin(kEps));
    }
  }
}

TEST_CASE("Special edge: the wall's other faces take no part", "[collision][special]") {
  for (const bool special : {false, true}) {
    INFO("special edge " << special);
    RigidBodySim sim;
    addThinFloor(sim, special);
    // A square (not turned) whose left edge is 0.004 right of the wall's right end face
    // x = 2: its lower-left corner (2.004, -0.005) faces that end within the tolerance.
    sim.addBody(shapes::block(1, 1, "block"), {2.504, 0, 0.495, 0, 0, 0});
    const ContactSearch r = findContacts(sim, sim.vars(), ContactTolerances{});
    int onEndFace = 0;
    for (const auto* list : {&r.contacts, &r.penetrations, &r.others})
      for (const RigidBodyCollision& c : *list)
        if (c.normalEdge == EdgeRef{0, shapes::kRightEdge}) ++onEndFace;
    CHECK(onEndFace == (special ? 0 : 1));
  }
}

TEST_CASE("Special edge: a corner that went through the wall in one step",
          "[collision][special][swept]") {
  RigidBodySim sim;
  const int wall = addThinFloor(sim, true);
  // From 0.3 above the face to 0.05 below it (past the wall's 0.01) in one step.
  const int block = sim.addBody(shapes::block(1, 1, "diamond"), diamondWithCornerAt(0.3, -0.05));
  const auto old = varsWith(sim, block, diamondWithCornerAt(0.3, 0.3));
  const auto found = findCloseCollisions(sim, sim.vars(), ContactTolerances{}, old);
  REQUIRE(found.size() == 1);
  CHECK(found[0].normalBody == wall);
  CHECK(found[0].normalEdge == EdgeRef{0, shapes::kTopEdge});
  CHECK(found[0].distance == Approx(-0.05).margin(kEps));
  CHECK(found[0].impact1.y == Approx(0).margin(kEps));
}

TEST_CASE("Special edge: the enclosure's walls face inwards, as Walls.make's", "[scene][special]") {
  const Scene scene = loadScene(R"({"format": "contactlab-scene", "version": 3,
      "walls": {"width": 4, "height": 3},
      "bodies": [{"name": "b", "shape": "block", "width": 1, "height": 1}]})",
                                "walls.json");
  const auto& bodies = scene.sim->bodies();
  REQUIRE(bodies.size() == 5);
  // WALL_BOTTOM, WALL_RIGHT, WALL_TOP, WALL_LEFT after the scene's bodies.
  CHECK(bodies[1].specialEdge() == shapes::kTopEdge);
  CHECK(bodies[2].specialEdge() == shapes::kLeftEdge);
  CHECK(bodies[3].specialEdge() == shapes::kBottomEdge);
  CHECK(bodies[4].specialEdge() == shapes::kRightEdge);
  CHECK_FALSE(bodies[0].specialEdge().has_value());
}
