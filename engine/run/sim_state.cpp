#include "engine/run/sim_state.h"

#include <cstring>

#include "engine/contact/contact_sim.h"

namespace cl {

SimState captureState(AdvanceStrategy& advance, std::shared_ptr<const RigidBodySim> structure,
                      const CollisionCounters& counters) {
  const RigidBodySim& sim = advance.sim();
  const auto* contactSim = dynamic_cast<const ContactSim*>(&sim);
  return {.time = sim.time(),
          .vars = sim.vars(),
          .frictionLoss = sim.frictionLoss(),
          .random = sim.random(),
          .warmStart = contactSim ? contactSim->warmStartMemory() : WarmStart(),
          .structure = std::move(structure),
          .advance = advance.kind(),
          .integrator = advance.integratorKind(),
          .timeStep = advance.timeStep(),
          .counters = counters};
}

void restoreState(RigidBodySim& sim, const SimState& state) {
  sim.vars() = state.vars;
  sim.setTime(state.time);
  sim.setFrictionLoss(state.frictionLoss);
  sim.random() = state.random;
  if (auto* contactSim = dynamic_cast<ContactSim*>(&sim))
    contactSim->setWarmStartMemory(state.warmStart);
}

bool sameState(const SimState& a, const SimState& b) {
  // Bit-wise, so that -0.0 and 0.0 or two NaNs are told apart exactly as stored.
  return std::memcmp(&a.time, &b.time, sizeof(double)) == 0 && a.vars.size() == b.vars.size() &&
         std::memcmp(a.vars.data(), b.vars.data(), sizeof(double) * a.vars.size()) == 0 &&
         std::memcmp(&a.frictionLoss, &b.frictionLoss, sizeof(double)) == 0 &&
         a.random.seed() == b.random.seed();
}

}  // namespace cl
