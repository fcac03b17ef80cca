#pragma once
// What makes a recorded step worth looking at, read off its StepStats, and the search for
// the next or previous such step over a run's history (the workbench's Find bar).
#include <span>
#include <string>

#include "engine/math/named_enum.h"
#include "engine/run/run_history.h"

namespace cl {

enum class StepMark {
  kBackup,        // CollisionAdvance backed up in time at least once
  kCollision,     // a collision was handled
  kPoorSolve,     // a solve that was not clean (poorSolve below)
  kBinarySearch,  // CollisionAdvance searched for a collision's time by bisection
  kMaybeStuck,    // CollisionAdvance's MAYBE_STUCK: back-ups that made no progress
  kAny,           // any of the above
};
inline constexpr NamedValue<StepMark> kStepMarkNames[] = {
    {StepMark::kBackup, "back-up"},         {StepMark::kCollision, "collision"},
    {StepMark::kPoorSolve, "poor solve"},   {StepMark::kBinarySearch, "binary search"},
    {StepMark::kMaybeStuck, "maybe stuck"}, {StepMark::kAny, "any of these"},
};
constexpr std::span<const NamedValue<StepMark>> namesOf(StepMark) {
  return kStepMarkNames;
}

// A contact-force solve whose worst complementarity violation is above this (absolute,
// in the units of a) counts as poor.
inline constexpr double kPoorViolation = 1e-8;

// Poor: a solve violating complementarity by more than kPoorViolation, a friction solve
// that needed a fallback (Lemke, the regularized pivoting, or sliding held static), or a
// time stepper's step that did not converge.
bool poorSolve(const StepStats& s);
bool hasMark(const StepStats& s, StepMark mark);

// The shortcuts friction_compliance's warm-start memory took, in words, for the poor-step
// reason and the CLI's summary alike: "N of them compliant first, their exact pivoting
// skipped: ..." and "N of them at once, their sliding solve skipped: ..." (empty at 0).
std::string compliantFirstNote(const ContactSim::SolveTotals& t);
std::string heldAtOnceNote(const ContactSim::SolveTotals& t);

// Why poorSolve(s) holds, in words ("worst violation 3.1e-07 above 1e-08; 2 friction solves
// solved by the Lemke fallback"); empty when it does not.
std::string poorSolveReason(const StepStats& s);

// The solve of a step's trace that made it poor: the contact-force solve whose forces the
// step used with the worst violation above kPoorViolation, else the first solved only with
// a contact compliance, else the first that needed a friction fallback (Lemke, the
// regularized pivoting, or a second solve with the sliding contacts held static: then the
// first failed); -1 when no solve is poor (a time step that did not converge is poor without
// one). `trace` is full, opened or compact (engine/contact/expand_trace.h: a compact friction
// solve keeps its outcome; a compact frictionless one, which openTrace expands, is not
// looked at); the index is the solve's position among the step's.
int poorSolveIndex(const StepTrace& trace);

// The index of the nearest record after `from` (direction > 0) or before it (< 0) in
// `history` that has `mark`; -1 when there is none. Record 0 of a history that starts at
// step 0 (the initial state) has no step, so no mark.
int findMarkedStep(const RunHistory& history, int from, int direction, StepMark mark);

}  // namespace cl
