#pragma once
// Gravity2Law: mutual inverse-square attraction between every pair of bodies,
//   F = G m1 m2 / r^2 along the line between their centres of mass,
//   PE = G m1 m2 (1 / (h1 + h2) - 1 / r) summed over pairs,
// with h the bodies' minHeight: as engine2D does, the zero of each pair's energy
// is where they come closest, so the potential energy stays positive.
#include "engine/forces/force_law.h"

namespace cl {

class Gravity2Law : public ForceLaw {
 public:
  explicit Gravity2Law(double gravity, std::vector<int> bodies = {})
      : mGravity(gravity), mBodies(std::move(bodies)) {}
  std::string name() const override { return "gravity2"; }
  void calculateForces(const ForceContext& ctx, std::vector<Force>& out) const override;
  double potentialEnergy(const ForceContext& ctx) const override;
  std::unique_ptr<ForceLaw> clone() const override { return std::make_unique<Gravity2Law>(*this); }
  double gravity() const { return mGravity; }

 private:
  double mGravity;
  std::vector<int> mBodies;
};

}  // namespace cl
