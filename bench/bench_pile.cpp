// The pile benchmark of the collisions issue: pile_20 (and pile_10), 20 (10) random blocks
// dropped into a V-shaped pit, 12 simulated seconds at dt 0.025 with CollisionAdvance.
// Prints, as medians of several runs, wall seconds per simulated second, collisions,
// back-ups, integrator steps, contact solves and the final kinetic energy (the pile must
// be at rest). myPhysicsLab's TypeScript engine needs about 2 wall seconds per simulated
// second for its 20-block pile on this kind of machine (a figure quoted, not measured
// here); the ratio column divides that by ours.
//   build/bench/bench_pile [runs] [seconds]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "engine/collision_advance/collision_advance.h"
#include "engine/scene/scene.h"

namespace {

constexpr double kQuotedTypeScriptSecondsPerSecond = 2.0;

struct Run {
  double wallPerSimSecond = 0;
  cl::CollisionCounters counters;
  long long solves = 0;
  double finalKinetic = 0;
};

Run runOnce(const std::filesystem::path& file, double seconds) {
  cl::Scene scene = cl::loadSceneFile(file);
  auto advance = scene.makeAdvance();
  const double dt = scene.settings.timeStep;
  const auto t0 = std::chrono::steady_clock::now();
  while (scene.sim->time() < seconds - 1e-9) advance->advance(dt);
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  Run r;
  r.wallPerSimSecond = wall / seconds;
  r.counters = dynamic_cast<cl::CollisionAdvance&>(*advance).counters();
  r.solves = scene.contactSim()->solveCount();
  r.finalKinetic = scene.sim->energy().kinetic();
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const double seconds = argc > 2 ? std::atof(argv[2]) : 12.0;
  fmt::print("| scene | wall s / sim s (median of {}) | min | max | vs TS engine (2 s/s) | "
             "collisions | back-ups | steps | binary | contact solves | final KE |\n",
             runs);
  fmt::print("|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const char* name : {"pile_10.json", "pile_20.json"}) {
    std::vector<Run> all;
    for (int k = 0; k < runs; ++k) all.push_back(runOnce(std::filesystem::path(CONTACTLAB_SCENES_DIR) / name, seconds));
    std::vector<double> t;
    for (const Run& r : all) t.push_back(r.wallPerSimSecond);
    std::sort(t.begin(), t.end());
    const double median = t[t.size() / 2];
    const Run& r = all.front();  // the counts are the same in every run (deterministic)
    fmt::print("| {} | {:.4f} | {:.4f} | {:.4f} | {:.0f}x | {} | {} | {} | {} | {} | {:.2e} |\n", name,
               median, t.front(), t.back(), kQuotedTypeScriptSecondsPerSecond / median,
               r.counters.collisions, r.counters.backups, r.counters.odeSteps,
               r.counters.binarySteps, r.solves, r.finalKinetic);
    std::fflush(stdout);
  }
}
