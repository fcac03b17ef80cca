#include "widgets/scene_paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStringList>

namespace cl::widgets {

QString scenesDirectory() {
  QStringList candidates;
  const QString fromEnv = qEnvironmentVariable("CONTACTLAB_SCENES");
  if (!fromEnv.isEmpty()) candidates << fromEnv;
  if (QCoreApplication::instance()) {
    const QDir exe(QCoreApplication::applicationDirPath());
    candidates << exe.filePath(QStringLiteral("scenes"))
               << exe.filePath(QStringLiteral("../share/contactlab/scenes"));
  }
  candidates << QStringLiteral(CONTACTLAB_SCENES_DIR);
  for (const QString& dir : candidates)
    if (QFileInfo(dir).isDir()) return QDir::cleanPath(dir);
  return QStringLiteral(CONTACTLAB_SCENES_DIR);
}

QString defaultScenePath() {
  return QDir(scenesDirectory()).filePath(QString::fromLatin1(kDefaultSceneFile));
}

}  // namespace cl::widgets
