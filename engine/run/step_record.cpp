#include "engine/run/step_record.h"

#include <limits>
#include <utility>
#include <vector>

#include "engine/contact/contact_sim.h"

namespace cl {

namespace {
template <class T>
std::size_t bytesOf(const std::vector<T>& v) {
  return sizeof(T) * v.capacity();
}
}  // namespace

std::size_t StepRecord::bytes() const {
  std::size_t n = sizeof(*this) + bytesOf(state.vars) + bytesOf(state.warmStart.carriers()) +
                  bytesOf(draw.states) + bytesOf(draw.contacts) + bytesOf(draw.connectors) +
                  bytesOf(draw.springs) + bytesOf(draw.thrusters);
  if (trace) n += trace->bytes();
  return n;
}

StepRecord initialRecord(const RigidBodySim& sim, AdvanceKind advance, IntegratorKind integrator,
                         double timeStep, long long step) {
  const auto* contactSim = dynamic_cast<const ContactSim*>(&sim);
  StepRecord r;
  r.step = step;
  r.draw = drawDataOf(sim, step);
  r.state = {.time = sim.time(),
             .vars = sim.vars(),
             .frictionLoss = sim.frictionLoss(),
             .random = sim.random(),
             .warmStart = contactSim ? contactSim->warmStartMemory() : WarmStart(),
             .structure = sim.clone(),
             .advance = advance,
             .integrator = integrator,
             .timeStep = timeStep,
             .counters = {}};
  r.stats.time = sim.time();
  r.stats.energy = r.draw.energy;
  r.stats.minDistance = std::numeric_limits<double>::quiet_NaN();
  return r;
}

StepRecord recordStep(AdvanceStrategy& advance, const SimState& before, long long step,
                      bool trace) {
  StepRun run = runStep(advance, before, trace ? StepTracing::kCompact : StepTracing::kOff);
  StepRecord r;
  r.step = step;
  r.draw = drawDataOf(advance.sim(), step);
  r.state = std::move(run.state);
  r.stats = run.stats;
  r.trace = std::move(run.trace);
  return r;
}

}  // namespace cl
