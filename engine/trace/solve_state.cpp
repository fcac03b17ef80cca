#include "engine/trace/solve_state.h"

#include <algorithm>

#include "engine/solver/friction_forces.h"

namespace cl {

SolveState solveStateAt(const SolveTrace& trace, int pivot) {
  const Eigen::Index n = trace.solve.b.size();
  SolveState s;
  s.set.assign(static_cast<std::size_t>(n), ContactSet::kUntreated);
  pivot = std::clamp(pivot, -1, static_cast<int>(trace.pivots.size()) - 1);
  s.pivot = pivot;
  if (pivot < 0) {
    s.f = Eigen::VectorXd::Zero(n);
    s.a = trace.solve.b;
  } else {
    const SolverPivot& p = trace.pivots[static_cast<std::size_t>(pivot)];
    s.f = p.f.size() == n ? p.f : Eigen::VectorXd::Zero(n);
    s.a = p.a.size() == n ? p.a : Eigen::VectorXd(trace.solve.b);
    s.d = p.d;
    s.j = p.j;
    const auto mark = [&](const std::vector<int>& members, ContactSet set) {
      for (int i : members)
        if (i >= 0 && i < n) s.set[static_cast<std::size_t>(i)] = set;
    };
    mark(p.C, ContactSet::kC);
    mark(p.NC, ContactSet::kNC);
    mark(p.R, ContactSet::kR);
    mark(p.reRejects, ContactSet::kReReject);
    mark(p.CF, ContactSet::kCF);
    mark(p.NCplus, ContactSet::kNCPlus);
    mark(p.NCminus, ContactSet::kNCMinus);
  }
  s.violation = trace.solve.friction()
                    ? frictionViolations(frictionProblemOf(trace.solve), s.f, s.a)
                    : complementarityViolation(s.f, s.a, trace.solve.joint);
  return s;
}

}  // namespace cl
