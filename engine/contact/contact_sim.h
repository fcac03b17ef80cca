#pragma once
// ContactSim: RigidBodySim plus resting contact forces (engine2D's ContactSim).
//
// evaluate(vars, t, change):
//   1. the external forces (RigidBodySim::evaluate);
//   2. contact detection on the state being evaluated (findContacts with this sim's
//      tolerances); if any record penetrates, it is kept (lastPenetrations()) and
//      evaluate returns with the external forces only: CollisionAdvance backs up in
//      time on it (a SimpleAdvance carries on);
//   3. the contacts (close and slow; imminent collisions are left out) are split into
//      independent subsets (contact_subsets.h), and for each subset A and b are built
//      (contact_matrix.h, with ExtraAccel), the LCP is solved by ComputeForces with the
//      simulation's random generator, and f_j n_j is applied to the accelerations.
//   A failed solve throws SimulationError naming the error, the time and the contacts.
//   With friction (friction_problem.h) a subset whose sliding friction has no solution
//   (Baraff 94 section 6; Painleve's paradox) throws FrictionJam when an impulse would end
//   the slide there (a jam: handleJam's impulse is not zero), which CollisionAdvance
//   applies before taking the step again; otherwise it is solved again with its sliding
//   contacts held as static ones against their slip (b_F carries v_t / h under ExtraAccel;
//   counted in SolveTotals::frictionHeld), and fails only when that has none either. With
//   friction_compliance, a subset whose contacts' last solve was so held is held at once.
//   With the warm start on (the default), each solve first tries the contacts that carried
//   force in the previous evaluate as its set C (warm_start.h, ComputeForces::solve with a
//   guess); the memory is part of the simulation's state (warmStartMemory()), so a run
//   resumed from a saved state with its memory repeats the original bit for bit.
//
// Connectors (joints, ropes, rods; engine/connectors) are owned by the simulation. Each
// evaluate asks every connector for its records (in the order the connectors were
// added) and puts them at the front of the contact list, before the detected contacts,
// so they join the subsets and the LCP like any contact (joint and rod records are
// bilateral). Connector records never count as penetrations: a joint never makes the
// simulation back up, and an over-stretched rope (a penetration-type record, see
// rope.h) is solved as a contact and not reported by lastPenetrations() for now.
// When contact detection finds a penetration, evaluate returns before any connector
// force is applied (as for contacts).
//
// lastContacts() holds the contacts of the latest call with their forces, for display;
// with Runge-Kutta that is the last stage of the step, not the state at its end.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/collision/contact_detection.h"
#include "engine/connectors/connector.h"
#include "engine/connectors/connector_list.h"
#include "engine/contact/collision_handling.h"
#include "engine/contact/engine_mode.h"
#include "engine/contact/extra_accel.h"
#include "engine/contact/warm_start.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/solver/compute_forces.h"

namespace cl {

class SolverTraceSink;
struct FrictionOptions;
struct FrictionProblem;
struct FrictionResult;

inline constexpr double kDefaultCollisionAccuracy = 0.6;

// Dynamic friction without a solution at the contacts of one subset (their records at the
// state being evaluated).
class FrictionJam : public SimulationError {
 public:
  FrictionJam(const std::string& what, std::vector<RigidBodyCollision> jammed)
      : SimulationError(what), contacts(std::move(jammed)) {}
  std::vector<RigidBodyCollision> contacts;
};

class ContactSim : public RigidBodySim {
 public:
  ContactSim() = default;
  // Copies clone the connectors (ConnectorList, like the force laws) and copy every other
  // member; the trace sink is shared.
  ContactSim(const ContactSim& other) = default;
  ContactSim& operator=(const ContactSim& other);
  ContactSim(ContactSim&&) = default;
  ContactSim& operator=(ContactSim&&) = default;
  std::unique_ptr<RigidBodySim> clone() const override {
    return std::make_unique<ContactSim>(*this);
  }

  void evaluate(std::span<const double> vars, double t, std::span<double> change) override;
  // The rate at which the friction forces of the last evaluate take energy from the bodies,
  // -sum_i f_F,i v_t,i (friction_problem.h's slip), carried into frictionLoss().
  double carriedRate() const override { return mFrictionLossRate; }
  void carry(double increment) override { addFrictionLoss(increment); }

  // Which of engine2D's three engines this simulation is (engine_mode.h): kContact (the
  // default) computes contact forces in evaluate; kImpulse looks for nothing in evaluate
  // (engine2D's ImpulseSim: collisions are found between steps, by findCollisions, and
  // resolved by impulses); kRigidBody looks for nothing, in evaluate or in findCollisions.
  // Can change between two steps.
  EngineMode engineMode() const { return mEngineMode; }
  void setEngineMode(EngineMode mode) { mEngineMode = mode; }

  // Contact detection tolerances (defaults 0.01 and 0.5).
  const ContactTolerances& tolerances() const { return mTolerances; }
  double distanceTol() const { return mTolerances.distanceTol; }
  double velocityTol() const { return mTolerances.velocityTol; }
  void setDistanceTol(double d) { mTolerances.distanceTol = d; }
  void setVelocityTol(double v) { mTolerances.velocityTol = v; }

  ExtraAccel extraAccel() const { return mExtraAccel; }
  void setExtraAccel(ExtraAccel e) { mExtraAccel = e; }
  // The h of the ExtraAccel formulas (default 0.025), independent of the step size.
  double extraAccelTimeStep() const { return mExtraAccelTimeStep; }
  void setExtraAccelTimeStep(double h);

  // ComputeForces settings: contact order and tolerance.
  NextContactPolicy contactPolicy() const { return mSolverOptions.policy; }
  void setContactPolicy(NextContactPolicy p) { mSolverOptions.policy = p; }
  double solverTolerance() const { return mSolverOptions.tolerance; }
  void setSolverTolerance(double tol) { mSolverOptions.tolerance = tol; }
  const ComputeForcesOptions& solverOptions() const { return mSolverOptions; }
  void setSolverOptions(const ComputeForcesOptions& o) { mSolverOptions = o; }
  // The LCP solver of contact forces and collision impulses (lcp_solver.h); ComputeForces
  // by default. The others take the policy-free options: tolerance, and their own limits.
  LcpSolverKind contactSolver() const { return mContactSolver; }
  // compute_forces_engine2d brings engine2D's arithmetic to the rest of the step too: its
  // time accounting in CollisionAdvance, its straight-edge measurements, its force laws'.
  void setContactSolver(LcpSolverKind kind) {
    mContactSolver = kind;
    mTolerances.engine2dArithmetic = kind == LcpSolverKind::kComputeForcesEngine2D;
    setEngine2dForces(mTolerances.engine2dArithmetic);
  }
  // Solves `problem` with the contact solver, the trace sink attached: ComputeForces with
  // solverOptions() and the simulation's generator, or the solver chosen. `guess` is the
  // warm start (contacts expected to carry force) for the solvers that use one. A sink that
  // keeps solves compact is sent the solve as a CompactLcpSolve (compact_solve.h) instead.
  LcpResult solveLcp(const LcpProblem& problem, std::span<const int> guess);
  // Warm start of the contact-force solves (see above); off, every solve starts from C = {}.
  bool warmStart() const { return mWarmStartOn; }
  void setWarmStart(bool on) {
    mWarmStartOn = on;
    mWarmStart.clear();
  }
  // Whether a friction solve without a solution may throw FrictionJam (CollisionAdvance
  // turns it off to retake a step whose jam has no impulse: the sliding contacts are then
  // held as static ones).
  void setJamImpulses(bool on) { mJamImpulses = on; }
  bool jamImpulses() const { return mJamImpulses; }
  // The friction solve's warm start (FrictionOptions::guess), from the same memory; off by
  // default, so friction results keep the cold pivoting's bits unless asked.
  bool frictionWarmStart() const { return mFrictionWarmStartOn; }
  void setFrictionWarmStart(bool on) {
    mFrictionWarmStartOn = on;
    mWarmStart.clear();
  }
  // The friction solve's compliant fallback (FrictionOptions::compliantFallback): off by
  // default, so a friction problem no exact solve solves stops the run.
  bool frictionCompliance() const { return mFrictionCompliance; }
  void setFrictionCompliance(bool on) { mFrictionCompliance = on; }
  // Solves a friction problem, of contact forces or of collision impulses
  // (handle_collisions.cpp), with `options` as this simulation's settings make them: the
  // compliant fallback with friction_compliance, and Lemke without its exact last resort
  // under the friction warm start. Its fallbacks are counted in solveTotals() (Lemke,
  // regularized, compliant with its violation on p itself), whichever solve it is. A sink
  // that keeps solves compact (options.sink) is sent it as a CompactLcpSolve instead.
  FrictionResult solveFriction(const FrictionProblem& p, FrictionOptions options);
  // `options` as solveFriction solves p with them (the settings above applied).
  FrictionOptions frictionOptions(const FrictionProblem& p, FrictionOptions options) const;
  // Which contacts carried force in the latest evaluate that solved: the guess of the next.
  const WarmStart& warmStartMemory() const { return mWarmStart; }
  void setWarmStartMemory(const WarmStart& memory) { mWarmStart = memory; }

  // Connectors. addConnector checks the body indices (std::invalid_argument) and, for a
  // joint, marks the two bodies as not colliding with each other (engine2D does the same).
  void addConnector(std::unique_ptr<Connector> connector);
  const ConnectorList& connectors() const { return mConnectors; }
  // Aligns every connector in the order added (what a scene load does): see each
  // connector's align().
  void alignConnectors();
  // The context connectors see for a state, with this simulation's tolerances.
  ConnectorContext connectorContext(std::span<const double> vars) const {
    return {bodies(), vars, mTolerances};
  }

  // Joint small impacts (engine2D's setJointSmallImpacts): after a step without collisions
  // CollisionAdvance resolves the small velocity errors at joints with impulses. Default off.
  bool jointSmallImpacts() const { return mJointSmallImpacts; }
  void setJointSmallImpacts(bool on) { mJointSmallImpacts = on; }

  // Collisions (engine2D's ImpulseSim settings): how simultaneous collisions are resolved
  // (collision_handling.h), and the collision accuracy in (0, 1]: CollisionAdvance
  // handles a collision once its distance is within accuracy * distanceTol / 2 of the
  // target gap.
  CollisionHandling collisionHandling() const { return mCollisionHandling; }
  void setCollisionHandling(CollisionHandling h) { mCollisionHandling = h; }
  double collisionAccuracy() const { return mCollisionAccuracy; }
  void setCollisionAccuracy(double accuracy);

  // Every record between bodies closer than the distance tolerance at `vars` (contacts,
  // collisions, penetrations; swept from `oldVars` when given), after the connector
  // records: what CollisionAdvance looks at between steps.
  std::vector<RigidBodyCollision> findCollisions(std::span<const double> vars,
                                                 std::span<const double> oldVars = {}) const;
  // A connector record re-measured at `vars` by the connector that made it (its
  // `connector` index); false when the record is not a connector record.
  bool remeasureConnector(RigidBodyCollision& c, std::span<const double> vars) const;

  // Passed on to the solver of every solve; null detaches. Not owned.
  void setTraceSink(SolverTraceSink* sink) { mTraceSink = sink; }
  SolverTraceSink* traceSink() const { return mTraceSink; }

  // Results of the latest evaluate.
  const std::vector<RigidBodyCollision>& lastContacts() const { return mLastContacts; }
  const std::vector<RigidBodyCollision>& lastPenetrations() const { return mLastPenetrations; }
  bool lastHadPenetration() const { return !mLastPenetrations.empty(); }
  int lastSubsetCount() const { return static_cast<int>(mLastSubsetSizes.size()); }
  const std::vector<int>& lastSubsetSizes() const { return mLastSubsetSizes; }
  // Solves done since construction (one per subset), for statistics.
  long long solveCount() const { return mSolveCount; }
  // Contact-force solves since the last resetSolveTotals(): how many, their pivots, and
  // the worst complementarity violation (LcpResiduals::worst) among them. Cheap enough to
  // keep always, so a run's statistics need no trace sink.
  struct SolveTotals {
    long long solves = 0;
    long long pivots = 0;
    double maxViolation = 0;
    long long warmStarts = 0;    // solves the warm start's guess solved outright
    long long warmPartials = 0;  // solves the guess started and pivots finished
    long long warmRejects = 0;   // solves whose guess was given up (then solved cold)
    // Friction solves whose sliding friction had no solution, solved with the sliding
    // contacts held as static ones (contact_sim.cpp, solveWithFriction).
    long long frictionHeld = 0;
    // Of those, the ones held static at once, their sliding solve skipped: with
    // friction_compliance, where the same contacts' last solve was held static too
    // (WarmStart::Carrier::heldStatic).
    long long frictionHeldAtOnce = 0;
    // Friction solves, of contact forces and of collision impulses alike (solveFriction),
    // that the pivoting and Lemke failed and the regularized pivoting solved
    // (FrictionOptions::regularizedFallback), and those Lemke solved.
    long long frictionRegularized = 0;
    long long frictionByLemke = 0;
    // Friction solves (as above) that only the compliant fallback solved (FrictionOptions::
    // compliantFallback), and the largest violation of (15) and (16) among them.
    long long frictionCompliant = 0;
    double compliantViolation = 0;
    // Of those, the contact-force solves the warm-start memory sent to the compliant solve
    // first, their exact pivoting skipped (FrictionResult::compliantFirst: the same
    // contacts' last solve was held static and ended compliant).
    long long frictionCompliantFirst = 0;
    double pivotsPerSolve() const {
      return solves > 0 ? static_cast<double>(pivots) / static_cast<double>(solves) : 0.0;
    }
    // The totals of two spans of solves one after the other.
    SolveTotals& operator+=(const SolveTotals& later);
  };
  const SolveTotals& solveTotals() const { return mSolveTotals; }
  void resetSolveTotals() { mSolveTotals = {}; }

 private:
  // CollisionAdvance's protocol with the simulation it steps, for it alone; a TimeStepper
  // sets lastContacts() to the records of its step.
  friend class CollisionAdvance;
  friend class TimeStepper;

  // The first penetration evaluate met since clearPenetrationLog(), with the time of that
  // evaluate: an integrator step that met one is not to be trusted (CollisionAdvance backs
  // up from it), even when a later stage of the step saw none.
  struct PenetrationLog {
    double time = 0;
    // The penetrating records; with engine2D's arithmetic every record of that search, in
    // findCollisions' order, as engine2D's evaluate returns them.
    std::vector<RigidBodyCollision> records;
  };
  void clearPenetrationLog() { mPenetrationLog.reset(); }

  // The state at the start of the integrator step being taken (engine2D's old copy of
  // the bodies): while set, contact detection inside evaluate is swept from it, so a
  // penetration met in a stage of the step carries the crossing point. CollisionAdvance
  // sets it before each step and clears it when it backs up; empty means none.
  void setOldState(std::span<const double> vars) { mOldVars.assign(vars.begin(), vars.end()); }
  void clearOldState() { mOldVars.clear(); }
  std::span<const double> oldState() const { return mOldVars; }
  const std::optional<PenetrationLog>& penetrationLog() const { return mPenetrationLog; }

  void solveSubset(const std::vector<int>& subset, std::span<const double> vars, double t,
                   std::span<double> change);
  // Whether the contacts at `vars` have a jam (handleJam's impulse is not zero): its problem
  // solved as handleJam solves it, untraced and uncounted.
  bool jamImpulseExists(const std::vector<RigidBodyCollision>& cs,
                        std::span<const double> vars) const;
  // The same for a subset with friction at some contact (computeFrictionForces on the 2n
  // problem of contact/detail/friction_problem.h); `normal` is the frictionless problem.
  void solveWithFriction(const std::vector<int>& subset, const std::vector<RigidBodyCollision>& cs,
                         const LcpProblem& normal, std::vector<double> mu,
                         std::span<const double> vars, double t, std::span<double> change);
  // Every connector's records for `vars`, each tagged with its connector's index.
  void addConnectorRecords(std::span<const double> vars,
                           std::vector<RigidBodyCollision>& out) const;

  EngineMode mEngineMode = EngineMode::kContact;
  ContactTolerances mTolerances;
  ExtraAccel mExtraAccel = kDefaultExtraAccel;
  double mExtraAccelTimeStep = kDefaultExtraAccelTimeStep;
  ComputeForcesOptions mSolverOptions;
  LcpSolverKind mContactSolver = LcpSolverKind::kComputeForces;
  bool mWarmStartOn = true;
  bool mFrictionWarmStartOn = false;
  bool mFrictionCompliance = false;
  bool mJamImpulses = true;
  WarmStart mWarmStart;
  SolverTraceSink* mTraceSink = nullptr;
  ConnectorList mConnectors;
  bool mJointSmallImpacts = false;
  CollisionHandling mCollisionHandling = kDefaultCollisionHandling;
  double mCollisionAccuracy = kDefaultCollisionAccuracy;
  std::optional<PenetrationLog> mPenetrationLog;
  std::vector<double> mOldVars;

  std::vector<RigidBodyCollision> mLastContacts;
  std::vector<RigidBodyCollision> mLastPenetrations;
  std::vector<int> mLastSubsetSizes;
  long long mSolveCount = 0;
  SolveTotals mSolveTotals;
  double mFrictionLossRate = 0.0;
};

}  // namespace cl
