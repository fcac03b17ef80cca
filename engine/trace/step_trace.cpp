#include "engine/trace/step_trace.h"

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
}  // namespace

std::size_t StepTrace::countBytes() const {
  std::size_t n = sizeof(*this) + vectorBytes(solves) + vectorBytes(waypoints);
  for (const SolveTrace& s : solves) {
    n += vectorBytes(s.context.contacts) + vectorBytes(s.pivots);
    for (const SolveContact& c : s.context.contacts) n += c.label.capacity();
    for (const SolverPivot& p : s.pivots)
      n += vectorBytes(p.C) + vectorBytes(p.NC) + vectorBytes(p.R) + vectorBytes(p.reRejects) +
           vectorBytes(p.CF) + vectorBytes(p.NCplus) + vectorBytes(p.NCminus) + vectorBytes(p.f) +
           vectorBytes(p.a) + vectorBytes(p.deltaF) + vectorBytes(p.deltaA);
    n += vectorBytes(s.iterations);
    for (const SolverIteration& it : s.iterations) n += vectorBytes(it.active) + vectorBytes(it.f);
    n += sizeof(double) * s.solve.A.size() + vectorBytes(s.solve.b) + vectorBytes(s.solve.f) +
         vectorBytes(s.solve.a) + s.solve.joint.capacity() / 8;
  }
  for (const Waypoint& w : waypoints) n += vectorBytes(w.collisions) + vectorBytes(w.vars);
  n += vectorBytes(timeStepIterations);
  for (const TimeStepIteration& it : timeStepIterations)
    n += vectorBytes(it.active) + vectorBytes(it.f) + vectorBytes(it.gap);
  if (timeStep) {
    n += vectorBytes(timeStep->records) + vectorBytes(timeStep->f) + vectorBytes(timeStep->gap);
    for (const SolveContact& c : timeStep->records) n += c.label.capacity();
  }
  return n;
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
  out.countedBytes = out.countBytes();
  mTrace = StepTrace{};
  mOpen = SolveTrace{};
  return out;
}

}  // namespace cl
