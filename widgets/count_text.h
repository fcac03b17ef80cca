#pragma once
// A count with its noun, singular for one: "1 pivot", "3 pivots", "0 contacts". Every count the
// workbench prints goes through it (Qt's "%n item(s)" needs a translation file to drop "(s)").
#include <QString>

namespace cl::widgets {

inline QString countText(long long n, const QString& one, const QString& many) {
  return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
}

// The regular plural: noun + "s".
inline QString countText(long long n, const QString& noun) {
  return countText(n, noun, noun + QLatin1Char('s'));
}

}  // namespace cl::widgets
