#pragma once
// Expanding a compact trace (engine/trace/compact_solve.h): each one-contact impulse solve
// it holds as its problem is solved again, traced, with the solver and options the serial
// impulse loop used, and told to a full recorder after its context as the loop tells it.
// One contact draws nothing from the simulation's generator, so the pivots and the record
// are those the full trace of the step held, bit for bit; only the solves' wall times are
// the re-solve's.
#include "engine/trace/step_trace.h"

namespace cl {

// The full record of compact solve `c` of `trace`.
SolveTrace expandCompactSolve(const StepTrace& trace, const CompactSolve& c);

// The full trace of `trace`: its solves with the compact ones expanded in their places, its
// waypoints and time-step record as they are, its bytes counted. A full trace comes back
// as it is.
StepTrace expandTrace(const StepTrace& trace);

}  // namespace cl
