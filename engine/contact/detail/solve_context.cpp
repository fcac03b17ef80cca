#include "engine/contact/detail/solve_context.h"

#include <algorithm>
#include <string>

#include "engine/contact/expand_trace.h"

namespace cl {

SolveContact solveContactOf(const RigidBodySim& sim, const RigidBodyCollision& c) {
  return {.primaryBody = c.primaryBody,
          .normalBody = c.normalBody,
          .label = sim.bodyName(c.primaryBody) + "/" + sim.bodyName(c.normalBody),
          .kind = collisionKindName(c.kind),
          .point = c.impact1,
          .normal = c.normal,
          .distance = c.distance,
          .normalVelocity = c.normalVelocity,
          .joint = c.joint,
          .connector = c.connector};
}

SolveContext makeSolveContext(const RigidBodySim& sim, const std::vector<RigidBodyCollision>& rows,
                              SolvePurpose purpose, double time, int subset) {
  SolveContext context{.purpose = purpose, .time = time, .subset = subset, .contacts = {}};
  context.contacts.reserve(rows.size());
  for (const RigidBodyCollision& c : rows) context.contacts.push_back(solveContactOf(sim, c));
  // Rows of one label (two corners of a block on the floor) are told apart by their place
  // among the label's rows, from 1: "block/floor 1", "block/floor 2". The rows are ordered
  // by label (stably: places follow the row order) and each run of equal labels numbered;
  // a traced pile_100 makes this context for every contact-force solve, hundreds of rows.
  const std::size_t n = context.contacts.size();
  if (n < 2) return context;
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  const auto label = [&](std::size_t i) -> const std::string& { return context.contacts[i].label; };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return label(x) < label(y); });
  for (std::size_t first = 0; first < n;) {
    std::size_t end = first + 1;
    while (end < n && label(order[end]) == label(order[first])) ++end;
    if (end - first > 1)
      for (std::size_t k = first; k < end; ++k)
        context.contacts[order[k]].label += " " + std::to_string(k - first + 1);
    first = end;
  }
  return context;
}

SolveContext withFrictionRows(SolveContext context) {
  const std::size_t n = context.contacts.size();
  context.contacts.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    SolveContact friction = context.contacts[i];
    friction.label = "F " + friction.label;
    friction.kind = "friction";
    // contactTangent: the normal turned +90 degrees.
    friction.normal = {-friction.normal.y, friction.normal.x};
    friction.joint = false;
    context.contacts.push_back(std::move(friction));
  }
  return context;
}

SolveContext makeFrictionSolveContext(const RigidBodySim& sim,
                                      const std::vector<RigidBodyCollision>& rows,
                                      SolvePurpose purpose, double time, int subset) {
  return withFrictionRows(makeSolveContext(sim, rows, purpose, time, subset));
}

CompactRows makeCompactRows(const RigidBodySim& sim, const RigidBodyCollision& c, double time,
                            const ComputeForcesOptions& options) {
  return {.time = time,
          .contacts = {solveContactOf(sim, c)},
          .options = compactOptions(LcpSolverKind::kComputeForces, options)};
}

}  // namespace cl
