#include "engine/scene/scene.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "engine/collision_advance/collision_advance.h"
#include "engine/io/detail/json_read.h"
#include "engine/io/detail/json_write.h"
#include "engine/io/text_file.h"
#include "engine/scene/detail/scene_check.h"
#include "engine/scene/detail/scene_parse.h"
#include "engine/scene/scene_write.h"
#include "engine/time_stepping/make_advance.h"

namespace cl {
namespace {

std::string whatOf(const std::string& source, const std::vector<JsonProblem>& problems) {
  std::string out =
      source.empty() ? std::string("invalid scene") : fmt::format("invalid scene '{}'", source);
  out += problems.size() == 1 ? " (1 problem):" : fmt::format(" ({} problems):", problems.size());
  return out + listProblems(problems);
}

// Text to document to simulation, collecting every problem on the way. The
// simulation is null unless there are no problems.
struct Loaded {
  std::optional<SceneDoc> doc;
  std::unique_ptr<RigidBodySim> sim;
  std::vector<JsonProblem> problems;
};

Loaded load(std::string_view text, bool build) {
  Loaded out;
  JsonReadResult json = readJson(text);
  out.problems = std::move(json.problems);
  if (!json.value) return out;
  ParsedScene parsed = parseSceneJson(*json.value, out.problems);
  if (!parsed.doc) return out;
  if (build) {
    out.sim = buildSimulation(*parsed.doc, parsed.origin, out.problems);
  } else {
    checkSceneNames(*parsed.doc, parsed.origin, out.problems);
  }
  out.doc = std::move(parsed.doc);
  return out;
}

std::string readFile(const std::filesystem::path& path) {
  try {
    return readTextFile(path);
  } catch (const FileReadError& e) {
    throw SceneError(path.string(), {{"", e.what()}});
  }
}

}  // namespace

SceneError::SceneError(std::string source, std::vector<JsonProblem> problems)
    : std::runtime_error(whatOf(source, problems)),
      mSource(std::move(source)),
      mProblems(std::move(problems)) {}

std::unique_ptr<AdvanceStrategy> Scene::makeAdvance() const {
  return makeAdvanceFor(*sim, settings.advance, settings.integrator, settings.timeStep);
}

SimSettings settingsOf(const SceneDoc& doc) {
  return doc.settings ? settingsOf(*doc.settings) : SimSettings{};
}

std::unique_ptr<RigidBodySim> cloneSimulation(const RigidBodySim& sim) {
  return sim.clone();
}

namespace {

Scene assemble(SceneDoc doc, std::unique_ptr<RigidBodySim> sim) {
  Scene scene;
  scene.title = doc.title.value_or("");
  scene.description = doc.description.value_or("");
  scene.settings = settingsOf(doc);
  scene.doc = std::move(doc);
  scene.sim = std::move(sim);
  return scene;
}

}  // namespace

Scene loadScene(std::string_view jsonText, const std::string& sourceName) {
  Loaded loaded = load(jsonText, /*build=*/true);
  if (!loaded.problems.empty()) throw SceneError(sourceName, std::move(loaded.problems));
  return assemble(std::move(*loaded.doc), std::move(loaded.sim));
}

Scene loadSceneFile(const std::filesystem::path& path) {
  return loadScene(readFile(path), path.string());
}

std::vector<JsonProblem> validateSceneFile(const std::filesystem::path& path) {
  try {
    return load(readFile(path), /*build=*/true).problems;
  } catch (const SceneError& e) {
    return e.problems();
  } catch (const std::exception& e) {
    // A failure of the engine itself, not of the file: still a reason not to load.
    return {{"", fmt::format("internal error while checking the scene: {}", e.what())}};
  }
}

SceneDoc parseScene(std::string_view jsonText, const std::string& sourceName) {
  Loaded loaded = load(jsonText, /*build=*/false);
  if (!loaded.problems.empty()) throw SceneError(sourceName, std::move(loaded.problems));
  return std::move(*loaded.doc);
}

Scene makeScene(SceneDoc doc) {
  auto sim = buildSimulation(doc);
  return assemble(std::move(doc), std::move(sim));
}

void recordSettings(SceneDoc& doc, const SimSettings& settings) {
  const SimSettings old = settingsOf(doc);
  // Only what changed is recorded, so an unchanged default stays left out; a file that
  // records a setting declares at least the version that introduced it.
  forEachSetting([&](const SettingInfo& info, auto value, auto given) {
    if (settings.*value == old.*value) return;
    SettingsDoc& s = doc.settings ? *doc.settings : doc.settings.emplace();
    s.*given = settings.*value;
    doc.version = std::max(doc.version, info.since);
  });
}

Scene rebuildScene(const Scene& scene, const SimSettings& settings) {
  SceneDoc doc = scene.doc;
  recordSettings(doc, settings);
  return makeScene(std::move(doc));
}

std::string sceneDocText(const SceneDoc& doc) {
  return formatJson(sceneDocToJson(doc));
}

std::string saveScene(const Scene& scene) {
  return sceneDocText(scene.doc);
}

void saveSceneFile(const Scene& scene, const std::filesystem::path& path) {
  const std::string text = saveScene(scene);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw std::runtime_error(fmt::format("cannot write scene file '{}'", path.string()));
}

}  // namespace cl
