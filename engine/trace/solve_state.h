#pragma once
// SolveState: a traced solve as it stood at one of its pivots, in the form the docks
// draw: f and a per contact and the set each contact was in. Pivot -1 is before the
// first decision (f = 0, a = b, every contact untreated); pivot k is the state after
// decision k of SolveTrace::pivots.
#include <Eigen/Dense>
#include <vector>

#include "engine/solver/lcp_problem.h"
#include "engine/trace/step_trace.h"

namespace cl {

struct SolveState {
  int pivot = -1;
  Eigen::VectorXd f, a;         // at that pivot
  std::vector<ContactSet> set;  // per contact
  int d = -1;                   // contact being driven at that pivot (-1 none)
  int j = -1;                   // its limiting contact (-1 none)
  // Complementarity violation per contact (complementarityViolation, solver_trace.h); for a
  // friction solve, of (15) and (16) per row (frictionViolations, friction_forces.h).
  Eigen::VectorXd violation;
};

SolveState solveStateAt(const SolveTrace& trace, int pivot);

}  // namespace cl
