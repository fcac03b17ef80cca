#include "engine/collision/swept_broad_phase.h"

#include <algorithm>

#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

std::vector<BodyPair> sweptBroadPhasePairs(const RigidBodySim& sim, std::span<const double> vars,
                                           std::span<const double> oldVars, double margin) {
  const auto& bodies = sim.bodies();
  std::vector<Bounds> boxes;
  boxes.reserve(bodies.size());
  for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
    const Bounds now = bodies[i].worldBounds(BodyState::fromVars(vars, i));
    const Bounds old = bodies[i].worldBounds(BodyState::fromVars(oldVars, i));
    boxes.push_back({std::min(now.left, old.left) - margin, std::max(now.right, old.right) + margin,
                     std::min(now.bottom, old.bottom) - margin,
                     std::max(now.top, old.top) + margin});
  }
  std::vector<BodyPair> pairs = overlappingPairs(boxes);
  // The pair rules of broadPhasePairs: two fixed bodies never collide, nor bodies
  // that list each other as non-colliding.
  std::erase_if(pairs, [&](const BodyPair& p) {
    const Polygon& a = bodies[p.first];
    const Polygon& b = bodies[p.second];
    return (a.isFixed() && b.isFixed()) || a.doesNotCollide(b);
  });
  return pairs;
}

}  // namespace cl
