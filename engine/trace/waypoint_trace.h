#pragma once
// What CollisionAdvance decided, as plain data: one Waypoint per decision point of an
// advance (engine2D's WayPoint), each with the collisions being considered and the body
// states at that moment, so that every back-up in time can be replayed and drawn as
// ghost bodies. CollisionAdvance reports to a WaypointSink when one is attached; with
// none the cost is one pointer test per decision.
#include <vector>

#include "engine/math/vec2.h"

namespace cl {

enum class WayPoint {
  START,                     // advance(dt) begins
  ADVANCE_SIM_START,         // about to take one integrator step
  ADVANCE_SIM_COLLIDING,     // the step ended with collisions that need handling
  ADVANCE_SIM_FINISH,        // after every step, with what it found
  ADVANCE_SIM_FAIL,          // the step could not be taken (evaluate saw a penetration)
  ADVANCED_NO_BACKUP,        // the step is kept as it is
  PRE_COLLISION,             // backed up; about to handle the collisions close enough
  POST_COLLISION,            // impulses applied
  COLLISIONS_TO_HANDLE,      // the collisions found that need handling
  HANDLE_REMOVE_DISTANT,     // distant collisions set aside (the waypoint lists them)
  HANDLE_COLLISION_START,    // handling begins
  HANDLE_COLLISION_SUCCESS,  // an impulse above the tiny threshold was applied
  HANDLE_COLLISION_FAIL,     // no impulse was needed: binary search goes on
  NEXT_STEP_ESTIMATE,        // the next step aims at the estimated collision time
  NEXT_STEP_BINARY,          // the next step is half the previous (binary search)
  NEXT_STEP_FULL,            // the next step is what remains of dt
  ESTIMATE_IN_PAST,          // the estimated collision time is before now
  NO_ESTIMATE,               // no collision has an estimated time
  ESTIMATE_FAILED,           // the step reached the estimated time with nothing to handle
  BINARY_SEARCH_FAIL,        // two binary-search steps in a row needed no back-up: given up
  MAYBE_STUCK,               // three back-ups in a row without progress: binary search
  STUCK,                     // too many back-ups without progress: the advance fails
  SMALL_IMPACTS_START,       // joint small impacts begin
  SMALL_IMPACTS_FINISH,      // joint small impacts done
  JAM_IMPULSE,               // sliding friction without a solution: an impulse stopped it
  FINISH,                    // advance(dt) ends, dt used up
  SUMMARY                    // counters of the advance
};
inline constexpr int kWayPointCount = static_cast<int>(WayPoint::SUMMARY) + 1;
const char* wayPointName(WayPoint w);
// The decision points at which CollisionAdvance goes back in time or is about to:
// the step found collisions (ADVANCE_SIM_COLLIDING), could not be taken
// (ADVANCE_SIM_FAIL), the state was restored to before the step (PRE_COLLISION),
// or back-ups stopped making progress (MAYBE_STUCK, STUCK).
bool isBackupWaypoint(WayPoint w);

// One collision as a waypoint shows it.
struct WaypointCollision {
  int primaryBody = -1, normalBody = -1;
  const char* kind = "";
  Vec2 impact;
  Vec2 normal;
  double distance = 0;
  double normalVelocity = 0;
  double estimatedTime = 0;  // NaN when there is no estimate
  double detectedTime = 0;
  bool needsHandling = false;
  bool joint = false;
  double impulse = 0;  // applied at this collision (POST_COLLISION)
};

struct Waypoint {
  WayPoint point = WayPoint::START;
  double time = 0;        // simulation time of the state below
  double stepSize = 0;    // the step being tried (or just taken)
  double targetTime = 0;  // where this advance must end
  bool binarySearch = false;
  int stuckCount = 0;
  double nextEstimate = 0;  // estimated collision time (NaN when none)
  std::vector<WaypointCollision> collisions;
  std::vector<double> vars;  // body states at `time` (6 per body)
};

// Counters of a CollisionAdvance since construction (or the last reset).
struct CollisionCounters {
  long long collisions = 0;   // collisions handled: imminent records close enough, per handling
  long long backups = 0;      // times the state was restored to before a step
  long long odeSteps = 0;     // integrator steps taken, kept or not
  long long binarySteps = 0;  // steps chosen by binary search
  long long impulses = 0;     // impulse solves (LCPs)
  long long contacts = 0;     // resting contacts taking part in impulse solves
  long long estimates = 0;    // steps aimed at an estimated collision time
  long long stuck = 0;        // MAYBE_STUCK events
  long long jams = 0;         // jam impulses (sliding friction without a solution)
  bool operator==(const CollisionCounters&) const = default;

  // Field by field: a run's counters after a step are those before it plus the step's,
  // (after - before).
  friend CollisionCounters operator+(CollisionCounters a, const CollisionCounters& b) {
    a.collisions += b.collisions;
    a.backups += b.backups;
    a.odeSteps += b.odeSteps;
    a.binarySteps += b.binarySteps;
    a.impulses += b.impulses;
    a.contacts += b.contacts;
    a.estimates += b.estimates;
    a.stuck += b.stuck;
    a.jams += b.jams;
    return a;
  }
  friend CollisionCounters operator-(CollisionCounters a, const CollisionCounters& b) {
    a.collisions -= b.collisions;
    a.backups -= b.backups;
    a.odeSteps -= b.odeSteps;
    a.binarySteps -= b.binarySteps;
    a.impulses -= b.impulses;
    a.contacts -= b.contacts;
    a.estimates -= b.estimates;
    a.stuck -= b.stuck;
    a.jams -= b.jams;
    return a;
  }
};

class WaypointSink {
 public:
  virtual ~WaypointSink() = default;
  virtual void onWaypoint(const Waypoint& w) = 0;
};

class RecordingWaypointSink : public WaypointSink {
 public:
  void onWaypoint(const Waypoint& w) override { waypoints.push_back(w); }
  void clear() { waypoints.clear(); }
  std::vector<Waypoint> waypoints;
};

}  // namespace cl
