// Variants of myPhysicsLab's engine2D test suites solved with compute_forces_engine2d,
// against engine2D's own run (commit 4b0bb8e compiled and run in Node): each test's own
// assertions at its tolerance, and engine2D's state at the end of the run to the bit
// (docs/performance.md lists every suite variant compared this way).
//
// StraightStraightTest.block_block_contact_2: two blocks drawn together by mutual gravity,
// colliding, then resting against each other while they spin. Mutual gravity is summed in
// engine2D's arithmetic (Gravity2Law: the unit vector times G m1 m2 / (r r)); with
// ContactLab's the run parts by 1e-16 at 1 s and by 3e-13 at 14 s.
#include <array>
#include <catch2/catch.hpp>

#include "tests/engine/scenarios/scene_run.h"

TEST_CASE("StraightStraightTest block_block_contact_2 with engine2D's arithmetic",
          "[scene][collisions][reference][engine2d]") {
  cl::test::SceneRun run(R"({"format": "contactlab-scene", "version": 3, "settings": {
      "time_step": 0.025, "integrator": "runge-kutta", "collision_handling":
      "serial_grouped_lastpass", "collision_accuracy": 0.6, "seed": 99999,
      "joint_small_impacts": true, "warm_start": false, "distance_tol": 0.01,
      "velocity_tol": 0.5, "extra_accel": "velocity",
      "contact_solver": "compute_forces_engine2d"},
    "bodies": [
      {"name": "BLOCK1", "shape": "block", "width": 1, "height": 1, "position": [-1, 0],
       "velocity": [0, 0.6], "elasticity": 0.8},
      {"name": "BLOCK2", "shape": "block", "width": 1, "height": 2, "position": [1, 0],
       "velocity": [0, -0.6], "elasticity": 0.8}],
    "forces": [{"kind": "damping", "k": 0, "rotate_ratio": 0.15},
               {"kind": "gravity2", "G": 3}]})",
                         "block_block_contact_2");
  // StraightStraightTest's own assertions at 10 s.
  const std::array<double, 6> asserted[2] = {
      {0.5034152, 0.2143205, 0.1531754, -0.330582, -9.4336534, -1.3740094},
      {-0.5034152, -0.2143205, -0.1531754, 0.330582, -9.4355238, -1.3740094}};
  run.to(10);
  run.checkVars(0, asserted, 1e-4, "at 10 s");
  // engine2D's run at 14 s, every variable to the bit.
  const std::array<double, 6> engine2D[2] = {
      {-0.21963207450670222, 0.45404154820522735, 0.4919521974263352, 0.12633518440397587,
       -13.342557980238773, -1.1961896625272168},
      {0.21963207450670222, -0.45404154820522735, -0.4919521974263352, -0.12633518440397587,
       -13.344428434220795, -1.196189662527217}};
  run.to(14);
  run.checkVars(0, engine2D, 0, "at 14 s");
}

TEST_CASE("RopeTest pendulum_rope_test with engine2D's arithmetic",
          "[scene][connectors][reference][engine2d]") {
  // A 1 x 3 block hung by a rope of length 4 from the fixed point (0, 2), released at -45
  // degrees with the rope taut (the block where engine2D's alignment leaves it), gravity 10,
  // RK4 at 0.01 s. The rope is measured as engine2D's Vector.length (sqrt(x x + y y)); as a
  // hypot its force parts from engine2D's by 2 ulp at 0.08 s.
  cl::test::SceneRun run(R"({"format": "contactlab-scene", "version": 3, "settings": {
      "time_step": 0.01, "integrator": "runge-kutta", "collision_handling":
      "serial_grouped_lastpass", "collision_accuracy": 0.6, "seed": 0,
      "joint_small_impacts": false, "warm_start": false, "distance_tol": 0.01,
      "velocity_tol": 0.5, "extra_accel": "velocity", "extra_accel_time_step": 0.01,
      "contact_solver": "compute_forces_engine2d"},
    "bodies": [{"name": "BLOCK", "shape": "block", "width": 1, "height": 3,
      "position": [2.657688907164168, -0.8607490392360205], "angle": -0.7853981633974483,
      "elasticity": 0.8}],
    "forces": [{"kind": "damping", "k": 0, "rotate_ratio": 0.15},
               {"kind": "gravity", "g": 10, "zero_energy_level": 0}],
    "connectors": [{"kind": "rope", "body1": "scrim", "point1": [0, 2], "body2": "BLOCK",
                    "point2": [0, 1], "length": 4}]})",
                         "pendulum_rope_test");
  run.to(3);
  // RopeTest's own assertion at 3 s (its tolerance, 5e-4), then engine2D's state at 3 s.
  const std::array<double, 6> asserted[1] = {
      {-0.464624, 2.5075476, -1.6254294, -1.9480108, -1.9189756, 2.5008213}};
  run.checkVars(0, asserted, 5e-4, "at 3 s");
  const std::array<double, 6> engine2D[1] = {{-0.46462404968525944, 2.50754761015278,
                                              -1.6254293642039501, -1.9480107831329945,
                                              -1.9189756286438424, 2.500821319667078}};
  run.checkVars(0, engine2D, 0, "at 3 s");
}
