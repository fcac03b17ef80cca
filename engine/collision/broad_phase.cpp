#include "engine/collision/broad_phase.h"

#include <algorithm>
#include <numeric>

#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

std::vector<BodyPair> overlappingPairs(std::span<const Bounds> boxes) {
  const int n = static_cast<int>(boxes.size());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return boxes[a].left < boxes[b].left || (boxes[a].left == boxes[b].left && a < b);
  });
  std::vector<BodyPair> pairs;
  // Active list: boxes already swept whose right edge may still reach later boxes.
  std::vector<int> active;
  for (int i : order) {
    const Bounds& bi = boxes[i];
    // Drop boxes that end before this one (and so before every later one) starts.
    std::erase_if(active, [&](int j) { return boxes[j].right < bi.left; });
    for (int j : active) {
      const Bounds& bj = boxes[j];
      if (bj.bottom <= bi.top && bi.bottom <= bj.top)
        pairs.emplace_back(std::min(i, j), std::max(i, j));
    }
    active.push_back(i);
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

std::vector<BodyPair> overlappingPairsBruteForce(std::span<const Bounds> boxes) {
  std::vector<BodyPair> pairs;
  const int n = static_cast<int>(boxes.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (boxes[i].intersects(boxes[j])) pairs.emplace_back(i, j);
  return pairs;
}

std::vector<BodyPair> broadPhasePairs(const RigidBodySim& sim, std::span<const double> vars,
                                      double margin, std::span<const double> oldVars) {
  const auto& bodies = sim.bodies();
  std::vector<Bounds> boxes;
  boxes.reserve(bodies.size());
  for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
    Bounds b = bodies[i].worldBounds(BodyState::fromVars(vars, i));
    if (!oldVars.empty()) {
      const Bounds old = bodies[i].worldBounds(BodyState::fromVars(oldVars, i));
      b = {std::min(b.left, old.left), std::max(b.right, old.right),
           std::min(b.bottom, old.bottom), std::max(b.top, old.top)};
    }
    b.left -= margin, b.right += margin, b.bottom -= margin, b.top += margin;
    boxes.push_back(b);
  }
  std::vector<BodyPair> pairs = overlappingPairs(boxes);
  std::erase_if(pairs, [&](const BodyPair& p) {
    const Polygon& a = bodies[p.first];
    const Polygon& b = bodies[p.second];
    return (a.isFixed() && b.isFixed()) || a.doesNotCollide(b);
  });
  return pairs;
}

}  // namespace cl
