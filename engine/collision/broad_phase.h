#pragma once
// Broad phase of contact and collision detection: the pairs of bodies whose world
// bounding boxes, grown by a margin, overlap. Sweep and prune along x or y, whichever
// the boxes spread over most: boxes sorted by their near edge, each compared only with
// the boxes that start before it ends, so bodies spread out cost about n log n instead
// of n^2 box tests.
#include <span>
#include <utility>
#include <vector>

#include "engine/body/polygon.h"

namespace cl {

class RigidBodySim;

using BodyPair = std::pair<int, int>;  // first < second

// Every pair (i, j), i < j, of boxes that overlap (touching counts), sorted.
std::vector<BodyPair> overlappingPairs(std::span<const Bounds> boxes);

// The same by testing all n^2 / 2 pairs: the reference for tests and benchmarks.
std::vector<BodyPair> overlappingPairsBruteForce(std::span<const Bounds> boxes);

// Candidate pairs of bodies at the state `vars`: world bounds grown by `margin` on
// every side overlap, and the pair can collide — not both fixed, and neither lists
// the other as non-colliding. The Scrim has no index among the bodies, so it never
// appears. Sorted by (first, second).
// With `oldVars` (the state at the previous step, same layout) each body's box covers
// both states, so a pair that met during a step is kept for the swept tests.
std::vector<BodyPair> broadPhasePairs(const RigidBodySim& sim, std::span<const double> vars,
                                      double margin, std::span<const double> oldVars = {});

// The working space and result of the two functions below, kept by a caller that
// searches again and again (the narrow phase) so that the broad phase allocates nothing
// once the buffers have grown.
struct BroadPhaseBuffers {
  std::vector<Bounds> boxes;
  std::vector<int> order;  // the boxes sorted along the sweep, kept for the next search
  std::vector<int> active, pairCount;
  std::vector<BodyPair> found;  // the pairs in the order the sweep meets them
  std::vector<BodyPair> pairs;  // the result
};

// overlappingPairs into buffers.pairs.
void overlappingPairs(std::span<const Bounds> boxes, BroadPhaseBuffers& buffers);

// broadPhasePairs into buffers.pairs.
void broadPhasePairs(const RigidBodySim& sim, std::span<const double> vars, double margin,
                     std::span<const double> oldVars, BroadPhaseBuffers& buffers);

// broadPhasePairs into buffers.pairs from each body's world bounds at the current state
// (`now`, as Polygon::worldBounds gives them) and, when not empty, at the previous one
// (`old`): for a caller that has the bodies' transforms at hand.
void broadPhasePairs(const RigidBodySim& sim, std::span<const Bounds> now,
                     std::span<const Bounds> old, double margin, BroadPhaseBuffers& buffers);

}  // namespace cl
