// stabilityCaveats: a damping law or a spring that the scene's integrator cannot integrate
// stably at its time step is named, with the bound; checked against the integrators
// themselves: on either side of each bound, a free body's speed decays or grows.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <string>

#include "engine/scene/scene.h"
#include "engine/time_stepping/advance_caveats.h"
#include "engine/time_stepping/stability_caveats.h"

namespace {

// A ball of mass 1 (no gravity, nothing to hit) moving at 1 m/s, under damping k (no
// rotational part) or on a spring of stiffness k to a fixed point at its centre, stepped
// with `integrator` at h = 0.1: h lambda = 0.1 k, h omega = 0.1 sqrt(k).
cl::Scene ball(const std::string& law, double k, const std::string& integrator) {
  const std::string force =
      law == "damping" ? fmt::format(R"({{"kind": "damping", "k": {}, "rotate_ratio": 0}})", k)
                       : fmt::format(R"({{"kind": "spring", "body1": "ball", "point1": [0, 0],
                           "body2": "scrim", "point2": [0, 0], "rest_length": 0,
                           "stiffness": {}}})",
                                     k);
  return cl::loadScene(fmt::format(R"({{"format": "contactlab-scene", "version": 3,
        "settings": {{"time_step": 0.1, "integrator": "{}"}},
        "bodies": [{{"name": "ball", "shape": "ball", "radius": 0.5, "mass": 1,
                    "velocity": [1, 0]}}],
        "forces": [{}]}})",
                                   integrator, force),
                       "ball");
}

// Total energy after 200 steps over the energy at the start.
double growth(cl::Scene& s) {
  auto advance = s.makeAdvance();
  const double e0 = s.sim->energy().total();
  for (int k = 0; k < 200; ++k) advance->advance(0.1);
  return s.sim->energy().total() / e0;
}

}  // namespace

TEST_CASE("Damping beyond the integrator's real stability interval is named, and grows",
          "[stability]") {
  struct Case {
    const char* integrator;
    double bound;
  };
  for (const Case c :
       {Case{"euler", 2.0}, Case{"modified-euler", 2.0}, Case{"runge-kutta", 2.785}}) {
    INFO(c.integrator);
    for (const double hLambda : {c.bound - 0.05, c.bound + 0.05}) {
      INFO("h lambda " << hLambda);
      cl::Scene s = ball("damping", hLambda / 0.1, c.integrator);
      const auto caveats = cl::stabilityCaveats(s.settings, *s.sim);
      const bool unstable = hLambda > c.bound;
      REQUIRE(caveats.size() == (unstable ? 1u : 0u));
      if (unstable) {
        CHECK_THAT(caveats[0], Catch::Contains("damping") && Catch::Contains("'ball'") &&
                                   Catch::Contains(c.integrator) && Catch::Contains("h k / m"));
        CHECK(growth(s) > 1e3);  // and it does grow
      } else {
        CHECK(growth(s) < 1.0);
      }
    }
  }
}

TEST_CASE("A spring beyond the integrator's imaginary stability interval is named, and grows",
          "[stability]") {
  // Runge-Kutta holds an oscillation for h omega < 2 sqrt 2.
  const double bound = 2 * std::sqrt(2.0);
  for (const double hOmega : {bound - 0.05, bound + 0.05}) {
    INFO("h omega " << hOmega);
    cl::Scene s = ball("spring", std::pow(hOmega / 0.1, 2), "runge-kutta");
    const auto caveats = cl::stabilityCaveats(s.settings, *s.sim);
    const bool unstable = hOmega > bound;
    REQUIRE(caveats.size() == (unstable ? 1u : 0u));
    if (unstable) CHECK_THAT(caveats[0], Catch::Contains("spring") && Catch::Contains("2.83"));
    CHECK((growth(s) > 2.0) == unstable);
  }
  // Euler amplifies every oscillation: flagged when it more than doubles a second
  // (|1 + i h omega|^(1/h) > 2, i.e. h omega > 0.5 at h = 0.1), not for a gentle spring.
  cl::Scene gentle = ball("spring", 1.0, "euler");  // h omega = 0.1
  CHECK(cl::stabilityCaveats(gentle.settings, *gentle.sim).empty());
  cl::Scene stiff = ball("spring", 100.0, "euler");  // h omega = 1
  const auto caveats = cl::stabilityCaveats(stiff.settings, *stiff.sim);
  REQUIRE(caveats.size() == 1);
  CHECK_THAT(caveats[0], Catch::Contains("gains energy fast with euler"));
  CHECK(growth(stiff) > std::pow(2.0, 20));  // 20 simulated seconds
}

TEST_CASE("No example scene is flagged as unstable", "[stability]") {
  for (const auto& entry : std::filesystem::directory_iterator(CONTACTLAB_SCENES_DIR)) {
    if (entry.path().extension() != ".json") continue;
    INFO(entry.path().filename().string());
    const cl::Scene s = cl::loadSceneFile(entry.path());
    CHECK(cl::stabilityCaveats(s.settings, *s.sim).empty());
  }
}
