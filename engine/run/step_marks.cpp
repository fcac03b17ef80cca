#include "engine/run/step_marks.h"

#include <fmt/format.h>

namespace cl {

bool poorSolve(const StepStats& s) {
  const ContactSim::SolveTotals& t = s.solves;
  return t.maxViolation > kPoorViolation ||
         t.frictionHeld + t.frictionByLemke + t.frictionRegularized + t.frictionCompliant > 0 ||
         s.timeStepStatus != TimeStepStatus::kConverged;
}

std::string poorSolveReason(const StepStats& s) {
  const ContactSim::SolveTotals& t = s.solves;
  std::string out;
  const auto add = [&](const std::string& part) { out += (out.empty() ? "" : "; ") + part; };
  const auto solves = [](long long n) {
    return n == 1 ? "1 friction solve" : fmt::format("{} friction solves", n);
  };
  if (t.maxViolation > kPoorViolation)
    add(fmt::format("worst complementarity violation {:.3g} above {:g}", t.maxViolation,
                    kPoorViolation));
  if (t.frictionByLemke > 0)
    add(solves(t.frictionByLemke) + " solved by the Lemke fallback (the pivoting found no step)");
  if (t.frictionRegularized > 0)
    add(solves(t.frictionRegularized) +
        " solved by the pivoting on A + eps I (pivoting and Lemke failed)");
  if (t.frictionCompliant > 0)
    add(solves(t.frictionCompliant) +
        fmt::format(" solved only with a contact compliance (no exact solve did), violation up "
                    "to {:.3g}",
                    t.compliantViolation));
  if (t.frictionHeld > 0)
    add(solves(t.frictionHeld) +
        " with no solution while sliding, solved with the sliding contacts held static");
  if (s.timeStepStatus != TimeStepStatus::kConverged)
    add(fmt::format("the time step ended {} after {} iterations",
                    timeStepStatusName(s.timeStepStatus), s.iterations));
  return out;
}

int poorSolveIndex(const StepTrace& trace) {
  int worst = -1, compliant = -1, fallback = -1;
  double worstViolation = kPoorViolation;
  for (std::size_t k = 0; k < trace.solves.size(); ++k) {
    const SolveTrace& t = trace.solves[k];
    if (t.context.purpose != SolvePurpose::kContactForces) continue;
    const SolverSolve& s = t.solve;
    // A failed solve's violation is of where it stopped, not of forces the step used.
    if (s.error == LcpError::kOk && s.maxComplementarityViolation > worstViolation) {
      worstViolation = s.maxComplementarityViolation;
      worst = static_cast<int>(k);
    }
    if (compliant < 0 && s.compliant) compliant = static_cast<int>(k);
    // A held-static solve is the second friction solve of one evaluate's subset: the first
    // failed (its status says why).
    const bool failedFriction = s.friction() && s.error != LcpError::kOk;
    if (fallback < 0 && (s.byLemke || s.regularization > 0 || failedFriction))
      fallback = static_cast<int>(k);
  }
  // Its place among the step's solves (in an opened trace, engine/contact/expand_trace.h,
  // one-contact impulse solves sit between the stored ones).
  const int k = worst >= 0 ? worst : compliant >= 0 ? compliant : fallback;
  return k < 0 ? -1 : static_cast<int>(trace.positionOf(static_cast<std::size_t>(k)));
}

bool hasMark(const StepStats& s, StepMark mark) {
  switch (mark) {
    case StepMark::kBackup:
      return s.backups > 0;
    case StepMark::kCollision:
      return s.collisions > 0;
    case StepMark::kPoorSolve:
      return poorSolve(s);
    case StepMark::kBinarySearch:
      return s.binarySteps > 0;
    case StepMark::kMaybeStuck:
      return s.stuck > 0;
    case StepMark::kAny:
      return s.backups > 0 || s.collisions > 0 || poorSolve(s) || s.binarySteps > 0 || s.stuck > 0;
  }
  return false;
}

int findMarkedStep(const RunHistory& history, int from, int direction, StepMark mark) {
  const int step = direction > 0 ? 1 : -1;
  for (int i = from + step; i >= 0 && i < history.size(); i += step) {
    const StepRecord& r = history.at(i);
    if (r.step > 0 && hasMark(r.stats, mark)) return i;
  }
  return -1;
}

}  // namespace cl
