#include "engine/run/step_plan.h"

#include <cmath>

namespace cl {

double stepsTo(double t0, double until, double dt) {
  return std::floor((until - t0) / dt + 1e-9);
}

StepPlan planSteps(double t0, double until, double dt) {
  StepPlan plan;
  if (!(until > t0)) return plan;
  plan.whole = static_cast<long long>(stepsTo(t0, until, dt));
  // (The run accumulates its steps; over a million steps that drifts by about 1e-12 dt
  // from this product, well inside the 1e-9 dt that decides.)
  plan.shortLast = until - (t0 + static_cast<double>(plan.whole) * dt) > 1e-9 * dt;
  return plan;
}

}  // namespace cl
