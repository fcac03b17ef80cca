#pragma once
// StepTrace: everything the engine decided during one time step, as plain data: every
// solve (contact forces at each evaluate, impulses at each collision) with the records
// behind its rows and its pivots, and every CollisionAdvance waypoint, or a time stepper's
// iterations. StepTraceRecorder
// is the sink that collects it; attach it to the simulation and the advance, take one
// step, then take() the trace.
#include <cstddef>
#include <optional>
#include <vector>

#include "engine/trace/compact_solve.h"
#include "engine/trace/solver_trace.h"
#include "engine/trace/time_step_trace.h"
#include "engine/trace/waypoint_trace.h"

namespace cl {

struct SolveTrace {
  SolveContext context;                     // rows of A (empty when the solver was called directly)
  std::vector<SolverPivot> pivots;          // in the order decided (ComputeForces)
  std::vector<SolverIteration> iterations;  // the other solvers' iterations, in order
  SolverSolve solve;                        // A, b, result
};

// A step's trace. A full one holds every solve in `solves`. A compact one (recorded by a
// StepTraceRecorder made compact) holds the serial impulse loop's one-contact solves as
// their problems only (compactSolves, their records in compactRows), ContactSim::solveLcp's
// solves as what solving them again takes (compactLcpSolves), and every other solve (the
// friction solves, a time stepper's) in `solves`, in order; engine/contact/expand_trace.h
// makes the full trace of it, equal to the one a full recording holds but for the solves'
// wall times.
struct StepTrace {
  std::vector<SolveTrace> solves;
  std::vector<CompactRows> compactRows;
  std::vector<CompactSolve> compactSolves;
  std::vector<CompactFrictionBlock> compactFrictionBlocks;
  std::vector<CompactLcpSolve> compactLcpSolves;
  // Whether solves left out are to be expanded (compact_solve.h).
  bool compact() const { return !compactSolves.empty() || !compactLcpSolves.empty(); }
  // The number of solves of the step, compact ones included.
  std::size_t solveCount() const {
    return solves.size() + compactSolves.size() + compactLcpSolves.size();
  }
  // The rows of the compact solves, a measure of what expanding them costs (a one-contact
  // solve counts 1).
  std::size_t compactRowCount() const;
  // The index in the expanded trace's solves (what the workbench lists) of solves[k]: k
  // moved past the compact solves placed before it.
  std::size_t positionOf(std::size_t k) const;
  std::vector<Waypoint> waypoints;
  // A time stepper's step (engine/time_stepping): its iterations and outcome.
  std::vector<TimeStepIteration> timeStepIterations;
  std::optional<TimeStepSummary> timeStep;
  // Heap bytes held, for a memory budget (an estimate: vector capacities). Counting walks
  // every solve and pivot (milliseconds for a pile step), so a recorder counts once as it
  // hands the trace over (countedBytes) and bytes() returns that count from then on.
  std::size_t bytes() const { return countedBytes > 0 ? countedBytes : countBytes(); }
  std::size_t countBytes() const;
  std::size_t countedBytes = 0;  // 0: not counted; set by StepTraceRecorder::take()
};

// Whether entry i of a compact list of a StepTrace (compactSolves, compactLcpSolves: in order
// of position) is the step's solve k: walking a trace's solves in order, each list's next
// entry is taken where it is placed.
template <class CompactList>
bool placedAt(const CompactList& list, std::size_t i, std::size_t k) {
  return i < list.size() && static_cast<std::size_t>(list[i].position) == k;
}

class StepTraceRecorder : public SolverTraceSink, public WaypointSink, public TimeStepSink {
 public:
  // `compact`: keep the serial impulse loop's one-contact solves compact (compact_solve.h).
  explicit StepTraceRecorder(bool compact = false) : mCompact(compact) {}
  bool keepsSolvesCompact() const override { return mCompact; }
  int onCompactRows(CompactRows&& rows) override;
  void onCompactSolve(const CompactSolve& solve, const CompactFrictionBlock* friction) override;
  void onCompactLcpSolve(CompactLcpSolve&& solve) override;
  void onSolveContext(SolveContext context) override;
  void onPivot(SolverPivot pivot) override;
  void onIteration(SolverIteration iteration) override;
  void onSolve(SolverSolve solve) override;
  void onWaypoint(const Waypoint& w) override { mTrace.waypoints.push_back(w); }
  void onTimeStepIteration(const TimeStepIteration& it) override {
    mTrace.timeStepIterations.push_back(it);
  }
  void onTimeStep(const TimeStepSummary& s) override { mTrace.timeStep = s; }

  const StepTrace& trace() const { return mTrace; }
  // Hands over what was collected, its bytes counted, and starts afresh.
  StepTrace take();

 private:
  bool mCompact;
  StepTrace mTrace;
  SolveTrace mOpen;  // the solve whose context or pivots have come but not its result
};

}  // namespace cl
