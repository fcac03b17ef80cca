#pragma once
// What a solver decided, as plain data: ComputeForces sends one SolverPivot per decision (a
// step of f += s delta_f, or a membership change without a step), the other solvers
// (Lemke, PGS, Newton) one SolverIteration per iteration, and every solver one SolverSolve
// per call. The solver reports to a SolverTraceSink when one is attached; with none
// attached the cost is one pointer test per decision.
#include <Eigen/Dense>
#include <string>
#include <utility>
#include <vector>

#include "engine/math/vec2.h"

namespace cl {

enum class PivotTransition {
  kNcDirect,           // d's acceleration was already acceptable: d -> NC, no step
  kDeferSingular,      // adding d to C would make Acc singular: d -> R before any step
  kNcToC,              // limiting j in NC reached a = 0: j -> C
  kNcToRSingular,      // limiting j in NC reached a = 0 but would make Acc singular: j -> R
  kCToNc,              // limiting j in C reached f = 0: j -> NC
  kCToRFlipFlop,       // as kCToNc with a zero step right after a zero-step NC -> C: j -> R
  kDAccepted,          // d reached a = 0 (the limiting contact is d itself): d -> C
  kDAcceptedNoStep,    // no contact limits the step but d's acceleration is acceptable
  kRejectAccepted,     // a deferred contact is acceptable at 100x the tolerance: -> NC
  kReReject,           // a deferred contact could not be driven again: R -> reRejects
  kReRejectsBack,      // progress was made: reRejects -> R
  kWarmStart,          // the guessed C solved the LCP outright: C = guess, NC = the rest
  kWarmStartRejected,  // the guessed C did not (j: the first contact that broke it, or -1)
  // The friction solve's (friction_forces.h; d and j index the 2n rows, n + i being
  // contact i's friction):
  kFrictionDirect,  // d's friction already has a_F = 0: d -> C_F, no step
  kFrictionHeld,    // driven friction d reached a_F = 0: d -> C_F
  kFrictionAtEdge,  // driven friction d reached |f_F| = mu f_N: d -> NC+ or NC-
  kFrictionToEdge,  // held friction j reached the cone's edge: C_F -> NC+ or NC-
  kEdgeToFriction,  // friction j at the cone's edge reached a_F = 0: NC+- -> C_F
  kFrictionZeroed,  // given-up friction d was driven back to zero force
  kGiveUp,          // j would go back to the set it just left by a zero step: given up
  kLemkeFallback,   // the pivoting found no step; the problem's Lemke form solved it
  kRegularized      // both failed; the pivoting on A + eps I (step: eps / max diag A) solved it
};
const char* transitionName(PivotTransition t);

struct SolverPivot {
  int index = 0;    // position in the solve's sequence of decisions
  int d = -1;       // contact being driven to zero
  int j = -1;       // limiting contact of this step (-1 when none)
  double step = 0;  // s in f += s delta_f (0 when no step was taken)
  bool stepTaken = false;
  bool zeroStep = false;  // a step whose change of acceleration was negligible
  PivotTransition transition = PivotTransition::kNcDirect;
  std::vector<int> C, NC, R, reRejects;  // membership after the decision
  // The friction solve's friction sets after the decision (row indices n + i).
  std::vector<int> CF, NCplus, NCminus;
  Eigen::VectorXd f, a, deltaF, deltaA;  // after the decision; delta_* of the step (or empty)
};

// One iteration of a solver other than ComputeForces: a Lemke pivot, a PGS sweep, a Newton
// step. Fields a solver has no use for stay at their defaults.
struct SolverIteration {
  int index = 0;                    // 0, 1, ... within the solve
  double residual = 0;              // LcpResiduals::relative() of the iterate after it
  double merit = 0;                 // FB Newton: Psi = |Phi|^2 / 2; Lemke: z0
  double stepLength = 0;            // Newton: the line search's t (1 for a full step)
  bool gradientStep = false;        // FB Newton: the Newton direction was no descent direction
  int entering = -1, leaving = -1;  // Lemke: variables w_i = i, z_i = n + i, z0 = 2 n
  bool supportSolve = false;        // Lemke: f re-solved on its support (no pivot)
  std::vector<int> active;          // Newton: the active set; Lemke: the basis (variable codes)
  Eigen::VectorXd f;                // the iterate after it
};

struct SolverSolve {
  Eigen::MatrixXd A;
  Eigen::VectorXd b;
  std::vector<bool> joint;
  Eigen::VectorXd f, a;
  int error = -1;      // LcpError as int
  int solver = 0;      // LcpSolverKind as int (lcp_solver.h)
  int iterations = 0;  // LcpResult::iterations
  int pivots = 0;
  int deferrals = 0;
  double maxComplementarityViolation = 0;  // LcpResiduals::worst()
  double wallSeconds = 0;
  bool reference = false;
  int policy = 0;  // NextContactPolicy as int
  // ComputeForces' warm start (LcpResult::warmStarted, warmPartial): the guessed C solved the
  // LCP outright, or gave a start that decisions finished.
  bool warmStarted = false;
  bool warmPartial = false;
  // A friction solve (friction_forces.h): A, b, f, a and joint have 2n rows (normals, then
  // frictions); mu and slide have n.
  std::vector<double> mu;
  std::vector<int> slide;
  bool byLemke = false;
  double regularization = 0;  // FrictionResult::regularization
  bool friction() const { return !mu.empty(); }
};

// How far (f, a) is from solving the LCP, per contact: |a| at a joint (a = 0 wanted);
// max(0, -f, -a, min(|f|, |a|)) at a contact (f >= 0, a >= 0, f a = 0 wanted).
Eigen::VectorXd complementarityViolation(const Eigen::VectorXd& f, const Eigen::VectorXd& a,
                                         const std::vector<bool>& joint);

// What a solve is for: resting-contact forces inside evaluate, collision impulses, or the
// LCP of one round of the fixpoint time stepper (engine/time_stepping/lcp_fixpoint_stepper.h).
enum class SolvePurpose { kContactForces, kImpulse, kTimeStep };
const char* solvePurposeName(SolvePurpose p);

// One row of a solve's A matrix as the simulation knows it: the record it came from.
struct SolveContact {
  int primaryBody = -1;  // body index, -1 for the Scrim
  int normalBody = -1;
  std::string label;      // "primary/normal" body names, for axes and tables
  const char* kind = "";  // collisionKindName of the record
  Vec2 point;             // impact1, world
  Vec2 normal;            // unit, out of the normal body
  double distance = 0;
  double normalVelocity = 0;
  bool joint = false;
  int connector = -1;  // index of the connector that made it, -1 for a contact
};

// Sent by the simulation just before each solve it asks for, so the solve and its
// pivots that follow can be tied to bodies: contacts[i] is row i of A.
struct SolveContext {
  SolvePurpose purpose = SolvePurpose::kContactForces;
  double time = 0;
  int subset = 0;  // which independent subset of the evaluate (0 for impulses)
  std::vector<SolveContact> contacts;
};

// Each record comes by value: the solver builds it for the sink and moves it in, and a sink
// that keeps it moves it on (a traced pile_100 makes two million solves in 4 s, each a
// context, its pivots and its record).
class SolverTraceSink {
 public:
  virtual ~SolverTraceSink() = default;
  virtual void onSolveContext(SolveContext /*context*/) {}
  virtual void onPivot(SolverPivot pivot) = 0;
  virtual void onIteration(SolverIteration /*iteration*/) {}
  virtual void onSolve(SolverSolve solve) = 0;
};

// Keeps everything it is told; the pivots of the latest solve follow `solves.back()`.
class RecordingTraceSink : public SolverTraceSink {
 public:
  void onPivot(SolverPivot pivot) override { pivots.push_back(std::move(pivot)); }
  void onIteration(SolverIteration it) override { iterations.push_back(std::move(it)); }
  void onSolve(SolverSolve solve) override { solves.push_back(std::move(solve)); }
  void clear() {
    pivots.clear();
    iterations.clear();
    solves.clear();
  }
  std::vector<SolverPivot> pivots;
  std::vector<SolverIteration> iterations;
  std::vector<SolverSolve> solves;
};

}  // namespace cl
