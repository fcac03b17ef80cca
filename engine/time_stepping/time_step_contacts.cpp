#include "engine/time_stepping/time_step_contacts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "engine/body/body_state.h"
#include "engine/collision/detail/collision_update.h"
#include "engine/contact/detail/contact_matrix.h"
#include "engine/contact/detail/friction_problem.h"
#include "engine/contact/detail/solve_context.h"
#include "engine/dynamics/advance_strategy.h"

namespace cl {

double positionChange(std::span<const double> a, std::span<const double> b) {
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); i += kVarsPerBody)
    for (int v : {kX, kY, kAngle}) worst = std::max(worst, std::abs(a[i + v] - b[i + v]));
  return worst;
}

TimeStepContacts::TimeStepContacts(ContactSim& sim, double dt, std::function<void()> beforeWork)
    : mSim(sim),
      mDt(dt),
      mStart(sim.vars()),
      mExternal(sim.vars().size(), 0.0),
      mBeforeWork(std::move(beforeWork)) {
  // The force laws alone: RigidBodySim's evaluate, not ContactSim's (no contact forces).
  sim.RigidBodySim::evaluate(mStart, sim.time(), mExternal);
  detect(mStart);
  // And where the bodies would be without contact forces (swept from the start); every
  // record is then measured there.
  const std::vector<double> free = stateAfter(Eigen::VectorXd());
  detect(free);
  measure(free);
}

std::vector<bool> TimeStepContacts::jointFlags() const {
  std::vector<bool> joint;
  joint.reserve(mRecords.size());
  for (const RigidBodyCollision& c : mRecords) joint.push_back(c.joint);
  return joint;
}

void TimeStepContacts::padForces(Eigen::VectorXd& f) const {
  const Eigen::Index before = f.size();
  f.conservativeResize(size());
  if (size() > before) f.tail(size() - before).setZero();
}

std::vector<double> TimeStepContacts::stateAfter(const Eigen::VectorXd& f,
                                                 const Eigen::VectorXd& friction) const {
  std::vector<double> change = mExternal;
  const int n = std::min<int>(static_cast<int>(f.size()), size());
  for (int k = 0; k < n; ++k)
    applyContactForce(mAtStart[static_cast<std::size_t>(k)], f[k], mSim.bodies(), mStart, change);
  const int nt = std::min<int>(static_cast<int>(friction.size()), size());
  for (int k = 0; k < nt; ++k)
    applyFrictionForce(mAtStart[static_cast<std::size_t>(k)], friction[k], mSim.bodies(), mStart,
                       change);
  std::vector<double> out = mStart;
  for (int b = 0; b < mSim.bodyCount(); ++b) {
    double* v = out.data() + kVarsPerBody * b;
    const double* a = change.data() + kVarsPerBody * b;
    if (mSim.bodies()[static_cast<std::size_t>(b)].isFixed()) continue;
    // u' = u + dt (a_ext + M^-1 J N f), then s' = s + dt u' (semi-implicit Euler, eq. 1-2).
    v[kVX] += mDt * a[kVX];
    v[kVY] += mDt * a[kVY];
    v[kOmega] += mDt * a[kOmega];
    v[kX] += mDt * v[kVX];
    v[kY] += mDt * v[kVY];
    v[kAngle] += mDt * v[kOmega];
  }
  return out;
}

Eigen::VectorXd TimeStepContacts::measure(std::span<const double> vars) {
  Eigen::VectorXd gap(size());
  for (int k = 0; k < size(); ++k) {
    RigidBodyCollision& c = mRecords[static_cast<std::size_t>(k)];
    if (c.kind == CollisionKind::kConnector)
      mSim.remeasureConnector(c, vars);
    else
      updateCollision(c, mSim, vars);
    gap[k] = c.distance - c.targetGap;
  }
  return gap;
}

int TimeStepContacts::detect(std::span<const double> vars) {
  int added = 0;
  const std::span<const double> from =
      vars.data() == mStart.data() ? std::span<const double>() : std::span<const double>(mStart);
  for (RigidBodyCollision& found : mSim.findCollisions(vars, from)) {
    // Between two bodies that cannot move, a force does nothing (A_kk = 0).
    if (!isMovableBody(mSim.bodies(), found.primaryBody) &&
        !isMovableBody(mSim.bodies(), found.normalBody))
      continue;
    const bool known = std::any_of(mRecords.begin(), mRecords.end(),
                                   [&](const auto& c) { return sameFeatures(c, found); });
    if (known) continue;
    // The record at the start of the step: where its force acts (the paper's J N, at s^t).
    RigidBodyCollision atStart = found;
    if (found.kind == CollisionKind::kConnector) {
      mSim.remeasureConnector(atStart, mStart);
    } else {
      // A constraint the start of the step did not satisfy is the wrong pair of features: a
      // vertex that the step carries deep into a body is also near its far edges, and
      // holding it out of those would push it through. Only pairs apart at the start (to the
      // distance tolerance) are constraints of the step.
      if (!updateCollision(atStart, mSim, mStart) || atStart.distance < -found.distanceTol)
        continue;
      // A swept record carries the crossing point: re-measure it at `vars` like the others.
      updateCollision(found, mSim, vars);
    }
    mAtStart.push_back(std::move(atStart));
    mRecords.push_back(std::move(found));
    ++added;
  }
  if (size() > kMaxTimeStepRecords)
    throw SimulationError(fmt::format(
        "a time step of {} s from t = {:.10g} found {} potential contacts, more than {}, the "
        "most one time step solves (its matrices grow as n^2 and each solve as n^3): a "
        "smaller time_step sweeps less and finds fewer",
        mDt, mSim.time(), size(), kMaxTimeStepRecords));
  return added;
}

void TimeStepContacts::charge(double work, const char* what) const {
  if (mBeforeWork) mBeforeWork();
  if (mWork + work > kMaxTimeStepWork)
    throw SimulationError(fmt::format(
        "a time step of {} s from t = {:.10g} would take more work than one time step may "
        "({:.0e} units, about a minute and a half): after {} solves it needed {} over {} potential "
        "contacts; a smaller time_step finds fewer contacts and needs fewer iterations",
        mDt, mSim.time(), kMaxTimeStepWork, mSolves, what, size()));
  mWork += work;
  ++mSolves;
}

Eigen::MatrixXd TimeStepContacts::matrix() const {
  return matrixWithRows(mRecords);
}

Eigen::MatrixXd TimeStepContacts::startMatrix() const {
  return matrixWithRows(mAtStart);
}

Eigen::VectorXd TimeStepContacts::startNormalVelocities(std::span<const double> vars) const {
  std::vector<double> at = mStart;
  for (std::size_t b = 0; b < at.size(); b += kVarsPerBody)
    for (int v : {kVX, kVY, kOmega}) at[b + v] = vars[b + v];
  Eigen::VectorXd v(size());
  for (int k = 0; k < size(); ++k) {
    RigidBodyCollision c = mAtStart[static_cast<std::size_t>(k)];
    if (c.kind == CollisionKind::kConnector)
      mSim.remeasureConnector(c, at);
    else
      updateCollision(c, mSim, at);
    v[k] = c.normalVelocity;
  }
  return v;
}

LcpProblem TimeStepContacts::startLcp(const Eigen::VectorXd& friction) {
  LcpProblem problem;
  const Eigen::VectorXd gap = measure(mStart);
  problem.b = (startNormalVelocities(stateAfter(Eigen::VectorXd(), friction)) + gap / mDt) / mDt;
  problem.A = startMatrix();
  problem.joint = jointFlags();
  return problem;
}

Eigen::MatrixXd TimeStepContacts::matrixWithRows(
    const std::vector<RigidBodyCollision>& rows) const {
  charge(std::pow(size(), 3), "a matrix and its solve");
  // Column j: the accelerations a unit force of record j makes (at the start geometry), read
  // as the relative normal acceleration of every record k in `rows`.
  const int n = size();
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
  std::vector<double> change(mStart.size());
  const auto pointAccel = [&](int body, Vec2 r) {
    if (!isMovableBody(mSim.bodies(), body)) return Vec2{0, 0};
    const double* a = change.data() + kVarsPerBody * body;
    return Vec2{a[kVX], a[kVY]} + cross(a[kOmega], r);
  };
  for (int j = 0; j < n; ++j) {
    std::fill(change.begin(), change.end(), 0.0);
    applyContactForce(mAtStart[static_cast<std::size_t>(j)], 1.0, mSim.bodies(), mStart, change);
    for (int k = 0; k < n; ++k) {
      const RigidBodyCollision& c = rows[static_cast<std::size_t>(k)];
      A(k, j) = dot(c.normal, pointAccel(c.primaryBody, c.r1) - pointAccel(c.normalBody, c.r2));
    }
  }
  return A;
}

Eigen::VectorXd TimeStepContacts::normalVelocities() const {
  Eigen::VectorXd v(size());
  for (int k = 0; k < size(); ++k) v[k] = mRecords[static_cast<std::size_t>(k)].normalVelocity;
  return v;
}

std::vector<double> TimeStepContacts::friction() const {
  return contactFriction(mAtStart, mSim.bodies());
}

bool TimeStepContacts::hasFriction() const {
  const std::vector<double> mu = friction();
  return std::any_of(mu.begin(), mu.end(), [](double m) { return m > 0; });
}

FrictionProblem TimeStepContacts::staticFriction(Eigen::MatrixXd A, Eigen::VectorXd normalB,
                                                 std::span<const double> slipState) const {
  const int n = size();
  FrictionProblem p;
  p.A = std::move(A);
  p.b.resize(2 * n);
  p.b.head(n) = normalB;
  for (int k = 0; k < n; ++k)
    p.b(n + k) =
        tangentialSlip(mAtStart[static_cast<std::size_t>(k)], mSim.bodies(), slipState) / mDt;
  p.mu = friction();
  p.slide.assign(static_cast<std::size_t>(n), 0);
  p.joint = jointFlags();
  return p;
}

FrictionProblem TimeStepContacts::frictionProblem(const LcpProblem& normal) const {
  return staticFriction(frictionMatrix(mAtStart, mSim.bodies(), normal.A), normal.b,
                        stateAfter(Eigen::VectorXd()));
}

FrictionProblem TimeStepContacts::frictionAt(const Eigen::VectorXd& normalForces) const {
  const int n = size();
  Eigen::VectorXd fN = normalForces;
  padForces(fN);
  const Eigen::MatrixXd identity = Eigen::MatrixXd::Identity(n, n);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(2 * n, 2 * n);
  A.topLeftCorner(n, n) = identity;
  A.bottomRightCorner(n, n) =
      frictionMatrix(mAtStart, mSim.bodies(), identity).bottomRightCorner(n, n);
  // sigma is affine and v_t linear in the velocities: v_t(sigma(f_N)) / dt = b_T + A_TN f_N.
  return staticFriction(std::move(A), -fN, stateAfter(fN));
}

double TimeStepContacts::frictionLoss(const Eigen::VectorXd& friction,
                                      std::span<const double> after) const {
  double loss = 0;
  const int n = std::min<int>(static_cast<int>(friction.size()), size());
  for (int k = 0; k < n; ++k) {
    const RigidBodyCollision& c = mAtStart[static_cast<std::size_t>(k)];
    const double slip =
        tangentialSlip(c, mSim.bodies(), mStart) + tangentialSlip(c, mSim.bodies(), after);
    loss -= mDt * friction[k] * slip / 2;
  }
  return loss;
}

SolveContext TimeStepContacts::context(SolvePurpose purpose, bool friction) const {
  return friction ? makeFrictionSolveContext(mSim, mRecords, purpose, mSim.time())
                  : makeSolveContext(mSim, mRecords, purpose, mSim.time());
}

}  // namespace cl
