#include "engine/trace/time_step_trace.h"

namespace cl {

const char* timeStepStatusName(TimeStepStatus s) {
  switch (s) {
    case TimeStepStatus::kConverged:
      return "converged";
    case TimeStepStatus::kLimit:
      return "iteration-limit";
    case TimeStepStatus::kOscillated:
      return "oscillated";
    case TimeStepStatus::kCycling:
      return "cycling";
    case TimeStepStatus::kStalled:
      return "stalled";
    case TimeStepStatus::kDiverged:
      return "diverged";
  }
  return "?";
}

}  // namespace cl
