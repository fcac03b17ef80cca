#pragma once
// AdvanceStrategy: moves a simulation forward in time. SimpleAdvance takes
// plain integrator steps; CollisionAdvance (collision_advance/) adds back-up in time.
#include <memory>
#include <stdexcept>

#include "engine/dynamics/advance_kind.h"
#include "engine/dynamics/integrator.h"
#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

// The simulation cannot go on: a non-finite state, a stuck collision, a solver failure.
class SimulationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr double kDefaultTimeStep = 0.025;

class AdvanceStrategy {
 public:
  virtual ~AdvanceStrategy() = default;
  // Advances the simulation's time by dt; throws SimulationError on failure.
  virtual void advance(double dt) = 0;
  virtual RigidBodySim& sim() = 0;
  // Which way it advances (SimpleAdvance, for a simulation without contacts, counts as the
  // default).
  virtual AdvanceKind kind() const { return AdvanceKind::kCollisionAdvance; }

  double timeStep() const { return mTimeStep; }
  void setTimeStep(double dt) { mTimeStep = dt; }
  Integrator& integrator() { return *mIntegrator; }
  IntegratorKind integratorKind() const { return mIntegrator->kind(); }
  void setIntegrator(IntegratorKind kind) { mIntegrator = makeIntegrator(kind); }
  long long steps() const { return mSteps; }

 protected:
  explicit AdvanceStrategy(IntegratorKind kind) : mIntegrator(makeIntegrator(kind)) {}
  double mTimeStep = kDefaultTimeStep;
  std::unique_ptr<Integrator> mIntegrator;
  long long mSteps = 0;
};

class SimpleAdvance : public AdvanceStrategy {
 public:
  explicit SimpleAdvance(RigidBodySim& sim, IntegratorKind kind = IntegratorKind::RungeKutta)
      : AdvanceStrategy(kind), mSim(sim) {}
  void advance(double dt) override;
  RigidBodySim& sim() override { return mSim; }

 private:
  RigidBodySim& mSim;
};

}  // namespace cl
