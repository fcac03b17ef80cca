// The time-stepping schemes of Hotz et al. (engine/time_stepping) against CollisionAdvance, in
// one run, on scenes of contact (a resting stack, piles, ContactApp's six blocks, Newton's
// cradle) and of joints (a pendulum): for each scene and each advance, how far it got (a
// scheme that cannot take a step stops the run with a SimulationError), CPU seconds per
// simulated second (median of several runs), iterations per step, steps that did not
// converge, the deepest penetration (distance below 0) and the deepest dip below the target
// gap over all contacts of all steps, the largest joint gap, and the energy's change (the
// schemes are inelastic and first order: they lose energy at impacts and, at joints, to the
// position-level projection). The resting stack also runs for 60 s. pile_10_friction shows what
// friction costs each scheme (the Newton schemes' staggered rounds, time_stepper.h).
//   build/bench/bench_time_stepping [runs] [seconds]
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/run/advance_run.h"
#include "engine/scene/scene.h"

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const double seconds = argc > 2 ? std::atof(argv[2]) : 12.0;
  struct Case {
    const char* file;
    double seconds;
  };
  const std::vector<Case> cases = {
      {"stack_of_three.json", 60.0},     {"pendulum_joint.json", seconds},
      {"newtons_cradle.json", seconds},  {"contact_app_6.json", seconds},
      {"pile_10.json", seconds},         {"pile_20.json", seconds},
      {"pile_10_friction.json", seconds}};
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
      const cl::Scene scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/" + c.file);
      std::vector<cl::AdvanceRun> rs;
      for (int k = 0; k < runs; ++k)
        rs.push_back(cl::runWithAdvance(scene, advance.value, c.seconds));
      std::vector<double> cpu;
      for (const cl::AdvanceRun& r : rs) cpu.push_back(r.cpuSeconds / std::max(r.reached, 1e-300));
      std::sort(cpu.begin(), cpu.end());
      const cl::AdvanceRun& r = rs.front();  // deterministic: every run the same but for its time
      const bool stepper = advance.value != cl::AdvanceKind::kCollisionAdvance;
      fmt::print(
          "| {} | {} | {:.3f}{} | {:.4f} | {} | {} | {:.2e} | {:.2e} | {} | {:.3g} |\n", c.file,
          advance.name, r.reached, r.failure.empty() ? "" : " (failed)", cpu[cpu.size() / 2],
          stepper ? fmt::format("{:.2f}",
                                static_cast<double>(r.iterations()) /
                                    static_cast<double>(std::max<std::size_t>(1, r.steps.size())))
                  : std::string("-"),
          stepper ? std::to_string(r.unconverged()) : std::string("-"), r.penetration(),
          r.dip(scene.settings.distanceTol / 2),
          r.maxJointGap() > 0 ? fmt::format("{:.2e}", r.maxJointGap()) : std::string("-"),
          r.energyChange());
      if (!r.failure.empty())
        failures.push_back(fmt::format("{} {}: {}", c.file, advance.name, r.failure));
    }
  if (!failures.empty()) {
    fmt::print("\nruns stopped by a step that could not be taken:\n\n");
    for (const std::string& f : failures) fmt::print("- {}\n", f);
  }
}
