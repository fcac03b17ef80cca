#include "engine/contact/expand_trace.h"

#include <utility>

#include "engine/contact/detail/solve_context.h"
#include "engine/solver/compute_forces.h"
#include "engine/solver/friction_forces.h"

namespace cl {

SolveTrace expandCompactSolve(const StepTrace& trace, const CompactSolve& c) {
  const CompactRows& rows = trace.compactRows[static_cast<std::size_t>(c.rows)];
  SolveContext context{.purpose = SolvePurpose::kImpulse,
                       .time = rows.time,
                       .subset = 0,
                       .contacts = {rows.contacts[static_cast<std::size_t>(c.row)]}};
  // A full recorder, told what the serial loop tells it: the context, then the solve.
  StepTraceRecorder recorder;
  if (c.friction) {
    recorder.onSolveContext(withFrictionRows(std::move(context)));
    FrictionProblem p;
    p.A.resize(2, 2);
    p.A << c.A[0], c.A[2], c.A[1], c.A[3];
    p.b.resize(2);
    p.b << c.b[0], c.b[1];
    p.mu = {c.mu};
    p.joint = {false};
    // The serial loop's options: what the settings change there (ContactSim::solveFriction)
    // are fallbacks, which a one-contact problem (A 2x2 positive definite) never reaches.
    FrictionOptions options;
    options.sink = &recorder;
    computeFrictionForces(p, options);
  } else {
    recorder.onSolveContext(std::move(context));
    LcpProblem p;
    p.A = Eigen::MatrixXd::Constant(1, 1, c.A[0]);
    p.b = Eigen::VectorXd::Constant(1, c.b[0]);
    p.joint = {false};
    ComputeForces solver;  // its own generator: one contact draws nothing
    solver.setOptions({.policy = rows.policy,
                       .tolerance = rows.tolerance,
                       .reference = rows.reference,
                       .singularPivot = rows.singularPivot});
    solver.setTraceSink(&recorder);
    solver.solve(p, {});
  }
  StepTrace one = recorder.take();
  return one.solves.empty() ? SolveTrace{} : std::move(one.solves.back());
}

StepTrace expandTrace(const StepTrace& trace) {
  StepTrace out;
  if (!trace.compact()) {
    out = trace;
    out.countedBytes = out.countBytes();  // the copy's capacities are its own
    return out;
  }
  out.solves.reserve(trace.solveCount());
  std::size_t full = 0, compact = 0;
  for (std::size_t k = 0; k < trace.solveCount(); ++k) {
    const bool isCompact = compact < trace.compactSolves.size() &&
                           trace.compactSolves[compact].position == static_cast<int>(k);
    if (isCompact)
      out.solves.push_back(expandCompactSolve(trace, trace.compactSolves[compact++]));
    else if (full < trace.solves.size())
      out.solves.push_back(trace.solves[full++]);
  }
  out.waypoints = trace.waypoints;
  out.timeStepIterations = trace.timeStepIterations;
  out.timeStep = trace.timeStep;
  out.countedBytes = out.countBytes();
  return out;
}

}  // namespace cl
