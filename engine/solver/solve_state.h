#pragma once
// SolveState: a traced solve as it stood at one of its positions, in the form the docks
// draw: f and a per contact and the set each contact was in. A solve of K decisions
// (SolveTrace::pivots) has K + 2 positions: -1 before the first decision (f = 0, a = b,
// every contact untreated), k after decision k, and K, its result: the f and a the solver
// returned, whatever reached them (decisions, a one-contact short cut, a warm start, another
// solver's iterations, a fallback). The result is what the simulation used.
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "engine/solver/lcp_problem.h"
#include "engine/trace/step_trace.h"

namespace cl {

struct SolveState {
  int pivot = -1;
  bool result = false;          // the solve's result (pivot == resultPosition)
  Eigen::VectorXd f, a;         // at that position
  std::vector<ContactSet> set;  // per contact
  int d = -1;                   // contact being driven at that pivot (-1 none)
  int j = -1;                   // its limiting contact (-1 none)
  // Complementarity violation per contact (complementarityViolation, solver_trace.h); for a
  // friction solve, of (15) and (16) per row (frictionViolations, friction_forces.h).
  Eigen::VectorXd violation;
};

// The position of a solve's result: after its last decision, K.
inline int resultPosition(const SolveTrace& trace) {
  return static_cast<int>(trace.pivots.size());
}

// The state at `pivot`, clamped to -1..resultPosition(trace). At the result, the sets are the
// last decision's; a solve without decisions gets them from its result: C where a contact
// carries force (f > 0) or is a joint, NC elsewhere.
SolveState solveStateAt(const SolveTrace& trace, int pivot);

// How the solve reached its result, in words: "one contact, solved directly: ...", "the warm
// start: the last solve's C solved it outright", "lemke, 7 iterations", "the friction pivoting
// found no step after 12 decisions: the Lemke fallback", ... The status is not part of it.
std::string howSolved(const SolveTrace& trace);

}  // namespace cl
