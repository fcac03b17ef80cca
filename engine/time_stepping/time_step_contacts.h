#pragma once
// TimeStepContacts: one Euler step of a ContactSim as the time steppers of Hotz et al. see
// it (the paper's section 2, eqs. 1 and 2, in 2D where S is the identity on (x, y, angle)):
//   u'(f) = u + dt (a_ext + M^-1 J N f),   s'(f) = s + dt u'(f)   (sigma(f) of the paper),
// with a_ext the accelerations of the force laws at the start of the step (gravity, springs,
// damping, thrusters), and the step's potential contacts: every record closer than the
// distance tolerance at the start of the step or at a predicted end (swept from the start,
// so a fast vertex that crosses an edge is found), connector records included. Each record
// keeps its features, and is re-measured at any iterate: its gap
//   delta_k(s') = distance_k(s') - targetGap_k
// is what the schemes make complementary to f_k (zero for a joint or rod record), so bodies
// come to rest at the same target gap (half the distance tolerance) as under
// CollisionAdvance. f_k is a force (N) acting for the whole step: +f_k n_k on the primary
// body and -f_k n_k on the normal body, as in ContactSim's LCP.
//
// The response of the gaps to the forces at an iterate is d delta / d f = dt^2 A (matrix()),
// and of the normal velocities dt A.
//
// Friction (a record between bodies with friction coefficients, friction_problem.h's pair
// rule) is Stewart and Trinkle's / Anitescu and Potra's, at the velocity level and at the
// start geometry: a force f_T along each record's tangent t (its normal turned +90 degrees),
// acting for the whole step at the record's points, with the end-of-step slip
//   v_t(u'(f)) = v_t(u_free) + dt (A_TN f_N + A_TT f_T)
// zero while |f_T| < mu f_N, and f_T = -mu f_N sign(v_t) when it slips: the friction
// problem of friction_forces.h with every contact static (in 2D the cone's two directions
// +-t are exact), whose A is frictionMatrix at the start geometry and b_T = v_t(u_free) / dt
// (frictionProblem()). The Newton schemes solve friction staggered (time_stepper.h): with the
// normal forces held, the tangential rows alone (frictionAt()).
#include <Eigen/Dense>
#include <functional>
#include <span>
#include <vector>

#include "engine/collision/rigid_body_collision.h"
#include "engine/contact/contact_sim.h"
#include "engine/solver/friction_forces.h"
#include "engine/solver/lcp_problem.h"
#include "engine/trace/solver_trace.h"

namespace cl {

// The bounds of one time step's work (each throws SimulationError with what it met and the
// remedy, a smaller time step, which sweeps less and so finds fewer potential contacts):
// the potential contacts n of a step (its matrices are n x n, each solve takes about n^3:
// at 1000 a Lemke solve takes about 5 s; pile_200's steps have up to 560)...
inline constexpr int kMaxTimeStepRecords = 1000;
// ...and the work of a step's solves, counted before each is made: n^3 for a matrix of n
// rows (one an iteration of any scheme, each followed by a dense solve of about that cost)
// and kLemkeWork n^3 for a Lemke solve of n rows (measured on pile_50 at dt = 2: a
// 1900-row Lemke solve takes about 37 s, 5.4 ns n^3, while a unit of the dense solves is
// about 0.08 ns: pile_200 by lcp_fixpoint to t = 3.95 did 3.4e12 units in 265 s, its
// heaviest step 2.3e11 counting Lemke at 30). The bound is about 80 s of one core's work,
// twice pile_200's heaviest step.
inline constexpr double kMaxTimeStepWork = 1e12;
inline constexpr double kLemkeWork = 60;

// max |s'_b - s_b| over the positions (x, y, angle) of two states: how far an iteration
// moved the step's end.
double positionChange(std::span<const double> a, std::span<const double> b);

class TimeStepContacts {
 public:
  // The step of `dt` from `sim`'s current state. `beforeWork` (if any) is called before
  // every matrix and solve is counted (charge()): where a caller cancels the step (it
  // throws). Throws SimulationError past the bounds above.
  TimeStepContacts(ContactSim& sim, double dt, std::function<void()> beforeWork = {});

  double dt() const { return mDt; }
  // Counts `work` more against kMaxTimeStepWork, first calling `beforeWork`; throws
  // SimulationError, saying what was being solved (`what`), when it would be exceeded.
  void charge(double work, const char* what) const;
  // The work counted so far.
  double work() const { return mWork; }
  // The state at the start of the step.
  const std::vector<double>& start() const { return mStart; }
  int size() const { return static_cast<int>(mRecords.size()); }
  const std::vector<RigidBodyCollision>& records() const { return mRecords; }
  std::vector<bool> jointFlags() const;
  // f resized to size(), the records it did not cover (found later) without force.
  void padForces(Eigen::VectorXd& f) const;

  // The state (positions and velocities) at the end of the step under forces f (one per
  // record; shorter is padded with zeros), each acting at its record's impact points and
  // along its normal at the start of the step (the paper's J N, at s^t): sigma(f) is affine.
  // `friction` (one per record, or empty) adds the friction forces along the tangents.
  std::vector<double> stateAfter(const Eigen::VectorXd& f,
                                 const Eigen::VectorXd& friction = Eigen::VectorXd()) const;
  // The records' friction coefficients (0 for joints and frictionless pairs).
  std::vector<double> friction() const;
  bool hasFriction() const;
  // The step's friction problem around a normal LCP of the records (A f_N + b): the 2n
  // matrix at the start geometry, b = [normal.b; v_t(u_free) / dt], every contact static.
  FrictionProblem frictionProblem(const LcpProblem& normal) const;
  // The step's friction problem with the normal forces held at `normalForces`: the normal
  // rows pin them (A_NN = I, b_N = -f_N, no coupling, so f_N is the only solution), the
  // tangential rows are A_TT f_T + v_t(sigma(f_N)) / dt, every contact static.
  FrictionProblem frictionAt(const Eigen::VectorXd& normalForces) const;
  // The energy friction forces take over the step to `after`: their impulse dt f_T against
  // the mean of the slips before and after (the kinetic energy's change by an impulse P is
  // P . (u + u') / 2, split by rows as for a collision).
  double frictionLoss(const Eigen::VectorXd& friction, std::span<const double> after) const;
  // Re-measures every record at `vars` (records whose features no longer give a gap keep
  // their last measure) and returns the gaps delta_k; the normal velocities at `vars` are
  // then records()[k].normalVelocity.
  Eigen::VectorXd measure(std::span<const double> vars);
  // Adds the records found at `vars` (swept from the start of the step) that are not yet in
  // the set, at its end; returns how many were added. Each new one is measured at `vars`.
  int detect(std::span<const double> vars);
  // d(normal velocity after the step) / d f / dt = d delta / d f / dt^2: the relative normal
  // accelerations (row k, at record k's current geometry) that unit forces make (column j,
  // acting at record j's start geometry). At the start of the step it is Baraff's A =
  // N^T J^T M^-1 J N (contact_matrix.h), symmetric; at an iterate it is the exact Jacobian of
  // the re-measured gaps, no longer symmetric.
  Eigen::MatrixXd matrix() const;
  // The same with the rows at the start of the step as well: Baraff's A there, symmetric
  // and positive semidefinite (the paper's A of eq. 7), the chord of delta(sigma(f)).
  Eigen::MatrixXd startMatrix() const;
  Eigen::VectorXd normalVelocities() const;
  // N^T J^T u at the start geometry: the normal velocities of the records at the start of
  // the step's positions under the velocities of `vars` (the rows of startMatrix()).
  Eigen::VectorXd startNormalVelocities(std::span<const double> vars) const;
  // The velocity-level LCP of the start of the step (Hotz et al. eq. 7 linearized there):
  //   delta(s) + dt v_n(u(f)) >= 0  compl. to  f >= 0,  v_n(u(f)) = v_n(u_free) + dt A f,
  // as A f + b with A = startMatrix(), b = (v_n(u_free) + delta(s) / dt) / dt; joints and
  // rods are equality rows. Leaves the records measured at the start of the step. With
  // `friction` (one per record, or empty) u_free carries those friction forces.
  LcpProblem startLcp(const Eigen::VectorXd& friction = Eigen::VectorXd());
  // The rows as a SolveContext / SolveContacts, for traces (with friction rows when
  // `friction`).
  SolveContext context(SolvePurpose purpose, bool friction = false) const;

 private:
  // A friction problem of the records, every contact static: A (2n), the normal rows' b,
  // and b_T = v_t / dt with v_t at the start geometry under the velocities of `slipState`.
  FrictionProblem staticFriction(Eigen::MatrixXd A, Eigen::VectorXd normalB,
                                 std::span<const double> slipState) const;
  // Columns: the forces at the start geometry; rows: `rows` (records in step order).
  Eigen::MatrixXd matrixWithRows(const std::vector<RigidBodyCollision>& rows) const;

  ContactSim& mSim;
  double mDt;
  std::vector<double> mStart;                // s and u at the start of the step
  std::vector<double> mExternal;             // d/dt of the state under the force laws alone (a_ext)
  std::vector<RigidBodyCollision> mRecords;  // as last measured
  std::vector<RigidBodyCollision> mAtStart;  // the same, at the start of the step
  std::function<void()> mBeforeWork;
  mutable double mWork = 0;  // charge()'s sum
  mutable int mSolves = 0;   // and how many it counted
};

}  // namespace cl
