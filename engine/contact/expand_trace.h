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
#include <vector>

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
// A ContactSim::solveFriction solve kept compact (its sink left out), with its outcome.
CompactLcpSolve compactFrictionSolve(const FrictionProblem& problem, const FrictionOptions& options,
                                     const FrictionResult& result);
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

// `trace` opened as the workbench shows it: its frictionless ContactSim solves expanded in
// their places (a few hundred in a pile's step, milliseconds); the serial loop's one-contact
// solves and the friction solves left compact, each to be expanded when it is looked at
// (expandCompactSolve, expandCompactLcpSolve). pile_200's heaviest step holds 227 438
// one-contact solves: expanding them all took 0.7 s and 162 MB. A friction solve of a large
// pile can take seconds to solve again: a frictional pile_100's step took 30 to 50 s to
// expand whole. Its solves are read by position, as those of a full trace are.
// kExpand: its friction solves expanded too (a small step, opened at once).
enum class FrictionSolves { kKeepCompact, kExpand };
StepTrace openTrace(const StepTrace& trace, FrictionSolves friction = FrictionSolves::kKeepCompact);

// What lists a solve without its record: what it was for, when, which subset, its rows
// (A's size: 2n for a friction solve).
struct SolveHeader {
  SolvePurpose purpose = SolvePurpose::kContactForces;
  double time = 0;
  int subset = 0;
  int rows = 0;
};
// Solve `position` (0 .. solveCount() - 1) of a full, opened or compact trace: its header;
// the solve itself when the trace holds it (else null); the one-contact solve, or the
// ContactSim solve, when it is compact (else null).
SolveHeader solveHeader(const StepTrace& trace, std::size_t position);
const SolveTrace* storedSolve(const StepTrace& trace, std::size_t position);
const CompactSolve* compactSolveAt(const StepTrace& trace, std::size_t position);
const CompactLcpSolve* compactLcpSolveAt(const StepTrace& trace, std::size_t position);
// The purposes of every solve of a trace, in order of position (one pass, where solveHeader
// looks one up).
std::vector<SolvePurpose> solvePurposes(const StepTrace& trace);

}  // namespace cl
