#include "engine/trace/step_trace.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

namespace cl {

namespace {
std::size_t vectorBytes(const Eigen::VectorXd& v) {
  return sizeof(double) * v.size();
}
template <class T>
std::size_t vectorBytes(const std::vector<T>& v) {
  return sizeof(T) * v.capacity();
}
// A string's characters on the heap: none while they fit in the string itself (the short
// string buffer, whose capacity is the least a string has).
std::size_t heapBytes(const std::string& s) {
  return s.capacity() > std::string().capacity() ? s.capacity() + 1 : 0;
}
}  // namespace

std::size_t StepTrace::compactRowCount() const {
  std::size_t rows = compactSolves.size();
  for (const CompactLcpSolve& c : compactLcpSolves) rows += static_cast<std::size_t>(c.size());
  return rows;
}

std::size_t StepTrace::positionOf(std::size_t k) const {
  // Both compact lists are in order of position, and full solves fill the places between
  // them: merged, each compact position at or before the one reached moves it on.
  std::size_t position = k, one = 0, lcp = 0;
  const auto at = [](const auto& list, std::size_t i) {
    return i < list.size() ? static_cast<std::size_t>(list[i].position) : SIZE_MAX;
  };
  while (std::min(at(compactSolves, one), at(compactLcpSolves, lcp)) <= position) {
    if (at(compactSolves, one) < at(compactLcpSolves, lcp))
      ++one;
    else
      ++lcp;
    ++position;
  }
  return position;
}

std::size_t StepTrace::countBytes() const {
  std::size_t n = sizeof(*this) + vectorBytes(solves) + vectorBytes(waypoints);
  for (const SolveTrace& s : solves) {
    n += vectorBytes(s.context.contacts) + vectorBytes(s.pivots);
    for (const SolveContact& c : s.context.contacts) n += heapBytes(c.label);
    for (const SolverPivot& p : s.pivots)
      n += vectorBytes(p.C) + vectorBytes(p.NC) + vectorBytes(p.R) + vectorBytes(p.reRejects) +
           vectorBytes(p.CF) + vectorBytes(p.NCplus) + vectorBytes(p.NCminus) + vectorBytes(p.f) +
           vectorBytes(p.a) + vectorBytes(p.deltaF) + vectorBytes(p.deltaA);
    n += vectorBytes(s.iterations);
    for (const SolverIteration& it : s.iterations) n += vectorBytes(it.active) + vectorBytes(it.f);
    n += sizeof(double) * s.solve.A.size() + vectorBytes(s.solve.b) + vectorBytes(s.solve.f) +
         vectorBytes(s.solve.a) + s.solve.joint.capacity() / 8;
  }
  n += vectorBytes(compactRows) + vectorBytes(compactSolves) + vectorBytes(compactFrictionBlocks) +
       vectorBytes(compactLcpSolves);
  for (const CompactLcpSolve& c : compactLcpSolves) {
    n += vectorBytes(c.context.contacts) + vectorBytes(c.start) + vectorBytes(c.row) +
         vectorBytes(c.value) + vectorBytes(c.b) + c.joint.capacity() / 8 +
         vectorBytes(c.preOrder) + vectorBytes(c.guess) + vectorBytes(c.mu) + vectorBytes(c.slide) +
         vectorBytes(c.friction.guess);
    for (const SolveContact& contact : c.context.contacts) n += heapBytes(contact.label);
  }
  for (const CompactRows& r : compactRows) {
    n += vectorBytes(r.contacts);
    for (const SolveContact& c : r.contacts) n += heapBytes(c.label);
  }
  for (const Waypoint& w : waypoints) n += vectorBytes(w.collisions) + vectorBytes(w.vars);
  n += vectorBytes(timeStepIterations);
  for (const TimeStepIteration& it : timeStepIterations)
    n += vectorBytes(it.active) + vectorBytes(it.f) + vectorBytes(it.gap);
  if (timeStep) {
    n += vectorBytes(timeStep->records) + vectorBytes(timeStep->f) + vectorBytes(timeStep->gap);
    for (const SolveContact& c : timeStep->records) n += heapBytes(c.label);
  }
  return n;
}

int StepTraceRecorder::onCompactRows(CompactRows&& rows) {
  mTrace.compactRows.push_back(std::move(rows));
  return static_cast<int>(mTrace.compactRows.size()) - 1;
}

void StepTraceRecorder::onCompactSolve(const CompactSolve& solve,
                                       const CompactFrictionBlock* friction) {
  mTrace.compactSolves.push_back(solve);
  CompactSolve& kept = mTrace.compactSolves.back();
  kept.position = static_cast<int>(mTrace.solveCount()) - 1;
  kept.friction = -1;
  if (friction) {
    kept.friction = static_cast<int>(mTrace.compactFrictionBlocks.size());
    mTrace.compactFrictionBlocks.push_back(*friction);
  }
}

void StepTraceRecorder::onCompactLcpSolve(CompactLcpSolve&& solve) {
  solve.context = std::move(mOpen.context);  // the context sent just before (solver_trace.h)
  mOpen = SolveTrace{};
  solve.position = static_cast<int>(mTrace.solveCount());
  mTrace.compactLcpSolves.push_back(std::move(solve));
}

void StepTraceRecorder::onSolveContext(SolveContext context) {
  mOpen = SolveTrace{};
  mOpen.context = std::move(context);
}

void StepTraceRecorder::onPivot(SolverPivot pivot) {
  mOpen.pivots.push_back(std::move(pivot));
}

void StepTraceRecorder::onIteration(SolverIteration iteration) {
  mOpen.iterations.push_back(std::move(iteration));
}

void StepTraceRecorder::onSolve(SolverSolve solve) {
  mOpen.solve = std::move(solve);
  mTrace.solves.push_back(std::move(mOpen));
  mOpen = SolveTrace{};
}

StepTrace StepTraceRecorder::take() {
  StepTrace out = std::move(mTrace);
  // What the history keeps: the vectors as long as they are, not as they grew (a pile's
  // step doubles its compact solves' capacity up to a third more than it holds).
  out.compactSolves.shrink_to_fit();
  out.compactFrictionBlocks.shrink_to_fit();
  out.compactLcpSolves.shrink_to_fit();
  out.countedBytes = out.countBytes();
  mTrace = StepTrace{};
  mOpen = SolveTrace{};
  return out;
}

}  // namespace cl
