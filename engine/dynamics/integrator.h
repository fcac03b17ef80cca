#pragma once
// Integrator: advances an ODE system dx/dt = f(x, t) by one step h. Euler,
// modified Euler (Heun, second order) and classical Runge-Kutta (fourth order)
// share this interface.
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "engine/math/named_enum.h"

namespace cl {

class OdeSystem {
 public:
  virtual ~OdeSystem() = default;
  // change = dx/dt at (vars, t); change has the size of vars.
  virtual void evaluate(std::span<const double> vars, double t, std::span<double> change) = 0;
  // An integral carried beside the state, W = integral of w(x, t) dt, that does not feed back
  // into the motion (the energy friction takes out): each evaluate sets w at its state
  // (carriedRate), and the integrator hands the step's quadrature of w, with the weights it
  // gives the state, to carry(). Exactly as if W were one more state variable, without one.
  virtual double carriedRate() const { return 0.0; }
  virtual void carry(double /*increment*/) {}
};

enum class IntegratorKind { kEuler, kModifiedEuler, kRungeKutta };
inline constexpr NamedValue<IntegratorKind> kIntegratorKindNames[] = {
    {IntegratorKind::kEuler, "euler"},
    {IntegratorKind::kModifiedEuler, "modified-euler"},
    {IntegratorKind::kRungeKutta, "runge-kutta"}};
constexpr std::span<const NamedValue<IntegratorKind>> namesOf(IntegratorKind) {
  return kIntegratorKindNames;
}

class Integrator {
 public:
  virtual ~Integrator() = default;
  virtual IntegratorKind kind() const = 0;
  // Replaces vars (the state at time t) by the state at time t + h.
  virtual void step(OdeSystem& system, std::vector<double>& vars, double t, double h) = 0;
  // The change of a variable whose rate is 1 over the step, rounded as the step's weights
  // round it: engine2D keeps time as such a variable (4th-order Runge-Kutta: 6 h / 6, which
  // is not always h).
  virtual double timeIncrement(double h) const = 0;
};

std::unique_ptr<Integrator> makeIntegrator(IntegratorKind kind);

}  // namespace cl
