// The pile at scale: pile_20, pile_50, pile_100 and pile_200 (scripts/make_pile_scenes.py:
// pile_20's blocks with rows of ten stacked above, the same pit with its side walls
// raised), engine2D's settings (modified Euler, dt 0.025, serial grouped collision handling
// with a last pass, warm start on). For each pile, the median over several runs of the CPU
// seconds for the first `seconds` simulated ones, the real-time factor (simulated seconds
// per CPU second: at least 1 is real time), what the run did (collisions, back-ups, the
// serial loop's single-contact impulse solves and their number per collision, contact-force
// solves and pivots), the smallest contact distance over the run (below zero would be
// penetration) and the final state's hash; then the cost's growth exponent in N, fitted to
// log CPU against log N, overall and between neighbouring piles.
// With --rest T, each pile also runs on to T simulated seconds (once, not timed) and the
// table says whether it came fully to rest by engine2D's criteria: no collision in the
// last 2 s and the total energy constant to 1e-5 over them.
// --set KEY=VALUE changes a setting of every pile as contactlab-cli run's --set does (say
// collision_handling=simultaneous, to measure another handling against engine2D's).
// --traced records every step's trace in full, every solve with its pivots, as the workbench did
// while it runs a scene; --compact records compact traces (StepTracing::kCompact), which is
// what the workbench records (bench_traces compares the three).
//   build/bench/bench_pile_scale [runs] [seconds] [--max N] [--rest T] [--set KEY=VALUE]...
//                                [--traced | --compact]
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "bench/cpu_time.h"
#include "engine/collision_advance/collision_advance.h"
#include "engine/dynamics/state_hash.h"
#include "engine/run/step_run.h"
#include "engine/scene/scene.h"
#include "engine/settings/sim_settings.h"

namespace {

struct Run {
  double cpuSeconds = 0;
  cl::CollisionCounters counters;
  long long contactSolves = 0;
  long long pivots = 0;
  double minDistance = std::numeric_limits<double>::quiet_NaN();
  std::uint64_t stateHash = 0;  // FNV-1a of the final state's bits
  // With a rest check: collisions in the last 2 s, and the largest change of the total
  // energy over them.
  long long lateCollisions = -1;
  double lateEnergyChange = 0;
};

// Runs the scene to `seconds`, timed; with rest > seconds, on to `rest`, untimed, watching
// the last 2 s.
// Applies KEY=VALUE assignments; the first problem ("--set ...: why"), or empty.
std::string applyAssignments(cl::SimSettings& settings,
                             const std::vector<std::string>& assignments) {
  for (const std::string& a : assignments) {
    const std::size_t eq = a.find('=');
    const std::string problem =
        eq == std::string::npos
            ? "expected KEY=VALUE"
            : cl::setSettingFromText(settings, std::string_view(a).substr(0, eq),
                                     std::string_view(a).substr(eq + 1));
    if (!problem.empty()) return fmt::format("--set {}: {}", a, problem);
  }
  return {};
}

Run runOnce(const std::filesystem::path& file, double seconds, double rest,
            const std::vector<std::string>& assignments, cl::StepTracing tracing) {
  cl::Scene scene = cl::loadSceneFile(file);
  if (!assignments.empty()) {
    cl::SimSettings settings = scene.settings;
    applyAssignments(settings, assignments);  // checked in main
    scene = cl::rebuildScene(scene, settings);
  }
  auto advance = scene.makeAdvance();
  auto& ca = dynamic_cast<cl::CollisionAdvance&>(*advance);
  cl::SimState state = cl::captureState(*advance, scene.sim->clone(), {});
  const double dt = scene.settings.timeStep;
  Run r;
  const auto step = [&] {
    cl::StepRun run = cl::runStep(*advance, state, tracing, dt);
    state = std::move(run.state);
    if (!(run.stats.minDistance >= r.minDistance)) r.minDistance = run.stats.minDistance;
    r.contactSolves += run.stats.solves.solves;
    r.pivots += run.stats.solves.pivots;
  };
  const double c0 = processCpuSeconds();
  while (scene.sim->time() < seconds - 1e-9) step();
  r.cpuSeconds = processCpuSeconds() - c0;
  r.counters = ca.counters();
  r.stateHash = cl::stateHash(*scene.sim);
  const Run timed = r;  // what the table reports: the timed part
  if (rest > seconds) {
    while (scene.sim->time() < rest - 2 - 1e-9) step();
    const long long before = ca.counters().collisions;
    const double e0 = scene.sim->energy().total();
    while (scene.sim->time() < rest - 1e-9) {
      step();
      r.lateEnergyChange = std::max(r.lateEnergyChange, std::abs(scene.sim->energy().total() - e0));
    }
    r.lateCollisions = ca.counters().collisions - before;
  }
  Run out = timed;
  out.lateCollisions = r.lateCollisions;
  out.lateEnergyChange = r.lateEnergyChange;
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3, maxBlocks = 200;
  double seconds = 12.0, rest = 0.0;
  std::vector<const char*> positional;
  std::vector<std::string> assignments;
  cl::StepTracing tracing = cl::StepTracing::kOff;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--traced") == 0) {
      tracing = cl::StepTracing::kAll;
      continue;
    }
    if (std::strcmp(argv[i], "--compact") == 0) {
      tracing = cl::StepTracing::kCompact;
      continue;
    }
    const bool option = std::strcmp(argv[i], "--set") == 0 || std::strcmp(argv[i], "--max") == 0 ||
                        std::strcmp(argv[i], "--rest") == 0;
    if (option && i + 1 >= argc) {
      fmt::print(stderr, "error: {} needs a value\n", argv[i]);
      return 2;
    }
    if (std::strcmp(argv[i], "--set") == 0)
      assignments.emplace_back(argv[++i]);
    else if (std::strcmp(argv[i], "--max") == 0)
      maxBlocks = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--rest") == 0)
      rest = std::atof(argv[++i]);
    else
      positional.push_back(argv[i]);
  }
  cl::SimSettings probe;
  if (const std::string problem = applyAssignments(probe, assignments); !problem.empty()) {
    fmt::print(stderr, "error: {}\n", problem);
    return 2;
  }
  if (!positional.empty()) runs = std::max(1, std::atoi(positional[0]));
  if (positional.size() > 1) seconds = std::atof(positional[1]);
  if (tracing == cl::StepTracing::kAll) fmt::print("every step traced (--traced)\n\n");
  if (tracing == cl::StepTracing::kCompact)
    fmt::print("every step traced compactly, as the workbench records (--compact)\n\n");
  fmt::print(
      "| blocks | CPU s for {} sim s (median of {}) | min | max | real-time factor | collisions | "
      "back-ups | binary | serial impulse solves | per collision | contact solves | pivots | "
      "smallest distance |{} final state hash |\n",
      seconds, runs, rest > seconds ? fmt::format(" at rest by {} s |", rest) : "");
  fmt::print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|{}---|\n",
             rest > seconds ? "---|" : "");
  std::vector<double> logN, logCpu;
  for (const int blocks : {20, 50, 100, 200}) {
    if (blocks > maxBlocks) break;
    const auto file =
        std::filesystem::path(CONTACTLAB_SCENES_DIR) / fmt::format("pile_{}.json", blocks);
    std::vector<double> cpu;
    Run first;
    for (int k = 0; k < runs; ++k) {
      const Run r = runOnce(file, seconds, k == 0 ? rest : 0.0, assignments, tracing);
      if (k == 0) first = r;
      cpu.push_back(r.cpuSeconds);
    }
    std::sort(cpu.begin(), cpu.end());
    const double median = cpu[cpu.size() / 2];
    logN.push_back(std::log(blocks));
    logCpu.push_back(std::log(median));
    const Run& r = first;  // the counts are those of every run (deterministic)
    const std::string restCell =
        rest > seconds
            ? fmt::format(" {} ({} collisions, energy change {:.1e}) |",
                          r.lateCollisions == 0 && r.lateEnergyChange <= 1e-5 ? "yes" : "no",
                          r.lateCollisions, r.lateEnergyChange)
            : "";
    fmt::print(
        "| {} | {:.2f} | {:.2f} | {:.2f} | {:.2f} | {} | {} | {} | {} | {:.0f} | {} | {} | {:.2e} "
        "|{} {:016x} |\n",
        blocks, median, cpu.front(), cpu.back(), seconds / median, r.counters.collisions,
        r.counters.backups, r.counters.binarySteps, r.counters.impulses,
        static_cast<double>(r.counters.impulses) /
            static_cast<double>(std::max(1LL, r.counters.collisions)),
        r.contactSolves, r.pivots, r.minDistance, restCell, r.stateHash);
    std::fflush(stdout);
  }
  if (logN.size() >= 2) {
    // Least squares slope of log CPU on log N, and the slope between neighbours.
    const double n = static_cast<double>(logN.size());
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < logN.size(); ++i) {
      sx += logN[i], sy += logCpu[i], sxx += logN[i] * logN[i], sxy += logN[i] * logCpu[i];
    }
    fmt::print(
        "\ngrowth exponent (CPU ~ N^p), fitted over every pile: p = {:.2f}; between "
        "neighbours:",
        (n * sxy - sx * sy) / (n * sxx - sx * sx));
    for (std::size_t i = 1; i < logN.size(); ++i)
      fmt::print(" {:.0f}->{:.0f}: {:.2f}", std::exp(logN[i - 1]), std::exp(logN[i]),
                 (logCpu[i] - logCpu[i - 1]) / (logN[i] - logN[i - 1]));
    fmt::print("\n");
  }
}
