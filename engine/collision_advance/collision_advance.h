#pragma once
// CollisionAdvance: advances a ContactSim by dt, backing up in time before collisions and
// resolving them with impulses (engine2D's CollisionAdvance; engine2D overview, "Estimate
// Collision Time", "Seek to Half-Gap Distance", "Imminent Collisions").
//
// advance(dt), until dt is used up:
//   1. Take one integrator step of the current step size from a saved state. The step
//      "fails" when some evaluate inside it met a penetration; otherwise the collisions
//      at its end are found, swept from the saved state (so fast bodies do not tunnel),
//      each marked as needing handling when it is colliding (tracked_collision.h).
//   2. If some need handling, back up: restore the saved state, re-measure the colliding
//      records there (their distance is positive again) and find the records of the
//      restored state. A back-up that makes no progress counts towards "stuck": after
//      kStuckBinary in a row the search goes binary, after kMaxStuck the advance fails
//      with a SimulationError naming the collisions and the time.
//   3. Imminent records (approaching, not resting) that are close enough to the target
//      gap are handled now: records beyond the distance tolerance are set aside, and
//      ContactSim's collision handling (impulse/detail/handle_collisions.h) solves the impulses
//      of the rest, contacts and joints included.
//   4. The next step aims at the earliest estimated collision time; with no estimate, an
//      estimate in the past, or a failed estimate it halves (binary search); with nothing
//      pending it takes what remains of dt.
//   A step in which sliding friction has no solution and an impulse would end the slide
//   (ContactSim's FrictionJam, Baraff 94 section 6) is taken again from its start after the
//   jammed contacts' impulse there (handleJam: they stop sliding where friction drives
//   them into their surface), marked JAM_IMPULSE and counted; up to kMaxJamImpulses in one
//   step, then (or where the impulse is zero at the step's start) once more with jam
//   impulses off, ContactSim holding the sliding contacts as static ones.
//   After the loop, with joint small impacts on and no collision handled, the small
//   velocity errors at joints are resolved with impulses.
// Every decision point is reported to the WaypointSink (trace/waypoint_trace.h) with the
// collisions being considered and the body states, and counted in counters().
#include <memory>
#include <vector>

#include "engine/collision_advance/tracked_collision.h"
#include "engine/contact/contact_sim.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/trace/waypoint_trace.h"

namespace cl {

class CollisionAdvance : public AdvanceStrategy {
 public:
  static constexpr int kStuckBinary = 3;         // back-ups without progress before binary search
  static constexpr int kMaxStuck = 30;           // ... before the advance fails as stuck
  static constexpr int kMaxIterations = 100000;  // steps tried within one advance(dt)
  static constexpr int kMaxJamImpulses = 8;      // friction jam impulses within one step

  explicit CollisionAdvance(ContactSim& sim, IntegratorKind kind = IntegratorKind::kRungeKutta)
      : AdvanceStrategy(kind), mSim(sim) {}

  void advance(double dt) override;
  RigidBodySim& sim() override { return mSim; }
  ContactSim& contactSim() { return mSim; }

  // Attached sinks see every waypoint; null detaches. Not owned.
  void setWaypointSink(WaypointSink* sink) { mSink = sink; }
  WaypointSink* waypointSink() const { return mSink; }

  // Totals since construction or resetCounters().
  const CollisionCounters& counters() const { return mCounters; }
  void resetCounters() { mCounters = {}; }
  // The collisions considered at the end of the latest advance (with their impulses).
  const std::vector<TrackedCollision>& collisions() const { return mCollisions; }

 private:
  double accuracy() const;
  // The record re-measured at the current state (connectors by their connector).
  bool remeasure(RigidBodyCollision& c) const;
  bool advanceSim(double h);
  void backup();
  void findAndMerge();
  bool removeDistant();
  bool handle(int numClose);
  void nextStep(bool didBackup, const CollisionStats& stats);
  void smallImpacts();
  // The step of h from the restored start after a FrictionJam (see the file comment).
  void stepThroughJams(double h, FrictionJam jam);
  // The impulse of a jam at the state restored to the step's start (handleJam), marked
  // JAM_IMPULSE; false when it is zero (nothing applied).
  bool resolveJam(const FrictionJam& jam);
  // Reports w with the collisions being considered, or with `shown` when given.
  void mark(WayPoint w, const std::vector<TrackedCollision>* shown = nullptr);
  [[noreturn]] void failStuck();
  // Saves the simulation's state (vars, time, friction loss) as the step's start; puts it
  // back (a back-up, a failed step), with no old state to sweep from.
  void saveStart();
  void restoreStart();

  ContactSim& mSim;
  WaypointSink* mSink = nullptr;
  CollisionCounters mCounters;

  // State of one advance(dt) (engine2D's names in comments).
  std::vector<TrackedCollision> mCollisions;
  std::vector<TrackedCollision> mRemoved;  // set aside as distant, still feeding estimates
  std::vector<double> mSavedVars;          // the state before the step (the "old copy")
  double mSavedTime = 0;
  double mSavedFrictionLoss = 0;
  double mTarget = 0;  // time at which this advance ends
  // With engine2D's arithmetic (its solver chosen): the time left is the step's length
  // less the steps kept (totalTimeStep - timeAdvanced), which rounds differently from
  // mTarget - time; time moves as the integrator moves a variable of rate 1; estimates
  // choose their root as engine2D's do.
  bool mEngine2D = false;
  double mTotal = 0;     // totalTimeStep
  double mAdvanced = 0;  // timeAdvanced
  double mStep = 0;      // currentStep
  bool mBinary = false;  // binarySearch
  int mBinarySteps = 0;
  int mStuck = 0;  // stuckCount
  double mNextEstimate = kNaN;
  bool mDidHandle = false;
};

}  // namespace cl
