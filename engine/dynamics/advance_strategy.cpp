#include "engine/dynamics/advance_strategy.h"

#include <fmt/format.h>

#include <cmath>

namespace cl {

void AdvanceStrategy::throwIfCancelled(double time) const {
  if (mCancelCheck && mCancelCheck())
    throw StepCancelled(fmt::format("the step was cancelled at time {:.6g}", time));
}

void SimpleAdvance::advance(double dt) {
  if (dt <= 0.0) return;
  mIntegrator->step(mSim, mSim.vars(), mSim.time(), dt);
  mSim.setTime(mSim.time() + dt);
  ++mSteps;
  const auto& v = mSim.vars();
  for (std::size_t i = 0; i < v.size(); ++i)
    if (!std::isfinite(v[i]))
      throw SimulationError(
          fmt::format("state became non-finite at time {}: variable {} of body '{}' is {}",
                      mSim.time(), i % kVarsPerBody, mSim.bodies()[i / kVarsPerBody].name(), v[i]));
}

}  // namespace cl
