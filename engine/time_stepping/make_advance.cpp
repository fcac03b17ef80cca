#include "engine/time_stepping/make_advance.h"

#include "engine/collision_advance/collision_advance.h"
#include "engine/time_stepping/fischer_burmeister_stepper.h"
#include "engine/time_stepping/lcp_fixpoint_stepper.h"
#include "engine/time_stepping/newton_release_stepper.h"

namespace cl {

std::unique_ptr<AdvanceStrategy> makeAdvanceFor(RigidBodySim& sim, AdvanceKind kind,
                                                IntegratorKind integrator, double timeStep) {
  std::unique_ptr<AdvanceStrategy> advance;
  auto* cs = dynamic_cast<ContactSim*>(&sim);
  if (!cs)
    advance = std::make_unique<SimpleAdvance>(sim, integrator);
  else if (kind == AdvanceKind::kNewtonRelease)
    advance = std::make_unique<NewtonReleaseStepper>(*cs);
  else if (kind == AdvanceKind::kFischerBurmeister)
    advance = std::make_unique<FischerBurmeisterStepper>(*cs);
  else if (kind == AdvanceKind::kLcpFixpoint)
    advance = std::make_unique<LcpFixpointStepper>(*cs);
  else
    advance = std::make_unique<CollisionAdvance>(*cs, integrator);
  advance->setTimeStep(timeStep);
  // A time stepper keeps the integrator setting (unused by its Euler step) for the record.
  advance->setIntegrator(integrator);
  return advance;
}

}  // namespace cl
