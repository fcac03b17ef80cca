#include "engine/run/advance_run.h"

#include <time.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/body/body_state.h"
#include "engine/run/step_plan.h"
#include "engine/time_stepping/make_advance.h"

namespace cl {

namespace {

double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

std::vector<double> positionsOf(const RigidBodySim& sim) {
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(3 * sim.bodyCount()));
  for (int b = 0; b < sim.bodyCount(); ++b) {
    const BodyState s = sim.bodyState(b);
    out.insert(out.end(), {s.x, s.y, s.angle});
  }
  return out;
}

}  // namespace

long long AdvanceRun::iterations() const {
  long long n = 0;
  for (const StepStats& s : steps) n += s.iterations;
  return n;
}

long long AdvanceRun::unconverged() const {
  return std::count_if(steps.begin(), steps.end(), [](const StepStats& s) {
    return s.timeStepStatus != TimeStepStatus::kConverged;
  });
}

double AdvanceRun::penetration() const {
  double worst = 0;
  for (const StepStats& s : steps)
    if (!std::isnan(s.minDistance)) worst = std::max(worst, -s.minDistance);
  return worst;
}

double AdvanceRun::dip(double gap) const {
  double worst = 0;
  for (const StepStats& s : steps)
    if (!std::isnan(s.minDistance)) worst = std::max(worst, gap - s.minDistance);
  return worst;
}

double AdvanceRun::maxJointGap() const {
  double worst = 0;
  for (const StepStats& s : steps) worst = std::max(worst, s.maxJointGap);
  return worst;
}

double AdvanceRun::energyChange() const {
  return steps.empty() ? 0.0 : steps.back().energy.total() - energyStart;
}

AdvanceRun runWithAdvance(const Scene& scene, AdvanceKind kind, double until,
                          const std::function<bool(const AdvanceRun&)>& progress) {
  std::unique_ptr<RigidBodySim> sim = scene.sim->clone();
  auto advance = makeAdvanceFor(*sim, kind, scene.settings.integrator, scene.settings.timeStep);
  AdvanceRun run;
  run.kind = kind;
  run.energyStart = sim->energy().total();
  SimState state = captureState(*advance, sim->clone(), {});
  const double dt = advance->timeStep();
  const double c0 = processCpuSeconds();
  const StepPlan plan = planSteps(sim->time(), until, dt);
  try {
    for (long long k = 0; k < plan.count(); ++k) {
      const double h = plan.size(k, sim->time(), dt, until);
      if (!(h > 0)) break;
      StepRun step = runStep(*advance, state, StepTracing::kOff, h);
      run.steps.push_back(step.stats);
      run.positions.push_back(positionsOf(*sim));
      state = std::move(step.state);
      if (progress && !progress(run)) {
        run.cancelled = true;
        break;
      }
    }
  } catch (const SimulationError& e) {
    run.failure = e.what();
  }
  run.cpuSeconds = processCpuSeconds() - c0;
  run.reached = sim->time();
  return run;
}

RunDivergence compareRuns(const AdvanceRun& a, const AdvanceRun& b,
                          const std::vector<double>& thresholds) {
  RunDivergence d;
  for (double t : thresholds)
    d.firstAbove.emplace_back(t, std::numeric_limits<double>::quiet_NaN());
  const std::size_t n = std::min(a.positions.size(), b.positions.size());
  for (std::size_t k = 0; k < n; ++k) {
    double gap = 0;
    const std::vector<double>& p = a.positions[k];
    const std::vector<double>& q = b.positions[k];
    for (std::size_t i = 0; i + 2 < p.size(); i += 3)
      gap = std::max({gap, std::abs(p[i] - q[i]), std::abs(p[i + 1] - q[i + 1])});
    const double time = a.steps[k].time;
    d.time.push_back(time);
    d.positionGap.push_back(gap);
    for (auto& [threshold, first] : d.firstAbove)
      if (std::isnan(first) && gap > threshold) first = time;
  }
  return d;
}

}  // namespace cl
