#pragma once
// SimSnapshot: what the UI thread knows of a simulation that is being stepped
// on the worker thread. Docks draw from it, never from the live simulation.
#include <QMetaType>
#include <string>
#include <vector>

#include "engine/dynamics/rigid_body_sim.h"
#include "engine/run/draw_data.h"

namespace cl::widgets {

// The energies at one instant, one per step taken.
struct EnergySample {
  double time = 0.0;
  EnergyInfo energy;
};

// A snapshot is the engine's DrawData with what the workbench adds: the scene generation
// it belongs to and the energies of the steps since the previous snapshot.
struct SimSnapshot : DrawData {
  // Which loaded scene this belongs to; results of a scene replaced while they
  // were computed carry an older generation and are dropped.
  quint64 generation = 0;
  // Energy after each step since the previous snapshot, so a chart sees every
  // step even when a frame advances several.
  std::vector<EnergySample> samples;
};

// The snapshot of `draw` in scene generation `generation`, with no energy samples.
inline SimSnapshot snapshotOf(const DrawData& draw, quint64 generation) {
  SimSnapshot s;
  static_cast<DrawData&>(s) = draw;
  s.generation = generation;
  return s;
}

}  // namespace cl::widgets

Q_DECLARE_METATYPE(cl::widgets::SimSnapshot)
