// contactlab-cli compare-runs: one scene run with several ways of advancing (CollisionAdvance
// and the time steppers of Hotz et al.), side by side: how far each got, its cost, iterations,
// penetration, joint gaps and energy change, and where each run's trajectory parts from the
// first's; per step as CSV on request.
#include <fmt/format.h>

#include <cmath>
#include <iostream>
#include <vector>

#include "checked_files.h"
#include "commands.h"
#include "engine/io/atomic_file.h"
#include "engine/io/number_text.h"
#include "engine/run/advance_run.h"
#include "engine/run/step_plan.h"
#include "engine/scene/scene.h"
#include "exit_codes.h"
#include "named_list.h"

namespace cl::cli {

namespace {

constexpr double kMaxSimulated = 1e5;  // seconds: a bound on the work asked for
// The memory compare-runs may keep for its runs' steps.
constexpr double kMaxKeptBytes = 2e9;

std::string stepsCsv(const std::vector<AdvanceRun>& runs,
                     const std::vector<RunDivergence>& divergence) {
  std::string s =
      "advance,step,time,kinetic,potential,total,min_distance,max_joint_gap,contact_force,"
      "iterations,status,wall_seconds,position_gap\n";
  for (std::size_t r = 0; r < runs.size(); ++r)
    for (std::size_t k = 0; k < runs[r].steps.size(); ++k) {
      const StepStats& st = runs[r].steps[k];
      const std::vector<double>& gaps = divergence[r].positionGap;
      s += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{}\n", nameOf(runs[r].kind), k + 1,
                       numberText(st.time), numberText(st.energy.kinetic()),
                       numberText(st.energy.potential), numberText(st.energy.total()),
                       std::isnan(st.minDistance) ? std::string() : numberText(st.minDistance),
                       numberText(st.maxJointGap), numberText(st.contactForce), st.iterations,
                       timeStepStatusName(st.timeStepStatus), numberText(st.wallSeconds),
                       k < gaps.size() ? numberText(gaps[k]) : std::string());
    }
  return s;
}

}  // namespace

int compareRunsCommand(const CompareRunsOptions& opt) {
  const std::optional<std::vector<AdvanceKind>> kinds =
      valuesNamed<AdvanceKind>(opt.advance, "advance");
  if (!kinds) return kExitBadInput;
  if (!(opt.until > 0) || !(opt.until <= kMaxSimulated)) {
    std::cerr << fmt::format("error: --until must be in (0, {:g}] seconds, got {}\n", kMaxSimulated,
                             opt.until);
    return kExitBadInput;
  }
  if (const int code = checkFiles({{"scene", opt.scene, FileUse::Kind::kInput},
                                   {"--csv", opt.csv, FileUse::Kind::kOutput}}))
    return code;
  std::optional<Scene> scene;
  try {
    scene = loadSceneFile(opt.scene);
  } catch (const SceneError& e) {
    std::cerr << e.what() << '\n';
    return kExitBadInput;
  }
  // Every step of every run is kept (the comparison goes step by step): refuse up front a run
  // whose steps would not fit, rather than fill the memory and be killed hours later.
  const double steps = stepsTo(scene->sim->time(), opt.until, scene->settings.timeStep);
  const double perStep = static_cast<double>(sizeof(StepStats) + sizeof(std::vector<double>) +
                                             sizeof(double) * 3 * scene->sim->bodyCount() + 64);
  const double bytes = steps * perStep * static_cast<double>(kinds->size());
  if (!(bytes <= kMaxKeptBytes)) {
    std::cerr << fmt::format(
        "error: compare-runs keeps every step of every run: {:.3g} steps of dt {} to --until {} "
        "for {} runs would take about {:.3g} GB, more than the {:.0f} GB it allows; give a "
        "shorter --until or a larger time step\n",
        steps, scene->settings.timeStep, opt.until, kinds->size(), bytes / 1e9,
        kMaxKeptBytes / 1e9);
    return kExitBadInput;
  }
  const double gap = scene->settings.distanceTol / 2;
  std::vector<AdvanceRun> runs;
  for (AdvanceKind kind : *kinds) runs.push_back(runWithAdvance(*scene, kind, opt.until));
  const std::vector<double> thresholds{1e-9, 1e-6, 1e-3, scene->settings.distanceTol};
  std::vector<RunDivergence> divergence;
  for (const AdvanceRun& r : runs) divergence.push_back(compareRuns(runs.front(), r, thresholds));

  fmt::print("scene    {}{}   until {} s   dt {}\n\n", opt.scene,
             scene->title.empty() ? "" : "  (" + scene->title + ")", opt.until,
             scene->settings.timeStep);
  fmt::print(
      "| advance | reached (s) | CPU s / sim s | its / step | not converged | penetration | "
      "dip below gap | joint gap | energy change |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  for (const AdvanceRun& r : runs) {
    const bool stepper = r.kind != AdvanceKind::kCollisionAdvance;
    fmt::print("| {} | {:.6g}{} | {:.4g} | {} | {} | {:.3g} | {:.3g} | {:.3g} | {:.6g} |\n",
               nameOf(r.kind), r.reached, r.failure.empty() ? "" : " (failed)",
               r.reached > 0 ? r.cpuSeconds / r.reached : 0.0,
               stepper ? fmt::format("{:.2f}", static_cast<double>(r.iterations()) /
                                                   static_cast<double>(
                                                       std::max<std::size_t>(1, r.steps.size())))
                       : std::string("-"),
               stepper ? std::to_string(r.unconverged()) : std::string("-"), r.penetration(),
               r.dip(gap), r.maxJointGap(), r.energyChange());
  }
  if (runs.size() > 1) {
    fmt::print("\nwhere the bodies part from {} (largest |x| or |y| difference of a body):\n",
               nameOf(runs.front().kind));
    for (std::size_t r = 1; r < runs.size(); ++r) {
      const RunDivergence& d = divergence[r];
      std::string firsts;
      for (const auto& [threshold, time] : d.firstAbove)
        firsts +=
            fmt::format("   > {:g} m at {}", threshold,
                        std::isnan(time) ? std::string("never") : fmt::format("t = {:.6g}", time));
      const double largest = d.positionGap.empty()
                                 ? 0.0
                                 : *std::max_element(d.positionGap.begin(), d.positionGap.end());
      fmt::print("  {:<20} at the end {:.3g} m, largest {:.3g} m{}\n", nameOf(runs[r].kind),
                 d.positionGap.empty() ? 0.0 : d.positionGap.back(), largest, firsts);
    }
  }
  bool failed = false;
  for (const AdvanceRun& r : runs)
    if (!r.failure.empty()) {
      if (!failed) fmt::print("\nruns that stopped:\n");
      failed = true;
      fmt::print("  {}: {}\n", nameOf(r.kind), r.failure);
    }
  if (!opt.csv.empty()) {
    try {
      writeFileAtomically(opt.csv, stepsCsv(runs, divergence));
    } catch (const FileWriteError& e) {
      std::cerr << "error: " << e.what() << '\n';
      return kExitOutputFailed;
    }
  }
  return failed ? kExitSimulationFailed : kExitOk;
}

}  // namespace cl::cli
