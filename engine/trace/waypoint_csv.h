#pragma once
// WaypointCsv: CollisionAdvance's waypoints as CSV, one row per (waypoint, collision)
// with the waypoint's columns repeated, and one row with empty collision columns for a
// waypoint without collisions. Columns:
//   step, waypoint, name, time, step_size, target_time, binary_search, stuck_count,
//   next_estimate, collision, kind, primary, normal_body, impact_x, impact_y, normal_x,
//   normal_y, distance, normal_velocity, estimated_time, detected_time, needs_handling,
//   joint, impulse
// `step` is the 1-based time step of the run, `waypoint` the 1-based index within it;
// body names come from the simulation ("scrim" for the fixed background); NaN is
// written as "nan". Numbers have 17 significant digits.
#include <ostream>

#include "engine/dynamics/rigid_body_sim.h"
#include "engine/trace/waypoint_trace.h"

namespace cl {

void writeWaypointCsvHeader(std::ostream& out);
void writeWaypointCsvRows(std::ostream& out, const RigidBodySim& sim, long long step,
                          int waypointIndex, const Waypoint& w);

}  // namespace cl
