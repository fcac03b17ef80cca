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

namespace {

// The smallest box holding both.
Bounds unionOf(const Bounds& a, const Bounds& b) {
  return {std::min(a.left, b.left), std::max(a.right, b.right), std::min(a.bottom, b.bottom),
          std::max(a.top, b.top)};
}

// The extent of a box along the sweep's axis (x, or y when `alongY`) and across it.
struct Interval {
  double lo, hi;
};
Interval along(const Bounds& b, bool alongY) {
  return alongY ? Interval{b.bottom, b.top} : Interval{b.left, b.right};
}
Interval across(const Bounds& b, bool alongY) {
  return alongY ? Interval{b.left, b.right} : Interval{b.bottom, b.top};
}

// Sorts `order` (a permutation of the boxes) by `before`. A caller searching again and
// again finds the last search's order nearly right, so this starts from it and sorts by
// insertion, about one comparison a box when few boxes have passed one another; past
// 8 moves a box on average it hands over to std::sort.
template <class Before>
void sortKeptOrder(std::vector<int>& order, Before before) {
  const std::size_t n = order.size();
  std::size_t moves = 0;
  for (std::size_t i = 1; i < n; ++i) {
    const int x = order[i];
    std::size_t j = i;
    for (; j > 0 && before(x, order[j - 1]); --j) order[j] = order[j - 1];
    order[j] = x;
    moves += i - j;
    if (moves > 8 * n) {
      std::sort(order.begin(), order.end(), before);
      return;
    }
  }
}

}  // namespace

void overlappingPairs(std::span<const Bounds> boxes, BroadPhaseBuffers& buffers) {
  const int n = static_cast<int>(boxes.size());
  // Sweep along the axis the boxes spread over most (a pile is taller than its pit is
  // wide): fewer boxes then share an interval of it, and fewer pairs are tested.
  Bounds all;
  for (int i = 0; i < n; ++i) all = i == 0 ? boxes[i] : unionOf(all, boxes[i]);
  const bool alongY = all.height() > all.width();
  std::vector<int>& order = buffers.order;
  if (order.size() != static_cast<std::size_t>(n)) {
    order.resize(n);
    std::iota(order.begin(), order.end(), 0);
  }
  sortKeptOrder(order, [&](int a, int b) {
    const double la = along(boxes[a], alongY).lo, lb = along(boxes[b], alongY).lo;
    return la < lb || (la == lb && a < b);
  });
  // Each pair found is filed under its lower index, so that reading the bodies' lists in
  // turn gives the pairs sorted (each list is short: sorted by insertion).
  std::vector<int>& count = buffers.pairCount;
  count.assign(static_cast<std::size_t>(n) + 1, 0);
  std::vector<BodyPair>& found = buffers.found;
  found.clear();
  // Active list: boxes already swept whose far end may still reach later boxes.
  std::vector<int>& active = buffers.active;
  active.clear();
  for (int i : order) {
    const Interval ai = along(boxes[i], alongY), ci = across(boxes[i], alongY);
    // Drop boxes that end before this one (and so before every later one) starts.
    std::erase_if(active, [&](int j) { return along(boxes[j], alongY).hi < ai.lo; });
    for (int j : active) {
      const Interval cj = across(boxes[j], alongY);
      if (cj.lo <= ci.hi && ci.lo <= cj.hi) {
        found.emplace_back(std::min(i, j), std::max(i, j));
        ++count[static_cast<std::size_t>(found.back().first) + 1];
      }
    }
    active.push_back(i);
  }
  for (int i = 0; i < n; ++i) count[i + 1] += count[i];  // count[i]: where i's list starts
  std::vector<BodyPair>& pairs = buffers.pairs;
  pairs.resize(found.size());
  for (const BodyPair& p : found) pairs[static_cast<std::size_t>(count[p.first]++)] = p;
  // count[i] is now where i's list ends and i + 1's starts
  for (int i = 0, begin = 0; i < n; begin = count[i++]) {
    for (int a = begin + 1; a < count[i]; ++a) {
      const BodyPair p = pairs[a];
      int b = a;
      for (; b > begin && p.second < pairs[b - 1].second; --b) pairs[b] = pairs[b - 1];
      pairs[b] = p;
    }
  }
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
  if (old) b = unionOf(b, *old);
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
