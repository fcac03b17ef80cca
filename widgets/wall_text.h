#pragma once
// A wall time as people read it: "12.3 µs", "4.56 ms" or "1.234 s".
#include <QString>

namespace cl::widgets {

inline QString wallText(double seconds) {
  if (seconds < 1e-3) return QStringLiteral("%1 µs").arg(seconds * 1e6, 0, 'f', 1);
  if (seconds < 1) return QStringLiteral("%1 ms").arg(seconds * 1e3, 0, 'f', 2);
  return QStringLiteral("%1 s").arg(seconds, 0, 'f', 3);
}

}  // namespace cl::widgets
