#pragma once
// ConstantForceLaw: a force fixed in world coordinates, applied at a body point
// (body coordinates), plus an optional constant torque.
#include "engine/forces/force_law.h"

namespace cl {

class ConstantForceLaw : public ForceLaw {
 public:
  ConstantForceLaw(int body, Vec2 locationBody, Vec2 force, double torque = 0.0,
                   std::string name = "constant force")
      : mBody(body),
        mLocation(locationBody),
        mForce(force),
        mTorque(torque),
        mName(std::move(name)) {}
  std::string name() const override { return mName; }
  void calculateForces(const ForceContext& ctx, std::vector<Force>& out) const override {
    if (ctx.bodies[mBody].isFixed()) return;
    out.push_back({mBody, ctx.worldPoint(mBody, mLocation), mForce, mTorque, mName});
  }
  std::unique_ptr<ForceLaw> clone() const override {
    return std::make_unique<ConstantForceLaw>(*this);
  }
  int body() const { return mBody; }
  Vec2 location() const { return mLocation; }
  Vec2 force() const { return mForce; }
  double torque() const { return mTorque; }

 private:
  int mBody;
  Vec2 mLocation;
  Vec2 mForce;
  double mTorque;
  std::string mName;
};

}  // namespace cl
