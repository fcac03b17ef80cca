// What tracing costs at scale: pile_20, pile_100 and pile_200 (engine2D's settings, as
// bench_pile_scale runs them) run untraced, with full traces (StepTracing::kAll: every solve
// with its pivots) and with compact ones (StepTracing::kCompact, what the workbench
// records: the serial impulse loop's one-contact solves kept as their problems, and the
// solves of ContactSim::solveLcp as what solving them again takes). Each run
// keeps every step's trace only until the next step, as the bench of the untraced run keeps
// nothing: the CPU seconds are recording, counting and freeing. For each pile: the median
// CPU seconds of `runs` runs of each kind (interleaved, so that a busy machine disturbs
// them alike), each traced kind's ratio to the untraced median, the trace bytes per step
// (StepTrace::bytes(), the history's budget accounting), and the time to expand the
// compact trace of a step (engine/contact/expand_trace.h): opened as the workbench opens a
// step it shows (openTrace, its ContactSim solves expanded, and the pass that lists its
// solves' purposes) over every 10th step (median) and for the step with the most compact
// rows (StepTrace::compactRowCount, median of 3), and that step expanded whole
// (expandTrace, median of 3) with the bytes of each. The final state hashes of the three
// kinds must agree (tracing never changes the run).
//   build/bench/bench_traces [runs] [seconds] [--max N] [--seconds-200 S]
#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <utility>
#include <vector>

#include "bench/cpu_time.h"
#include "bench/median.h"
#include "engine/contact/expand_trace.h"
#include "engine/dynamics/state_hash.h"
#include "engine/run/step_run.h"
#include "engine/scene/scene.h"

namespace {

struct Run {
  double cpuSeconds = 0;
  long long steps = 0;
  double traceBytes = 0;  // summed over the steps
  long long solves = 0;   // traced solves (compact ones included)
  long long compactSolves = 0;
  std::uint64_t stateHash = 0;
  std::shared_ptr<const cl::StepTrace> heaviest;             // the trace with the most compact rows
  std::vector<std::shared_ptr<const cl::StepTrace>> sample;  // every 10th step's trace
};

Run runOnce(const std::filesystem::path& file, double seconds, cl::StepTracing tracing) {
  cl::Scene scene = cl::loadSceneFile(file);
  auto advance = scene.makeAdvance();
  cl::SimState state = cl::captureState(*advance, scene.sim->clone(), {});
  const double dt = scene.settings.timeStep;
  Run r;
  const double c0 = processCpuSeconds();
  while (scene.sim->time() < seconds - 1e-9) {
    cl::StepRun run = cl::runStep(*advance, state, tracing, dt);
    state = std::move(run.state);
    ++r.steps;
    if (run.trace) {
      r.traceBytes += static_cast<double>(run.trace->bytes());
      r.solves += static_cast<long long>(run.trace->solveCount());
      r.compactSolves += static_cast<long long>(run.trace->solveCount() - run.trace->solves.size());
      if (!r.heaviest || run.trace->compactRowCount() > r.heaviest->compactRowCount())
        r.heaviest = run.trace;
      if (tracing == cl::StepTracing::kCompact && r.steps % 10 == 0) r.sample.push_back(run.trace);
    }
  }
  r.cpuSeconds = processCpuSeconds() - c0;
  r.stateHash = cl::stateHash(*scene.sim);
  return r;
}

double wallSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3, maxBlocks = 200;
  double seconds = 4.0, seconds200 = 0.0;
  std::vector<const char*> positional;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--max") == 0 && i + 1 < argc)
      maxBlocks = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--seconds-200") == 0 && i + 1 < argc)
      seconds200 = std::atof(argv[++i]);
    else
      positional.push_back(argv[i]);
  }
  if (!positional.empty()) runs = std::max(1, std::atoi(positional[0]));
  if (positional.size() > 1) seconds = std::atof(positional[1]);
  fmt::print(
      "| pile | sim s | steps | CPU s untraced | full | compact | full / untraced | compact / "
      "untraced | full bytes/step | compact bytes/step | full / compact | solves/step | compact "
      "solves/step | open a step: median of every 10th (s) | open heaviest step (s, its "
      "compact rows) | expand it whole (s) | its MB opened / whole | hashes agree |\n");
  fmt::print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
  for (const int blocks : {20, 100, 200}) {
    if (blocks > maxBlocks) break;
    const double simSeconds = blocks == 200 && seconds200 > 0 ? seconds200 : seconds;
    const auto file =
        std::filesystem::path(CONTACTLAB_SCENES_DIR) / fmt::format("pile_{}.json", blocks);
    std::vector<double> off, full, compact;
    Run offRun, fullRun, compactRun;
    for (int k = 0; k < runs; ++k) {
      offRun = runOnce(file, simSeconds, cl::StepTracing::kOff);
      off.push_back(offRun.cpuSeconds);
      fullRun = runOnce(file, simSeconds, cl::StepTracing::kAll);
      full.push_back(fullRun.cpuSeconds);
      fullRun.heaviest.reset();
      compactRun = runOnce(file, simSeconds, cl::StepTracing::kCompact);
      compact.push_back(compactRun.cpuSeconds);
    }
    // What the workbench does as it shows a step: open it, list its solves' purposes.
    const auto open = [](const cl::StepTrace& t) {
      cl::StepTrace opened = cl::openTrace(t);
      const std::vector<cl::SolvePurpose> purposes = cl::solvePurposes(opened);
      return std::pair(std::move(opened), purposes.size());
    };
    std::vector<double> opening, expand, sampled;
    double openedMB = 0, wholeMB = 0;
    for (int k = 0; k < 3 && compactRun.heaviest; ++k) {
      auto t0 = std::chrono::steady_clock::now();
      const auto opened = open(*compactRun.heaviest);
      opening.push_back(wallSince(t0));
      t0 = std::chrono::steady_clock::now();
      const cl::StepTrace expanded = cl::expandTrace(*compactRun.heaviest);
      expand.push_back(wallSince(t0));
      openedMB = static_cast<double>(opened.first.bytes()) / 1e6;
      wholeMB = static_cast<double>(expanded.bytes()) / 1e6;
    }
    for (const auto& t : compactRun.sample) {
      const auto t0 = std::chrono::steady_clock::now();
      const auto opened = open(*t);
      sampled.push_back(wallSince(t0));
    }
    const auto steps = static_cast<double>(std::max(1LL, offRun.steps));
    const double fullBytes = fullRun.traceBytes / steps,
                 compactBytes = compactRun.traceBytes / steps;
    const bool same =
        offRun.stateHash == fullRun.stateHash && offRun.stateHash == compactRun.stateHash;
    fmt::print(
        "| pile_{} | {} | {} | {:.2f} | {:.2f} | {:.2f} | {:.2f} | {:.2f} | {:.0f} | {:.0f} | "
        "{:.1f} | {:.0f} | {:.0f} | {:.4f} | {:.3f} ({}) | {:.3f} | {:.1f} / {:.1f} | {} |\n",
        blocks, simSeconds, offRun.steps, median(off), median(full), median(compact),
        median(full) / median(off), median(compact) / median(off), fullBytes, compactBytes,
        fullBytes / compactBytes, static_cast<double>(fullRun.solves) / steps,
        static_cast<double>(compactRun.compactSolves) / steps, median(sampled), median(opening),
        compactRun.heaviest ? compactRun.heaviest->compactRowCount() : 0, median(expand), openedMB,
        wholeMB,
        same ? "yes"
             : fmt::format("NO {:016x} {:016x} {:016x}", offRun.stateHash, fullRun.stateHash,
                           compactRun.stateHash));
    std::fflush(stdout);
  }
}
