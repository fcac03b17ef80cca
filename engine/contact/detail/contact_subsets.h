#pragma once
// Independent subsets of contacts: two contacts belong to the same subset when a chain
// of movable bodies links them (each contact sharing a movable body with the next). A
// fixed body or the Scrim links nothing, so two piles on one floor are two subsets and
// each is solved on its own (smaller LCPs, and a redundant contact is only ever
// traded against contacts it is connected to).
//
// The order follows engine2D's subsetCollisions1: a subset starts from the first
// contact not yet taken, then sweeps the remaining contacts in order, appending any
// that touches a movable body already in the subset, until a sweep adds nothing. Rows
// of each subset's LCP are in that order (it matters to the solver's contact order).
#include <span>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/collision/rigid_body_collision.h"

namespace cl {

// Indices into `contacts`, one vector per subset, every index exactly once.
std::vector<std::vector<int>> contactSubsets(const std::vector<RigidBodyCollision>& contacts,
                                             std::span<const Polygon> bodies);

}  // namespace cl
