#include "engine/run/step_marks.h"

#include <fmt/format.h>

namespace cl {

bool poorSolve(const StepStats& s) {
  const ContactSim::SolveTotals& t = s.solves;
  return t.maxViolation > kPoorViolation ||
         t.frictionHeld + t.frictionByLemke + t.frictionRegularized + t.frictionCompliant > 0 ||
         s.timeStepStatus != TimeStepStatus::kConverged;
}

std::string compliantFirstNote(const ContactSim::SolveTotals& t) {
  if (t.frictionCompliantFirst == 0) return {};
  return fmt::format(
      "{} of them compliant first, their exact pivoting skipped: their contacts' last solve "
      "was held static and compliant",
      t.frictionCompliantFirst);
}

std::string heldAtOnceNote(const ContactSim::SolveTotals& t) {
  if (t.frictionHeldAtOnce == 0) return {};
  return fmt::format(
      "{} of them at once, their sliding solve skipped: their contacts' last solve was held "
      "static",
      t.frictionHeldAtOnce);
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
                    t.compliantViolation) +
        (t.frictionCompliantFirst > 0 ? " (" + compliantFirstNote(t) + ")" : std::string()));
  if (t.frictionHeld > 0)
    add(solves(t.frictionHeld) +
        " with no solution while sliding, solved with the sliding contacts held static" +
        (t.frictionHeldAtOnce > 0 ? " (" + heldAtOnceNote(t) + ")" : std::string()));
  if (s.timeStepStatus != TimeStepStatus::kConverged)
    add(fmt::format("the time step ended {} after {} iterations",
                    timeStepStatusName(s.timeStepStatus), s.iterations));
  return out;
}

int poorSolveIndex(const StepTrace& trace) {
  int worst = -1, compliant = -1, fallback = -1;
  double worstViolation = kPoorViolation;
  // Each contact-force solve's outcome, at its position: a stored solve's record, or a
  // friction solve an opened trace keeps compact (its outcome kept with it).
  const auto consider = [&](std::size_t position, const auto& s, bool friction) {
    const int k = static_cast<int>(position);
    // A failed solve's violation is of where it stopped, not of forces the step used.
    if (s.error == LcpError::kOk && s.maxComplementarityViolation > worstViolation) {
      worstViolation = s.maxComplementarityViolation;
      worst = k;
    }
    if (compliant < 0 && s.compliant) compliant = k;
    // A held-static solve is the second friction solve of one evaluate's subset: the first
    // failed (its status says why).
    const bool failedFriction = friction && s.error != LcpError::kOk;
    if (fallback < 0 && (s.byLemke || s.regularization > 0 || failedFriction)) fallback = k;
  };
  std::size_t full = 0, one = 0, lcp = 0;
  for (std::size_t k = 0; k < trace.solveCount(); ++k) {
    if (placedAt(trace.compactSolves, one, k)) {
      ++one;  // a one-contact impulse
    } else if (placedAt(trace.compactLcpSolves, lcp, k)) {
      const CompactLcpSolve& c = trace.compactLcpSolves[lcp++];
      if (c.context.purpose == SolvePurpose::kContactForces) consider(k, c, c.isFriction());
    } else if (full < trace.solves.size()) {
      const SolveTrace& t = trace.solves[full++];
      if (t.context.purpose == SolvePurpose::kContactForces)
        consider(k, t.solve, t.solve.friction());
    }
  }
  return worst >= 0 ? worst : compliant >= 0 ? compliant : fallback;
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
