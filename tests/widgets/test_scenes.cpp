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

}  // namespace cl::testing
