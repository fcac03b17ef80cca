// The time-stepping schemes of Hotz et al. (engine/time_stepping) against CollisionAdvance, in
// one run, on scenes of contact (a resting stack, piles, ContactApp's six blocks, Newton's
// cradle) and of joints (a pendulum): for each scene and each advance, how far it got (a
// scheme that cannot take a step stops the run with a SimulationError), CPU seconds per
// simulated second (median of several runs), iterations per step, steps that did not
// converge, the deepest penetration (distance below 0) and the deepest dip below the target
// gap over all contacts of all steps, the largest joint gap, and the energy's change (the
// schemes are inelastic and first order: they lose energy at impacts and, at joints, to the
// position-level projection). The resting stack also runs for 60 s.
//   build/bench/bench_time_stepping [runs] [seconds]
#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/scene/scene.h"
#include "engine/time_stepping/time_stepper.h"

namespace {

double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

struct Run {
  double simulated = 0;  // seconds reached
  std::string failure;   // the SimulationError that stopped it, if any
  double cpuPerSecond = 0;
  long long steps = 0, iterations = 0, unconverged = 0;
  double penetration = 0;  // max over steps of -min(distance, 0)
  double belowGap = 0;     // max over steps of target gap - min distance
  double jointGap = 0;     // max |distance| of joint records
  double energyChange = 0;
};

Run runOnce(const std::string& file, cl::AdvanceKind kind, double seconds) {
  cl::Scene scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/" + file);
  cl::SimSettings settings = scene.settings;
  settings.advance = kind;
  scene = cl::rebuildScene(scene, settings);
  auto advance = scene.makeAdvance();
  const cl::ContactSim& sim = *scene.contactSim();
  const double e0 = scene.sim->energy().total();
  Run r;
  const double c0 = processCpuSeconds();
  try {
    while (scene.sim->time() < seconds - 1e-9) {
      advance->advance(settings.timeStep);
      ++r.steps;
      for (const cl::RigidBodyCollision& c : sim.lastContacts()) {
        if (c.joint) {
          r.jointGap = std::max(r.jointGap, std::abs(c.distance));
        } else if (c.kind != cl::CollisionKind::kConnector) {
          r.penetration = std::max(r.penetration, -c.distance);
          r.belowGap = std::max(r.belowGap, c.targetGap - c.distance);
        }
      }
    }
  } catch (const cl::SimulationError& e) {
    r.failure = e.what();
  }
  const double cpu = processCpuSeconds() - c0;
  r.simulated = scene.sim->time();
  r.cpuPerSecond = r.simulated > 0 ? cpu / r.simulated : 0;
  r.energyChange = scene.sim->energy().total() - e0;
  if (auto* stepper = dynamic_cast<cl::TimeStepper*>(advance.get())) {
    r.iterations = stepper->totals().iterations;
    r.unconverged = stepper->totals().unconverged;
  }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const double seconds = argc > 2 ? std::atof(argv[2]) : 12.0;
  struct Case {
    const char* file;
    double seconds;
  };
  const std::vector<Case> cases = {
      {"stack_of_three.json", 60.0},    {"pendulum_joint.json", seconds},
      {"newtons_cradle.json", seconds}, {"contact_app_6.json", seconds},
      {"pile_10.json", seconds},        {"pile_20.json", seconds}};
  fmt::print(
      "{} runs each, CPU s per simulated s as the median; penetration = deepest distance below "
      "0, dip = deepest distance below the target gap (m), over all contacts of all steps\n\n",
      runs);
  fmt::print(
      "| scene | advance | reached (s) | CPU s / sim s | its / step | not converged | "
      "penetration | dip | joint gap | energy change |\n");
  fmt::print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  std::vector<std::string> failures;
  for (const Case& c : cases)
    for (const auto& advance : cl::kAdvanceKindNames) {
      std::vector<Run> rs;
      for (int k = 0; k < runs; ++k) rs.push_back(runOnce(c.file, advance.value, c.seconds));
      std::vector<double> cpu;
      for (const Run& r : rs) cpu.push_back(r.cpuPerSecond);
      std::sort(cpu.begin(), cpu.end());
      const Run& r = rs.front();  // deterministic: every run the same but for its time
      const bool stepper = advance.value != cl::AdvanceKind::kCollisionAdvance;
      fmt::print(
          "| {} | {} | {:.3f}{} | {:.4f} | {} | {} | {:.2e} | {:.2e} | {} | {:.3g} |\n", c.file,
          advance.name, r.simulated, r.failure.empty() ? "" : " (failed)", cpu[cpu.size() / 2],
          stepper ? fmt::format("{:.2f}", static_cast<double>(r.iterations) /
                                              static_cast<double>(std::max(1LL, r.steps)))
                  : std::string("-"),
          stepper ? std::to_string(r.unconverged) : std::string("-"), r.penetration, r.belowGap,
          r.jointGap > 0 ? fmt::format("{:.2e}", r.jointGap) : std::string("-"), r.energyChange);
      if (!r.failure.empty())
        failures.push_back(fmt::format("{} {}: {}", c.file, advance.name, r.failure));
    }
  if (!failures.empty()) {
    fmt::print("\nruns stopped by a step that could not be taken:\n\n");
    for (const std::string& f : failures) fmt::print("- {}\n", f);
  }
}
