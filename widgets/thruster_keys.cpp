#include "widgets/thruster_keys.h"

#include <QtCore/qnamespace.h>

namespace cl::widgets {

std::optional<FireThrusters> thrusterKeyFor(int qtKey, bool on) {
  const auto key = [on](int set, ThrustDirection d) { return FireThrusters{set, d, on}; };
  switch (qtKey) {
    case Qt::Key_S:
      return key(0, ThrustDirection::kLeft);
    case Qt::Key_D:
      return key(0, ThrustDirection::kDown);
    case Qt::Key_F:
      return key(0, ThrustDirection::kRight);
    case Qt::Key_E:
      return key(0, ThrustDirection::kUp);
    case Qt::Key_J:
    case Qt::Key_Left:
      return key(1, ThrustDirection::kLeft);
    case Qt::Key_K:
    case Qt::Key_Down:
      return key(1, ThrustDirection::kDown);
    case Qt::Key_L:
    case Qt::Key_Right:
      return key(1, ThrustDirection::kRight);
    case Qt::Key_I:
    case Qt::Key_Up:
      return key(1, ThrustDirection::kUp);
    default:
      return std::nullopt;
  }
}

}  // namespace cl::widgets
