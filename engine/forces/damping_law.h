#pragma once
// DampingLaw: F = -k v at the centre of mass and torque = -k * rotateRatio * omega.
#include "engine/forces/force_law.h"

namespace cl {

// The rotate ratio of a damping law that names none (myPhysicsLab's DampingLaw).
inline constexpr double kDefaultRotateRatio = 1.0;

class DampingLaw : public ForceLaw {
 public:
  DampingLaw(double damping, double rotateRatio, std::vector<int> bodies = {})
      : mDamping(damping), mRotateRatio(rotateRatio), mBodies(std::move(bodies)) {}
  std::string name() const override { return "damping"; }
  void calculateForces(const ForceContext& ctx, std::vector<Force>& out) const override;
  std::unique_ptr<ForceLaw> clone() const override { return std::make_unique<DampingLaw>(*this); }
  double damping() const { return mDamping; }
  void setDamping(double k) { mDamping = k; }
  double rotateRatio() const { return mRotateRatio; }
  // The bodies it acts on as given (empty: every movable body; lawBodies resolves them).
  const std::vector<int>& bodies() const { return mBodies; }

 private:
  double mDamping;
  double mRotateRatio;
  std::vector<int> mBodies;
};

}  // namespace cl
