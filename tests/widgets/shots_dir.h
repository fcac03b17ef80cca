#pragma once
// Where the hidden screenshot tests (run by name, for a person to look at) write their
// pictures: a folder under the build tree, made when first asked for, ending in '/'.
#include <QDir>
#include <QString>

inline QString shotsDir() {
  const QString dir = QStringLiteral(CONTACTLAB_TEST_SHOTS_DIR);
  QDir().mkpath(dir);
  return dir;
}
