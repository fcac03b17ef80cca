#include "engine/trace/waypoint_csv.h"

#include <fmt/format.h>

#include <cmath>

#include "engine/io/csv_field.h"
#include "engine/io/number_text.h"

namespace cl {

namespace {}  // namespace

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
                  numberText(w.time), numberText(w.stepSize), numberText(w.targetTime),
                  w.binarySearch ? 1 : 0, w.stuckCount, numberText(w.nextEstimate));
  if (w.collisions.empty()) {
    out << head << std::string(15, ',') << '\n';
    return;
  }
  for (std::size_t k = 0; k < w.collisions.size(); ++k) {
    const WaypointCollision& c = w.collisions[k];
    out << head
        << fmt::format(",{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", k + 1, c.kind,
                       csvField(sim.bodyName(c.primaryBody)), csvField(sim.bodyName(c.normalBody)),
                       numberText(c.impact.x), numberText(c.impact.y), numberText(c.normal.x),
                       numberText(c.normal.y), numberText(c.distance), numberText(c.normalVelocity),
                       numberText(c.estimatedTime), numberText(c.detectedTime),
                       c.needsHandling ? 1 : 0, c.joint ? 1 : 0, numberText(c.impulse));
  }
}

}  // namespace cl
