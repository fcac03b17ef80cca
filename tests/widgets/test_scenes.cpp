#include "tests/widgets/test_scenes.h"

#include "engine/body/shapes.h"
#include "engine/forces/gravity_law.h"

namespace cl::testing {

Scene boxScene() {
  Scene scene;
  scene.title = "test box";
  scene.settings.timeStep = 0.025;
  scene.sim = std::make_unique<RigidBodySim>();
  RigidBodySim& sim = *scene.sim;
  const shapes::Walls walls = shapes::walls(12, 8);
  for (std::size_t i = 0; i < walls.bodies.size(); ++i)
    sim.addBody(walls.bodies[i], {.x = walls.positions[i].x, .y = walls.positions[i].y});
  sim.addBody(shapes::block(1, 2, "block"), {.x = -3.5, .y = 1, .angle = 0.3});
  sim.addBody(shapes::ball(0.6, "ball"), {.x = 0, .vx = 1, .y = 2});
  sim.addBody(shapes::frame(2.4, 2, 0.3, "frame"), {.x = 3.5, .y = 0, .omega = 0.5});
  sim.addForceLaw(std::make_unique<GravityLaw>(3.0, walls.zeroEnergyLevel));
  return scene;
}

std::vector<SolverPivot> handPivots2x2() {
  SolverPivot p0;
  p0.index = 0;
  p0.d = p0.j = 0;
  p0.step = 0.5;
  p0.stepTaken = true;
  p0.transition = PivotTransition::kDAccepted;
  p0.C = {0};
  p0.f = Eigen::Vector2d(0.5, 0.0);
  p0.a = Eigen::Vector2d(0.0, -0.5);
  SolverPivot p1 = p0;
  p1.index = 1;
  p1.d = p1.j = 1;
  p1.step = 1.0 / 3.0;
  p1.C = {0, 1};
  p1.f = Eigen::Vector2d(1.0 / 3.0, 1.0 / 3.0);
  p1.a = Eigen::Vector2d(0.0, 0.0);
  return {p0, p1};
}

}  // namespace cl::testing
