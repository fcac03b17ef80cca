#include "engine/collision_advance/collision_advance.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/collision/detail/collision_update.h"
#include "engine/contact/detail/impulse_lcp.h"
#include "engine/impulse/detail/handle_collisions.h"

namespace cl {

namespace {

// Time differences below this are no time at all.
constexpr double kTimeEpsilon = 1e-16;
// A step longer than this that needed no back-up is progress: the stuck count restarts.
constexpr double kProgressStep = 1e-7;
// Binary search gives up after this many steps in a row without a back-up.
constexpr int kBinaryStepsWithoutBackup = 2;
// Estimated times are compared at this resolution when ordering collisions.
constexpr double kEstimateResolution = 1e7;

}  // namespace

bool CollisionAdvance::remeasure(RigidBodyCollision& c) const {
  if (c.kind == CollisionKind::kConnector) return mSim.remeasureConnector(c, mSim.vars());
  return updateCollision(c, mSim, mSim.vars(), mSim.tolerances().engine2dArithmetic);
}

double CollisionAdvance::accuracy() const {
  return mSim.collisionAccuracy() * mSim.distanceTol() / 2.0;
}

void CollisionAdvance::advance(double dt) {
  if (!(dt > kTimeEpsilon)) return;
  mTarget = mSim.time() + dt;
  mEngine2D = mSim.tolerances().engine2dArithmetic;
  mTotal = dt;
  mAdvanced = 0;
  mStep = dt;
  mBinary = false;
  mBinarySteps = 0;
  mStuck = 0;
  mNextEstimate = kNaN;
  mDidHandle = false;
  mCollisions.clear();
  mRemoved.clear();
  mark(WayPoint::START);
  const double start = mSim.time();
  const CollisionCounters before = mCounters;
  CollisionStats stats;
  const auto timeLeft = [&] {
    return mEngine2D ? mAdvanced < mTotal - kTimeEpsilon : mTarget - mSim.time() > kTimeEpsilon;
  };
  for (int iteration = 1; timeLeft(); ++iteration) {
    throwIfCancelled(mSim.time());
    if (iteration > kMaxIterations) {
      const CollisionCounters spent = mCounters - before;
      throw SimulationError(fmt::format(
          "the time step from t = {} by {} took more than {} sub-steps of collision handling, "
          "the most one step may take ({} collisions and {} back-ups so far, reaching t = {}); "
          "a smaller time_step bounds each step's work",
          start, dt, kMaxIterations, spent.collisions, spent.backups, mSim.time()));
    }
    advanceSim(mStep);
    stats = CollisionStats::of(mCollisions);
    mark(WayPoint::ADVANCE_SIM_FINISH);
    bool didBackup = false;
    if (stats.needsHandling > 0) {
      backup();
      didBackup = true;
      stats = CollisionStats::of(mCollisions);
      mark(WayPoint::PRE_COLLISION);
      ++mStuck;
      if (mStuck >= kStuckBinary) {
        if (!mBinary) {
          ++mCounters.stuck;
          mBinary = true;
          mark(WayPoint::MAYBE_STUCK);
        }
        if (mStuck >= kMaxStuck) {
          mark(WayPoint::STUCK);
          failStuck();
        }
      }
    }
    const double acc = accuracy();
    const int numClose = static_cast<int>(
        std::count_if(mCollisions.begin(), mCollisions.end(), [&](const TrackedCollision& t) {
          return t.imminent() && closeEnough(t.record, didBackup, acc);
        }));
    if (numClose > 0) {
      mRemoved.clear();
      if (removeDistant()) mark(WayPoint::HANDLE_REMOVE_DISTANT, &mRemoved);
      mDidHandle = handle(numClose) || mDidHandle;
      mNextEstimate = kNaN;
      // What was handled is resolved; the distant ones set aside give the next estimate.
      stats = CollisionStats::of(mRemoved);
    }
    if (!didBackup) {
      if (mStep > kProgressStep) mStuck = 0;
      mAdvanced += mStep;
      mark(WayPoint::ADVANCED_NO_BACKUP);
      if (mBinary && ++mBinarySteps >= kBinaryStepsWithoutBackup) {
        mBinary = false;
        mBinarySteps = 0;
        mark(WayPoint::BINARY_SEARCH_FAIL);
      } else if (std::isfinite(mNextEstimate)) {
        // The step reached the estimated time and found nothing to handle there.
        mBinary = true;
        mark(WayPoint::ESTIMATE_FAILED);
      }
    }
    nextStep(didBackup, stats);
  }
  if (!mDidHandle && mSim.jointSmallImpacts() && stats.joints > 0) smallImpacts();
  // The old state belongs to the step just taken; evaluates outside a step must not
  // sweep from it.
  mSim.clearOldState();
  mark(WayPoint::SUMMARY);
  mark(WayPoint::FINISH);
}

bool CollisionAdvance::advanceSim(double h) {
  mCollisions.clear();
  saveStart();
  mark(WayPoint::ADVANCE_SIM_START);
  mSim.clearPenetrationLog();
  mSim.setOldState(mSavedVars);
  try {
    try {
      mIntegrator->step(mSim, mSim.vars(), mSim.time(), h);
    } catch (const FrictionJam& jam) {
      restoreStart();
      const std::vector<double> beforeJam = mSavedVars;
      const double lossBeforeJam = mSavedFrictionLoss;
      try {
        stepThroughJams(h, jam);
      } catch (...) {
        // A failure leaves the state as it was before the jams.
        mSavedVars = beforeJam;
        mSavedFrictionLoss = lossBeforeJam;
        mSim.setJamImpulses(true);
        throw;
      }
    }
  } catch (const SimulationError&) {
    restoreStart();
    throw;
  } catch (const std::exception& e) {
    // The force laws and contact matrices refuse non-finite input with other exception
    // types; to the caller it is the simulation that failed, at this time.
    restoreStart();
    throw SimulationError(
        fmt::format("a step of {} from time {} failed: {}", h, mSavedTime, e.what()));
  }
  mSim.setTime(mSim.time() + (mEngine2D ? mIntegrator->timeIncrement(h) : h));
  ++mCounters.odeSteps;
  ++mSteps;
  const double acc = accuracy();
  // Earliest estimate first, those without one last (engine2D orders them so).
  const auto sortByEstimate = [&] {
    const auto key = [](const TrackedCollision& t) {
      return std::isnan(t.estimatedTime) ? HUGE_VAL
                                         : std::round(t.estimatedTime * kEstimateResolution);
    };
    std::stable_sort(
        mCollisions.begin(), mCollisions.end(),
        [&](const TrackedCollision& a, const TrackedCollision& b) { return key(a) < key(b); });
  };
  // A step that met a penetration is backed up from, whatever state it ended in.
  if (const auto& log = mSim.penetrationLog()) {
    // An evaluate inside the step met a penetration: the step is not to be trusted.
    for (const RigidBodyCollision& r : log->records) {
      TrackedCollision t{r};
      t.setDetected(log->time);
      t.needsHandling = isColliding(r, acc);
      mCollisions.push_back(std::move(t));
    }
    // engine2D sorts these too (its order decides the serial handling's random choices).
    if (mEngine2D) sortByEstimate();
    mark(WayPoint::ADVANCE_SIM_FAIL);
    return false;
  }
  for (std::size_t i = 0; i < mSim.vars().size(); ++i)
    if (!std::isfinite(mSim.vars()[i])) {
      const double v = mSim.vars()[i];
      restoreStart();
      throw SimulationError(fmt::format(
          "state became non-finite in a step of {} from time {}: variable {} of body '{}' is {}", h,
          mSavedTime, i % kVarsPerBody, mSim.bodies()[i / kVarsPerBody].name(), v));
    }
  for (RigidBodyCollision& r : mSim.findCollisions(mSim.vars(), mSavedVars)) {
    TrackedCollision t{std::move(r)};
    t.setDetected(mSim.time());
    mCollisions.push_back(std::move(t));
  }
  sortByEstimate();
  bool colliding = false;
  for (TrackedCollision& t : mCollisions) {
    t.needsHandling = isColliding(t.record, acc);
    colliding = colliding || t.needsHandling;
  }
  if (colliding) mark(WayPoint::ADVANCE_SIM_COLLIDING);
  return true;
}

void CollisionAdvance::saveStart() {
  mSavedVars = mSim.vars();
  mSavedTime = mSim.time();
  mSavedFrictionLoss = mSim.frictionLoss();
}

void CollisionAdvance::restoreStart() {
  mSim.vars() = mSavedVars;
  mSim.setTime(mSavedTime);
  mSim.setFrictionLoss(mSavedFrictionLoss);
  mSim.clearOldState();
}

void CollisionAdvance::backup() {
  restoreStart();
  ++mCounters.backups;
  const double acc = accuracy();
  // Keep the colliding records with their flags, re-measured at the restored state
  // (their distance is positive again).
  std::vector<TrackedCollision> kept;
  for (TrackedCollision& t : mCollisions) {
    if (!isColliding(t.record, acc)) continue;
    if (!remeasure(t.record)) {
      // The features no longer give a gap here: the record cannot be followed, but it
      // must not be lost silently while it needs handling.
      if (t.needsHandling)
        throw SimulationError(fmt::format(
            "a colliding {} record of '{}' on '{}' cannot be re-measured at time {} after "
            "backing up",
            collisionKindName(t.record.kind), mSim.bodyName(t.record.primaryBody),
            mSim.bodyName(t.record.normalBody), mSim.time()));
      continue;
    }
    t.updateEstimate(mSim.time(), mEngine2D);
    kept.push_back(std::move(t));
  }
  mCollisions = std::move(kept);
  findAndMerge();
}

void CollisionAdvance::findAndMerge() {
  // The old state was erased by the back-up: a static search of the restored state.
  const std::vector<RigidBodyCollision> found = mSim.findCollisions(mSim.vars());
  const std::size_t retained = mCollisions.size();
  std::vector<TrackedCollision> front;  // engine2D's connector records, ahead of the kept ones
  for (const RigidBodyCollision& r : found) {
    const bool known =
        std::any_of(mCollisions.begin(), mCollisions.begin() + retained,
                    [&](const TrackedCollision& t) { return sameFeatures(t.record, r); });
    if (known) continue;
    TrackedCollision t{r};
    t.setDetected(mSim.time());
    // engine2D's joints put their records at the front of the whole list (Joint.addCollision's
    // unshift), before the colliding records kept from the failed step; the list's order
    // decides the serial handling's order.
    if (mEngine2D && r.connector >= 0)
      front.push_back(std::move(t));
    else
      mCollisions.push_back(std::move(t));
  }
  mCollisions.insert(mCollisions.begin(), std::make_move_iterator(front.begin()),
                     std::make_move_iterator(front.end()));
}

bool CollisionAdvance::removeDistant() {
  const auto distant = [](const TrackedCollision& t) { return !t.record.isTouching(); };
  for (const TrackedCollision& t : mCollisions)
    if (distant(t)) mRemoved.push_back(t);
  const auto end = std::remove_if(mCollisions.begin(), mCollisions.end(), distant);
  const bool any = end != mCollisions.end();
  mCollisions.erase(end, mCollisions.end());
  return any;
}

bool CollisionAdvance::handle(int numClose) {
  mark(WayPoint::HANDLE_COLLISION_START);
  mark(WayPoint::COLLISIONS_TO_HANDLE);
  std::vector<RigidBodyCollision> records;
  records.reserve(mCollisions.size());
  for (const TrackedCollision& t : mCollisions) records.push_back(t.record);
  ImpulseTotals totals;
  const bool any = handleCollisions(mSim, records, mSim.collisionHandling(), &totals);
  mCounters.impulses += totals.solves;
  mCounters.contacts +=
      std::count_if(records.begin(), records.end(),
                    [](const RigidBodyCollision& c) { return !c.joint && c.contact(); });
  for (std::size_t i = 0; i < records.size(); ++i) {
    TrackedCollision& t = mCollisions[i];
    t.record.impulse = records[i].impulse;
    // Re-measure at the state after the impulses: the normal velocities changed.
    remeasure(t.record);
  }
  if (!any) {
    mBinary = true;
    mark(WayPoint::HANDLE_COLLISION_FAIL);
    return false;
  }
  mark(WayPoint::POST_COLLISION);
  mark(WayPoint::HANDLE_COLLISION_SUCCESS);
  mCounters.collisions += numClose;
  mBinary = false;
  mBinarySteps = 0;
  return true;
}

void CollisionAdvance::nextStep(bool didBackup, const CollisionStats& stats) {
  const double now = mSim.time();
  mNextEstimate = stats.estimatedTime;
  if (!mBinary) {
    if (std::isfinite(mNextEstimate) && mNextEstimate <= now) {
      mBinary = true;
      mark(WayPoint::ESTIMATE_IN_PAST);
    }
    if (stats.needsHandling > 0 && std::isnan(mNextEstimate)) {
      mBinary = true;
      mark(WayPoint::NO_ESTIMATE);
    }
  }
  const double full = mEngine2D ? mTotal - mAdvanced : mTarget - now;
  if (mBinary) {
    mNextEstimate = kNaN;
    if (didBackup) {
      mStep /= 2.0;
      mBinarySteps = 0;
    }
    mStep = std::min(mStep, full);
    ++mCounters.binarySteps;
    mark(WayPoint::NEXT_STEP_BINARY);
  } else if (std::isfinite(mNextEstimate)) {
    mStep = std::min(mNextEstimate - now, full);
    ++mCounters.estimates;
    mark(WayPoint::NEXT_STEP_ESTIMATE);
  } else {
    mStep = full;
    mark(WayPoint::NEXT_STEP_FULL);
  }
}

void CollisionAdvance::stepThroughJams(double h, FrictionJam jam) {
  // Sliding friction without a solution somewhere in the step, and an impulse would end
  // it: the jammed contacts get their impulse at the step's start, which then stands as
  // the saved state, and the step is taken again. Where the impulse is zero at the step's
  // start, or the jams go on past kMaxJamImpulses, the step is taken once more with jam
  // impulses off: ContactSim then holds the sliding contacts as static ones.
  for (int k = 0;; ++k) {
    const bool applied = k < kMaxJamImpulses && resolveJam(jam);
    saveStart();
    mSim.setOldState(mSavedVars);
    mSim.setJamImpulses(applied);
    try {
      mIntegrator->step(mSim, mSim.vars(), mSim.time(), h);
      mSim.setJamImpulses(true);
      return;
    } catch (const FrictionJam& again) {
      restoreStart();
      jam = again;
    }
  }
}

bool CollisionAdvance::resolveJam(const FrictionJam& jam) {
  std::vector<RigidBodyCollision> records;
  for (RigidBodyCollision r : jam.contacts)
    if (remeasure(r)) records.push_back(std::move(r));
  if (!handleJam(mSim, records)) return false;
  ++mCounters.jams;
  std::vector<TrackedCollision> shown;
  for (const RigidBodyCollision& r : records) {
    TrackedCollision t{r};
    t.setDetected(mSim.time());
    shown.push_back(std::move(t));
  }
  mark(WayPoint::JAM_IMPULSE, &shown);
  return true;
}

void CollisionAdvance::smallImpacts() {
  mark(WayPoint::SMALL_IMPACTS_START);
  mRemoved.clear();
  removeDistant();
  if (!mCollisions.empty()) {
    std::vector<RigidBodyCollision> records;
    for (const TrackedCollision& t : mCollisions) records.push_back(t.record);
    ImpulseTotals totals;
    handleCollisions(mSim, records, mSim.collisionHandling(), &totals);
    mCounters.impulses += totals.solves;
    for (std::size_t i = 0; i < records.size(); ++i)
      mCollisions[i].record.impulse = records[i].impulse;
  }
  mark(WayPoint::SMALL_IMPACTS_FINISH);
}

void CollisionAdvance::mark(WayPoint w, const std::vector<TrackedCollision>* shown) {
  if (!mSink) return;
  const std::vector<TrackedCollision>& list = shown ? *shown : mCollisions;
  Waypoint p;
  p.point = w;
  p.time = mSim.time();
  p.stepSize = mStep;
  p.targetTime = mTarget;
  p.binarySearch = mBinary;
  p.stuckCount = mStuck;
  p.nextEstimate = mNextEstimate;
  p.collisions.reserve(list.size());
  for (const TrackedCollision& t : list) {
    const RigidBodyCollision& c = t.record;
    p.collisions.push_back({c.primaryBody, c.normalBody, collisionKindName(c.kind), c.impact1,
                            c.normal, c.distance, c.normalVelocity, t.estimatedTime, t.detectedTime,
                            t.needsHandling, c.joint, c.impulse});
  }
  p.vars = mSim.vars();
  mSink->onWaypoint(p);
}

void CollisionAdvance::failStuck() {
  std::string list;
  for (const TrackedCollision& t : mCollisions)
    if (t.needsHandling || t.imminent())
      list += fmt::format(
          "\n  {} '{}' on '{}' at ({:.6g}, {:.6g}) distance {:.3g} normal velocity {:.6g}",
          collisionKindName(t.record.kind), mSim.bodyName(t.record.primaryBody),
          mSim.bodyName(t.record.normalBody), t.record.impact1.x, t.record.impact1.y,
          t.record.distance, t.record.normalVelocity);
  throw SimulationError(fmt::format(
      "stuck: the collision was not resolved after {} back-ups at time {} (step {:.3g}):{}", mStuck,
      mSim.time(), mStep, list.empty() ? std::string(" (no collision listed)") : list));
}

}  // namespace cl
