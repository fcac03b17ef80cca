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
#include "engine/trace/lcp_terms.h"

namespace cl {

enum class PivotTransition {
  kNcDirect,
  kDeferSingular,
  kNcToC,
  kNcToRSingular,
  kCToNc,
  kCToRFlipFlop,
  kDAccepted,
  kDAcceptedNoStep,
  kRejectAccepted,
  kReReject,
  kReRejectsBack,
  kWarmStart,
  kWarmStartRejected,
  kFrictionDirect,
  kFrictionHeld,
  kFrictionAtEdge,
  kFrictionToEdge,
  kEdgeToFriction,
  kFrictionZeroed,
  kGiveUp,
  kLemkeFallback,
  kRegularized,
  kCToRDrift,
  kNcToRDrift,
  kDeferNoStep,
  kToleranceRaised,
  kLoopDetected,
  kRejectDriven,
  kCompliant
};

// Each transition's short name (traces, CSV and LCP files, tables) and what it means (the
// workbench's tips), listed once. ComputeForces' transitions first (d: the contact being
// driven to zero acceleration; j: the contact that limits its step), then the friction
// solve's (friction_forces.h; d and j index the 2n rows, n + i being contact i's friction).
struct PivotTransitionText {
  PivotTransition value;
  const char* name;
  const char* description;
};
inline constexpr PivotTransitionText kPivotTransitionTexts[] = {
    {PivotTransition::kNcDirect, "NC direct",
     "d's acceleration was already acceptable: d -> NC, no step"},
    {PivotTransition::kDeferSingular, "->R singular",
     "adding d to C would make Acc singular: d -> R before any step"},
    {PivotTransition::kNcToC, "NC->C", "limiting j in NC reached a = 0: j -> C"},
    {PivotTransition::kNcToRSingular, "NC->R singular",
     "limiting j in NC reached a = 0 but would make Acc singular: j -> R"},
    {PivotTransition::kCToNc, "C->NC", "limiting j in C reached f = 0: j -> NC"},
    {PivotTransition::kCToRFlipFlop, "C->R flip-flop",
     "j left C by a zero step right after entering it by one: j -> R"},
    {PivotTransition::kDAccepted, "d accepted", "d reached a = 0 (d limits its own step): d -> C"},
    {PivotTransition::kDAcceptedNoStep, "d accepted, no limit",
     "no contact limits the step but d's acceleration is acceptable"},
    {PivotTransition::kRejectAccepted, "R accepted",
     "a deferred contact is acceptable at 100x the tolerance: -> NC"},
    {PivotTransition::kReReject, "R->reRejects",
     "a deferred contact could not be driven again: R -> reRejects"},
    {PivotTransition::kReRejectsBack, "reRejects->R", "a step made progress: reRejects -> R"},
    {PivotTransition::kWarmStart, "warm start",
     "the guessed C (contacts that carried force in the previous evaluate) solved the LCP with one "
     "factorization: C = guess, NC = the rest (a friction solve: from the previous forces, their "
     "frictions held in C_F or at the cone's edge, the sets corrected for a few rounds; where they "
     "still break a condition, those conditions are taken out and the pivoting finishes from the "
     "rest)"},
    {PivotTransition::kWarmStartRejected, "warm start rejected",
     "the guessed C did not solve the LCP (j broke it: negative force, negative acceleration or a "
     "singular pivot; a friction solve: its corrected sets did not hold): solved cold from here"},
    {PivotTransition::kFrictionDirect, "C_F direct",
     "d's friction already had no tangential acceleration: d -> C_F, no step"},
    {PivotTransition::kFrictionHeld, "d -> C_F",
     "the friction force d, pushed against its tangential acceleration, stopped it (a_F = 0) "
     "inside the cone: d -> C_F (sticking)"},
    {PivotTransition::kFrictionAtEdge, "d -> cone edge",
     "the friction force d reached the cone's edge |f_F| = mu f_N before stopping the tangential "
     "acceleration: d -> NC+ or NC- (slipping, f_F tied to f_N)"},
    {PivotTransition::kFrictionToEdge, "C_F -> NC+-",
     "the held friction j reached the cone's edge during the step: C_F -> NC+ or NC-"},
    {PivotTransition::kEdgeToFriction, "NC+- -> C_F",
     "the friction j at the cone's edge: its tangential acceleration reached 0: NC+- -> C_F"},
    {PivotTransition::kFrictionZeroed, "friction zeroed",
     "a force d out of its sets (a given-up friction, or from a warm start a normal that pulled or "
     "a "
     "friction that broke its condition) was driven back to zero before it is established again"},
    {PivotTransition::kGiveUp, "given up",
     "j would have gone straight back to the set it just left by a zero step (a cycle): it is "
     "taken out of the sets and established again later (Baraff 94)"},
    {PivotTransition::kLemkeFallback, "Lemke fallback",
     "the pivoting found no step that ends a drive although the problem has a solution (the "
     "reduced systems are not symmetric once frictions are tied): the problem's LCP form was "
     "solved by Lemke; f, a and the sets are Lemke's"},
    {PivotTransition::kRegularized, "regularized",
     "neither the pivoting nor Lemke solved this degenerate problem (more contacts than the bodies "
     "have freedoms): the pivoting on A + eps I (eps in the step column, relative to the largest "
     "diagonal entry) found f, a and the sets, which solve the problem itself to its acceptance "
     "check"},
    {PivotTransition::kCompliant, "compliant",
     "no exact solve solved this problem (the pivoting, Lemke, the regularized pivoting): with "
     "the compliant fallback on, the problem with A + eps I (eps in the step column, relative to "
     "the largest diagonal entry, a contact compliance) was solved, and its f, a and sets kept; "
     "they solve the problem itself only to the compliance's error (the solve's violation)"},
    // compute_forces_engine2d's own (compute_forces_engine2d.h).
    {PivotTransition::kCToRDrift, "C->R drift",
     "limiting j in C reached f = 0 but its acceleration had drifted past 1e-10: j -> R, to be "
     "driven again"},
    {PivotTransition::kNcToRDrift, "NC->R drift",
     "limiting j in NC reached a = 0 but its force had drifted past 1e-10: j -> R, to be driven "
     "again"},
    {PivotTransition::kDeferNoStep, "->R no step",
     "no contact limits d's step (or it exceeds 1e5) and d carries no force: d -> R"},
    {PivotTransition::kToleranceRaised, "tolerance raised",
     "no contact limits d's step, d carries force and |a_d| < 1e-5: d's tolerance becomes "
     "1.1 |a_d|, which ends its drive"},
    {PivotTransition::kLoopDetected, "loop detected",
     "every contact is treated and the sets with the contact chosen repeat an earlier state: the "
     "solve stops there (engine2D's checkLoop) and its result is checked"},
    {PivotTransition::kRejectDriven, "R driven",
     "a deferred contact, driven again, reached an acceptable acceleration: out of R (into C or "
     "NC by its force)"},
};
const char* transitionName(PivotTransition t);
const char* transitionDescription(PivotTransition t);

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

  // A decision's header, as each pivoting solver (ComputeForces, engine2D's, the friction
  // solve) fills it; the solver then adds the sets and vectors it keeps.
  static SolverPivot decision(int index, PivotTransition t, int d, int j, double step, bool taken,
                              bool zero) {
    SolverPivot p;
    p.index = index;
    p.d = d;
    p.j = j;
    p.step = step;
    p.stepTaken = taken;
    p.zeroStep = zero;
    p.transition = t;
    return p;
  }
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
  LcpError error = LcpError::kOk;
  std::string reason;  // LcpResult::reason: why a solve that is not ok ended so
  LcpSolverKind solver = LcpSolverKind::kComputeForces;
  int iterations = 0;  // LcpResult::iterations
  int pivots = 0;
  int deferrals = 0;
  double maxComplementarityViolation = 0;  // LcpResiduals::worst()
  double wallSeconds = 0;
  bool reference = false;
  NextContactPolicy policy = NextContactPolicy::HYBRID;
  // ComputeForces' warm start (LcpResult::warmStarted, warmPartial): the guessed C solved the
  // LCP outright, or gave a start that decisions finished.
  bool warmStarted = false;
  bool warmPartial = false;
  // A friction solve (friction_forces.h): A, b, f, a and joint have 2n rows (normals, then
  // frictions); mu and slide have n.
  std::vector<double> mu;
  std::vector<int> slide;
  bool byLemke = false;
  double regularization = 0;    // FrictionResult::regularization
  bool compliant = false;       // FrictionResult::compliant
  bool compliantFirst = false;  // FrictionResult::compliantFirst
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

struct CompactRows;
struct CompactSolve;
struct CompactFrictionBlock;
struct CompactLcpSolve;

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
  // A sink that keeps the serial impulse loop's one-contact solves compact
  // (compact_solve.h): the loop solves them untraced and sends, instead of their context,
  // pivots and record, its records once (onCompactRows: their index, for the solves to
  // name) and each solve's problem (onCompactSolve).
  // The same sink is sent each solve of ContactSim::solveLcp, solved untraced, after its
  // context, as what solving it again takes (onCompactLcpSolve; the context is the one sent
  // just before, which the sink keeps with it).
  virtual bool keepsSolvesCompact() const { return false; }
  virtual int onCompactRows(CompactRows&& /*rows*/) { return -1; }
  // `friction`: a friction solve's other entries (null for a frictionless solve).
  virtual void onCompactSolve(const CompactSolve& /*solve*/,
                              const CompactFrictionBlock* /*friction*/) {}
  virtual void onCompactLcpSolve(CompactLcpSolve&& /*solve*/) {}
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
