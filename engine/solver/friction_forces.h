#pragma once
// Contact forces with static Coulomb friction in 2D: Baraff 1994, section 5, by pivoting.
//
// Each contact i has a normal force f_N,i along n_i and a signed friction force f_F,i along
// its tangent t_i (n_i turned +90 degrees), with accelerations a_N,i and a_F,i along the
// same directions. With the normals first and the frictions after them,
//   [a_N; a_F] = A [f_N; f_F] + b,   A of size 2n (A_NN the frictionless contact matrix),
// and at every contact
//   normal:   f_N >= 0, a_N >= 0, f_N a_N = 0                           (15)
//   friction: |f_F| <= mu f_N, a_F f_F <= 0, a_F (mu f_N - |f_F|) = 0   (16)
// i.e. the friction force holds the contact still (a_F = 0) within the cone, or is at the
// cone's edge opposing the tangential acceleration.
//
// The sets: a normal is in C (a_N held at 0) or NC (f_N held at 0); a friction is in C_F
// (a_F held at 0), NC+ (f_F = +mu f_N held, a_F < 0) or NC- (f_F = -mu f_N held, a_F > 0),
// or in no set (f_F = 0 while f_N = 0, or not established yet, or given up). Contacts are
// established one condition at a time, every normal before any friction: the normal or
// friction of contact d is driven along a direction that keeps every established condition
// (rows of C and C_F at zero acceleration change, NC forces at zero, NC+- frictions tied to
// their normals, df_F = +-mu df_N) until it holds, and at each step the first established
// condition that would break changes set instead (Baraff's maxstep). A condition that would
// go back to the set it just left by a zero step is given up and established again later
// (Baraff's remedy for cycling); a given-up friction is first driven back to zero force, as
// is a warm start's normal or friction taken out of its set with a force (FrictionOptions::
// guess).
//
// The reduced system of a step is not symmetric (the NC+- ties), and A is singular wherever
// a body carries more contacts than it has freedoms: each direction is the minimum-norm
// solution of the reduced system, which is consistent for A = J M^-1 J^T (Baraff's section
// 4.5); an inconsistent one ends the solve with kNoSolution.
//
// Dynamic friction (section 6): a contact that slides (`slide` = +-1, the sign of the
// friction force, against the sliding velocity) has f_F = slide mu f_N throughout, like a
// friction held in NC+- for good, and no condition on a_F. A is then in effect not
// symmetric and may be indefinite: where no step ends a drive (Baraff's s = infinity, a
// Painleve-type inconsistency) the solve stops with kNoSolution; the direction it found is
// what an impulse would need.
//
// Joints (bilateral rows, `joint`): a = 0 always, the force of either sign. A joint's row
// is established like a normal (driven until its acceleration is zero, its force moving
// up or down) and then stays held for good; it has no friction (mu = 0).
#include <Eigen/Dense>
#include <algorithm>
#include <string>
#include <vector>

#include "engine/math/named_enum.h"
#include "engine/solver/lcp_problem.h"
#include "engine/trace/solver_trace.h"

namespace cl {

struct FrictionProblem {
  Eigen::MatrixXd A;        // 2n x 2n: normals 0..n-1, frictions n..2n-1
  Eigen::VectorXd b;        // 2n
  std::vector<double> mu;   // n friction coefficients, >= 0 (0: frictionless contact)
  std::vector<int> slide;   // n, or empty (all static): 0 static, +-1 sliding (f_F's sign)
  std::vector<bool> joint;  // n, or empty (no joint): bilateral rows

  int contacts() const { return static_cast<int>(mu.size()); }
  // Whether a contact slides (a slide entry is nonzero).
  bool sliding() const {
    return std::any_of(slide.begin(), slide.end(), [](int s) { return s != 0; });
  }
  // Empty when the sizes agree and every number is finite, else what is wrong.
  std::string validate() const;
};

struct FrictionResult {
  Eigen::VectorXd f, a;                  // 2n, ordered as the problem
  std::vector<ContactSet> normalSets;    // C or NC (untreated: not established)
  std::vector<ContactSet> frictionSets;  // C_F, NC+, NC- or untreated (in no set)
  int pivots = 0;                        // steps taken (each changes one set)
  int gaveUp = 0;                        // conditions given up after a zero step that would cycle
  bool byLemke = false;  // the pivoting failed and friction_lemke.h's fallback solved it
  // The pivoting and Lemke failed and the pivoting on A + eps I solved the problem itself:
  // eps relative to max diag A (regularizedFallback), else 0.
  double regularization = 0;
  // Every exact solve failed and the compliant fallback (FrictionOptions::compliantFallback)
  // gave f and a: f solves the problem with A + regularization max(diag A) I, and meets (15)
  // and (16) on the problem itself only to that compliance's error (its violation, measured
  // on the problem itself, is the caller's to report).
  bool compliant = false;
  // That compliant solve came first (FrictionOptions::compliantFirst): no exact pivoting was
  // tried, only the guess's sets.
  bool compliantFirst = false;
  // The warm start (FrictionOptions::guess): its sets solved the problem outright (no
  // pivots), or started the pivoting (their broken conditions taken out), or were rejected
  // and the problem was solved without them.
  bool warmStarted = false;
  bool warmPartial = false;
  bool warmRejected = false;
  LcpError error = LcpError::kOk;
  bool ok() const { return error == LcpError::kOk; }
};

struct FrictionOptions {
  // Acceptable violation of (15) and (16), relative to max |b| (absolute when b = 0).
  double tolerance = 1e-10;
  // Touching contacts held: a normal that starts at zero acceleration (|a_N| <= tolerance)
  // joins C rather than NC, and its friction is established even while its normal force is
  // still zero. Both choices satisfy (15) and (16); this one finds the impulse of a jam
  // (Painleve's "impact without collision": a sliding contact whose friction drives it into
  // its surface stops by an impulse with a_N = 0), which the usual choice (NC, no friction)
  // passes over as the zero impulse.
  bool touchingHeld = false;
  // When the pivoting ends without a solution (kNoSolution, kTooManyPivots, kCheckFailed),
  // solve the problem's LCP form by Lemke (friction_lemke.h) and keep that if it holds.
  bool lemkeFallback = true;
  // Lemke's last resort there: its pivoting again in exact arithmetic (lemke.h). The friction
  // LCP is not copositive-plus, so an exact ray proves no more than a rounded one. Off with
  // the friction warm start: on pile_20 with friction (12 s) the exact pivoting took two
  // thirds of the run's CPU and changed no bit of its result.
  bool lemkeExact = true;
  // Lemke there from the basis the guess implies (frictionByLemke), not from the cold start:
  // on with the friction warm start, where a solve of the same contacts is the guess. On
  // pile_200 with friction near rest the cold Lemke took about 3 000 pivots of 1.5 ms on
  // 1 500 rows.
  bool lemkeFromGuess = false;
  // Lemke there with its basis as a sparse LU (LemkeOptions::sparseBasis) instead of the
  // dense tableau: on pile_200 with friction near rest (1 700 rows) the same pivots at about
  // a tenth of the tableau's cost.
  bool lemkeSparseBasis = false;
  // When that fails too: the pivoting on A + eps I, eps = 1e-12 then 1e-10 times max diag A
  // (a compliance, as ODE's constraint force mixing), keeping what it finds only when it
  // solves the problem itself to the final check. A degenerate problem (more contacts than
  // the bodies have freedoms, so A is singular with many equivalent bases) can make the
  // pivoting cycle and Lemke end on a ray although a solution exists: seen on pile_20 with
  // mu 0.5, 47 static contacts, 4801 pivots; with 1e-12 it takes 1486 pivots and its f
  // violates the problem itself by 1.6e-10 (the check allows 2.1e-8).
  bool regularizedFallback = true;
  // That fallback at 1e-12 alone (ContactSim asks for it with the friction warm start, on a
  // problem with a sliding contact, or with friction_compliance on, whose fallback follows).
  // pile_100 with friction collapsing (3.0 to 3.2 s) meets many problems no exact solve
  // solves, where each level costs a pivoting and a Lemke on up to 4n rows: 1e-12 and 1e-10
  // solved none of its 54, and took a third of the friction CPU from 3.0 s and half from
  // 3.1 s, where the 1e-10 pivoting of a static problem of 154 contacts took 4.2 s against
  // 0.45 s at 1e-12 (its held rows' updated inverse failed its check, pivot after pivot). On
  // 8 perturbed pile_20 runs, 1e-12 solved 9 sliding problems and 1e-10 one sliding and one
  // static problem more.
  bool regularizeOnce = false;
  // The last fallback, when all of the above failed and no contact slides: the problem made
  // compliant, A + eps I
  // with eps = 1e-8, then 1e-6, times max diag A (a contact compliance, as ODE's constraint
  // force mixing and the soft contacts of Box2D and MuJoCo), solved by the pivoting and
  // Lemke; its forces are kept although they solve the problem itself only to the
  // compliance's error (FrictionResult::compliant). Off by default: a problem no exact
  // solve solves fails. pile_50 with mu 0.5 at 3.6 s: 106 static contacts that neither the
  // pivoting, Lemke nor the regularized pivoting solve; at 1e-8 Lemke solves the compliant
  // problem, with a violation of 1e-6 max |b| on the problem itself.
  // It comes before Lemke and the regularized pivoting, at 1e-8 and warm-started from the
  // guess, where the guess's sets held without a pivot but failed the final check (as the
  // last evaluation's compliant forces do) and the pivoting from no sets failed too: pile_100
  // with friction near rest (3.5 s) solved every such problem compliant, after about 2 s of
  // exact solves each at 170 contacts; from the guess the compliant solve takes one round.
  bool compliantFallback = false;
  // With compliantFallback: the compliant solve first, from the guess. Where the guess's sets
  // do not solve the problem outright, the compliant problem A + 1e-8 max(diag A) I comes
  // before every exact solve (which follow only where it fails): its pivoting from the
  // guess with a token budget (100 pivots), then Lemke.
  // ContactSim asks for it where the warm-start memory says the same contacts' last solve
  // was held static and ended compliant (WarmStart::Carrier::heldCompliant): on pile_100's
  // frictional collapse the exact chain of such a problem took 2 000 to 7 900 pivots, 2 to
  // 6 s at 190 contacts, and failed every time.
  bool compliantFirst = false;
  // The held rows' reduced system (the pivoting's directions, the warm start's rounds)
  // solved by an updated inverse, its dependent rows deferred and the minimum-norm solution
  // formed from it (detail/held_inverse.h: O(k^2) per pivot where the complete orthogonal
  // decomposition costs O(k^3); the decomposition only where the inverse's solve fails its
  // check). The same solutions to rounding, so the results' bits differ from the default's.
  // On with the friction warm start.
  bool updatedInverse = false;
  // The pivoting gives up (kTooManyPivots) after pivotsPerRow * 2n + 100 pivots.
  int pivotsPerRow = 50;
  // Warm start: forces guessed for the problem (2n, normals then frictions; the previous
  // solve's forces at the contacts it shares with this one, WarmStart). Before any
  // pivoting, the normals guessed with force are held in C (joints always) and their
  // frictions in C_F, or in NC+- where the guess is at the cone's edge (a sliding contact's
  // friction stays tied to its normal); the rest are in NC with no friction force. The held
  // rows are solved for a = 0, the solution nearest to the guess (a degenerate pile has
  // many: the nearest keeps the forces where they were), and what that breaks changes set:
  // first every held normal that pulls (C -> NC where f_N < 0), else every other failing
  // condition (NC -> C where a_N < 0, C_F -> NC+- outside the cone, NC+- -> C_F where a_F
  // does not oppose f_F), and the held rows are solved again, 16 rounds at most. The sets
  // are kept when nothing changes and they satisfy (15) and (16) to the final check. Else
  // the last round whose held rows were solved is the pivoting's start (warmPartial): the
  // conditions its f and a break are taken out of their sets with their forces, a normal
  // that pulls or a friction outside the cone or not against a_F being driven back to zero
  // force before it is established again, and the rest stay established. Only where that
  // pivoting fails (within 2 pivots a row, or pivotsPerRow if fewer), or no round was
  // solved, or a contact slides (the pivoting from no sets costs less there), is the
  // problem solved as without a guess (warmRejected). Empty: no warm start.
  Eigen::VectorXd guess;
  // Told every decision (a SolverPivot with the five sets: C, NC and C_F, NC+, NC- as rows
  // n + i) and the solve (a SolverSolve with mu and slide) when set.
  SolverTraceSink* sink = nullptr;
};

// Solves the problem; a failure says why in `error` (kBadInput, kTooManyPivots,
// kNoSolution, kCheckFailed) with f and a where the pivoting stopped (after the Lemke
// fallback failed too, when it is on).
FrictionResult computeFrictionForces(const FrictionProblem& problem,
                                     const FrictionOptions& options = {});

// The problem a traced friction solve was (its A, b, mu, slide and the normals' joints).
FrictionProblem frictionProblemOf(const SolverSolve& solve);

// The violation of (15) at each normal row and of (16) at each friction row (2n entries).
Eigen::VectorXd frictionViolations(const FrictionProblem& problem, const Eigen::VectorXd& f,
                                   const Eigen::VectorXd& a);

// The largest violation of (15) and (16) over the contacts (0 when they all hold).
double frictionViolation(const FrictionProblem& problem, const Eigen::VectorXd& f,
                         const Eigen::VectorXd& a);

}  // namespace cl
