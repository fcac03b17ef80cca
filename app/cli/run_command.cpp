// contactlab-cli run: simulate a scene until a time, print a summary, export on request.
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <iostream>
#include <memory>
#include <optional>

#include "commands.h"
#include "engine/io/atomic_file.h"
#include "engine/io/state_csv.h"
#include "engine/io/state_json.h"
#include "engine/scene/scene.h"
#include "exit_codes.h"
#include "progress_bar.h"

namespace cl::cli {
namespace {

// More steps than any run can finish: a typo in --until or --dt, not a request.
constexpr double kMaxSteps = 1e10;

void printSummary(const Scene& scene, const std::string& path, const RigidBodySim& sim,
                  long long steps, double dt, const EnergyInfo& start, double wallSeconds) {
  const EnergyInfo e = sim.energy();
  fmt::print("scene    {}{}\n", path, scene.title.empty() ? "" : "  (" + scene.title + ")");
  fmt::print("time     {:.6f} s   steps {}   dt {}   bodies {}\n", sim.time(), steps, dt,
             sim.bodyCount());
  fmt::print("energy   kinetic {:.9g}   potential {:.9g}   total {:.9g}\n", e.kinetic(),
             e.potential, e.total());
  fmt::print("         total at start {:.9g}   change {:.3g}\n", start.total(),
             e.total() - start.total());
  fmt::print("wall     {:.3f} s\n", wallSeconds);
}

}  // namespace

int runCommand(const RunOptions& opt) {
  std::optional<Scene> scene;
  try {
    scene = loadSceneFile(opt.scene);
    if (opt.dt || opt.seed) {
      SimSettings settings = scene->settings;
      if (opt.dt) settings.timeStep = *opt.dt;
      if (opt.seed) settings.seed = *opt.seed;
      scene = rebuildScene(*scene, settings);  // a new seed redraws random shapes
    }
  } catch (const SceneError& e) {
    std::cerr << e.what() << '\n';
    return kExitBadInput;
  }
  std::error_code ec;
  if (!opt.csvDir.empty() && !std::filesystem::is_directory(opt.csvDir, ec)) {
    std::cerr << fmt::format("error: --csv directory '{}' is not a directory{}\n", opt.csvDir,
                             ec ? ": " + ec.message() : std::string());
    return kExitBadInput;
  }

  RigidBodySim& sim = *scene->sim;
  std::unique_ptr<AdvanceStrategy> advance = scene->makeAdvance();
  const double dt = advance->timeStep();
  const double t0 = sim.time(), until = opt.until;
  // Whole steps of dt, the last one shortened to land exactly on --until.
  const double stepCount = std::ceil((until - t0) / dt - 1e-9);
  if (!std::isfinite(until) || !(stepCount <= kMaxSteps)) {
    std::cerr << fmt::format(
        "error: --until {} with time step {} would take {:.3g} steps (at most {:.0e})\n", until, dt,
        stepCount, kMaxSteps);
    return kExitBadInput;
  }
  const long long n = std::max(0LL, static_cast<long long>(stepCount));
  const EnergyInfo start = sim.energy();
  ProgressBar bar(opt.progress);
  const auto wallStart = std::chrono::steady_clock::now();
  long long steps = 0;
  try {
    std::unique_ptr<AtomicFile> csv;
    if (!opt.csvDir.empty()) {
      csv = std::make_unique<AtomicFile>(std::filesystem::path(opt.csvDir) / "states.csv");
      writeStateCsvHeader(csv->stream(), sim);
      writeStateCsvRow(csv->stream(), sim, 0);
    }
    try {
      for (long long i = 0; i < n; ++i) {
        const double h = i + 1 == n ? until - sim.time() : dt;
        if (h <= 0) break;
        advance->advance(h);
        ++steps;
        if (csv) writeStateCsvRow(csv->stream(), sim, steps);
        bar.update((sim.time() - t0) / std::max(until - t0, 1e-300), sim.time(), until);
      }
    } catch (const SimulationError& e) {
      bar.finish();
      std::cerr << fmt::format("simulation failed at t = {}: {}\n", sim.time(), e.what());
      return kExitSimulationFailed;  // no output files: they would describe a broken run
    } catch (const std::bad_alloc&) {
      bar.finish();
      std::cerr << fmt::format("simulation failed at t = {}: out of memory\n", sim.time());
      return kExitSimulationFailed;
    }
    bar.finish();
    if (csv) csv->commit();
    if (!opt.finalState.empty())
      writeFileAtomically(opt.finalState, stateJson(sim, steps).dump(2) + "\n");
  } catch (const FileWriteError& e) {
    bar.finish();
    std::cerr << "error: " << e.what() << '\n';
    return kExitOutputFailed;
  }
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
  printSummary(*scene, opt.scene, sim, steps, dt, start, wall);
  return kExitOk;
}

}  // namespace cl::cli
