#pragma once
// ThrusterSet: rocket thrusters fixed to one body. Each thruster pushes with the
// set's magnitude along its direction (body coordinates) at its location (body
// coordinates) while it is switched on.
#include "engine/forces/force_law.h"

namespace cl {

struct Thruster {
  Vec2 location;   // body coordinates
  Vec2 direction;  // body coordinates, scaled by the set's magnitude
  bool active = false;
};

class ThrusterSet : public ForceLaw {
 public:
  ThrusterSet(int body, double magnitude, std::vector<Thruster> thrusters,
              std::string name = "thrusters")
      : mBody(body),
        mMagnitude(magnitude),
        mThrusters(std::move(thrusters)),
        mName(std::move(name)) {}
  std::string name() const override { return mName; }
  void calculateForces(const ForceContext& ctx, std::vector<Force>& out) const override;
  std::unique_ptr<ForceLaw> clone() const override { return std::make_unique<ThrusterSet>(*this); }

  int body() const { return mBody; }
  double magnitude() const { return mMagnitude; }
  void setMagnitude(double m) { mMagnitude = m; }
  const std::vector<Thruster>& thrusters() const { return mThrusters; }
  // Switch thruster `index` on or off; false if there is no such thruster.
  bool setActive(int index, bool on);

 private:
  int mBody;
  double mMagnitude;
  std::vector<Thruster> mThrusters;
  std::string mName;
};

}  // namespace cl
