#include "widgets/thruster_keys.h"

#include <QtCore/qnamespace.h>

#include <cmath>

#include "engine/dynamics/rigid_body_sim.h"
#include "engine/forces/thruster_set.h"

namespace cl::widgets {

namespace {

// Whether body-coordinate push `d` points mostly along `direction`: its component
// that way is positive and at least as large as the one across it.
bool pushesAlong(Vec2 d, ThrustDirection direction) {
  switch (direction) {
    case ThrustDirection::kLeft:
      return d.x < 0 && -d.x >= std::abs(d.y);
    case ThrustDirection::kRight:
      return d.x > 0 && d.x >= std::abs(d.y);
    case ThrustDirection::kDown:
      return d.y < 0 && -d.y >= std::abs(d.x);
    case ThrustDirection::kUp:
      return d.y > 0 && d.y >= std::abs(d.x);
  }
  return false;
}

}  // namespace

std::optional<ThrusterKey> thrusterKeyFor(int qtKey) {
  switch (qtKey) {
    case Qt::Key_S:
      return ThrusterKey{0, ThrustDirection::kLeft};
    case Qt::Key_D:
      return ThrusterKey{0, ThrustDirection::kDown};
    case Qt::Key_F:
      return ThrusterKey{0, ThrustDirection::kRight};
    case Qt::Key_E:
      return ThrusterKey{0, ThrustDirection::kUp};
    case Qt::Key_J:
    case Qt::Key_Left:
      return ThrusterKey{1, ThrustDirection::kLeft};
    case Qt::Key_K:
    case Qt::Key_Down:
      return ThrusterKey{1, ThrustDirection::kDown};
    case Qt::Key_L:
    case Qt::Key_Right:
      return ThrusterKey{1, ThrustDirection::kRight};
    case Qt::Key_I:
    case Qt::Key_Up:
      return ThrusterKey{1, ThrustDirection::kUp};
    default:
      return std::nullopt;
  }
}

int thrusterSetCount(const RigidBodySim& sim) {
  int count = 0;
  for (const auto& law : sim.forceLaws())
    if (dynamic_cast<const ThrusterSet*>(law.get())) ++count;
  return count;
}

int setThrusters(RigidBodySim& sim, ThrusterKey key, bool on) {
  int seen = 0;
  for (const auto& law : sim.forceLaws()) {
    auto* set = dynamic_cast<ThrusterSet*>(law.get());
    if (!set || seen++ != key.set) continue;
    int switched = 0;
    const auto& thrusters = set->thrusters();
    for (int i = 0; i < static_cast<int>(thrusters.size()); ++i)
      if (pushesAlong(thrusters[static_cast<std::size_t>(i)].direction, key.direction) &&
          set->setActive(i, on))
        ++switched;
    return switched;
  }
  return 0;
}

}  // namespace cl::widgets
