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
  // What is left after the whole steps is rounding when within 1e-9 dt of their end: the
  // run accumulates its steps, and over a million steps that drifts by about 1e-12 dt from
  // this product. Without a whole step nothing has drifted: any time left is a step (a run
  // to 1e-12 s, or with a time step longer than the run, lands on `until`).
  const double left = until - (t0 + static_cast<double>(plan.whole) * dt);
  plan.shortLast = plan.whole == 0 ? left > 0 : left > 1e-9 * dt;
  return plan;
}

}  // namespace cl
