#pragma once
// StateCsv: one CSV row per recorded step with the time, the energies and every
// body's six variables, columns named <body>_x, <body>_vx, <body>_y, <body>_vy,
// <body>_angle, <body>_omega. Numbers are written with 17 significant digits so
// they read back bit for bit.
#include <ostream>
#include <span>
#include <string>

#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

void writeStateCsvHeader(std::ostream& out, std::span<const Polygon> bodies);
// A row of a recorded state: `vars` holds 6 numbers per body, in the header's order.
void writeStateCsvRow(std::ostream& out, long long step, double time, const EnergyInfo& energy,
                      std::span<const double> vars);
// The same for a simulation as it is now.
void writeStateCsvHeader(std::ostream& out, const RigidBodySim& sim);
void writeStateCsvRow(std::ostream& out, const RigidBodySim& sim, long long step);

}  // namespace cl
