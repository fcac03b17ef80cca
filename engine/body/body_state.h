#pragma once
// BodyState: the six variables of one body in the simulation's state vector,
// in engine2D's order: x, vx, y, vy, angle, omega. (x, y) is the centre of mass
// in world coordinates; angle is counter-clockwise in radians.
#include <span>

#include "engine/math/vec2.h"

namespace cl {

inline constexpr int kVarsPerBody = 6;
enum BodyVar { kX = 0, kVX = 1, kY = 2, kVY = 3, kAngle = 4, kOmega = 5 };

struct BodyState {
  double x = 0, vx = 0, y = 0, vy = 0, angle = 0, omega = 0;

  Vec2 position() const { return {x, y}; }
  Vec2 velocity() const { return {vx, vy}; }

  static BodyState fromVars(std::span<const double> vars, int body) {
    const double* v = vars.data() + kVarsPerBody * body;
    return {v[kX], v[kVX], v[kY], v[kVY], v[kAngle], v[kOmega]};
  }
  void toVars(std::span<double> vars, int body) const {
    double* v = vars.data() + kVarsPerBody * body;
    v[kX] = x, v[kVX] = vx, v[kY] = y, v[kVY] = vy, v[kAngle] = angle, v[kOmega] = omega;
  }
  bool operator==(const BodyState&) const = default;
};

}  // namespace cl
