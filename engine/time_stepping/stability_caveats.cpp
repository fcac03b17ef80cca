#include "engine/time_stepping/stability_caveats.h"

#include <fmt/format.h>

#include <cmath>
#include <complex>
#include <limits>

#include "engine/body/scrim.h"
#include "engine/forces/damping_law.h"
#include "engine/forces/spring.h"

namespace cl {
namespace {

// How the scheme steps an ODE x' = z x / h: its amplification R(z) per step.
std::complex<double> amplification(IntegratorKind kind, std::complex<double> z) {
  switch (kind) {
    case IntegratorKind::kEuler:
      return 1.0 + z;
    case IntegratorKind::kModifiedEuler:
      return 1.0 + z + z * z / 2.0;
    case IntegratorKind::kRungeKutta:
      break;
  }
  return 1.0 + z + z * z / 2.0 + z * z * z / 6.0 + z * z * z * z / 24.0;
}

struct Scheme {
  std::string name;
  bool semiImplicit;  // the time steppers: semi-implicit Euler, whatever the integrator
  IntegratorKind integrator;
};

// The largest h lambda the scheme damps (the real axis).
double decayBound(const Scheme& s) {
  if (s.semiImplicit || s.integrator != IntegratorKind::kRungeKutta) return 2.0;
  return 2.785293563405282;  // RK4's stability interval on the negative real axis
}

// Whether an oscillation of angular frequency omega is integrated without growing beyond
// twofold a second; `bound` gets the h omega the scheme allows (0 when it has no interval).
bool oscillationStable(const Scheme& s, double omega, double h, double& bound) {
  if (s.semiImplicit) {  // symplectic Euler: stable for h omega < 2
    bound = 2.0;
    return h * omega < bound;
  }
  if (s.integrator == IntegratorKind::kRungeKutta) {
    bound = 2.0 * std::sqrt(2.0);
    return h * omega < bound;
  }
  bound = 0.0;
  const double perStep = std::abs(amplification(s.integrator, {0.0, h * omega}));
  return std::log(perStep) / h <= std::log(2.0);
}

// The step that would meet `bound` for a rate `rate` (1/s), with a margin.
double stepFor(double bound, double rate) {
  return 0.9 * bound / rate;
}

double massOf(const Polygon& b) {
  return b.isFixed() ? std::numeric_limits<double>::infinity() : b.mass();
}

}  // namespace

std::vector<std::string> stabilityCaveats(const SimSettings& settings, const RigidBodySim& sim) {
  const Scheme scheme{
      settings.advance == AdvanceKind::kCollisionAdvance
          ? std::string(nameOf(settings.integrator))
          : fmt::format("advance '{}' (semi-implicit Euler)", nameOf(settings.advance)),
      settings.advance != AdvanceKind::kCollisionAdvance, settings.integrator};
  const double h = settings.timeStep;
  std::vector<std::string> out;
  for (const auto& law : sim.forceLaws()) {
    if (const auto* damping = dynamic_cast<const DampingLaw*>(law.get())) {
      const double k = damping->damping();
      if (!(k > 0)) continue;
      const double bound = decayBound(scheme);
      for (int i : lawBodies(sim.bodies(), damping->bodies())) {
        const Polygon& b = sim.bodies()[static_cast<std::size_t>(i)];
        if (b.isFixed()) continue;
        // The faster of its two decays: of its velocity and of its spin.
        const double linear = k / b.mass();
        const double angular = k * damping->rotateRatio() / b.moment();
        const bool spin = angular > linear;
        const double rate = spin ? angular : linear;
        if (h * rate <= bound) continue;
        out.push_back(fmt::format(
            "damping {} on '{}' (mass {:.3g}, moment {:.3g}) is unstable with {} at time step "
            "{}: h k{} = {:.3g}, beyond the bound {:.3g}, so its energy grows instead of "
            "decaying; a time step below {:.3g} would do",
            k, b.name(), b.mass(), b.moment(), scheme.name, h,
            spin ? " r / I (r its rotate ratio)" : " / m", h * rate, bound, stepFor(bound, rate)));
        break;  // one body per law is enough to say it
      }
    } else if (const auto* spring = dynamic_cast<const Spring*>(law.get())) {
      const SpringParams& p = spring->params();
      if (!(p.stiffness > 0)) continue;
      const auto bodyMass = [&](int body) {
        return isScrim(body) ? std::numeric_limits<double>::infinity()
                             : massOf(sim.bodies()[static_cast<std::size_t>(body)]);
      };
      const double m1 = bodyMass(p.body1), m2 = bodyMass(p.body2);
      const double m = std::isinf(m1) ? m2 : std::isinf(m2) ? m1 : m1 * m2 / (m1 + m2);
      if (!std::isfinite(m)) continue;  // between fixed ends: nothing moves
      const double omega = std::sqrt(p.stiffness / m);
      double bound = 0;
      if (oscillationStable(scheme, omega, h, bound)) continue;
      out.push_back(
          bound > 0
              ? fmt::format("spring '{}' (stiffness {}, mass {:.3g}) is unstable with {} at time "
                            "step {}: h sqrt(k / m) = {:.3g}, beyond the bound {:.3g}, so it "
                            "oscillates with growing energy; a time step below {:.3g} would do",
                            p.name, p.stiffness, m, scheme.name, h, h * omega, bound,
                            stepFor(bound, omega))
              : fmt::format("spring '{}' (stiffness {}, mass {:.3g}) gains energy fast with {} "
                            "at time step {} (h sqrt(k / m) = {:.3g}: its amplitude more than "
                            "doubles each second); runge-kutta, or a smaller time step, would do",
                            p.name, p.stiffness, m, scheme.name, h, h * omega));
    }
  }
  return out;
}

}  // namespace cl
