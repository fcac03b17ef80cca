#include "engine/dynamics/state_csv.h"

#include <fmt/format.h>

#include "engine/io/csv_field.h"
#include "engine/io/number_text.h"

namespace cl {

void writeStateCsvHeader(std::ostream& out, std::span<const Polygon> bodies) {
  out << "step,time,kinetic_energy,potential_energy,total_energy,friction_loss";
  for (const Polygon& b : bodies)
    for (const char* v : {"x", "vx", "y", "vy", "angle", "omega"})
      out << ',' << csvField(b.name() + "_" + v);
  out << '\n';
}

void writeStateCsvRow(std::ostream& out, long long step, double time, const EnergyInfo& e,
                      std::span<const double> vars) {
  out << step << ',' << numberText(time) << ',' << numberText(e.kinetic()) << ','
      << numberText(e.potential) << ',' << numberText(e.total()) << ','
      << numberText(e.frictionLoss);
  for (double v : vars) out << ',' << numberText(v);
  out << '\n';
}

void writeStateCsvHeader(std::ostream& out, const RigidBodySim& sim) {
  writeStateCsvHeader(out, std::span<const Polygon>(sim.bodies()));
}

void writeStateCsvRow(std::ostream& out, const RigidBodySim& sim, long long step) {
  writeStateCsvRow(out, step, sim.time(), sim.energy(), sim.vars());
}

}  // namespace cl
