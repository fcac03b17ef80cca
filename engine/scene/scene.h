#pragma once
// Scene: a simulation described by a JSON scene file (docs/scene-format.md) and
// the simulation built from it. Loading either succeeds whole or throws
// SceneError listing every problem with the file, the JSON path and what is wrong.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/dynamics/advance_strategy.h"
#include "engine/dynamics/integrator.h"
#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

// One thing wrong with a scene: where (a JSON pointer such as /bodies/2/mass)
// and what.
struct SceneProblem {
  std::string jsonPath;
  std::string message;
};

class SceneError : public std::runtime_error {
 public:
  SceneError(std::string source, std::vector<SceneProblem> problems);
  const std::string& source() const { return mSource; }
  const std::vector<SceneProblem>& problems() const { return mProblems; }

 private:
  std::string mSource;
  std::vector<SceneProblem> mProblems;
};

// Simulation settings a scene carries.
struct SimSettings {
  double timeStep = kDefaultTimeStep;
  IntegratorKind integrator = IntegratorKind::RungeKutta;
  std::uint32_t seed = 0;
};

struct Scene {
  std::string title;
  std::string description;
  SimSettings settings;
  nlohmann::ordered_json document;     // the scene as read; saveScene writes it back unchanged
  std::unique_ptr<RigidBodySim> sim;   // built, placed, random generator seeded

  // A fresh advance strategy for `sim` with the scene's time step and integrator.
  std::unique_ptr<AdvanceStrategy> makeAdvance() const;
};

// Parses and builds; `sourceName` names the input in messages (a file path).
Scene loadScene(std::string_view jsonText, const std::string& sourceName);
Scene loadSceneFile(const std::filesystem::path& path);
// Every problem found (empty when the scene is valid); never throws.
std::vector<SceneProblem> validateSceneFile(const std::filesystem::path& path);
// The scene's JSON text; load then save gives back the same document.
std::string saveScene(const Scene& scene);

}  // namespace cl
