#include "engine/trace/waypoint_trace.h"

#include <array>

namespace cl {

bool isBackupWaypoint(WayPoint w) {
  switch (w) {
    case WayPoint::PRE_COLLISION:
    case WayPoint::ADVANCE_SIM_COLLIDING:
    case WayPoint::ADVANCE_SIM_FAIL:
    case WayPoint::MAYBE_STUCK:
    case WayPoint::STUCK:
      return true;
    default:
      return false;
  }
}

const char* wayPointName(WayPoint w) {
  static constexpr std::array<const char*, kWayPointCount> kNames{"START",
                                                                  "ADVANCE_SIM_START",
                                                                  "ADVANCE_SIM_COLLIDING",
                                                                  "ADVANCE_SIM_FINISH",
                                                                  "ADVANCE_SIM_FAIL",
                                                                  "ADVANCED_NO_BACKUP",
                                                                  "PRE_COLLISION",
                                                                  "POST_COLLISION",
                                                                  "COLLISIONS_TO_HANDLE",
                                                                  "HANDLE_REMOVE_DISTANT",
                                                                  "HANDLE_COLLISION_START",
                                                                  "HANDLE_COLLISION_SUCCESS",
                                                                  "HANDLE_COLLISION_FAIL",
                                                                  "NEXT_STEP_ESTIMATE",
                                                                  "NEXT_STEP_BINARY",
                                                                  "NEXT_STEP_FULL",
                                                                  "ESTIMATE_IN_PAST",
                                                                  "NO_ESTIMATE",
                                                                  "ESTIMATE_FAILED",
                                                                  "BINARY_SEARCH_FAIL",
                                                                  "MAYBE_STUCK",
                                                                  "STUCK",
                                                                  "SMALL_IMPACTS_START",
                                                                  "SMALL_IMPACTS_FINISH",
                                                                  "JAM_IMPULSE",
                                                                  "FINISH",
                                                                  "SUMMARY"};
  const auto i = static_cast<std::size_t>(w);
  return i < kNames.size() ? kNames[i] : "?";
}

}  // namespace cl
