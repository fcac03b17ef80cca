// The scene chooser's catalog (widgets/scene_catalog.h): a folder's scenes with their titles, a
// broken scene kept with its problem, and ContactLab's other documents (a state saved with
// --final-state, an LCP written with --lcp-dir, a recording) left out: they are not scenes,
// and a folder of a study's files would otherwise list each as an unreadable scene.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

#include "tests/widgets/qt_string_makers.h"
#include "widgets/scene_catalog.h"
#include "widgets/scene_paths.h"

namespace {

void write(const QString& path, const QByteArray& text) {
  QFile out(path);
  REQUIRE(out.open(QIODevice::WriteOnly));
  REQUIRE(out.write(text) == text.size());
}

}  // namespace

TEST_CASE("Scene catalog: scenes and broken scenes listed, other documents left out",
          "[scene_catalog]") {
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  const QDir folder(dir.path());
  REQUIRE(QFile::copy(cl::widgets::scenesDirectory() + QStringLiteral("/pile_10.json"),
                      folder.filePath(QStringLiteral("pile_10.json"))));
  write(folder.filePath(QStringLiteral("state_4s.json")),
        R"({"format": "contactlab-state", "version": 1, "time": 4.0, "bodies": []})");
  write(folder.filePath(QStringLiteral("step170_solve4.json")),
        R"({"format": "contactlab-lcp", "version": 1, "A": [[1]], "b": [-1]})");
  write(folder.filePath(QStringLiteral("run.json")),
        R"({"format": "contactlab-recording", "version": 1})");
  // A scene whose bodies are missing, and a file that is no JSON at all: both scenes to the
  // catalog, both broken.
  write(folder.filePath(QStringLiteral("half_written.json")),
        R"({"format": "contactlab-scene", "version": 3, "title": "Half)");
  write(folder.filePath(QStringLiteral("notes.json")), "not json");
  // A "format" of someone else's is not ours to leave out.
  write(folder.filePath(QStringLiteral("other_tool.json")), R"({"format": "tiled-map"})");

  const QVector<cl::widgets::SceneEntry> scenes = cl::widgets::sceneCatalog(dir.path());
  QStringList names;
  for (const cl::widgets::SceneEntry& e : scenes) names << e.fileName;
  names.sort();
  CHECK(names == QStringList{QStringLiteral("half_written.json"), QStringLiteral("notes.json"),
                             QStringLiteral("other_tool.json"), QStringLiteral("pile_10.json")});
  for (const cl::widgets::SceneEntry& e : scenes) {
    INFO(e.fileName.toStdString());
    if (e.fileName == QStringLiteral("pile_10.json")) {
      CHECK(e.valid());
      CHECK(e.title == QStringLiteral("Pile of 10 blocks"));
    } else {
      CHECK_FALSE(e.valid());
      CHECK_FALSE(e.error.isEmpty());
    }
  }
}
