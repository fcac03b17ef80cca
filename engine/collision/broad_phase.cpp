#include "engine/collision/broad_phase.h"

#include <algorithm>
#include <numeric>

#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

std::vector<BodyPair> overlappingPairs(std::span<const Bounds> boxes) {
  BroadPhaseBuffers buffers;
  overlappingPairs(boxes, buffers);
  return std::move(buffers.pairs);
}

void overlappingPairs(std::span<const Bounds> boxes, BroadPhaseBuffers& buffers) {
  const int n = static_cast<int>(boxes.size());
  std::vector<int>& order = buffers.order;
  order.resize(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return boxes[a].left < boxes[b].left || (boxes[a].left == boxes[b].left && a < b);
  });
  std::vector<BodyPair>& pairs = buffers.pairs;
  pairs.clear();
  // Active list: boxes already swept whose right edge may still reach later boxes.
  std::vector<int>& active = buffers.active;
  active.clear();
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
  BroadPhaseBuffers buffers;
  broadPhasePairs(sim, vars, margin, oldVars, buffers);
  return std::move(buffers.pairs);
}

namespace {

// The box of a body over both states, grown by the margin.
Bounds grownBox(Bounds b, const Bounds* old, double margin) {
  if (old)
    b = {std::min(b.left, old->left), std::max(b.right, old->right),
         std::min(b.bottom, old->bottom), std::max(b.top, old->top)};
  b.left -= margin, b.right += margin, b.bottom -= margin, b.top += margin;
  return b;
}

// The candidate pairs among buffers.boxes.
void candidatePairs(const RigidBodySim& sim, BroadPhaseBuffers& buffers) {
  const auto& bodies = sim.bodies();
  overlappingPairs(buffers.boxes, buffers);
  std::erase_if(buffers.pairs, [&](const BodyPair& p) {
    const Polygon& a = bodies[p.first];
    const Polygon& b = bodies[p.second];
    return (a.isFixed() && b.isFixed()) || a.doesNotCollide(b);
  });
}

}  // namespace

void broadPhasePairs(const RigidBodySim& sim, std::span<const double> vars, double margin,
                     std::span<const double> oldVars, BroadPhaseBuffers& buffers) {
  const auto& bodies = sim.bodies();
  buffers.boxes.clear();
  for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
    const Bounds now = bodies[i].worldBounds(BodyState::fromVars(vars, i));
    if (oldVars.empty()) {
      buffers.boxes.push_back(grownBox(now, nullptr, margin));
    } else {
      const Bounds old = bodies[i].worldBounds(BodyState::fromVars(oldVars, i));
      buffers.boxes.push_back(grownBox(now, &old, margin));
    }
  }
  candidatePairs(sim, buffers);
}

void broadPhasePairs(const RigidBodySim& sim, std::span<const Bounds> now,
                     std::span<const Bounds> old, double margin, BroadPhaseBuffers& buffers) {
  buffers.boxes.clear();
  for (std::size_t i = 0; i < now.size(); ++i)
    buffers.boxes.push_back(grownBox(now[i], old.empty() ? nullptr : &old[i], margin));
  candidatePairs(sim, buffers);
}

}  // namespace cl
