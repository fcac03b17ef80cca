#pragma once
// The terms an LCP solve is told in, shared by the solvers (engine/solver) and the trace of
// what they decided (solver_trace.h), which ranks below them: the contact order ComputeForces
// follows, Baraff's sets, how a solve ended, and which solver it was. Each enum's names are
// listed once beside it (named_enum.h).
#include <span>

#include "engine/math/named_enum.h"

namespace cl {

// Order in which ComputeForces treats contacts (Baraff 94 leaves the order open).
enum class NextContactPolicy {
  HYBRID,      // joints first in random order, then the most negative acceleration
  MIN_ACCEL,   // joints first by largest |a|, then the most negative acceleration
  RANDOM,      // joints first, each group in random order
  PRE_ORDERED  // the problem's preOrder, then any remaining contacts by index
};

inline constexpr NamedValue<NextContactPolicy> kNextContactPolicyNames[] = {
    {NextContactPolicy::HYBRID, "hybrid"},
    {NextContactPolicy::MIN_ACCEL, "min_accel"},
    {NextContactPolicy::RANDOM, "random"},
    {NextContactPolicy::PRE_ORDERED, "pre_ordered"}};
constexpr std::span<const NamedValue<NextContactPolicy>> namesOf(NextContactPolicy) {
  return kNextContactPolicyNames;
}

// The set ComputeForces keeps a contact in (Baraff 94): untreated, C (force, a = 0), NC
// (no force, a >= 0), R (rejected for now), or rejected again after a re-try.
// The set of a row: ComputeForces' untreated, C, NC, R and reRejects; and the friction rows'
// of a solve with friction (friction_forces.h): C_F (held: a_F = 0 inside the cone), NC+ and
// NC- (at the cone's edge, f_F = +-mu f_N), untreated for a friction in no set.
enum class ContactSet : unsigned char {
  kUntreated,
  kC,
  kNC,
  kR,
  kReReject,
  kCF,
  kNCPlus,
  kNCMinus
};
inline constexpr NamedValue<ContactSet> kContactSetNames[] = {{ContactSet::kUntreated, "untreated"},
                                                              {ContactSet::kC, "C"},
                                                              {ContactSet::kNC, "NC"},
                                                              {ContactSet::kR, "R"},
                                                              {ContactSet::kReReject, "reRejects"},
                                                              {ContactSet::kCF, "C_F"},
                                                              {ContactSet::kNCPlus, "NC+"},
                                                              {ContactSet::kNCMinus, "NC-"}};
constexpr std::span<const NamedValue<ContactSet>> namesOf(ContactSet) {
  return kContactSetNames;
}

// How a solve ended; kOk is -1 as in myPhysicsLab (anything else is a failure). The first
// five are ComputeForces' (engine2D's codes); every solver reports through the same list.
enum class LcpError : int {
  kOk = -1,
  kTooManyPivots = 1,   // ComputeForces' pivot guard (50 n + 100) was exceeded
  kInfiniteLoop = 2,    // rejects exhausted without progress (reRejects left over)
  kNoSolution = 3,      // proved: a certificate that no f solves the LCP (LcpResult::reason)
  kCheckFailed = 4,     // the solver ended, but its f and a do not solve the LCP
  kBadInput = 5,        // sizes disagree or a number is not finite
  kIterationLimit = 6,  // an iterative solver used up its iterations (sweeps, Newton steps)
  kRayTermination = 7,  // Lemke: no pivot row (a secondary ray), no solution found
  kCycling = 8,         // a state repeated (Lemke's basis, Newton-with-release's active set)
  kStalled = 9,         // no step makes progress (Newton: the merit function; ComputeForces: a
                        // contact it cannot drive, without a certificate that no solution exists)
  kNonFinite = 10,      // an iterate held a NaN or an infinity: the solve stopped at the first
  kOutsideAssumptions = 11,  // ComputeForces on an A that is not symmetric positive semidefinite
  kLostBasis = 12            // Lemke: rounding made its basis singular, too large to pivot exactly
};
inline constexpr NamedValue<LcpError> kLcpErrorNames[] = {
    {LcpError::kOk, "ok"},
    {LcpError::kTooManyPivots, "too-many-pivots"},
    {LcpError::kInfiniteLoop, "infinite-loop"},
    {LcpError::kNoSolution, "no-solution"},
    {LcpError::kCheckFailed, "check-failed"},
    {LcpError::kBadInput, "bad-input"},
    {LcpError::kIterationLimit, "iteration-limit"},
    {LcpError::kRayTermination, "ray-termination"},
    {LcpError::kCycling, "cycling"},
    {LcpError::kStalled, "stalled"},
    {LcpError::kNonFinite, "non-finite"},
    {LcpError::kOutsideAssumptions, "outside-assumptions"},
    {LcpError::kLostBasis, "lost-basis"}};
constexpr std::span<const NamedValue<LcpError>> namesOf(LcpError) {
  return kLcpErrorNames;
}
inline const char* errorName(LcpError e) {
  return nameOf(e);
}

// X(kind, name, title)
#define CL_LCP_SOLVERS(X)                                                     \
  X(kComputeForces, "compute_forces", "ComputeForces (Baraff 1994 pivoting)") \
  X(kComputeForcesEngine2D, "compute_forces_engine2d",                        \
    "ComputeForces in engine2D's arithmetic (myPhysicsLab's bits)")           \
  X(kLemke, "lemke", "Lemke (complementary pivoting, lexicographic)")         \
  X(kPgs, "pgs", "Projected Gauss-Seidel")                                    \
  X(kFbNewton, "fb_newton", "Fischer-Burmeister semismooth Newton")           \
  X(kNewtonRelease, "newton_release", "Newton with release (Hotz et al. 2.1)")

enum class LcpSolverKind {
#define CL_SOLVER_ENUM(kind, name, title) kind,
  CL_LCP_SOLVERS(CL_SOLVER_ENUM)
#undef CL_SOLVER_ENUM
};

// The solvers of Baraff's pivoting, whose traces are its decisions (SolverPivot: the sets
// at each pivot) rather than iterations.
constexpr bool tracesPivots(LcpSolverKind kind) {
  return kind == LcpSolverKind::kComputeForces || kind == LcpSolverKind::kComputeForcesEngine2D;
}

inline constexpr NamedValue<LcpSolverKind> kLcpSolverNames[] = {
#define CL_SOLVER_NAME(kind, name, title) {LcpSolverKind::kind, name},
    CL_LCP_SOLVERS(CL_SOLVER_NAME)
#undef CL_SOLVER_NAME
};
constexpr std::span<const NamedValue<LcpSolverKind>> namesOf(LcpSolverKind) {
  return kLcpSolverNames;
}
}  // namespace cl
