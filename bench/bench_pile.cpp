// The pile benchmark of the collisions issue: pile_20 (and pile_10), 20 (10) random blocks
// dropped into a V-shaped pit, 12 simulated seconds at dt 0.025 with CollisionAdvance.
// Prints, as medians of several runs, wall seconds per simulated second, collisions,
// back-ups, integrator steps, contact solves and the final kinetic energy (the pile must
// be at rest). myPhysicsLab's TypeScript engine needs about 2 wall seconds per simulated
// second for its 20-block pile on this kind of machine (a figure quoted, not measured
// here); the ratio column divides that by ours.
//   build/bench/bench_pile [runs] [seconds]
#include <fmt/format.h>

#include <time.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "engine/collision_advance/collision_advance.h"
#include "engine/scene/scene.h"

namespace {

constexpr double kQuotedTypeScriptSecondsPerSecond = 2.0;

double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

struct Run {
  double wallPerSimSecond = 0;
  double cpuPerSimSecond = 0;  // process CPU time: less disturbed by a busy machine
  std::uint64_t stateHash = 0;  // FNV-1a of the final state's bits: equal runs, equal hash
  cl::CollisionCounters counters;
  long long solves = 0;
  double finalKinetic = 0;
};

Run runOnce(const std::filesystem::path& file, double seconds) {
  cl::Scene scene = cl::loadSceneFile(file);
  auto advance = scene.makeAdvance();
  const double dt = scene.settings.timeStep;
  const double c0 = processCpuSeconds();
  const auto t0 = std::chrono::steady_clock::now();
  while (scene.sim->time() < seconds - 1e-9) advance->advance(dt);
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = processCpuSeconds() - c0;
  Run r;
  r.wallPerSimSecond = wall / seconds;
  r.cpuPerSimSecond = cpu / seconds;
  std::uint64_t h = 1469598103934665603ull;
  for (int i = 0; i < scene.sim->bodyCount(); ++i) {
    const cl::BodyState b = scene.sim->bodyState(i);
    for (double v : {b.x, b.vx, b.y, b.vy, b.angle, b.omega}) {
      h ^= std::bit_cast<std::uint64_t>(v);
      h *= 1099511628211ull;
    }
  }
  r.stateHash = h;
  r.counters = dynamic_cast<cl::CollisionAdvance&>(*advance).counters();
  r.solves = scene.contactSim()->solveCount();
  r.finalKinetic = scene.sim->energy().kinetic();
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const double seconds = argc > 2 ? std::atof(argv[2]) : 12.0;
  fmt::print("| scene | wall s / sim s (median of {}) | min | max | CPU s / sim s (median) | "
             "vs TS engine (2 s/s) | collisions | back-ups | steps | binary | contact solves | "
             "final KE | final state hash |\n",
             runs);
  fmt::print("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const char* name : {"pile_10.json", "pile_20.json"}) {
    std::vector<Run> all;
    for (int k = 0; k < runs; ++k) all.push_back(runOnce(std::filesystem::path(CONTACTLAB_SCENES_DIR) / name, seconds));
    std::vector<double> t;
    for (const Run& r : all) t.push_back(r.wallPerSimSecond);
    std::sort(t.begin(), t.end());
    const double median = t[t.size() / 2];
    std::vector<double> cpu;
    for (const Run& r : all) cpu.push_back(r.cpuPerSimSecond);
    std::sort(cpu.begin(), cpu.end());
    const Run& r = all.front();  // the counts are the same in every run (deterministic)
    fmt::print("| {} | {:.4f} | {:.4f} | {:.4f} | {:.4f} | {:.0f}x | {} | {} | {} | {} | {} | {:.2e} | "
               "{:016x} |\n",
               name, median, t.front(), t.back(), cpu[cpu.size() / 2],
               kQuotedTypeScriptSecondsPerSecond / median, r.counters.collisions,
               r.counters.backups, r.counters.odeSteps, r.counters.binarySteps, r.solves,
               r.finalKinetic, r.stateHash);
    std::fflush(stdout);
  }
}
