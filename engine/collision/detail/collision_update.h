#pragma once
// updateCollision (engine2D's RigidBodyCollision.updateCollision): a record re-measured
// at another state, for the same features. CollisionAdvance finds a collision as a
// penetration, backs up in time to just before it, and then needs the record to
// describe that earlier state — where the bodies are still apart — before the
// impulse is computed: the impact points (where the impulse acts), the r and u
// vectors, the normal, the (now positive) distance and the normal velocity.
//
// By kind, with the features the record names:
//   vertex/edge    (swept or not, decorated or not) the vertex against the edge:
//                  impact1 the vertex, impact2 its projection on the edge's line or
//                  circle, distance along the edge's outward normal there. The
//                  record is kept even when the projection has left the edge's span
//                  (as engine2D does): a vertex just beside the end of an edge still
//                  meets it.
//   edge/edge      the same arc against the same edge (feature_gap.h), spans not
//                  checked either
//   vertex/vertex  the two corners, normal along the line between them
//   connector      left as it is and reported kept: a connector re-measures its own
//                  records (ask the connector).
// The curvature facts and tolerances of the record do not change.
#include <span>

#include "engine/collision/rigid_body_collision.h"

namespace cl {

class RigidBodySim;

// Re-measures `c` at the state `vars` (the layout of sim.vars()). False, with `c`
// unchanged, when the features no longer give a gap: a vertex at the centre of the
// arc it meets, concentric arcs, coincident corners, or a record whose bodies or
// features are not in `sim`.
// engine2dArithmetic: straight edges measured as engine2D measures them (ContactTolerances).
bool updateCollision(RigidBodyCollision& c, const RigidBodySim& sim, std::span<const double> vars,
                     bool engine2dArithmetic = false);

}  // namespace cl
