#include "engine/io/state_csv.h"

#include <fmt/format.h>

namespace cl {

std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

void writeStateCsvHeader(std::ostream& out, const RigidBodySim& sim) {
  out << "step,time,kinetic_energy,potential_energy,total_energy";
  for (const Polygon& b : sim.bodies())
    for (const char* v : {"x", "vx", "y", "vy", "angle", "omega"})
      out << ',' << csvField(b.name() + "_" + v);
  out << '\n';
}

void writeStateCsvRow(std::ostream& out, const RigidBodySim& sim, long long step) {
  const EnergyInfo e = sim.energy();
  out << step << ',' << fmt::format("{:.17g},{:.17g},{:.17g},{:.17g}", sim.time(), e.kinetic(),
                                    e.potential, e.total());
  for (double v : sim.vars()) out << fmt::format(",{:.17g}", v);
  out << '\n';
}

}  // namespace cl
