#include "engine/io/waypoint_csv.h"

#include <fmt/format.h>

#include <cmath>

#include "engine/io/state_csv.h"

namespace cl {

namespace {

std::string num(double v) {
  return std::isnan(v) ? std::string("nan") : fmt::format("{:.17g}", v);
}

std::string bodyName(const RigidBodySim& sim, int b) {
  return b >= 0 && b < sim.bodyCount() ? csvField(sim.bodies()[b].name()) : std::string("scrim");
}

}  // namespace

void writeWaypointCsvHeader(std::ostream& out) {
  out << "step,waypoint,name,time,step_size,target_time,binary_search,stuck_count,"
         "next_estimate,collision,kind,primary,normal_body,impact_x,impact_y,normal_x,"
         "normal_y,distance,normal_velocity,estimated_time,detected_time,needs_handling,"
         "joint,impulse\n";
}

void writeWaypointCsvRows(std::ostream& out, const RigidBodySim& sim, long long step,
                          int waypointIndex, const Waypoint& w) {
  const std::string head =
      fmt::format("{},{},{},{},{},{},{},{},{}", step, waypointIndex, wayPointName(w.point),
                  num(w.time), num(w.stepSize), num(w.targetTime), w.binarySearch ? 1 : 0,
                  w.stuckCount, num(w.nextEstimate));
  if (w.collisions.empty()) {
    out << head << std::string(15, ',') << '\n';
    return;
  }
  for (std::size_t k = 0; k < w.collisions.size(); ++k) {
    const WaypointCollision& c = w.collisions[k];
    out << head
        << fmt::format(",{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", k + 1, c.kind,
                       bodyName(sim, c.primaryBody), bodyName(sim, c.normalBody), num(c.impact.x),
                       num(c.impact.y), num(c.normal.x), num(c.normal.y), num(c.distance),
                       num(c.normalVelocity), num(c.estimatedTime), num(c.detectedTime),
                       c.needsHandling ? 1 : 0, c.joint ? 1 : 0, num(c.impulse));
  }
}

}  // namespace cl
