#pragma once
// Spring: between a point on body1 and a point on body2 (or a fixed world point
// when body2 is the Scrim). With L the current length and u the unit vector
// from end 1 to end 2, the force on end 1 is
//   F1 = (k (L - rest) + b dL/dt) u,   F2 = -F1,
// dL/dt = (v2 - v1) . u. A compress-only spring pushes but never pulls.
// PE = k (L - rest)^2 / 2 (zero for a compress-only spring that is stretched).
#include "engine/forces/force_law.h"

namespace cl {

struct SpringParams {
  int body1 = 0;
  Vec2 attach1;  // body coordinates of body1
  int body2 = kScrim;
  Vec2 attach2;  // body coordinates of body2, world coordinates for the Scrim
  double restLength = 0.0;
  double stiffness = 0.0;
  double damping = 0.0;
  bool compressOnly = false;
  std::string name = "spring";
};

class Spring : public ForceLaw {
 public:
  explicit Spring(SpringParams p) : mP(std::move(p)) {}
  std::string name() const override { return mP.name; }
  void calculateForces(const ForceContext& ctx, std::vector<Force>& out) const override;
  double potentialEnergy(const ForceContext& ctx) const override;
  std::unique_ptr<ForceLaw> clone() const override { return std::make_unique<Spring>(*this); }
  const SpringParams& params() const { return mP; }
  // Current world positions of the two ends.
  std::pair<Vec2, Vec2> ends(const ForceContext& ctx) const;

 private:
  double stretch(const ForceContext& ctx) const;
  SpringParams mP;
};

}  // namespace cl
