// The pile benchmark: pile_20 (and pile_10), engine2D's PileTest
// scenes pile_20_random_blocks (pile_10_random_blocks): 20 (10) random blocks dropped into a
// V-shaped pit, 12 simulated seconds at dt 0.025 with CollisionAdvance and modified Euler.
// Prints, as medians of several runs, wall seconds per simulated second, collisions,
// back-ups, integrator steps, contact solves and the final kinetic energy (the pile must
// be at rest). myPhysicsLab's TypeScript engine needs about 2 wall seconds per simulated
// second for its 20-block pile on this kind of machine (a figure quoted, not measured
// here); the ratio column divides that by ours. pile_10_friction (pile_10 with friction 0.5)
// gives the cost of Coulomb friction against pile_10, printed after the table.
// Each scene runs with the contact-force warm start off (every solve pivots from C = {}, the
// baseline) and on (contact_sim.h), alternating, so the speed-up is measured in one session.
//   build/bench/bench_pile [runs] [seconds]
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "bench/cpu_time.h"
#include "bench/median.h"
#include "engine/collision_advance/collision_advance.h"
#include "engine/dynamics/state_hash.h"
#include "engine/scene/scene.h"

namespace {

constexpr double kQuotedTypeScriptSecondsPerSecond = 2.0;

struct Run {
  double wallPerSimSecond = 0;
  double cpuPerSimSecond = 0;   // process CPU time: less disturbed by a busy machine
  std::uint64_t stateHash = 0;  // FNV-1a of the final state's bits: equal runs, equal hash
  cl::CollisionCounters counters;
  long long solves = 0;
  long long warmStarts = 0;
  double finalKinetic = 0;
};

Run runOnce(const std::filesystem::path& file, double seconds, bool warm) {
  cl::Scene scene = cl::loadSceneFile(file);
  scene.contactSim()->setWarmStart(warm);
  auto advance = scene.makeAdvance();
  const double dt = scene.settings.timeStep;
  const double c0 = processCpuSeconds();
  const auto t0 = std::chrono::steady_clock::now();
  while (scene.sim->time() < seconds - 1e-9) advance->advance(dt);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = processCpuSeconds() - c0;
  Run r;
  r.wallPerSimSecond = wall / seconds;
  r.cpuPerSimSecond = cpu / seconds;
  r.stateHash = cl::stateHash(*scene.sim);
  r.counters = dynamic_cast<cl::CollisionAdvance&>(*advance).counters();
  r.solves = scene.contactSim()->solveCount();
  r.warmStarts = scene.contactSim()->solveTotals().warmStarts;
  r.finalKinetic = scene.sim->energy().kinetic();
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const double seconds = argc > 2 ? std::atof(argv[2]) : 12.0;
  fmt::print(
      "| scene | warm start | wall s / sim s (median of {}) | min | max | CPU s / sim s "
      "(median) | CPU cold / this | vs TS engine (2 s/s) | collisions | back-ups | steps | "
      "binary | contact solves | warm hits | final KE | final state hash |\n",
      runs);
  fmt::print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  // pile_10_friction is pile_10 with Coulomb friction 0.5 on every body: the cost of friction
  // (friction_forces.h) measured against pile_10 in the same run.
  double cpuCold[3] = {0, 0, 0};
  long long solvesCold[3] = {0, 0, 0};
  int scene = 0;
  for (const char* name : {"pile_10.json", "pile_20.json", "pile_10_friction.json"}) {
    const auto file = std::filesystem::path(CONTACTLAB_SCENES_DIR) / name;
    std::vector<Run> all[2];  // [0] warm start off, [1] on; alternated to share the noise
    for (int k = 0; k < runs; ++k)
      for (int warm = 0; warm < 2; ++warm) all[warm].push_back(runOnce(file, seconds, warm == 1));
    double coldCpu = 0;
    for (int warm = 0; warm < 2; ++warm) {
      std::vector<double> wall, cpu;
      for (const Run& r : all[warm]) {
        wall.push_back(r.wallPerSimSecond);
        cpu.push_back(r.cpuPerSimSecond);
      }
      const double wallMedian = median(wall), cpuMedian = median(cpu);
      const Run& r = all[warm].front();  // the counts are those of every run (deterministic)
      if (warm == 0) coldCpu = cpuMedian, cpuCold[scene] = cpuMedian, solvesCold[scene] = r.solves;
      fmt::print(
          "| {} | {} | {:.4f} | {:.4f} | {:.4f} | {:.4f} | {:.2f} | {:.0f}x | {} | {} | {} | "
          "{} | {} | {:.1f} % | {:.2e} | {:016x} |\n",
          name, warm ? "on" : "off", wallMedian, *std::min_element(wall.begin(), wall.end()),
          *std::max_element(wall.begin(), wall.end()), cpuMedian, coldCpu / cpuMedian,
          kQuotedTypeScriptSecondsPerSecond / wallMedian, r.counters.collisions, r.counters.backups,
          r.counters.odeSteps, r.counters.binarySteps, r.solves,
          r.solves > 0 ? 100.0 * static_cast<double>(r.warmStarts) / r.solves : 0.0, r.finalKinetic,
          r.stateHash);
      std::fflush(stdout);
    }
    ++scene;
  }
  // Per simulated second, and per contact solve (the friction pile makes fewer, larger ones).
  const auto perSolve = [&](int k) {
    return cpuCold[k] / static_cast<double>(std::max(1LL, solvesCold[k]));
  };
  fmt::print(
      "\nfriction (warm start off): pile_10_friction takes {:.1f}x pile_10's CPU per simulated "
      "second, {:.1f}x per contact solve ({} solves against {})\n",
      cpuCold[2] / cpuCold[0], perSolve(2) / perSolve(0), solvesCold[2], solvesCold[0]);
}
