#pragma once
// SimSnapshot: what the UI thread knows of a simulation that is being stepped
// on the worker thread. Docks draw from it, never from the live simulation.
#include <QMetaType>
#include <vector>

#include "engine/body/body_state.h"
#include "engine/dynamics/rigid_body_sim.h"

namespace cl::widgets {

// The energies at one instant, one per step taken.
struct EnergySample {
  double time = 0.0;
  EnergyInfo energy;
};

struct SimSnapshot {
  // Which loaded scene this belongs to; results of a scene replaced while they
  // were computed carry an older generation and are dropped.
  quint64 generation = 0;
  double time = 0.0;
  long long steps = 0;
  std::vector<BodyState> states;  // one per body, in the simulation's order
  EnergyInfo energy;              // at `time`
  // Energy after each step since the previous snapshot, so a chart sees every
  // step even when a frame advances several.
  std::vector<EnergySample> samples;
};

}  // namespace cl::widgets

Q_DECLARE_METATYPE(cl::widgets::SimSnapshot)
