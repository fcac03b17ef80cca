#pragma once
// RigidBodySim: bodies, force laws and the state vector, with the differential
// equations of rigid-body motion under those forces:
//   x' = vx, vx' = Fx / m, y' = vy, vy' = Fy / m, angle' = omega, omega' = tau / I,
//   tau = (p - cm) x F + torque, summed over the forces on the body.
// Collisions and contacts come from subclasses (ContactSim).
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/dynamics/integrator.h"
#include "engine/forces/force_law.h"
#include "engine/math/random_lcg.h"

namespace cl {

struct EnergyInfo {
  double translational = 0.0;
  double rotational = 0.0;
  double potential = 0.0;
  // Energy friction has taken from the bodies since the run began (the negated work of the
  // friction forces and impulses): total() + frictionLoss stays constant where nothing else
  // gains or loses energy.
  double frictionLoss = 0.0;
  double kinetic() const { return translational + rotational; }
  double total() const { return translational + rotational + potential; }
};

struct MomentumInfo {
  Vec2 linear;
  double angular = 0.0;  // about the world origin
};

class RigidBodySim : public OdeSystem {
 public:
  RigidBodySim() = default;
  RigidBodySim(const RigidBodySim& other);
  RigidBodySim& operator=(const RigidBodySim& other);
  RigidBodySim(RigidBodySim&&) = default;
  RigidBodySim& operator=(RigidBodySim&&) = default;
  // A copy of the same dynamic type (a ContactSim copies as a ContactSim).
  virtual std::unique_ptr<RigidBodySim> clone() const {
    return std::make_unique<RigidBodySim>(*this);
  }

  // Adds a body at the given state; returns its index. Names must be unique
  // (std::invalid_argument otherwise).
  int addBody(Polygon body, const BodyState& state = {});
  const std::vector<Polygon>& bodies() const { return mBodies; }
  // A body's name is its key (findBody): it is not to be changed here once added.
  Polygon& body(int i) { return mBodies[i]; }
  int bodyCount() const { return static_cast<int>(mBodies.size()); }
  // Index of the named body, or -1.
  int findBody(std::string_view name) const;
  // Body `body`'s name, kScrimName for the Scrim, "#i" for an index out of range: for
  // messages, traces and exports.
  std::string bodyName(int body) const;

  void addForceLaw(std::unique_ptr<ForceLaw> law);
  // Removes (and destroys) `law`; false when it is not one of this simulation's laws.
  bool removeForceLaw(const ForceLaw* law);
  const std::vector<std::unique_ptr<ForceLaw>>& forceLaws() const { return mLaws; }
  ForceLaw& forceLaw(int i) { return *mLaws[i]; }

  // State: 6 variables per body (see BodyState) and the time.
  const std::vector<double>& vars() const { return mVars; }
  std::vector<double>& vars() { return mVars; }
  double time() const { return mTime; }
  void setTime(double t) { mTime = t; }
  BodyState bodyState(int i) const { return BodyState::fromVars(mVars, i); }
  void setBodyState(int i, const BodyState& s) { s.toVars(mVars, i); }

  void evaluate(std::span<const double> vars, double t, std::span<double> change) override;
  // Every force the laws apply at this state, for display and tests.
  std::vector<Force> forces(std::span<const double> vars, double t) const;

  // The energy at this state; its frictionLoss is the run's so far (frictionLoss()).
  EnergyInfo energy() const { return energyAt(mVars, mTime); }
  EnergyInfo energyAt(std::span<const double> vars, double t) const;
  MomentumInfo momentum() const;

  // EnergyInfo::frictionLoss of the run so far: saved and restored with the state.
  double frictionLoss() const { return mFrictionLoss; }
  void setFrictionLoss(double loss) { mFrictionLoss = loss; }
  void addFrictionLoss(double loss) { mFrictionLoss += loss; }

  // The one random generator of the simulation: every random choice draws from it.
  RandomLCG& random() { return mRandom; }
  const RandomLCG& random() const { return mRandom; }

 protected:
  // Force laws in engine2D's arithmetic (ForceContext::engine2d).
  void setEngine2dForces(bool on) { mEngine2dForces = on; }

 private:
  ForceContext context(std::span<const double> vars, double t) const {
    return {mBodies, vars, t, mEngine2dForces};
  }

  std::vector<Polygon> mBodies;
  bool mEngine2dForces = false;
  // Name to index as added, so that adding n bodies is not n^2 name compares.
  std::unordered_map<std::string, int> mNameIndex;
  std::vector<std::unique_ptr<ForceLaw>> mLaws;
  std::vector<double> mVars;
  double mTime = 0.0;
  double mFrictionLoss = 0.0;
  RandomLCG mRandom;
  std::vector<Force> mForceScratch;
};

}  // namespace cl
