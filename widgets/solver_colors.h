#pragma once
// One colour per registered LCP solver (engine/solver/lcp_solver.h), by its index in the
// registry, the same in every chart and table that names solvers.
#include <QColor>
#include <iterator>

namespace cl::widgets {

inline QColor solverColor(int index) {
  static const QColor colors[] = {QColor(0x31, 0x6b, 0xb0), QColor(0xf2, 0x8e, 0x2b),
                                  QColor(0x59, 0xa1, 0x4f), QColor(0xd6, 0x27, 0x28),
                                  QColor(0x7b, 0x3f, 0xa0), QColor(0x8c, 0x56, 0x4b)};
  return colors[index % static_cast<int>(std::size(colors))];
}

}  // namespace cl::widgets
