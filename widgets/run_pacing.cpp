#include "widgets/run_pacing.h"

#include <algorithm>
#include <cmath>

namespace cl::widgets {

FrameSteps stepsForFrame(double behindSeconds, double timeStep, double rate, double frameSeconds,
                         double stepWallSeconds) {
  if (!(timeStep > 0.0)) return {};
  // Whole steps; the 1e-9 keeps a time that is a whole number of steps from rounding below.
  const double steps = std::floor(behindSeconds / timeStep + 1e-9);
  if (!(steps >= 1.0)) return {};
  const int behind = static_cast<int>(std::min(steps, 1e9));
  const int realTime = std::max(1, static_cast<int>(std::ceil(rate * frameSeconds / timeStep)));
  const int affordable = stepWallSeconds > 0.0
                             ? std::max(1, static_cast<int>(frameSeconds / stepWallSeconds))
                             : realTime;
  const int most = std::min(realTime, affordable);
  return behind > most ? FrameSteps{most, true} : FrameSteps{behind, false};
}

}  // namespace cl::widgets
