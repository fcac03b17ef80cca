#pragma once
// A scene loaded from its text and advanced by its own time step: the scenario tests' run.
#include <memory>
#include <string>

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
};

}  // namespace cl::test
