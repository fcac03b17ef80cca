#pragma once
// SceneCatalog: the scene files of a folder (every *.json but ContactLab's other documents,
// states, recordings and LCPs; sorted by title with numbers by value, then by file name) with
// the title and description each declares, for the scene chooser. A file the loader rejects
// stays in the list with its problem, so a broken scene is seen rather than hidden.
#include <QString>
#include <QVector>

namespace cl::widgets {

struct SceneEntry {
  QString path;         // absolute
  QString fileName;     // e.g. "pile_10.json"
  QString title;        // the scene's title, else the file name
  QString description;  // the scene's description (may be empty)
  QString error;        // why the loader rejected it; empty when it parses
  bool valid() const { return error.isEmpty(); }
};

// The scenes of `directory`; empty when it does not exist or holds none.
QVector<SceneEntry> sceneCatalog(const QString& directory);

// The number of blocks N when `path` names a ContactApp scene "contact_app_N.json"
// (1 to 6), else 0.
int contactAppBlockCount(const QString& path);
// The ContactApp scene with `blocks` blocks in `directory`.
QString contactAppScenePath(const QString& directory, int blocks);

}  // namespace cl::widgets
