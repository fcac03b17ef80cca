#pragma once
// A compact trace (engine/trace/compact_solve.h), both ways: what a compact solve keeps of a
// solve, and the full record made again from it. Each stored problem is solved again,
// traced, with the solver, options and guess it had, from the generator's state it had, and
// told to a full recorder after its context as the simulation told it. A one-contact solve
// and a friction solve draw nothing from the generator; a ContactSim::solveLcp solve draws
// from a generator put back where it was. So the pivots and the record are those the full trace of
// the step held, bit for bit; only the solves' wall times are the re-solve's.
#include <cstdint>
#include <span>

#include "engine/solver/compute_forces.h"
#include "engine/solver/friction_forces.h"
#include "engine/trace/step_trace.h"

namespace cl {

// The options a compact solve keeps of a contact solver's, and those it gives back.
CompactSolverOptions compactOptions(LcpSolverKind solver, const ComputeForcesOptions& options);
ComputeForcesOptions computeForcesOptions(const CompactSolverOptions& options);

// A ContactSim::solveLcp solve kept compact: `problem` solved from `guess` with `options`,
// the generator's state `seed` before it (the context is the sink's to add).
CompactLcpSolve compactLcpSolve(const LcpProblem& problem, std::span<const int> guess,
                                const CompactSolverOptions& options, std::uint32_t seed);
// A ContactSim::solveFriction solve kept compact (its sink left out).
CompactLcpSolve compactFrictionSolve(const FrictionProblem& problem,
                                     const FrictionOptions& options);
// Their problems as the solver had them: A's every bit, and its nonzeros when the solver was
// told them.
LcpProblem compactProblem(const CompactLcpSolve& c);
FrictionProblem compactFrictionProblem(const CompactLcpSolve& c);

// The full record of compact solve `c` of `trace`.
SolveTrace expandCompactSolve(const StepTrace& trace, const CompactSolve& c);
SolveTrace expandCompactLcpSolve(const CompactLcpSolve& c);

// The full trace of `trace`: its solves with the compact ones expanded in their places, its
// waypoints and time-step record as they are, its bytes counted. A full trace comes back
// as it is.
StepTrace expandTrace(const StepTrace& trace);

}  // namespace cl
