// myPhysicsLab's ContactApp as its page builds it on a fresh load, solved with
// compute_forces_engine2d (engine2D's arithmetic), against engine2D's own run of the same
// world (commit 4b0bb8e compiled and run in Node, every step dumped). Its blocks 1, 3 and 6
// are random quadrilaterals from engine2D's generator: their corners, centres of mass and
// moments are engine2D's, copied here with its initial velocities; walls from its view
// rectangle (Walls.make2), gravity 3, no damping (rotate ratio 0.1), elasticity 0.8, extra
// acceleration velocity_and_distance_joints, seed 0, RK4 at 0.025, thrusters off.
// ContactApp 2 keeps a fast record that is not yet penetrating through a back-up (9.7 s);
// ContactApp 6 meets corners beside corners that engine2D's per-edge test decides.
#include <fmt/format.h>

#include <array>
#include <catch2/catch.hpp>
#include <span>
#include <string>

#include "tests/engine/scenarios/scene_run.h"

namespace {

// engine2D's bodies of ContactApp with six blocks, in its order (the first n for n blocks).
const std::array<const char*, 6> kBlocks = {
    R"({"name": "BLOCK1", "shape": "paths", "paths": [{"edges": [
       {"kind": "straight", "end": [0.40280871167048204, 0.9152841863609174]},
       {"kind": "straight", "end": [-0.7931599443575397, 0.6090133846367785]},
       {"kind": "straight", "end": [0.13021128111072366, -0.9914862693307982]},
       {"kind": "straight", "end": [1, 0]}]}],
       "mass": 1, "moment": 0.16666666666666666,
       "center_of_mass": [0.10342002782123016, -0.03810104148494042],
       "position": [-3.4, 0], "velocity": [0.3858, -0.3608], "omega": -0.3956})",
    R"({"name": "BLOCK2", "shape": "block", "width": 1, "height": 3, "mass": 1,
       "moment": 0.8333333333333334, "position": [-1.8, 0], "velocity": [0.26993, -0.01696],
       "omega": -0.30647})",
    R"({"name": "BLOCK3", "shape": "paths", "paths": [{"edges": [
       {"kind": "straight", "end": [-0.2606396622166077, 0.9654361534972743]},
       {"kind": "straight", "end": [-0.9999924418437343, -0.003887962886374864]},
       {"kind": "straight", "end": [0.19184522236315624, -0.9814251936120405]},
       {"kind": "straight", "end": [1, 0]}]}],
       "mass": 1, "moment": 0.16666666666666666,
       "center_of_mass": [3.7790781328705947e-06, -0.007994520057383103],
       "position": [2, -0.113], "velocity": [-0.29445, -0.11189], "omega": -0.23464})",
    R"({"name": "BLOCK4", "shape": "block", "width": 1, "height": 3, "mass": 1,
       "moment": 0.8333333333333334, "position": [1.36, 2.5], "angle": -0.7853981633974483,
       "velocity": [-0.45535, -0.37665], "omega": 0.36526})",
    R"({"name": "BLOCK5", "shape": "block", "width": 1, "height": 3, "mass": 1,
       "moment": 0.8333333333333334, "position": [-2, 2.5], "angle": 1.6707963267948966})",
    R"({"name": "BLOCK6", "shape": "paths", "paths": [{"edges": [
       {"kind": "straight", "end": [0.2430168552787551, 0.9700220657543954]},
       {"kind": "straight", "end": [-0.9977040861007324, -0.06772412109361346]},
       {"kind": "straight", "end": [0.0458261749095205, -0.9989494289968647]},
       {"kind": "straight", "end": [1, 0]}]}],
       "mass": 1, "moment": 0.16666666666666666,
       "center_of_mass": [0.001147956949633877, -0.01446368162123457], "position": [0, 0]})"};

std::string contactApp(int blocks) {
  std::string bodies;
  for (int k = 0; k < blocks; ++k) {
    std::string b = kBlocks[static_cast<std::size_t>(k)];
    b.insert(b.size() - 1, R"(, "elasticity": 0.8)");
    bodies += ",\n" + b;
  }
  // Walls.make2 on the view (-4.5, -3.6) to (3.1, 4): bodies 0 to 3, inner faces special.
  return fmt::format(R"({{"format": "contactlab-scene", "version": 3, "settings": {{
      "time_step": 0.025, "integrator": "runge-kutta", "collision_handling":
      "serial_grouped_lastpass", "collision_accuracy": 0.6, "seed": 0, "distance_tol": 0.01,
      "velocity_tol": 0.5, "extra_accel": "velocity_and_distance_joints",
      "joint_small_impacts": false, "warm_start": false,
      "contact_solver": "compute_forces_engine2d"}},
    "bodies": [
      {{"name": "WALL_BOTTOM", "shape": "wall", "width": 9.6, "height": 1,
       "position": [-0.7, -4.1], "elasticity": 0.8, "special_edge": 2}},
      {{"name": "WALL_RIGHT", "shape": "wall", "width": 1, "height": 9.6,
       "position": [3.5999999999999996, 0.19999999999999996], "elasticity": 0.8,
       "special_edge": 3}},
      {{"name": "WALL_TOP", "shape": "wall", "width": 9.6, "height": 1,
       "position": [-0.7, 4.5], "elasticity": 0.8, "special_edge": 0}},
      {{"name": "WALL_LEFT", "shape": "wall", "width": 1, "height": 9.6,
       "position": [-5, 0.19999999999999996], "elasticity": 0.8, "special_edge": 1}}{}],
    "forces": [{{"kind": "damping", "k": 0, "rotate_ratio": 0.1}},
               {{"kind": "gravity", "g": 3, "zero_energy_level": -3.5999999999999996}}]}})",
                     bodies);
}

// Runs ContactApp with `blocks` blocks for 20 s (800 steps) and compares every block's x, vx,
// y, vy, angle and omega with engine2D's at 20 s, to the bit.
void checkAgainstEngine2D(std::span<const std::array<double, 6>> engine2D) {
  cl::test::SceneRun run(contactApp(static_cast<int>(engine2D.size())), "contact_app");
  run.to(20);
  run.checkVars(4, engine2D, 0, "at 20 s");
}

}  // namespace

TEST_CASE("ContactApp with 2 blocks follows engine2D's run through 20 s",
          "[scene][collisions][reference][engine2d]") {
  checkAgainstEngine2D(std::array<std::array<double, 6>, 2>{{
      {-0.8096375936224948, -6.626030234043377e-14, -2.946135688108521, -2.5793467332878182e-15,
       5.432496107747064, -6.7395808938177046e-15},
      {1.5950000000000282, -5.766811779079896e-13, -3.0949999999999993, -6.748492812388715e-15,
       1.5707963267948966, -1.3872874579622066e-18},
  }});
}

TEST_CASE("ContactApp with 6 blocks follows engine2D's run through 20 s",
          "[scene][collisions][reference][engine2d]") {
  checkAgainstEngine2D(std::array<std::array<double, 6>, 6>{{
      {-3.486436384752098, 2.1403239625413258e-15, -3.1417758159530678, -6.741859826283731e-15,
       1.0475151730260241, -2.1516903735419637e-18},
      {-1.1372409349774262, -2.4538081272970737e-15, -2.0949999999999998, 2.1264322986254096e-15,
       -1.2621897544958095e-16, -1.9559318816421555e-17},
      {1.6315321028009604, -1.648401827160615e-15, -2.9640086264274896, -2.2946036942399976e-15,
       0.6869332030709169, 1.4654962354480996e-15},
      {1.5503513693076534, -3.0441961504071042e-15, -1.7249947258906948, 1.7702189629908082e-16,
       -1.6772900678754208, -2.696401237189331e-15},
      {-2.1422409349774263, -1.8164658414626286e-16, -2.0949999999999993, -6.739667123452828e-15,
       3.141592653589793, -7.419595159051317e-18},
      {0.07755540172068548, 1.2504717118347511e-17, -2.8902083721207927, -6.7379877549152914e-15,
       0.7285890494662006, -1.872267582681193e-17},
  }});
}
