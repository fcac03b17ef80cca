#pragma once
// GravityLaw: uniform gravity, F = (0, -m g) at the centre of mass;
// PE = m g (y - y0), y0 the body's zero-energy level if it has one, else the law's.
#include "engine/forces/force_law.h"

namespace cl {

class GravityLaw : public ForceLaw {
 public:
  GravityLaw(double gravity, double zeroEnergyLevel = 0.0, std::vector<int> bodies = {})
      : mGravity(gravity), mZeroEnergyLevel(zeroEnergyLevel), mBodies(std::move(bodies)) {}
  std::string name() const override { return "gravity"; }
  void calculateForces(const ForceContext& ctx, std::vector<Force>& out) const override;
  double potentialEnergy(const ForceContext& ctx) const override;
  std::unique_ptr<ForceLaw> clone() const override { return std::make_unique<GravityLaw>(*this); }

  double gravity() const { return mGravity; }
  void setGravity(double g) { mGravity = g; }
  double zeroEnergyLevel() const { return mZeroEnergyLevel; }

 private:
  double mGravity;
  double mZeroEnergyLevel;
  std::vector<int> mBodies;
};

}  // namespace cl
