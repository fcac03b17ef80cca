#include "widgets/scene_catalog.h"

#include <QCollator>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>
#include <exception>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "engine/scene/scene.h"
#include "engine/scene/scene_doc.h"

namespace cl::widgets {

namespace {

// Whether `text` is another of ContactLab's documents (a state, a recording, an LCP): its
// "format" names one that is not a scene. Not a scene to list, nor a broken one.
bool otherContactLabDocument(const QByteArray& text) {
  const nlohmann::json j = nlohmann::json::parse(text.constData(), text.constData() + text.size(),
                                                 nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return false;
  const auto format = j.find("format");
  if (format == j.end() || !format->is_string()) return false;
  const std::string& name = format->get_ref<const std::string&>();
  return name.starts_with("contactlab-") && name != kSceneFormatName;
}

// Parsing (not building) is enough for the title and description, and it reports a
// broken file in the loader's own words. Nothing for another ContactLab document.
std::optional<SceneEntry> readEntry(const QFileInfo& file) {
  SceneEntry entry;
  entry.path = file.absoluteFilePath();
  entry.fileName = file.fileName();
  entry.title = entry.fileName;
  QFile in(entry.path);
  if (!in.open(QIODevice::ReadOnly)) {
    entry.error = in.errorString();
    return entry;
  }
  const QByteArray text = in.readAll();
  if (otherContactLabDocument(text)) return std::nullopt;
  try {
    const SceneDoc doc =
        parseScene(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                   entry.path.toStdString());
    if (doc.title && !doc.title->empty()) entry.title = QString::fromStdString(*doc.title);
    if (doc.description) entry.description = QString::fromStdString(*doc.description);
  } catch (const std::exception& e) {
    entry.error = QString::fromStdString(e.what());
  }
  return entry;
}

}  // namespace

QVector<SceneEntry> sceneCatalog(const QString& directory) {
  QVector<SceneEntry> out;
  const QDir dir(directory);
  if (!dir.exists()) return out;
  const QFileInfoList files =
      dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files | QDir::Readable, QDir::Name);
  out.reserve(files.size());
  for (const QFileInfo& file : files)
    if (std::optional<SceneEntry> entry = readEntry(file)) out.append(std::move(*entry));
  // As people read the list: by title, numbers by value ("Pile of 20 blocks" before "Pile
  // of 100 blocks"), then by file name. An English collator, not the C locale's, which
  // compares code points and ignores the numeric mode.
  QCollator collator(QLocale(QLocale::English, QLocale::UnitedStates));
  collator.setNumericMode(true);
  collator.setCaseSensitivity(Qt::CaseInsensitive);
  std::stable_sort(out.begin(), out.end(), [&](const SceneEntry& a, const SceneEntry& b) {
    const int byTitle = collator.compare(a.title, b.title);
    return byTitle != 0 ? byTitle < 0 : collator.compare(a.fileName, b.fileName) < 0;
  });
  return out;
}

int contactAppBlockCount(const QString& path) {
  static const QRegularExpression pattern(QStringLiteral("^contact_app_([1-6])\\.json$"));
  const QRegularExpressionMatch m = pattern.match(QFileInfo(path).fileName());
  return m.hasMatch() ? m.captured(1).toInt() : 0;
}

QString contactAppScenePath(const QString& directory, int blocks) {
  return QDir(directory).filePath(QStringLiteral("contact_app_%1.json").arg(blocks));
}

}  // namespace cl::widgets
