#pragma once
// Broad phase over a step: the candidate pairs for the swept collision tests. Each
// body's box is the union of its world bounds at the previous state and at the
// current one, grown by a margin, so a body that moved far in one step is paired
// with everything it passed (a fast ball and the thin wall it went through) and not
// only with what is near either end of its path.
#include <span>
#include <vector>

#include "engine/collision/broad_phase.h"

namespace cl {

// Like broadPhasePairs (same pair rules and order) with the swept boxes; `oldVars`
// has the layout of `vars`.
std::vector<BodyPair> sweptBroadPhasePairs(const RigidBodySim& sim, std::span<const double> vars,
                                           std::span<const double> oldVars, double margin);

}  // namespace cl
