#pragma once
// A scene loaded from its text and advanced by its own time step: the scenario tests' run.
#include <array>
#include <catch2/catch.hpp>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/scene/scene.h"

namespace cl::test {

struct SceneRun {
  Scene scene;
  std::unique_ptr<AdvanceStrategy> advance;
  explicit SceneRun(const std::string& text, const std::string& name = "scene.json")
      : scene(loadScene(text, name)), advance(scene.makeAdvance()) {}
  // Advances until time t (within 1e-9).
  void to(double t) {
    while (scene.sim->time() < t - 1e-9) advance->advance(scene.settings.timeStep);
  }
  BodyState body(int index = 1) const { return scene.sim->bodyState(index); }
  const Polygon& polygon(int index = 1) const { return scene.sim->bodies()[index]; }
  double kinetic() const { return scene.sim->energy().kinetic(); }
  // x, vx, y, vy, angle, omega: the order of engine2D's state and its tests' expectations.
  std::array<double, 6> vars(int index) const {
    const BodyState b = body(index);
    return {b.x, b.vx, b.y, b.vy, b.angle, b.omega};
  }
  // Bodies first, first + 1, ... against the rows of `expected` (numbers from engine2D's tests
  // or runs), each variable within `margin` and no relative slack: 0 asks for the same bits.
  void checkVars(int first, std::span<const std::array<double, 6>> expected, double margin,
                 std::string_view when) const {
    for (std::size_t k = 0; k < expected.size(); ++k) {
      const int index = first + static_cast<int>(k);
      const std::array<double, 6> got = vars(index);
      for (int v = 0; v < 6; ++v) {
        INFO("body " << index << " variable " << v << " (x, vx, y, vy, angle, omega) " << when);
        CHECK(got[v] == Approx(expected[k][v]).margin(margin).epsilon(0));
      }
    }
  }
};

}  // namespace cl::test
