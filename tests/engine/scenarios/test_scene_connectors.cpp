// Connectors in scene files (docs/scene-format.md, "connectors"): reading, writing,
// alignment on load, the errors, and the example scenes pendulum_joint, double_pendulum,
// pendulum_rope and pendulum_rod against analytic numbers.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <numbers>

#include "engine/connectors/joint.h"
#include "engine/connectors/rope.h"
#include "engine/contact/contact_sim.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/scene/scene.h"
#include "tests/engine/scene/test_scene_support.h"

using cl::test::loadProblems;

namespace {

constexpr double kPi = std::numbers::pi;
const std::filesystem::path kScenes = CONTACTLAB_SCENES_DIR;

// A version-3 scene: a 1 x 1 block "b" at (0, -2), a fixed wall "w", and `connectors`.
std::string withConnectors(const std::string& connectors, int version = 3) {
  return R"({"format": "contactlab-scene", "version": )" + std::to_string(version) +
         R"(, "bodies": [{"name": "b", "shape": "block", "width": 1, "height": 1,
             "position": [0, -2]},
            {"name": "w", "shape": "wall", "width": 1, "height": 1, "position": [5, 5]}],
           "connectors": [)" +
         connectors + "]}";
}

double maxConnectorError(const cl::ContactSim& sim) {
  const cl::ConnectorContext ctx = sim.connectorContext(sim.vars());
  double worst = 0;
  for (const auto& c : sim.connectors()) worst = std::max(worst, std::abs(c->error(ctx)));
  return worst;
}

struct RunStats {
  double worstConnectorError = 0;
  double worstEnergyChange = 0;  // relative to |E0|
};

// Runs `scene` for `seconds` at time step `dt` (the scene's own when 0).
RunStats run(cl::Scene& scene, double seconds, double dt = 0) {
  cl::ContactSim& sim = *scene.contactSim();
  cl::SimpleAdvance advance(sim, scene.settings.integrator);
  const double step = dt > 0 ? dt : scene.settings.timeStep;
  const double e0 = sim.energy().total();
  RunStats stats;
  const int steps = static_cast<int>(std::lround(seconds / step));
  for (int k = 0; k < steps; ++k) {
    advance.advance(step);
    stats.worstConnectorError = std::max(stats.worstConnectorError, maxConnectorError(sim));
    stats.worstEnergyChange =
        std::max(stats.worstEnergyChange, std::abs(sim.energy().total() - e0) / std::abs(e0));
  }
  return stats;
}

}  // namespace

TEST_CASE("Scene connectors: every kind is read, built and written back", "[scene][connectors]") {
  const std::string text = withConnectors(R"(
    {"kind": "joint", "name": "track", "body1": "scrim", "point1": [0, 0], "body2": "b",
     "point2": [0, 0.5], "normal": [1, 1], "normal_coords": "body"},
    {"kind": "double_joint", "body1": "w", "point1": [0, 0], "body2": "b", "point2": [0, 0]},
    {"kind": "rod", "name": "r", "body1": "scrim", "point1": [0, 3], "body2": "b",
     "point2": [0.5, 0.5], "length": 2},
    {"kind": "rope", "body1": "scrim", "point1": [1, 0], "body2": "b", "point2": [0, 0]})");
  const cl::Scene scene = cl::loadScene(text, "inline.json");
  const auto& connectors = scene.contactSim()->connectors();
  REQUIRE(connectors.size() == 5);
  CHECK(connectors[0]->name() == "track");
  CHECK(connectors[1]->name() == "joint_1");
  CHECK(connectors[2]->name() == "joint_2");
  CHECK(connectors[1]->body1() == 1);
  CHECK(connectors[3]->kindName() == std::string("rod"));
  CHECK(connectors[4]->kindName() == std::string("rope"));
  const auto* track = dynamic_cast<const cl::Joint*>(connectors[0].get());
  REQUIRE(track);
  CHECK(track->params().normalType == cl::CoordType::BODY);
  CHECK(track->params().normal.x == Approx(std::sqrt(0.5)).epsilon(1e-15));
  CHECK(dynamic_cast<const cl::LengthConnector&>(*connectors[3]).length() == 2);
  // The rope's length defaults to the distance between its points as placed:
  // from (1, 0) to the block's centre (0, -2).
  CHECK(dynamic_cast<const cl::LengthConnector&>(*connectors[4]).length() ==
        Approx(std::sqrt(5.0)).epsilon(1e-15));

  const cl::Scene again = cl::loadScene(cl::saveScene(scene), "saved.json");
  CHECK(again.doc == scene.doc);
  REQUIRE(again.doc.connectors.has_value());
  CHECK(again.doc.connectors->size() == 4);
}

TEST_CASE("Scene connectors: loading aligns them", "[scene][connectors]") {
  cl::Scene scene = cl::loadSceneFile(kScenes / "pendulum_joint.json");
  const cl::ContactSim& sim = *scene.contactSim();
  const cl::BodyState s = sim.bodyState(0);
  CHECK(s.angle == Approx(kPi / 3).epsilon(1e-15));
  // Body point (0, 2), two above the CM, sits on the pivot (0, 0): the CM is 2 from
  // the pivot along the block's axis, turned by pi/3.
  CHECK(s.x == Approx(2 * std::sin(kPi / 3)).epsilon(1e-12));
  CHECK(s.y == Approx(-2 * std::cos(kPi / 3)).epsilon(1e-12));
  CHECK(maxConnectorError(sim) < 1e-12);

  // A rope placed slack stays where it is; a rod placed too long is pulled in.
  const cl::Scene rope = cl::loadScene(
      withConnectors(R"({"kind": "rope", "body1": "scrim", "point1": [0, 0], "body2": "b",
                         "point2": [0, 0], "length": 5})"),
      "rope.json");
  CHECK(rope.contactSim()->bodyState(0).y == -2);
  const cl::Scene rod = cl::loadScene(
      withConnectors(R"({"kind": "rod", "body1": "scrim", "point1": [0, 0], "body2": "b",
                         "point2": [0, 0], "length": 1.5})"),
      "rod.json");
  CHECK(rod.contactSim()->bodyState(0).y == Approx(-1.5).epsilon(1e-15));
  CHECK(rod.contactSim()->bodyState(0).x == Approx(0).margin(1e-15));
}

TEST_CASE("Scene connectors: bad connectors are reported at their entry", "[scene][connectors]") {
  SECTION("unknown kind") {
    const auto p = loadProblems(withConnectors(R"({"kind": "hinge"})"));
    CHECK_SCENE_PROBLEM(p, "/connectors/0/kind", "unknown connector 'hinge'");
  }
  SECTION("missing ends") {
    const auto p = loadProblems(withConnectors(R"({"kind": "rod", "body1": "b"})"));
    CHECK_SCENE_PROBLEM(p, "/connectors/0", "point1");
    CHECK_SCENE_PROBLEM(p, "/connectors/0", "body2");
  }
  SECTION("a name that is no body") {
    const auto p = loadProblems(withConnectors(
        R"({"kind": "joint", "body1": "scrim", "point1": [0, 0], "body2": "bb", "point2": [0, 0]})"));
    CHECK_SCENE_PROBLEM(p, "/connectors/0/body2", "no body is named 'bb'");
  }
  SECTION("the same body at both ends") {
    const auto p = loadProblems(withConnectors(
        R"({"kind": "rod", "body1": "b", "point1": [0, 0], "body2": "b", "point2": [1, 0]})"));
    CHECK_SCENE_PROBLEM(p, "/connectors/0/body2", "two different bodies");
  }
  SECTION("two ends that cannot move") {
    const auto p = loadProblems(withConnectors(
        R"({"kind": "rope", "body1": "scrim", "point1": [0, 0], "body2": "w", "point2": [0, 0],
            "length": 1})"));
    CHECK_SCENE_PROBLEM(p, "/connectors/0", "cannot move");
  }
  SECTION("a zero normal and unknown normal coordinates") {
    const auto p = loadProblems(withConnectors(
        R"({"kind": "joint", "body1": "scrim", "point1": [0, 0], "body2": "b", "point2": [0, 0],
            "normal": [0, 0], "normal_coords": "local"})"));
    CHECK_SCENE_PROBLEM(p, "/connectors/0/normal", "zero vector");
    CHECK_SCENE_PROBLEM(p, "/connectors/0/normal_coords", "expected 'world' or 'body'");
  }
  SECTION("a rod without length between coincident points") {
    const auto p = loadProblems(withConnectors(
        R"({"kind": "rod", "body1": "scrim", "point1": [0, -2], "body2": "b", "point2": [0, 0]})"));
    CHECK_SCENE_PROBLEM(p, "/connectors/0", "needs a 'length'");
  }
  SECTION("a misspelt field") {
    const auto p = loadProblems(withConnectors(
        R"({"kind": "rope", "body1": "scrim", "point1": [0, 0], "body2": "b", "point2": [0, 0],
            "lenght": 3})"));
    CHECK_SCENE_PROBLEM(p, "/connectors/0/lenght", "length");
  }
  SECTION("connectors in a version-2 file") {
    const auto p = loadProblems(withConnectors(
        R"({"kind": "rod", "body1": "scrim", "point1": [0, 0], "body2": "b", "point2": [0, 0]})",
        2));
    CHECK_SCENE_PROBLEM(p, "/connectors", "needs scene format version 3");
  }
}

TEST_CASE("pendulum_joint: tight to 1e-6 and energy to 1e-5 over 15 s", "[scene][connectors]") {
  cl::Scene scene = cl::loadSceneFile(kScenes / "pendulum_joint.json");
  const RunStats stats = run(scene, 15.0);
  CHECK(stats.worstConnectorError < 1e-6);
  CHECK(stats.worstEnergyChange < 1e-5);
}

TEST_CASE("double_pendulum: energy and pin errors of fourth order", "[scene][connectors]") {
  // The motion is chaotic, so there is no closed form to compare with; what RK4 promises
  // is an energy error that falls about 16-fold when the step halves, and with ExtraAccel
  // 'none' the pins drift only by the integration error, which falls as fast.
  cl::Scene coarse = cl::loadSceneFile(kScenes / "double_pendulum.json");
  cl::Scene fine = cl::loadSceneFile(kScenes / "double_pendulum.json");
  const double dt = coarse.settings.timeStep;
  const RunStats a = run(coarse, 5.0, 2 * dt);
  const RunStats b = run(fine, 5.0, dt);
  INFO("energy change at 2 dt " << a.worstEnergyChange << ", at dt " << b.worstEnergyChange);
  INFO("pin error at 2 dt " << a.worstConnectorError << ", at dt " << b.worstConnectorError);
  CHECK(a.worstEnergyChange / b.worstEnergyChange > 12);
  CHECK(a.worstConnectorError / b.worstConnectorError > 12);
  // And at the scene's own step the pins stay a thousand times tighter than the gap
  // at which bodies count as touching.
  CHECK(b.worstConnectorError < 1e-3 * coarse.settings.distanceTol);
}

TEST_CASE("pendulum_rope: never longer than the rope, period of the point pendulum",
          "[scene][connectors]") {
  cl::Scene scene = cl::loadSceneFile(kScenes / "pendulum_rope.json");
  cl::ContactSim& sim = *scene.contactSim();
  const auto& rope = dynamic_cast<const cl::LengthConnector&>(*sim.connectors()[0]);
  const double half = sim.distanceTol() / 2;
  // The bob hangs by its centre, so it does not turn: a point pendulum of length
  // L = 3 - distance_tol / 2 (ExtraAccel holds the rope at its target gap) released at
  // 45 degrees, with period 4 sqrt(L / g) K(sin(22.5 deg)).
  const double L = rope.length() - half, g = 9.8;
  const double expected = 4 * std::sqrt(L / g) * std::comp_ellint_1(std::sin(kPi / 8));
  cl::SimpleAdvance advance(sim, scene.settings.integrator);
  const double dt = scene.settings.timeStep;
  std::vector<double> crossings;  // x crossing zero leftwards, interpolated
  double prevX = sim.bodyState(0).x, worstStretch = -1;
  while (sim.time() < 4.5 * expected) {
    const double t0 = sim.time();
    advance.advance(dt);
    const double x = sim.bodyState(0).x;
    if (prevX > 0 && x <= 0) crossings.push_back(t0 + dt * prevX / (prevX - x));
    prevX = x;
    worstStretch = std::max(worstStretch, rope.error(sim.connectorContext(sim.vars())));
  }
  REQUIRE(crossings.size() >= 4);
  const double period = (crossings.back() - crossings.front()) / (crossings.size() - 1);
  CHECK(period == Approx(expected).epsilon(1e-3));
  // Taut at the target gap: never stretched past its length.
  CHECK(worstStretch < 0);
  CHECK(worstStretch > -2 * half);
}

TEST_CASE("pendulum_rod: the rod keeps its length and the energy", "[scene][connectors]") {
  cl::Scene scene = cl::loadSceneFile(kScenes / "pendulum_rod.json");
  const RunStats stats = run(scene, 15.0);
  CHECK(stats.worstConnectorError < 1e-6);
  CHECK(stats.worstEnergyChange < 1e-5);
}
