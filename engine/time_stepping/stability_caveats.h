#pragma once
// Force laws that an explicit step of the scene's size cannot integrate stably: the
// linear decay x' = -lambda x of a damping law (lambda = k / m for a body's motion,
// k rotateRatio / I for its turning) and the oscillation x'' = -omega^2 x of a spring
// (omega = sqrt(k / m) with m its ends' reduced mass, along the spring), against the
// integrator's stability interval, h lambda or h omega:
//   damping (the real axis):     Euler 2, modified Euler 2, Runge-Kutta 2.785, and the
//                                time steppers' semi-implicit Euler 2;
//   springs (the imaginary axis): Runge-Kutta 2 sqrt 2 and semi-implicit Euler 2; Euler
//                                and modified Euler amplify every oscillation a little
//                                (|R(i h omega)| > 1), so a spring is flagged there when
//                                its amplitude would grow more than twofold a second.
// Beyond those the energy grows without bound while the run reports success: a tiny mass
// under ordinary damping went from 2.5e-7 J to 298 J in a second.
#include <string>
#include <vector>

#include "engine/dynamics/rigid_body_sim.h"
#include "engine/settings/sim_settings.h"

namespace cl {

// One sentence per law and body out of bounds at `settings`' time step and integrator,
// naming the law, the body, the product and the bound, and the time step that would do.
std::vector<std::string> stabilityCaveats(const SimSettings& settings, const RigidBodySim& sim);

}  // namespace cl
