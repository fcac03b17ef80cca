#include "engine/io/state_json.h"

namespace cl {

nlohmann::ordered_json stateJson(const RigidBodySim& sim, long long steps) {
  nlohmann::ordered_json j;
  const EnergyInfo e = sim.energy();
  j["time"] = sim.time();
  j["steps"] = steps;
  j["energy"] = {{"kinetic", e.kinetic()},
                 {"translational", e.translational},
                 {"rotational", e.rotational},
                 {"potential", e.potential},
                 {"total", e.total()}};
  auto& bodies = j["bodies"] = nlohmann::ordered_json::array();
  for (int i = 0; i < sim.bodyCount(); ++i) {
    const BodyState s = sim.bodyState(i);
    bodies.push_back({{"name", sim.bodies()[i].name()},
                      {"x", s.x},
                      {"vx", s.vx},
                      {"y", s.y},
                      {"vy", s.vy},
                      {"angle", s.angle},
                      {"omega", s.omega}});
  }
  return j;
}

}  // namespace cl
