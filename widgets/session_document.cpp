#include "widgets/session_document.h"

#include <utility>

#include "engine/io/atomic_file.h"
#include "engine/settings/sim_settings.h"
#include "engine/time_stepping/advance_caveats.h"

namespace cl::widgets {

SessionDocument::SessionDocument(const Scene& scene, QString sourcePath,
                                 std::vector<SimEdit> lastingEdits)
    : hasScene(scene.sim != nullptr),
      scenePath(std::move(sourcePath)),
      title(QString::fromStdString(scene.title)),
      description(QString::fromStdString(scene.description)),
      doc(scene.doc),
      settings(scene.settings),
      timeStep(scene.settings.timeStep),
      lastingEdits(std::move(lastingEdits)) {
  if (!hasScene) return;
  bodies = scene.sim->bodies();
  pristine = std::shared_ptr<const RigidBodySim>(scene.sim->clone());
}

bool SessionDocument::canRebuild() const {
  return hasScene && !(doc.bodies.empty() && !bodies.empty());
}

SceneDoc SessionDocument::docWithEdits(const SimSettings& changed) const {
  SceneDoc edited = doc;
  for (const SimEdit& e : lastingEdits) recordEdit(e, edited);
  recordSettings(edited, changed);
  return edited;
}

Scene SessionDocument::pristineScene() const {
  Scene scene;
  scene.title = title.toStdString();
  scene.description = description.toStdString();
  scene.settings = settings;
  scene.doc = doc;
  if (pristine) scene.sim = pristine->clone();
  return scene;
}

SimSettings SessionDocument::liveSettings(const RunHistory& history) const {
  SimSettings s = settings;
  if (!hasScene || history.empty() || !history.back().state.structure) return s;
  const SimState& state = history.back().state;
  readSettings(*state.structure, s);
  if (state.timeStep > 0.0) s.timeStep = state.timeStep;
  s.integrator = state.integrator;
  return s;
}

std::vector<std::string> SessionDocument::notes(const RunHistory& history) const {
  if (!hasScene) return {};
  const std::shared_ptr<const RigidBodySim>& structure =
      !history.empty() && history.back().state.structure ? history.back().state.structure
                                                         : pristine;
  return settingsCaveats(liveSettings(history), *structure);
}

void SessionDocument::save(const QString& path) const {
  AtomicFile file(path.toStdString());
  file.stream() << sceneDocText(doc);
  file.commit();
}

void SessionDocument::saveRecording(const QString& path, const RunHistory& history) const {
  RecordingWriter writer(path.toStdString(), doc, scenePath.toStdString(), editLog);
  for (int i = 0; i < history.size(); ++i) writer.append(history.at(i));
  writer.commit();
}

}  // namespace cl::widgets
