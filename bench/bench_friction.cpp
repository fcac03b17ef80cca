// Friction at scale (issue 46): the piles of bench_pile_scale (pile_10 and pile_20, engine2D's;
// pile_50, pile_100 and pile_200, scripts/make_pile_scenes.py) with Coulomb friction mu on
// every body, walls included, against the same pile frictionless, measured in the same run.
// Each pile runs frictionless, with friction solved cold (every friction solve pivoting
// from no sets: the default) and with the friction warm start (friction_warm_start), for
// `seconds` simulated seconds; the table gives the CPU medians and their ratios to the
// frictionless run (the median of each round's ratio, the modes' runs interleaved), what
// the friction solves did, and the final kinetic energy. The cold pivoting costs minutes on
// the larger piles: it runs on piles up to --cold-max blocks (default 20), once above 10
// blocks.
// With --curve T, the warm frictional piles of 100 and 200 blocks (and the frictionless ones
// beside them) run on to T simulated seconds once more, and a second table gives their CPU
// per simulated second, second by second, with the kinetic energy at each second's end: the
// cost curve to rest. A run that fails (a SimulationError: no friction solve found forces)
// is reported with its time and message under its row, its CPU up to the failure.
// With --compliance, the frictional runs have friction_compliance on (the compliant last
// fallback that takes pile_50 and pile_100 past the problems no exact solve solves).
// With --variants K, each pile up to 20 blocks also runs K perturbed trajectories: every
// movable block started k * 1e-9 to the right (k = 1..K), far below anything physical, which
// the pile's chaos grows into another settling. The cost of a frictional pile depends on
// its trajectory (a handful of solves with sliding contacts takes most of it), so a
// change that moves rounding moves the one-trajectory ratio by tens of percent; the
// median over perturbed trajectories is the figure that a change can be judged by. A run
// that fails is marked in its cell, and its failure given under the table.
// With --trajectory k, only pile_N (N = --max, 10 or 20) with the friction warm start runs,
// once, on perturbed trajectory k (0: the file's), and one line gives its CPU, pivots and
// hash: what scripts/friction-instructions.sh runs under callgrind, trajectory by
// trajectory, for the median of the instructions (a change of a few percent shows there,
// not in CPU time on a shared host, nor in a sum that the trajectories' heavy tail decides).
// With --min N, only the piles of at least N blocks run (--min 200 --curve T: pile_200's
// curve alone, without pile_100's half hour before it). A curve's run says each second's
// figures on stderr as it goes, for a run of hours.
//   build/bench/bench_friction [runs] [seconds] [--mu MU] [--min N] [--max N] [--cold-max N]
//                              [--curve T] [--compliance] [--variants K] [--trajectory k]
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "bench/cpu_time.h"
#include "bench/median.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/dynamics/state_hash.h"
#include "engine/io/text_file.h"
#include "engine/scene/scene.h"

namespace {

enum class Mode { kFrictionless, kCold, kWarm };

const char* modeName(Mode m) {
  switch (m) {
    case Mode::kFrictionless:
      return "frictionless";
    case Mode::kCold:
      return "friction, cold";
    case Mode::kWarm:
      return "friction, warm start";
  }
  return "";
}

// The pile as its file gives it, with friction mu on every body, the friction warm start as
// the mode asks and friction_compliance as `compliance` says (the frictionless mode leaves
// the file as it is).
// With `shift`, every movable body starts that far to the right (a perturbed trajectory).
// Perturbed trajectory k shifts by k times this.
constexpr double kTrajectoryShift = 1e-9;
cl::Scene pileScene(int blocks, Mode mode, double mu, bool compliance, double shift = 0) {
  const auto file =
      std::filesystem::path(CONTACTLAB_SCENES_DIR) / fmt::format("pile_{}.json", blocks);
  cl::SceneDoc doc = cl::parseScene(cl::readTextFile(file), file.string());
  for (cl::BodyDoc& body : doc.bodies)
    if (!body.fixed.value_or(false) && body.position) body.position->x += shift;
  if (mode != Mode::kFrictionless) {
    for (cl::BodyDoc& body : doc.bodies) body.friction = mu;
    cl::SimSettings settings = cl::settingsOf(doc);
    settings.frictionWarmStart = mode == Mode::kWarm;
    settings.frictionCompliance = compliance;
    cl::recordSettings(doc, settings);
  }
  return cl::makeScene(std::move(doc));
}

struct Run {
  std::string failure;  // the first line of the SimulationError that stopped the run, if one did
  double cpu = 0;
  cl::ContactSim::SolveTotals solves;
  double finalKinetic = 0;
  std::uint64_t hash = 0;
};

// Runs the scene to `seconds`; `each` (when set) is called after every step.
Run runPile(cl::Scene scene, double seconds, const std::function<void(const cl::Scene&)>& each) {
  auto advance = scene.makeAdvance();
  const double dt = scene.settings.timeStep;
  const double c0 = processCpuSeconds();
  Run r;
  try {
    while (scene.sim->time() < seconds - 1e-9) {
      advance->advance(dt);
      if (each) each(scene);
    }
  } catch (const cl::SimulationError& e) {
    const std::string what = e.what();
    r.failure =
        fmt::format("failed at t = {:.3f}: {}", scene.sim->time(), what.substr(0, what.find('\n')));
  }
  r.cpu = processCpuSeconds() - c0;
  r.solves = scene.contactSim()->solveTotals();
  r.finalKinetic = scene.sim->energy().kinetic();
  r.hash = cl::stateHash(*scene.sim);
  return r;
}

// The second table: CPU per simulated second, second by second, to `until`.
void costCurve(int blocks, double mu, bool compliance, double until) {
  for (const Mode mode : {Mode::kFrictionless, Mode::kWarm}) {
    std::vector<double> cpuAt, kineticAt;
    double last = processCpuSeconds();
    int second = 1;
    runPile(pileScene(blocks, mode, mu, compliance), until, [&](const cl::Scene& s) {
      if (s.sim->time() < second - 1e-9) return;
      const double now = processCpuSeconds();
      cpuAt.push_back(now - last);
      kineticAt.push_back(s.sim->energy().kinetic());
      fmt::print(stderr, "pile_{} {}: second {}: {:.2f} CPU s, kinetic energy {:.1e}\n", blocks,
                 modeName(mode), second, cpuAt.back(), kineticAt.back());
      last = now, ++second;
    });
    fmt::print("| pile_{} | {} |", blocks, modeName(mode));
    for (std::size_t k = 0; k < cpuAt.size(); ++k)
      fmt::print(" {:.2f} ({:.0e}) |", cpuAt[k], kineticAt[k]);
    fmt::print("\n");
    std::fflush(stdout);
  }
}

// The third table: for each perturbed trajectory k, the frictional run's CPU over the
// frictionless run's (each the median of `runs` interleaved rounds' ratios), and their median;
// a run that stopped (a SimulationError) is added to `failures`, its ratio that of its CPU up
// to the failure.
void perturbed(int blocks, double mu, bool compliance, double seconds, int runs, int variants,
               bool cold, std::vector<std::string>& failures) {
  std::vector<Mode> modes{Mode::kWarm};
  if (cold) modes.insert(modes.begin(), Mode::kCold);
  std::vector<std::vector<double>> ratio(modes.size());
  std::vector<std::vector<long long>> pivots(modes.size());
  std::vector<std::vector<bool>> failed(modes.size());
  for (int k = 1; k <= variants; ++k) {
    const double shift = k * kTrajectoryShift;
    std::vector<std::vector<double>> rounds(modes.size());
    for (int r = 0; r < runs; ++r) {
      const double base =
          runPile(pileScene(blocks, Mode::kFrictionless, mu, compliance, shift), seconds, {}).cpu;
      for (std::size_t m = 0; m < modes.size(); ++m) {
        const Run run = runPile(pileScene(blocks, modes[m], mu, compliance, shift), seconds, {});
        rounds[m].push_back(run.cpu / base);
        if (r > 0) continue;
        pivots[m].push_back(run.solves.pivots);
        failed[m].push_back(!run.failure.empty());
        if (!run.failure.empty())
          failures.push_back(
              fmt::format("pile_{}, {}, k = {}: {}", blocks, modeName(modes[m]), k, run.failure));
      }
    }
    for (std::size_t m = 0; m < modes.size(); ++m) ratio[m].push_back(median(rounds[m]));
  }
  for (std::size_t m = 0; m < modes.size(); ++m) {
    fmt::print("| pile_{} | {} |", blocks, modeName(modes[m]));
    for (std::size_t k = 0; k < ratio[m].size(); ++k)
      fmt::print(" {:.1f} ({}{}) |", ratio[m][k], pivots[m][k], failed[m][k] ? ", failed" : "");
    fmt::print(" **{:.1f}** |\n", median(ratio[m]));
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3, minBlocks = 0, maxBlocks = 200, coldMax = 20, variants = 0, trajectory = -1;
  double seconds = 12.0, mu = 0.5, curve = 0;
  bool compliance = false;
  std::vector<const char*> positional;
  for (int i = 1; i < argc; ++i) {
    const bool option =
        std::strcmp(argv[i], "--mu") == 0 || std::strcmp(argv[i], "--min") == 0 ||
        std::strcmp(argv[i], "--max") == 0 || std::strcmp(argv[i], "--cold-max") == 0 ||
        std::strcmp(argv[i], "--curve") == 0 || std::strcmp(argv[i], "--variants") == 0 ||
        std::strcmp(argv[i], "--trajectory") == 0;
    if (option && i + 1 >= argc) {
      fmt::print(stderr, "error: {} needs a value\n", argv[i]);
      return 2;
    }
    if (std::strcmp(argv[i], "--compliance") == 0)
      compliance = true;
    else if (std::strcmp(argv[i], "--mu") == 0)
      mu = std::atof(argv[++i]);
    else if (std::strcmp(argv[i], "--min") == 0)
      minBlocks = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--max") == 0)
      maxBlocks = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--cold-max") == 0)
      coldMax = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--curve") == 0)
      curve = std::atof(argv[++i]);
    else if (std::strcmp(argv[i], "--variants") == 0)
      variants = std::max(0, std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--trajectory") == 0)
      trajectory = std::max(0, std::atoi(argv[++i]));
    else
      positional.push_back(argv[i]);
  }
  if (!positional.empty()) runs = std::max(1, std::atoi(positional[0]));
  if (positional.size() > 1) seconds = std::atof(positional[1]);
  if (trajectory >= 0) {
    const int blocks = maxBlocks >= 20 ? 20 : 10;
    const Run r = runPile(
        pileScene(blocks, Mode::kWarm, mu, compliance, trajectory * kTrajectoryShift), seconds, {});
    fmt::print("pile_{} friction warm start, trajectory {}: CPU {:.3f} s, {} pivots, {:016x}{}\n",
               blocks, trajectory, r.cpu, r.solves.pivots, r.hash,
               r.failure.empty() ? "" : ", " + r.failure);
    return 0;
  }
  fmt::print(
      "friction mu = {} on every body{}; {} simulated seconds; CPU s, median of {} (cold above "
      "10 blocks: 1 run)\n\n",
      mu, compliance ? ", friction_compliance on" : "", seconds, runs);
  fmt::print(
      "| pile | mode | CPU s | / frictionless | contact solves | warm | partial | rejected | "
      "pivots | "
      "Lemke | regularized | held static | final KE | final state hash |\n");
  fmt::print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
  for (const int blocks : {10, 20, 50, 100, 200}) {
    if (blocks > maxBlocks) break;
    if (blocks < minBlocks) continue;
    // The modes' runs interleave (run k of each mode, then run k + 1), and the ratio is the
    // median of each run's CPU over the frictionless run of the same round: the shared host's
    // load drifts over a bench, and alike for runs made side by side.
    std::vector<Mode> modes;
    for (const Mode mode : {Mode::kFrictionless, Mode::kCold, Mode::kWarm})
      if (mode != Mode::kCold || blocks <= coldMax) modes.push_back(mode);
    std::vector<std::vector<double>> cpu(modes.size());
    std::vector<Run> first(modes.size());
    for (int k = 0; k < runs; ++k)
      for (std::size_t m = 0; m < modes.size(); ++m) {
        if (modes[m] == Mode::kCold && blocks > 10 && k > 0) continue;
        const Run r = runPile(pileScene(blocks, modes[m], mu, compliance), seconds, {});
        if (k == 0) first[m] = r;
        cpu[m].push_back(r.cpu);
      }
    for (std::size_t m = 0; m < modes.size(); ++m) {
      std::vector<double> ratios;
      for (std::size_t k = 0; k < cpu[m].size(); ++k) ratios.push_back(cpu[m][k] / cpu[0][k]);
      const cl::ContactSim::SolveTotals& s = first[m].solves;
      fmt::print(
          "| pile_{} | {} | {:.3f} | {:.1f} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1e} | "
          "{:016x} |\n",
          blocks, modeName(modes[m]), median(cpu[m]), median(ratios), s.solves, s.warmStarts,
          s.warmPartials, s.warmRejects, s.pivots, s.frictionByLemke, s.frictionRegularized,
          s.frictionHeld, first[m].finalKinetic, first[m].hash);
      if (!first[m].failure.empty())
        fmt::print("\n{} ({}): {}\n\n", modeName(modes[m]), blocks, first[m].failure);
      std::fflush(stdout);
    }
  }
  if (variants > 0) {
    fmt::print(
        "\nPerturbed trajectories (every movable block started k * 1e-9 to the right): CPU / "
        "frictionless, median of {} rounds (pivots)\n\n| pile | mode |",
        runs);
    for (int k = 1; k <= variants; ++k) fmt::print(" k = {} |", k);
    fmt::print(" median |\n|---|---|");
    for (int k = 0; k <= variants; ++k) fmt::print("--:|");
    fmt::print("\n");
    std::vector<std::string> failures;
    for (const int blocks : {10, 20})
      if (blocks >= minBlocks && blocks <= maxBlocks)
        perturbed(blocks, mu, compliance, seconds, runs, variants,
                  blocks <= 10 && blocks <= coldMax, failures);
    for (const std::string& f : failures) fmt::print("\nfailed: {}\n", f);
  }
  if (curve > 0) {
    fmt::print(
        "\nCPU s per simulated second (kinetic energy at its end), second by second to {} s\n\n",
        curve);
    fmt::print("| pile | mode |");
    for (int k = 1; k <= static_cast<int>(curve + 1e-9); ++k) fmt::print(" {} s |", k);
    fmt::print("\n|---|---|");
    for (int k = 1; k <= static_cast<int>(curve + 1e-9); ++k) fmt::print("--:|");
    fmt::print("\n");
    for (const int blocks : {100, 200})
      if (blocks >= minBlocks && blocks <= maxBlocks) costCurve(blocks, mu, compliance, curve);
  }
}
