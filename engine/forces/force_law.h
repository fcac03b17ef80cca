#pragma once
// ForceLaw: something that pushes on bodies (gravity, damping, springs,
// thrusters). Each evaluation it lists Forces at world points; laws with a
// potential contribute potential energy.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/body/scrim.h"

namespace cl {

// A force `vector` applied at world point `location` of `body`, plus a pure torque.
struct Force {
  int body = 0;
  Vec2 location;
  Vec2 vector;
  double torque = 0.0;
  std::string law;  // name of the law that made it, for display
};

// What a law sees: the bodies and the state vector being evaluated.
struct ForceContext {
  std::span<const Polygon> bodies;
  std::span<const double> vars;
  double time = 0.0;
  // The laws that have one compute in myPhysicsLab engine2D's arithmetic (the
  // compute_forces_engine2d option: ContactSim::setContactSolver).
  bool engine2d = false;

  BodyState state(int body) const { return BodyState::fromVars(vars, body); }
  // World position of a body point, or the point itself for the Scrim.
  Vec2 worldPoint(int body, Vec2 pBody) const {
    return isScrim(body) ? pBody : bodies[body].bodyToWorld(state(body), pBody);
  }
  Vec2 pointVelocity(int body, Vec2 pWorld) const {
    return isScrim(body) ? Vec2{} : Polygon::velocityAt(state(body), pWorld);
  }
};

class ForceLaw {
 public:
  virtual ~ForceLaw() = default;
  virtual std::string name() const = 0;
  virtual void calculateForces(const ForceContext& ctx, std::vector<Force>& out) const = 0;
  virtual double potentialEnergy(const ForceContext&) const { return 0.0; }
  virtual std::unique_ptr<ForceLaw> clone() const = 0;
};

// Movable bodies among `bodies`, or all movable bodies when `bodies` is empty.
std::vector<int> lawBodies(std::span<const Polygon> all, const std::vector<int>& bodies);

}  // namespace cl
