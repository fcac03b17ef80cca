#pragma once
// Scene: a simulation described by a JSON scene file (docs/scene-format.md) and
// the simulation built from it. Loading either succeeds whole or throws
// SceneError listing every problem with the file, the JSON path and what is wrong.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/contact/contact_sim.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/dynamics/integrator.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/scene/scene_build.h"
#include "engine/scene/scene_doc.h"
#include "engine/scene/scene_error.h"
#include "engine/settings/sim_settings.h"

namespace cl {

struct Scene {
  std::string title;
  std::string description;
  SimSettings settings;
  SceneDoc doc;  // typed description; saveScene writes it back
  // Built as a ContactSim with the settings applied, placed, random generator seeded.
  std::unique_ptr<RigidBodySim> sim;

  // `sim` as the ContactSim it is built as (null only without a simulation, or when
  // someone replaced `sim` by a plain RigidBodySim).
  ContactSim* contactSim() const { return dynamic_cast<ContactSim*>(sim.get()); }

  // A fresh advance strategy for `sim` with the scene's time step and integrator.
  std::unique_ptr<AdvanceStrategy> makeAdvance() const;
};

// Parses and builds; `sourceName` names the input in messages (a file path).
Scene loadScene(std::string_view jsonText, const std::string& sourceName);
Scene loadSceneFile(const std::filesystem::path& path);
// Every problem found (empty when the scene is valid); never throws.
std::vector<JsonProblem> validateSceneFile(const std::filesystem::path& path);
// The scene's JSON text; load then save gives back the same document.
std::string saveScene(const Scene& scene);

// Parses and checks a scene's text without building it; throws SceneError.
SceneDoc parseScene(std::string_view jsonText, const std::string& sourceName);
// A scene built from a document (see buildSimulation); throws SceneError.
Scene makeScene(SceneDoc doc);
// The settings a document gives, with defaults for what it leaves out.
SimSettings settingsOf(const SceneDoc& doc);
// Writes into `doc` the settings that differ from what it gives (raising its version to
// the one that introduced each), so that saving keeps them.
void recordSettings(SceneDoc& doc, const SimSettings& settings);
// The scene rebuilt from its document with other settings, which the new
// document records (where they differ) so that saving keeps them. A new seed
// redraws random polygons. Throws SceneError.
Scene rebuildScene(const Scene& scene, const SimSettings& settings);
// A copy of `sim` of the same class (a ContactSim stays a ContactSim, trace sink
// included), for keeping a pristine copy of a scene's simulation.
std::unique_ptr<RigidBodySim> cloneSimulation(const RigidBodySim& sim);
// The canonical JSON text of a document (what saveScene writes).
std::string sceneDocText(const SceneDoc& doc);
// Writes saveScene's text to `path`; throws std::runtime_error when it cannot.
void saveSceneFile(const Scene& scene, const std::filesystem::path& path);

}  // namespace cl
