// contactlab-cli: run scenes headless, export their results, validate scene files.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <iostream>
#include <type_traits>

#include "commands.h"
#include "engine/settings/sim_settings.h"
#include "engine/solver/lcp_solver.h"
#include "exit_codes.h"

namespace {

// --set's help lists every setting of the table with what it takes.
std::string settingsHelp() {
  std::string help =
      "Override a scene setting (repeatable; applied after --dt, --seed, --no-warm-start):";
  const cl::SimSettings defaults;
  cl::forEachSetting([&](const cl::SettingInfo& info, auto value, auto) {
    using T = std::decay_t<decltype(defaults.*value)>;
    std::string shown;
    if constexpr (std::is_enum_v<T>)
      shown = cl::nameOf(defaults.*value);
    else if constexpr (std::is_same_v<T, bool>)
      shown = defaults.*value ? "true" : "false";
    else
      shown = fmt::format("{}", defaults.*value);
    help += fmt::format("\n  {} (default {}): {}", info.key, shown, info.help);
    if constexpr (std::is_enum_v<T>) help += " One of " + cl::nameList<T>() + ".";
  });
  return help;
}

// The registered solvers' names, for --solver's help.
std::string solverNamesHelp() {
  return cl::nameList<cl::LcpSolverKind>();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace cl::cli;
  CLI::App app{"ContactLab command line: run and check rigid-body scenes without the workbench"};
  app.require_subcommand(1);

  const CLI::Validator kFinite(
      [](std::string& s) {
        try {
          return std::isfinite(std::stod(s)) ? std::string() : "must be a finite number";
        } catch (const std::exception&) {
          return std::string("must be a number");
        }
      },
      "FINITE");
  // A file or folder name: an empty one names nothing (and would be taken for "not given").
  const CLI::Validator kFileName(
      [](std::string& s) { return s.empty() ? std::string("an empty name names no file") : ""; },
      "PATH");

  RunOptions run;
  CLI::App* runCmd = app.add_subcommand("run", "Simulate a scene and print a summary");
  runCmd->add_option("scene", run.scene, "Scene file (JSON)")->required()->check(kFileName);
  runCmd->add_option("--until", run.until, "Simulated time to stop at, in seconds")
      ->required()
      ->check(CLI::NonNegativeNumber & kFinite);
  runCmd->add_option("--dt", run.dt, "Time step, overriding the scene's")
      ->check(CLI::PositiveNumber & kFinite);
  runCmd->add_option("--seed", run.seed, "Random seed, overriding the scene's");
  runCmd->add_flag("--no-warm-start", run.noWarmStart,
                   "Solve every contact force from C = {} (the cold pivoting sequence), "
                   "overriding the scene's warm_start");
  runCmd->add_option("--advance", run.advance,
                     "How to advance: collision_advance, newton_release, fischer_burmeister or "
                     "lcp_fixpoint (the setting 'advance', overriding the scene's)");
  runCmd->add_option("--engine", run.engine,
                     "Which of engine2D's engines: contact (ContactSim), impulse (ImpulseSim: "
                     "collisions only) or rigid_body (RigidBodySim: no collisions or contacts); "
                     "the setting 'engine', overriding the scene's");
  runCmd->add_option("--set", run.set, settingsHelp())
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  runCmd
      ->add_option("--final-state", run.finalState,
                   "Write the final state (time, energies, every body's variables, the random "
                   "generator and the warm-start memory) as JSON")
      ->check(kFileName);
  runCmd
      ->add_option("--initial-state", run.initialState,
                   "Start from a state written by --final-state or the workbench's Export All "
                   "(the scene's own bodies); --until is a time, not a duration")
      ->check(kFileName);
  runCmd
      ->add_option("--record", run.record,
                   "Record the run to this file (every step's state, statistics and what a view "
                   "draws; docs/recording-format.md), to open in the workbench with File > Open "
                   "Recording; a run that fails is recorded up to its last good step")
      ->type_name("FILE")
      ->check(kFileName);
  runCmd
      ->add_option("--threads", run.threads,
                   "Threads for contact detection (1 to 64; default 1). The result has the same "
                   "bits with any number; on this 2-core machine two gave pile_200 no speed-up "
                   "(docs/performance.md)")
      ->check(CLI::Range(1, 64));
  runCmd->add_option("--csv", run.csvDir, "Write states.csv (one row per step) into this directory")
      ->check(kFileName);
  runCmd->add_flag("--progress", run.progress, "Show a progress bar when stderr is a terminal");
  runCmd
      ->add_option("--lcp-dir", run.lcpDir,
                   "Write every solve of --lcp-steps as an LCP file here, JSON unless "
                   "--export-format says otherwise (contact forces: step<k>_solve<m>.json, "
                   "collision impulses: step<k>_impulse<m>.json)")
      ->check(kFileName);
  runCmd->add_option("--lcp-steps", run.lcpSteps,
                     "Steps A:B (1-based, inclusive) whose solves --lcp-dir receives");
  runCmd
      ->add_option(
          "--lcp-kinds", run.lcpKinds,
          "Which solves --lcp-dir receives: forces (contact forces, and a time "
          "stepper's LCPs), impulses (collision impulses), or both (the default). A pile's "
          "collisions make tens of thousands of impulse solves a step (pile_200), most "
          "of one contact")
      ->delimiter(',')
      ->check(CLI::IsMember({"forces", "impulses"}))
      ->type_name("KIND[,KIND]");
  runCmd
      ->add_option("--export-format", run.lcpFormat,
                   "The form of --lcp-dir's files: json (the default; with result and trace), "
                   "csv (.csv, with result) or siconos (Siconos numerics' .dat, the problem "
                   "alone). Solves the form cannot hold (friction: JSON only; joints: not "
                   "siconos) are left out, and a note says how many")
      ->check(CLI::IsMember({"json", "csv", "siconos"}))
      ->type_name("FORMAT");
  runCmd
      ->add_option("--waypoints", run.waypoints,
                   "Write every CollisionAdvance waypoint and its collisions to this CSV file "
                   "(all of them cost about 4 MB per simulated second of pile_20: narrow them "
                   "with --waypoints-backups and --waypoints-from/--waypoints-until)")
      ->check(kFileName);
  runCmd->add_flag("--events", run.events, "Print the CollisionAdvance waypoints as they happen");
  runCmd->add_flag("--waypoints-backups", run.waypointsBackupsOnly,
                   "Report only the waypoints of back-ups (found collisions, failed steps, "
                   "restored states, maybe-stuck, stuck) to --waypoints and --events");
  runCmd->add_option("--waypoints-from", run.waypointsFrom,
                     "Report only waypoints at this time or later (s)");
  runCmd->add_option("--waypoints-until", run.waypointsUntil,
                     "Report only waypoints at this time or earlier (s)");

  std::string validateScene;
  CLI::App* validateCmd =
      app.add_subcommand("validate", "Check a scene file and explain every problem found");
  validateCmd->add_option("scene", validateScene, "Scene file (JSON)")
      ->required()
      ->check(kFileName);

  SolveLcpOptions solveLcp;
  CLI::App* solveLcpCmd = app.add_subcommand(
      "solve-lcp",
      "Solve a stored contact LCP (JSON, CSV or Siconos .dat) with one solver or all of them");
  solveLcpCmd
      ->add_option("file", solveLcp.file,
                   "LCP file: JSON, CSV or Siconos numerics .dat, told apart by content")
      ->required()
      ->check(kFileName);
  solveLcpCmd->add_option("--policy", solveLcp.policy,
                          "Contact order: hybrid (default), min_accel, random, pre_ordered");
  solveLcpCmd->add_flag("--reference", solveLcp.reference,
                        "Re-solve Acc from scratch at every pivot instead of updating it");
  solveLcpCmd
      ->add_option("--trace", solveLcp.trace,
                   "Write every decision (pivots, or the solver's iterations) to this CSV")
      ->check(kFileName);
  solveLcpCmd->add_option("--seed", solveLcp.seed, "Seed of the random contact order");
  solveLcpCmd->add_option("--solver", solveLcp.solver,
                          "Solver: " + solverNamesHelp() + ", a comma-separated list, or all");
  solveLcpCmd
      ->add_option("--max-iterations", solveLcp.maxIterations,
                   "Iterations allowed (pivots, sweeps, Newton steps); 0: the solver's own")
      ->check(CLI::NonNegativeNumber);
  solveLcpCmd
      ->add_option("--export", solveLcp.exportFile,
                   "Write the problem read (not a stored result) to this file, before solving")
      ->type_name("FILE")
      ->check(kFileName);
  solveLcpCmd
      ->add_option("--export-format", solveLcp.exportFormat,
                   "--export's form: json, csv or siconos (Siconos numerics' .dat, which cannot "
                   "hold joints); by default by FILE's extension (.dat siconos, .csv csv, "
                   "anything else json)")
      ->check(CLI::IsMember({"json", "csv", "siconos"}))
      ->type_name("FORMAT");

  CompareOptions compare;
  CLI::App* compareCmd = app.add_subcommand(
      "compare", "Solve every LCP file of a folder with each solver; table, CSV, profile");
  compareCmd->add_option("dir", compare.dir, "Folder of LCP files (.json, .csv, .dat)")
      ->required()
      ->check(kFileName);
  compareCmd->add_option(
      "--solver", compare.solver,
      "Solvers: all (default), or a comma-separated list of " + solverNamesHelp());
  compareCmd
      ->add_option("--solved-below", compare.solvedBelow,
                   "A solve counts as solved at this relative residual or below (1e-9)")
      ->check(CLI::PositiveNumber & kFinite);
  compareCmd
      ->add_option("--repeats", compare.repeats,
                   "Solves per problem (3), fewer once a solver has spent 0.5 s on it; the "
                   "median time")
      ->check(CLI::Range(1, 1000));
  compareCmd
      ->add_option("--max-iterations", compare.maxIterations,
                   "Iterations allowed (pivots, sweeps, Newton steps); 0: the solver's own")
      ->check(CLI::NonNegativeNumber);
  compareCmd->add_option("--csv", compare.csv, "Write one row per problem and solver here")
      ->check(kFileName);
  compareCmd
      ->add_option("--profile", compare.profile,
                   "Write the performance profile (tau, fraction per solver) here")
      ->check(kFileName);

  CompareRunsOptions compareRuns;
  CLI::App* compareRunsCmd = app.add_subcommand(
      "compare-runs",
      "Run one scene with several ways of advancing; where they part, cost, penetration");
  compareRunsCmd->add_option("scene", compareRuns.scene, "Scene file (JSON)")
      ->required()
      ->check(kFileName);
  compareRunsCmd->add_option("--until", compareRuns.until, "Simulated time to stop at")->required();
  compareRunsCmd->add_option("--advance", compareRuns.advance,
                             "all (default), or a comma-separated list of " +
                                 cl::nameList<cl::AdvanceKind>() +
                                 "; the first is the one the others are measured against");
  compareRunsCmd
      ->add_option("--csv", compareRuns.csv,
                   "Write one row per run and step (energies, distances, iterations, "
                   "status, time, gap to the first run) here")
      ->check(kFileName);

  CheckRecordingOptions checkRecording;
  CLI::App* checkRecordingCmd = app.add_subcommand(
      "check-recording",
      "Re-run a recording's steps from its first state and compare each with the recorded one, "
      "bit for bit; exit 2 at the first step that differs (named with its body and variable)");
  checkRecordingCmd->add_option("file", checkRecording.file, "Recording (.clrun)")
      ->required()
      ->check(kFileName);
  checkRecordingCmd
      ->add_option("--memory", checkRecording.memoryMB,
                   "Memory for the records read, in MB (512, the workbench's default): a "
                   "recording whose records and edited copies of the simulation need more is "
                   "refused saying so")
      ->check(CLI::Range(std::size_t{16}, std::size_t{1} << 20));
  checkRecordingCmd->add_flag("--progress", checkRecording.progress,
                              "Show a progress bar when stderr is a terminal");

  std::vector<std::string> batchArgs;
  CLI::App* batchCmd = app.add_subcommand(
      "batch",
      "Run a sweep (scenes x settings x seeds, or LCP folders x solvers) with the Python module's "
      "contactlab.batch, on this machine's cores or a Dask cluster: every argument goes to "
      "`python3 -m contactlab.batch` (SPEC.json [--out TABLE.csv] [--workers N] [--scheduler "
      "tcp://HOST:PORT] [--serial] [--no-progress] [--timings]; docs/python.md)");
  batchCmd->prefix_command();
  batchCmd->allow_extras();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitBadInput;
  }
  try {
    if (*runCmd) return runCommand(run);
    if (*solveLcpCmd) return solveLcpCommand(solveLcp);
    if (*compareCmd) return compareCommand(compare);
    if (*compareRunsCmd) return compareRunsCommand(compareRuns);
    if (*checkRecordingCmd) return checkRecordingCommand(checkRecording);
    if (*batchCmd) return batchCommand(batchCmd->remaining());
    return validateCommand(validateScene);
  } catch (const std::exception& e) {
    // Anything the commands did not expect still ends in a message, not an abort.
    std::cerr << "error: " << e.what() << '\n';
    return kExitBadInput;
  }
}
