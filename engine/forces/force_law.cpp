#include "engine/forces/force_law.h"

namespace cl {

std::vector<int> lawBodies(std::span<const Polygon> all, const std::vector<int>& bodies) {
  std::vector<int> out;
  if (bodies.empty()) {
    for (int i = 0; i < static_cast<int>(all.size()); ++i)
      if (!all[i].isFixed()) out.push_back(i);
  } else {
    for (int i : bodies)
      if (!all[i].isFixed()) out.push_back(i);
  }
  return out;
}

}  // namespace cl
