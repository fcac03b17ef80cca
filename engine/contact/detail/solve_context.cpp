#include "engine/contact/detail/solve_context.h"

#include <map>
#include <string>

#include "engine/contact/detail/friction_problem.h"

namespace cl {

SolveContext makeSolveContext(const RigidBodySim& sim, const std::vector<RigidBodyCollision>& rows,
                              SolvePurpose purpose, double time, int subset) {
  SolveContext context{.purpose = purpose, .time = time, .subset = subset, .contacts = {}};
  context.contacts.reserve(rows.size());
  for (const RigidBodyCollision& c : rows)
    context.contacts.push_back(
        {.primaryBody = c.primaryBody,
         .normalBody = c.normalBody,
         .label = sim.bodyName(c.primaryBody) + "/" + sim.bodyName(c.normalBody),
         .kind = collisionKindName(c.kind),
         .point = c.impact1,
         .normal = c.normal,
         .distance = c.distance,
         .normalVelocity = c.normalVelocity,
         .joint = c.joint,
         .connector = c.connector});
  // Rows of one body pair (two corners of a block on the floor) are told apart by their
  // place among the pair's rows, from 1: "block/floor 1", "block/floor 2".
  std::map<std::string, int> rowsOf, seen;
  for (const SolveContact& c : context.contacts) ++rowsOf[c.label];
  for (SolveContact& c : context.contacts)
    if (rowsOf[c.label] > 1) c.label += " " + std::to_string(++seen[c.label]);
  return context;
}

SolveContext makeFrictionSolveContext(const RigidBodySim& sim,
                                      const std::vector<RigidBodyCollision>& rows,
                                      SolvePurpose purpose, double time, int subset) {
  SolveContext context = makeSolveContext(sim, rows, purpose, time, subset);
  const std::size_t n = context.contacts.size();
  for (std::size_t i = 0; i < n; ++i) {
    SolveContact friction = context.contacts[i];
    friction.label = "F " + friction.label;
    friction.kind = "friction";
    friction.normal = contactTangent(rows[i]);
    friction.joint = false;
    context.contacts.push_back(std::move(friction));
  }
  return context;
}

}  // namespace cl
