#pragma once
// SessionDocument: the scene a Session runs, as loaded: where it came from (a scene file,
// a recording, or code), its document and settings, the shapes of its bodies and a copy
// of its simulation at step 0, and what was done to it since (the edits, whether the run
// is saved). Loading another scene replaces the whole document; nothing of the old one
// leaks into the new (Session::install).
#include <QString>
#include <memory>
#include <vector>

#include "engine/edit/sim_edit.h"
#include "engine/run/run_history.h"
#include "engine/run/run_recording.h"
#include "engine/scene/scene.h"

namespace cl::widgets {

struct SessionDocument {
  SessionDocument() = default;
  // The document of `scene` as it starts, from `sourcePath` (empty when not from a file),
  // carrying `lastingEdits`: the edits a restart with settings or another scene keeps.
  SessionDocument(const Scene& scene, QString sourcePath, std::vector<SimEdit> lastingEdits);

  // Whether there is a document to rebuild the scene from (a scene built in code may have
  // bodies and no document).
  bool canRebuild() const;
  // The document with the lasting edits and `settings` written in (recordEdit,
  // recordSettings): the scene a restart with settings builds.
  SceneDoc docWithEdits(const SimSettings& settings) const;
  // The scene as loaded (structure, state at step 0, settings), a simulation of its own.
  Scene pristineScene() const;
  // The settings the newest record of `history` runs with: the live ones as its simulation
  // has them (every edit so far), the others as loaded.
  SimSettings liveSettings(const RunHistory& history) const;
  // What the scene will not do as its file says, at the live settings (advance_caveats.h).
  std::vector<std::string> notes(const RunHistory& history) const;
  // Writes the document (saveScene) or the run of `history` with the edit log (a
  // recording, engine/run/run_recording.h) to `path`, whole or not at all; throws on failure.
  void save(const QString& path) const;
  void saveRecording(const QString& path, const RunHistory& history) const;

  bool hasScene = false;
  QString scenePath;
  QString title;
  QString description;
  SceneDoc doc;
  SimSettings settings;
  double timeStep = 0.0;  // of the live simulation: edits change it
  std::vector<Polygon> bodies;
  std::shared_ptr<const RigidBodySim> pristine;  // for a restart without a file
  std::vector<SimEdit> lastingEdits;             // since loaded: those a restart keeps
  std::vector<RecordedEdit> editLog;             // every edit, with the step it followed
  QString recordingPath;                         // the recording the run came from
  QString statePath;                             // the state file the run started from
  bool unsaved = false;                          // steps taken or edited since loaded or saved
};

}  // namespace cl::widgets
