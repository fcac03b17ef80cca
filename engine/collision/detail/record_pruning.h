#pragma once
// Pruning the records found between one pair of bodies, in two rules applied in order:
//
// 1. A decorated-vertex collision gives way to an edge/edge collision between the same
//    two edges. Decorated (mid-point) vertices on a curved edge are there to catch, by
//    the swept vertex test, collisions that edge/edge detection misses at large time
//    steps; once the edge/edge test sees the overlap too, its record is the accurate
//    one. End-point (corner) vertex collisions are not subject to this rule: at an
//    edge's end the edge/edge measure may not be the nearest.
// 2. Records that describe the same gap keep only the one of smallest distance (the
//    earlier on ties), by engine2D's UtilCollision.addCollision and similarTo: two
//    records of the same vertex (a corner/corner record has two) are one gap; otherwise
//    a vertex/edge or edge/edge record is the same gap as one that has its normal edge
//    and one of its own edges (a vertex's two edges), lies within engine2D's nearness
//    of it and has an (anti)parallel normal. So an edge/edge contact replaces the
//    end-point vertex/edge contact at the same place (and vice versa when the vertex
//    is closer), two blocks of equal width stacked flush give one contact per corner,
//    not two, and a corner beside a corner gives way to that corner's contact with an
//    edge. The test is engine2D's, one-sided and order-dependent, so that the same
//    records survive in the same order (the order decides the serial collision
//    handling's random choices).
#include <cstddef>
#include <span>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/collision/rigid_body_collision.h"

namespace cl {

// An edge of one of the two bodies.
struct BodyEdge {
  int body;
  EdgeRef edge;
  bool operator==(const BodyEdge&) const = default;
};

// Working space of pruneRecords, kept by the caller between calls so that pruning
// allocates nothing once the buffers have grown.
struct PruneBuffers {
  std::vector<char> drop;
  std::vector<int> order;
  std::vector<RigidBodyCollision> moved;
};

// `recs` are between bodies a (index ia) and b, in either role. The kept records move to
// the front in their order; returns how many there are.
std::size_t pruneRecords(std::span<RigidBodyCollision> recs, const Polygon& a, int ia,
                         const Polygon& b, PruneBuffers& buffers);

// The same on a whole vector, which keeps only the kept records.
void pruneRecords(std::vector<RigidBodyCollision>& recs, const Polygon& a, int ia,
                  const Polygon& b);

}  // namespace cl
