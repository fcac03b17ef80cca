#include "engine/run/step_marks.h"

namespace cl {

bool poorSolve(const StepStats& s) {
  const ContactSim::SolveTotals& t = s.solves;
  return t.maxViolation > kPoorViolation ||
         t.frictionHeld + t.frictionByLemke + t.frictionRegularized > 0 ||
         s.timeStepStatus != TimeStepStatus::kConverged;
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
