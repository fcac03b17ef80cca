#pragma once
// AdvanceStrategy: moves a simulation forward in time. SimpleAdvance takes
// plain integrator steps; CollisionAdvance (collision_advance/) adds back-up in time.
#include <functional>
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

// A step stopped from outside (the workbench's cancel), not by the simulation: thrown by
// advance() where cancelCheck (below) says so, with the simulation as SimulationError leaves it.
class StepCancelled : public SimulationError {
 public:
  using SimulationError::SimulationError;
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
  // Asked between the parts of a step (CollisionAdvance's sub-steps, a time stepper's
  // rounds); when it answers true, advance() throws StepCancelled. Empty: never.
  void setCancelCheck(std::function<bool()> check) { mCancelCheck = std::move(check); }

 protected:
  explicit AdvanceStrategy(IntegratorKind kind) : mIntegrator(makeIntegrator(kind)) {}
  // Throws StepCancelled, saying at what simulation time, when the cancel check says so.
  void throwIfCancelled(double time) const;
  std::function<bool()> mCancelCheck;
  double mTimeStep = kDefaultTimeStep;
  std::unique_ptr<Integrator> mIntegrator;
  long long mSteps = 0;
};

class SimpleAdvance : public AdvanceStrategy {
 public:
  explicit SimpleAdvance(RigidBodySim& sim, IntegratorKind kind = IntegratorKind::kRungeKutta)
      : AdvanceStrategy(kind), mSim(sim) {}
  void advance(double dt) override;
  RigidBodySim& sim() override { return mSim; }

 private:
  RigidBodySim& mSim;
};

}  // namespace cl
