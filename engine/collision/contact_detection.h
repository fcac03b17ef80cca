#pragma once
// Narrow phase of contact and collision detection: the RigidBodyCollision records
// between pairs of bodies at one state, and, given the previous state too, the
// collisions over the step between them, in engine2D's manner.
//
// At the current state (each body seen from both sides: A's vertices against B's
// edges and B's vertices against A's edges):
//   vertex/straight edge   a corner within the edge's span, outside the body;
//                          distance along the edge's outward normal
//   vertex/circular edge   the corner's angle about the centre within the arc; convex
//                          arc: distance |p - c| - R, normal out of the circle; concave
//                          arc (clockwise, material outside the circle): R - |p - c|,
//                          normal towards the centre
//   vertex/vertex          a corner near a corner of the other body with no edge of that
//                          body spanning it; normal along the line between the corners
//   circle/straight        a convex arc against a straight edge (the straight edge gives
//                          the normal); the arc's point nearest the line must be on the
//                          arc and the centre's foot on the segment
//   circle/circle          convex/convex (normal along the centre line, out of the
//                          normal arc) and convex inside concave (the concave arc gives
//                          the normal, pointing towards its centre)
// Only corners take part here: decorated (mid-point) vertices and the seam vertex of a
// complete circle are no corners. A corner inside the other body is a penetration
// against that body's nearest spanning edge; an edge/edge overlap deeper than the arcs'
// chord depth is ignored, as in engine2D. (A corner inside the other body where no edge
// of that body spans it, possible only near a reflex corner, gives no record here: the
// swept test catches it as it enters.)
//
// Over the step (when the previous state is given):
//   swept vertex/edge      every vertex of each body, decorated ones included, is
//                          followed from its previous position to its current one as
//                          seen from the other body's edges (swept_vertex.h): a path
//                          that enters the other body is a collision at the crossing,
//                          so a fast or thin body that passed right through the other
//                          in one step is still caught. Such a vertex has no other
//                          record; the corners whose path entered nothing have the
//                          tests at the current state above.
//   circle/straight        a penetration counts only when the same two edges were
//                          apart (positive distance) at the previous state: the
//                          distance is a depth only for an overlap that has just begun.
//   circle/circle          the current state only (deep overlaps ignored, as above).
// Candidate pairs come from the broad phase over boxes that cover both states
// (broadPhasePairs with the old state, broad_phase.h).
//
// Then per pair of bodies (record_pruning.h): a decorated-vertex collision gives way to
// an edge/edge collision between the same two edges, end-point vertex collisions
// always kept; and of the records that describe the same gap only the one of smallest
// distance is kept.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/collision/rigid_body_collision.h"

namespace cl {

class RigidBodySim;

// The states of the two bodies of a pair at the previous step.
struct PreviousStates {
  BodyState a, b;
};

// Every record closer than tol.distanceTol between bodies a and b (indices ia, ib),
// whatever the normal velocity, appended to `out`: contacts, imminent collisions
// (close and approaching fast) and penetrations. With `previous`, also the collisions
// over the step (swept vertices, circle/straight needing a positive previous distance).
void findPairCollisions(const Polygon& a, const BodyState& sa, int ia, const Polygon& b,
                        const BodyState& sb, int ib, const ContactTolerances& tol,
                        std::vector<RigidBodyCollision>& out,
                        const std::optional<PreviousStates>& previous = std::nullopt);

// The same over every pair the broad phase passes (bounds grown by distanceTol).
// `oldVars`, when not empty, is the state at the previous step (same layout as
// `vars`, std::invalid_argument otherwise): it turns on the tests over the step, and
// the broad phase then covers both states. ContactSim passes the state at the start of
// the integrator step while CollisionAdvance has set one.
std::vector<RigidBodyCollision> findCloseCollisions(const RigidBodySim& sim,
                                                    std::span<const double> vars,
                                                    const ContactTolerances& tol,
                                                    std::span<const double> oldVars = {});

// A search with at least this many candidate pairs splits them over the threads of
// WorkerPool::shared() (engine/parallel/worker_pool.h), their records joined in pair order,
// so the result has the same bits; smaller ones stay on the calling thread. Handing a part
// to a helper and waiting for it costs about what a hundred pairs take: split at 64,
// bench_threads measured pile_20 and pile_50, whose searches have fewer, 15 % and 5 %
// slower. Process-wide; tests lower it to split every search.
inline constexpr std::size_t kDefaultParallelPairs = 256;
void setParallelPairs(std::size_t pairs);
std::size_t parallelPairs();

struct ContactSearch {
  std::vector<RigidBodyCollision> contacts;      // close and slow (RigidBodyCollision::contact)
  std::vector<RigidBodyCollision> penetrations;  // distance < 0: evaluate must report these
  std::vector<RigidBodyCollision> others;        // close, not penetrating, |vn| too large (or
                                                 // distance exactly 0)
  bool hasPenetration() const { return !penetrations.empty(); }
};

// findCloseCollisions sorted into contacts, penetrations and the rest.
ContactSearch findContacts(const RigidBodySim& sim, std::span<const double> vars,
                           const ContactTolerances& tol, std::span<const double> oldVars = {});

}  // namespace cl
