#include "engine/solver/solve_state.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/solver/friction_forces.h"
#include "engine/solver/lcp_solver.h"

namespace cl {

SolveState solveStateAt(const SolveTrace& trace, int pivot) {
  const Eigen::Index n = trace.solve.b.size();
  const int decisions = resultPosition(trace);
  SolveState s;
  s.set.assign(static_cast<std::size_t>(n), ContactSet::kUntreated);
  pivot = std::clamp(pivot, -1, decisions);
  s.pivot = pivot;
  s.result = pivot == decisions;
  const auto mark = [&](const std::vector<int>& members, ContactSet set) {
    for (int i : members)
      if (i >= 0 && i < n) s.set[static_cast<std::size_t>(i)] = set;
  };
  const auto markDecision = [&](const SolverPivot& p) {
    mark(p.C, ContactSet::kC);
    mark(p.NC, ContactSet::kNC);
    mark(p.R, ContactSet::kR);
    mark(p.reRejects, ContactSet::kReReject);
    mark(p.CF, ContactSet::kCF);
    mark(p.NCplus, ContactSet::kNCPlus);
    mark(p.NCminus, ContactSet::kNCMinus);
  };
  if (s.result) {
    s.f = trace.solve.f.size() == n ? trace.solve.f : Eigen::VectorXd::Zero(n);
    s.a = trace.solve.a.size() == n ? trace.solve.a : Eigen::VectorXd(trace.solve.b);
    if (decisions > 0) {
      markDecision(trace.pivots.back());
    } else {
      for (Eigen::Index i = 0; i < n; ++i) {
        const bool joint = static_cast<std::size_t>(i) < trace.solve.joint.size() &&
                           trace.solve.joint[static_cast<std::size_t>(i)];
        s.set[static_cast<std::size_t>(i)] = joint || s.f[i] > 0 ? ContactSet::kC : ContactSet::kNC;
      }
    }
  } else if (pivot < 0) {
    s.f = Eigen::VectorXd::Zero(n);
    s.a = trace.solve.b;
  } else {
    const SolverPivot& p = trace.pivots[static_cast<std::size_t>(pivot)];
    s.f = p.f.size() == n ? p.f : Eigen::VectorXd::Zero(n);
    s.a = p.a.size() == n ? p.a : Eigen::VectorXd(trace.solve.b);
    s.d = p.d;
    s.j = p.j;
    markDecision(p);
  }
  s.violation = trace.solve.friction()
                    ? frictionViolations(frictionProblemOf(trace.solve), s.f, s.a)
                    : complementarityViolation(s.f, s.a, trace.solve.joint);
  return s;
}

std::string howSolved(const SolveTrace& trace) {
  const SolverSolve& s = trace.solve;
  const auto decisions = static_cast<int>(trace.pivots.size());
  const LcpSolverKind solver = s.solver;
  const char* plural = decisions == 1 ? "" : "s";
  if (s.friction()) {
    if (s.compliantFirst)
      return fmt::format(
          "compliant first: the same contacts' last solve was held static and compliant, so the "
          "problem with A + {:g} max(diag A) I was solved from the remembered forces before any "
          "exact pivoting (its violation is the compliance's error)",
          s.regularization);
    if (s.compliant)
      return fmt::format(
          "no exact solve solved it: the compliant fallback, the problem with A + {:g} max(diag A) "
          "I (its violation is the compliance's error)",
          s.regularization);
    if (s.regularization > 0)
      return fmt::format(
          "the friction pivoting and Lemke found no step: the pivoting on A + {:g} max(diag A) I",
          s.regularization);
    if (s.byLemke)
      return fmt::format(
          "the friction pivoting found no step after {} decision{}: the Lemke fallback", decisions,
          plural);
    return fmt::format("the friction pivoting (Baraff 94, sections 5 and 6), {} decision{}",
                       decisions, plural);
  }
  if (!tracesPivots(solver))
    return fmt::format("{}, {} iteration{}", nameOf(solver), s.iterations,
                       s.iterations == 1 ? "" : "s");
  if (solver == LcpSolverKind::kComputeForcesEngine2D)
    return fmt::format("ComputeForces in engine2D's arithmetic, {} decision{}", decisions, plural);
  if (decisions == 0 && s.b.size() == 1)
    return "one contact, solved directly: f = -b/A when b < 0, else f = 0";
  if (s.warmStarted && !s.warmPartial && decisions <= 1)
    return "the warm start: the last solve's C solved it outright";
  if (s.warmStarted) return fmt::format("the warm start, then {} decision{}", decisions, plural);
  return fmt::format("ComputeForces from a cold start, {} decision{}", decisions, plural);
}

}  // namespace cl
