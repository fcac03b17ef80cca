#pragma once
// ContactSim: RigidBodySim plus resting contact forces (engine2D's ContactSim).
//
// evaluate(vars, t, change):
//   1. the external forces (RigidBodySim::evaluate);
//   2. contact detection on the state being evaluated (findContacts with this sim's
//      tolerances); if any record penetrates, it is kept (lastPenetrations()) and
//      evaluate returns with the external forces only: the collision handling of the
//      collisions issue backs up in time on it (until then SimpleAdvance carries on);
//   3. the contacts (close and slow; imminent collisions are left out) are split into
//      independent subsets (contact_subsets.h), and for each subset A and b are built
//      (contact_matrix.h, with ExtraAccel), the LCP is solved by ComputeForces with the
//      simulation's random generator, and f_j n_j is applied to the accelerations.
//   A failed solve throws SimulationError naming the error, the time and the contacts.
//
// lastContacts() holds the contacts of the latest call with their forces, for display;
// with Runge-Kutta that is the last stage of the step, not the state at its end.
#include <span>
#include <vector>

#include "engine/collision/contact_detection.h"
#include "engine/contact/extra_accel.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/solver/compute_forces.h"

namespace cl {

class SolverTraceSink;

class ContactSim : public RigidBodySim {
 public:
  ContactSim() = default;

  void evaluate(std::span<const double> vars, double t, std::span<double> change) override;

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

  // Passed on to ComputeForces for every solve; null detaches. Not owned.
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

 private:
  void solveSubset(const std::vector<int>& subset, std::span<const double> vars, double t,
                   std::span<double> change);

  ContactTolerances mTolerances;
  ExtraAccel mExtraAccel = kDefaultExtraAccel;
  double mExtraAccelTimeStep = kDefaultExtraAccelTimeStep;
  ComputeForcesOptions mSolverOptions;
  SolverTraceSink* mTraceSink = nullptr;

  std::vector<RigidBodyCollision> mLastContacts;
  std::vector<RigidBodyCollision> mLastPenetrations;
  std::vector<int> mLastSubsetSizes;
  long long mSolveCount = 0;
};

}  // namespace cl
