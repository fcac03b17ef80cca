// Both cores: the piles run with the narrow phase on one thread and on two (WorkerPool:
// contact detection's candidate pairs split in two parts, their records joined in order),
// alternating, so both see the same machine. For each pile, the median wall seconds over
// several runs for the first `seconds` simulated ones with 1 and 2 threads, the speed-up
// (1-thread wall / 2-thread wall), the process CPU seconds of each (two threads spend more
// CPU than they save wall time: handing parts over and waiting cost), and whether the final
// states hold the same bits (they must: the split changes nothing but who computes a pair).
// The other 80 % of a pile's step (the serial impulse loop, the contact-force solve of one
// island) stays on one thread, so the speed-up is bounded by about 1.1 (docs/performance.md).
//   build/bench/bench_threads [runs] [seconds] [--max N]
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "bench/cpu_time.h"
#include "bench/median.h"
#include "engine/dynamics/state_hash.h"
#include "engine/parallel/worker_pool.h"
#include "engine/scene/scene.h"

namespace {

struct Run {
  double wall = 0, cpu = 0;
  std::uint64_t stateHash = 0;
};

Run runOnce(const std::filesystem::path& file, double seconds, int threads) {
  cl::WorkerPool::shared().setThreads(threads);
  cl::Scene scene = cl::loadSceneFile(file);
  auto advance = scene.makeAdvance();
  const double dt = scene.settings.timeStep;
  const double c0 = processCpuSeconds();
  const auto t0 = std::chrono::steady_clock::now();
  while (scene.sim->time() < seconds - 1e-9) advance->advance(dt);
  Run r;
  r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.cpu = processCpuSeconds() - c0;
  r.stateHash = cl::stateHash(*scene.sim);
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3, maxBlocks = 200;
  double seconds = 4.0;
  std::vector<const char*> positional;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--max") == 0 && i + 1 < argc)
      maxBlocks = std::atoi(argv[++i]);
    else
      positional.push_back(argv[i]);
  }
  if (!positional.empty()) runs = std::max(1, std::atoi(positional[0]));
  if (positional.size() > 1) seconds = std::atof(positional[1]);
  fmt::print(
      "| blocks | wall s, 1 thread (median of {}) | wall s, 2 threads | speed-up | CPU s, 1 "
      "thread | CPU s, 2 threads | same bits |\n",
      runs);
  fmt::print("|---|--:|--:|--:|--:|--:|---|\n");
  for (const int blocks : {20, 50, 100, 200}) {
    if (blocks > maxBlocks) break;
    const auto file =
        std::filesystem::path(CONTACTLAB_SCENES_DIR) / fmt::format("pile_{}.json", blocks);
    std::vector<double> wall1, wall2, cpu1, cpu2;
    bool same = true;
    for (int k = 0; k < runs; ++k) {
      const Run one = runOnce(file, seconds, 1);
      const Run two = runOnce(file, seconds, 2);
      wall1.push_back(one.wall), cpu1.push_back(one.cpu);
      wall2.push_back(two.wall), cpu2.push_back(two.cpu);
      same = same && one.stateHash == two.stateHash;
    }
    fmt::print("| {} | {:.3f} | {:.3f} | {:.3f} | {:.3f} | {:.3f} | {} |\n", blocks, median(wall1),
               median(wall2), median(wall1) / median(wall2), median(cpu1), median(cpu2),
               same ? "yes" : "NO");
    std::fflush(stdout);
  }
  cl::WorkerPool::shared().setThreads(1);
}
