#pragma once
// One scene run headless with a chosen advance (CollisionAdvance or a time stepper), step by
// step through runStep, with what a comparison of ways of advancing needs: per step the
// statistics and the body positions, and for the run how far it got (a step that could not be
// taken ends it), its CPU time, iterations, penetration and energy change. compareRuns puts
// two such runs of one scene side by side: where their trajectories part. The CLI's
// compare-runs command and bench_time_stepping are built on it.
#include <functional>
#include <string>
#include <vector>

#include "engine/dynamics/advance_kind.h"
#include "engine/run/step_run.h"
#include "engine/scene/scene.h"

namespace cl {

struct AdvanceRun {
  AdvanceKind kind = AdvanceKind::kCollisionAdvance;
  std::vector<StepStats> steps;                // one per step taken
  std::vector<std::vector<double>> positions;  // per step: x, y, angle of every body
  double reached = 0;                          // simulated time at the end
  std::string failure;                         // the SimulationError that ended it, if any
  bool cancelled = false;                      // progress stopped it before `until`
  double cpuSeconds = 0;                       // process CPU time of the steps
  double energyStart = 0;

  long long iterations() const;
  long long unconverged() const;
  // Deepest distance below 0, and below the target gap `gap`, over the steps' contacts.
  double penetration() const;
  double dip(double gap) const;
  double maxJointGap() const;
  double energyChange() const;
};

// Runs `scene` (its structure and state as built; not changed) with `kind` until `until`:
// whole time steps (bit for bit those of a front end stepping it), the last one shortened
// only when `until` is off their grid. `progress`, when given, is shown the run after each
// step; returning false stops it there, with `cancelled` set (a front end's Cancel: a pile of
// 200 takes minutes to reach half a minute of simulated time).
AdvanceRun runWithAdvance(const Scene& scene, AdvanceKind kind, double until,
                          const std::function<bool(const AdvanceRun&)>& progress = {});

// Where two runs of one scene part: per step they share, the largest difference of a body's
// x or y (m), and the first time it exceeds each threshold (NaN when it never does).
struct RunDivergence {
  std::vector<double> time, positionGap;
  std::vector<std::pair<double, double>> firstAbove;  // (threshold, time)
};
RunDivergence compareRuns(const AdvanceRun& a, const AdvanceRun& b,
                          const std::vector<double>& thresholds);

}  // namespace cl
