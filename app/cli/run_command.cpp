// contactlab-cli run: simulate a scene until a time, print a summary, export on request.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checked_files.h"
#include "commands.h"
#include "engine/collision_advance/collision_advance.h"
#include "engine/dynamics/state_csv.h"
#include "engine/io/atomic_file.h"
#include "engine/io/number_text.h"
#include "engine/parallel/worker_pool.h"
#include "engine/run/run_recording.h"
#include "engine/run/state_json.h"
#include "engine/run/step_marks.h"
#include "engine/run/step_plan.h"
#include "engine/run/step_record.h"
#include "engine/run/step_run.h"
#include "engine/scene/scene.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/siconos_lcp_file.h"
#include "engine/time_stepping/advance_caveats.h"
#include "engine/time_stepping/time_stepper.h"
#include "engine/trace/step_trace.h"
#include "engine/trace/waypoint_csv.h"
#include "exit_codes.h"
#include "progress_bar.h"

namespace cl::cli {
namespace {

// While alive, SIGINT sets a flag (requested()) instead of ending the process, once: the
// handler then puts the default back, so that a second Ctrl-C ends it.
class InterruptGuard {
 public:
  InterruptGuard() {
    sFlag = 0;
    mPrevious = std::signal(SIGINT, &InterruptGuard::handle);
  }
  ~InterruptGuard() { std::signal(SIGINT, mPrevious); }
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  static bool requested() { return sFlag != 0; }

 private:
  static void handle(int) {
    sFlag = 1;
    std::signal(SIGINT, SIG_DFL);
  }
  static inline volatile std::sig_atomic_t sFlag = 0;
  void (*mPrevious)(int) = SIG_DFL;
};

// More steps than any run can finish: a typo in --until or --dt, not a request.
constexpr double kMaxSteps = 1e10;
// The largest recording run --record writes (estimated from its first record, up front).
constexpr double kMaxRecordingBytes = 16e9;

// A collision's impulse solve (step<k>_impulse<m>.json, --lcp-kinds impulses); every other
// solve is a step's own LCP (step<k>_solve<m>.json, --lcp-kinds forces).
bool isImpulse(const SolveTrace& t) {
  return t.context.purpose == SolvePurpose::kImpulse;
}

// The solves of steps first..last (1-based, inclusive) with their pivots, from each
// step's trace, kept until its step has ended and then written (writeLcpRecords): a run
// holds one step's solves at a time, however many steps it writes.
struct LcpSteps {
  long long first = 0, last = -1;
  bool forces = true, impulses = true;                   // the kinds kept (--lcp-kinds)
  std::string format = "json";                           // --export-format
  std::vector<std::pair<long long, SolveTrace>> solves;  // (step, solve), not yet written
  long long written = 0;                                 // solves written so far
  long long leftOut = 0;                                 // solves of the steps not of those kinds
  // Solves the format cannot hold, not written: with friction (JSON alone holds it), with
  // joints (an LCP has no bilateral rows: not siconos).
  long long frictionLeftOut = 0, jointsLeftOut = 0;
  bool covers(long long step) const { return step >= first && step <= last; }
  // Keeps a solve of step `step` when it is of a kind asked for.
  void offer(long long step, const SolveTrace& t) {
    if (isImpulse(t) ? impulses : forces)
      solves.emplace_back(step, t);
    else
      ++leftOut;
  }
  // " (N impulse solves left out by --lcp-kinds)", or nothing.
  std::string leftOutNote() const {
    if (leftOut == 0) return {};
    return fmt::format(" ({} {} solves left out by --lcp-kinds)", leftOut,
                       forces ? "impulse" : "contact-force");
  }
  // The one line a run says of the solves its format could not hold, or nothing.
  std::string formatNote() const {
    if (frictionLeftOut + jointsLeftOut == 0) return {};
    std::string which;
    if (frictionLeftOut > 0) which = fmt::format("{} with friction", frictionLeftOut);
    if (jointsLeftOut > 0)
      which += fmt::format("{}{} with joints", which.empty() ? "" : ", ", jointsLeftOut);
    return fmt::format(
        "note: --export-format {} left out {} solves it cannot hold ({}); "
        "--export-format json writes them\n",
        format, frictionLeftOut + jointsLeftOut, which);
  }
};

// Every waypoint of a step: written to the --waypoints CSV and/or printed (--events).
void reportWaypoints(const RigidBodySim& sim, long long step, const std::vector<Waypoint>& points,
                     std::ostream* csv, const RunOptions& opt) {
  const bool print = opt.events;
  int index = 0;
  for (const Waypoint& w : points) {
    ++index;  // the waypoint's number within its step, filtered or not
    if (opt.waypointsBackupsOnly && !isBackupWaypoint(w.point)) continue;
    if (w.time < opt.waypointsFrom || w.time > opt.waypointsUntil) continue;
    if (csv) writeWaypointCsvRows(*csv, sim, step, index, w);
    if (!print) continue;
    int needs = 0;
    for (const WaypointCollision& c : w.collisions) needs += c.needsHandling ? 1 : 0;
    fmt::print("step {:>6}  t {:<12.9g} {:<24} dt {:<10.4g} collisions {:<3} handle {:<3}{}\n",
               step, w.time, wayPointName(w.point), w.stepSize, w.collisions.size(), needs,
               w.binarySearch ? " binary" : "");
  }
}

// "A:B" with 1 <= A <= B; nullopt (and a message on stderr) otherwise.
std::optional<std::pair<long long, long long>> parseStepRange(const std::string& text) {
  const auto colon = text.find(':');
  const auto number = [](const std::string& s) -> std::optional<long long> {
    if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    return std::stoll(s);
  };
  std::optional<long long> a, b;
  if (colon != std::string::npos) {
    a = number(text.substr(0, colon));
    b = number(text.substr(colon + 1));
  }
  if (!a || !b || *a < 1 || *b < *a) {
    std::cerr << fmt::format(
        "error: --lcp-steps '{}' must be A:B with whole step numbers 1 <= A <= B\n", text);
    return std::nullopt;
  }
  return std::pair{*a, *b};
}

// Writes each kept solve as step<k>_solve<m>.json (the m-th contact-force solve of step
// k) or step<k>_impulse<m>.json (the m-th collision impulse solve), .csv or .dat for the
// other formats, and lets them go. The solves of a step are written together, after it. A
// solve the format cannot hold is counted, not written; it keeps its number m, so that a
// file has the same name in every format.
void writeLcpRecords(const std::string& dir, LcpSteps& kept) {
  const std::string extension = kept.format == "siconos" ? "dat" : kept.format;
  long long step = 0;
  int forces = 0, impulses = 0;
  for (const auto& [k, trace] : kept.solves) {
    if (k != step) step = k, forces = impulses = 0;
    const SolverSolve& r = trace.solve;
    const bool impulse = isImpulse(trace);
    const std::filesystem::path path =
        std::filesystem::path(dir) / fmt::format("step{}_{}{}.{}", k, impulse ? "impulse" : "solve",
                                                 impulse ? ++impulses : ++forces, extension);
    if (r.friction() && kept.format != "json") {
      ++kept.frictionLeftOut;
      continue;
    }
    if (r.friction()) {  // a friction problem: its own form of the file (docs/lcp-format.md)
      const FrictionProblem problem = frictionProblemOf(r);
      FrictionResult result;
      result.f = r.f;
      result.a = r.a;
      result.error = r.error;
      result.pivots = r.pivots;
      result.byLemke = r.byLemke;
      result.regularization = r.regularization;
      result.compliant = r.compliant;
      writeFrictionJson(path, problem, &result);
      ++kept.written;
      continue;
    }
    LcpProblem problem;
    problem.A = r.A;
    problem.b = r.b;
    problem.joint = r.joint;
    LcpResult result;
    result.f = r.f;
    result.a = r.a;
    result.error = r.error;
    result.pivots = r.pivots;
    result.deferrals = r.deferrals;
    if (result.f.size() == problem.b.size() && result.a.size() == problem.b.size())
      result.residuals = computeResiduals(problem, result.f, result.a);
    if (kept.format == "siconos") {
      if (std::find(r.joint.begin(), r.joint.end(), true) != r.joint.end()) {
        ++kept.jointsLeftOut;
        continue;
      }
      writeSiconosLcp(path, problem);  // the problem alone: the format has no result
    } else if (kept.format == "csv") {
      writeLcpCsv(path, problem, &result);
    } else {
      writeLcpJson(path, problem, &result, &trace.pivots);
    }
    ++kept.written;
  }
  kept.solves.clear();
}

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
  // Where friction took energy: the run's share of it, and the books with it put back.
  if (const double lost = e.frictionLoss - start.frictionLoss; lost != 0.0)
    fmt::print("         lost to friction {:.9g}   change with it put back {:.3g}\n", lost,
               e.total() + lost - start.total());
  fmt::print("wall     {:.3f} s\n", wallSeconds);
}

void printCounters(const CollisionCounters& c) {
  fmt::print(
      "collide  collisions {}   back-ups {}   ode steps {}   binary steps {}   "
      "estimates {}   impulse solves {}   contacts in impulses {}   maybe-stuck {}   "
      "friction jams {}\n",
      c.collisions, c.backups, c.odeSteps, c.binarySteps, c.estimates, c.impulses, c.contacts,
      c.stuck, c.jams);
}

// The contact-force solves of the whole run: how many, their pivots, the worst
// complementarity violation, and what the warm starts (contact forces, and friction with
// friction_warm_start) made of them. "warm" solves were
// solved by the guessed set C alone, "warm + pivots" started from it and needed pivots,
// "cold restarts" gave the guess up and pivoted from C = {}; the rest had no guess.
void printTimeStepping(const TimeStepper& stepper) {
  const TimeStepper::Totals& t = stepper.totals();
  fmt::print(
      "stepping {}   steps {}   iterations {} ({:.2f} per step)   not converged {}   worst "
      "residual {:.3g}\n",
      nameOf(stepper.kind()), t.steps, t.iterations,
      t.steps > 0 ? static_cast<double>(t.iterations) / static_cast<double>(t.steps) : 0.0,
      t.unconverged, t.worstResidual);
}

void printSolves(const ContactSim& sim, const ContactSim::SolveTotals& t) {
  fmt::print(
      "solves   contact-force solves {}   pivots {}   worst violation {:.3g}   "
      "warm {}   warm + pivots {}   cold restarts {}   (warm start {}{}){}{}{}\n",
      t.solves, t.pivots, t.maxViolation, t.warmStarts, t.warmPartials, t.warmRejects,
      sim.warmStart() ? "on" : "off", sim.frictionWarmStart() ? ", friction warm start on" : "",
      t.frictionHeld > 0
          ? fmt::format("   sliding held static {} (no sliding-friction solution{})",
                        t.frictionHeld,
                        t.frictionHeldAtOnce > 0 ? "; " + heldAtOnceNote(t) : std::string())
          : std::string(),
      t.frictionByLemke + t.frictionRegularized > 0
          ? fmt::format("   friction fallbacks: Lemke {}, regularized {}", t.frictionByLemke,
                        t.frictionRegularized)
          : std::string(),
      t.frictionCompliant > 0
          ? fmt::format("   compliant {} (friction_compliance: no exact solve; violation up to "
                        "{:.3g}{})",
                        t.frictionCompliant, t.compliantViolation,
                        t.frictionCompliantFirst > 0 ? "; " + compliantFirstNote(t) : std::string())
          : std::string());
}

}  // namespace

int runCommand(const RunOptions& opt) {
  using Kind = FileUse::Kind;
  const std::filesystem::path statesCsv = opt.csvDir.empty()
                                              ? std::filesystem::path()
                                              : std::filesystem::path(opt.csvDir) / "states.csv";
  if (const int code = checkFiles({{"scene", opt.scene, Kind::kInput},
                                   {"--initial-state", opt.initialState, Kind::kInput},
                                   {"--csv", opt.csvDir, Kind::kOutputFolder},
                                   {"--csv", statesCsv, Kind::kOutput},
                                   {"--lcp-dir", opt.lcpDir, Kind::kOutputFolder},
                                   {"--waypoints", opt.waypoints, Kind::kOutput},
                                   {"--record", opt.record, Kind::kOutput},
                                   {"--final-state", opt.finalState, Kind::kOutput}}))
    return code;
  std::optional<Scene> scene;
  try {
    scene = loadSceneFile(opt.scene);
    SimSettings settings = scene->settings;
    // One setting from its text; false, with the flag and what was given, when it is refused.
    const auto refused = [](const char* flag, const std::string& given,
                            const std::string& problem) {
      if (!problem.empty()) std::cerr << fmt::format("error: {} {}: {}\n", flag, given, problem);
      return !problem.empty();
    };
    if (opt.dt && refused("--dt", numberText(*opt.dt),
                          settingValueProblem(*findSetting("time_step"), *opt.dt)))
      return kExitBadInput;
    if (opt.dt) settings.timeStep = *opt.dt;
    if (opt.seed) settings.seed = *opt.seed;
    if (opt.noWarmStart) settings.warmStart = false;
    if (!opt.advance.empty() && refused("--advance", "advance=" + opt.advance,
                                        setSettingFromText(settings, "advance", opt.advance)))
      return kExitBadInput;
    if (!opt.engine.empty() && refused("--engine", "engine=" + opt.engine,
                                       setSettingFromText(settings, "engine", opt.engine)))
      return kExitBadInput;
    for (const std::string& assignment : opt.set) {
      const std::size_t eq = assignment.find('=');
      if (refused("--set", assignment,
                  eq == std::string::npos
                      ? fmt::format("expected KEY=VALUE, got '{}'", assignment)
                      : setSettingFromText(settings, std::string_view(assignment).substr(0, eq),
                                           std::string_view(assignment).substr(eq + 1))))
        return kExitBadInput;
    }
    if (const std::string why = settingsConflict(settings); !why.empty()) {
      std::cerr << "error: " << why << '\n';
      return kExitBadInput;
    }
    if (settings != scene->settings)
      scene = rebuildScene(*scene, settings);  // a new seed redraws random shapes
  } catch (const SceneError& e) {
    std::cerr << e.what() << '\n';
    return kExitBadInput;
  }
  std::optional<LcpSteps> lcp;
  const bool kindsGiven = opt.lcpKinds != RunOptions{}.lcpKinds;
  const bool formatGiven = opt.lcpFormat != RunOptions{}.lcpFormat;
  if (!opt.lcpDir.empty() || !opt.lcpSteps.empty() || kindsGiven || formatGiven) {
    if (opt.lcpDir.empty() || opt.lcpSteps.empty()) {
      std::cerr << "error: --lcp-dir and --lcp-steps go together (and --lcp-kinds and "
                   "--export-format with them): give both or neither\n";
      return kExitBadInput;
    }
    const auto range = parseStepRange(opt.lcpSteps);
    if (!range) return kExitBadInput;
    lcp.emplace();
    lcp->first = range->first;
    lcp->last = range->second;
    const auto& kinds = opt.lcpKinds;
    lcp->forces = std::find(kinds.begin(), kinds.end(), "forces") != kinds.end();
    lcp->impulses = std::find(kinds.begin(), kinds.end(), "impulses") != kinds.end();
    lcp->format = opt.lcpFormat;
  }

  WorkerPool::shared().setThreads(opt.threads);
  RigidBodySim& sim = *scene->sim;
  long long steps = 0;  // of the run, from the saved state's on
  if (!opt.initialState.empty()) {
    try {
      const SavedState saved = readStateFile(opt.initialState);
      restoreSavedState(sim, saved, opt.initialState);
      steps = saved.steps;
    } catch (const StateFileError& e) {
      std::cerr << "error: --initial-state " << e.what() << '\n';
      return kExitBadInput;
    }
  }
  for (const std::string& caveat : settingsCaveats(scene->settings, sim))
    std::cerr << "note: " << caveat << '\n';
  std::unique_ptr<AdvanceStrategy> advance = scene->makeAdvance();
  // Ctrl-C stops the run between sub-steps (or a time step's solves), as the workbench's
  // Stop does, and what was recorded so far is written; a second Ctrl-C ends it at once.
  const InterruptGuard interrupt;
  advance->setCancelCheck([] { return InterruptGuard::requested(); });
  auto* timeStepper = dynamic_cast<TimeStepper*>(advance.get());
  auto* collisionAdvance = dynamic_cast<CollisionAdvance*>(advance.get());
  const double dt = advance->timeStep();
  const double t0 = sim.time(), until = opt.until;
  // A time so large that a step is lost in its rounding would never move (1e16 + 0.025).
  if (t0 + dt == t0) {
    std::cerr << fmt::format(
        "error: at t = {} a time step of {} is lost in rounding (t + dt == t): the run would "
        "never move\n",
        t0, dt);
    return kExitBadInput;
  }
  const double stepCount = stepsTo(t0, until, dt);
  if (!std::isfinite(until) || !(stepCount <= kMaxSteps)) {
    std::cerr << fmt::format(
        "error: --until {} with time step {} would take {:.3g} steps (at most {:.0e})\n", until, dt,
        stepCount, kMaxSteps);
    return kExitBadInput;
  }
  if (until <= t0)
    std::cerr << fmt::format("note: the run starts at t = {}, at or past --until {}: no step\n", t0,
                             until);
  // Whole steps of dt, and a shorter one to land on --until only when it is off their grid.
  const StepPlan plan = planSteps(t0, until, dt);
  const long long n = plan.count();
  const EnergyInfo start = sim.energy();
  ProgressBar bar(opt.progress);
  const auto wallStart = std::chrono::steady_clock::now();
  // The run goes step by step through runStep (engine/run), as the workbench's does.
  SimState state = captureState(*advance, sim.clone(), {});
  ContactSim::SolveTotals solves;                                 // of the whole run
  double minDistance = std::numeric_limits<double>::quiet_NaN();  // over the run's contacts
  try {
    std::unique_ptr<AtomicFile> csv;
    if (!opt.csvDir.empty()) {
      csv = std::make_unique<AtomicFile>(statesCsv);
      writeStateCsvHeader(csv->stream(), sim);
      writeStateCsvRow(csv->stream(), sim, steps);
    }
    std::unique_ptr<AtomicFile> waypointCsv;
    if (!opt.waypoints.empty()) {
      waypointCsv = std::make_unique<AtomicFile>(opt.waypoints);
      writeWaypointCsvHeader(waypointCsv->stream());
    }
    std::unique_ptr<RecordingWriter> recording;
    if (!opt.record.empty()) {
      recording = std::make_unique<RecordingWriter>(opt.record, scene->doc, opt.scene,
                                                    std::span<const RecordedEdit>{});
      // At the saved state's step, with its warm-start memory (--initial-state).
      const StepRecord first =
          initialRecord(sim, advance->kind(), advance->integratorKind(), dt, steps);
      recording->append(first);
      // Said up front: a tiny time step makes a recording of billions of steps.
      const double expected = static_cast<double>(recording->bytes()) * static_cast<double>(n + 1);
      if (expected > kMaxRecordingBytes) {
        std::cerr << fmt::format(
            "error: --record: {} steps of about {} bytes each would make a recording of about "
            "{:.3g} GB, more than the {:.0f} GB allowed; record a shorter run (--until), and go "
            "on from its --final-state with --initial-state\n",
            n, recording->bytes(), expected / 1e9, kMaxRecordingBytes / 1e9);
        return kExitBadInput;
      }
      if (expected > 1e9)
        std::cerr << fmt::format("note: --record: {} steps, about {:.3g} GB\n", n, expected / 1e9);
    }
    // The recording is committed up to the last good step when the run fails: the steps
    // that lead to a failure are what a user opens it for.
    const auto commitRecording = [&] {
      if (!recording) return;
      recording->commit();
      std::cerr << fmt::format("recording: {} steps ({:.1f} MB) written to {}\n",
                               recording->records(), static_cast<double>(recording->bytes()) / 1e6,
                               opt.record);
    };
    const bool wantWaypoints = collisionAdvance && (waypointCsv || opt.events);
    const auto report = [&](long long step, const StepTrace* trace) {
      if (trace && wantWaypoints)
        reportWaypoints(sim, step, trace->waypoints, waypointCsv ? &waypointCsv->stream() : nullptr,
                        opt);
    };
    try {
      for (long long i = 0; i < n; ++i) {
        const double h = plan.size(i, sim.time(), dt, until);
        if (!(h > 0)) break;
        const long long step = steps + 1;
        const bool keepSolves = lcp && lcp->covers(step);
        const StepTracing tracing = keepSolves      ? StepTracing::kAll
                                    : wantWaypoints ? StepTracing::kWaypoints
                                                    : StepTracing::kOff;
        StepRun run;
        try {
          run = runStep(*advance, state, tracing, h);
        } catch (const StepFailure& e) {
          report(step, e.partialTrace.get());
          // The failing step's solves, up to the one that failed: the LCP a user wants most.
          if (keepSolves && e.partialTrace)
            for (const SolveTrace& t : e.partialTrace->solves) lcp->offer(step, t);
          throw;
        }
        if (recording)
          recording->append({.step = step,
                             .draw = drawDataOf(sim, step),
                             .state = run.state,
                             .stats = run.stats,
                             .trace = nullptr});
        state = std::move(run.state);
        solves += run.stats.solves;
        if (!(run.stats.minDistance >= minDistance)) minDistance = run.stats.minDistance;
        steps = step;
        report(step, run.trace.get());
        if (keepSolves) {
          for (const SolveTrace& t : run.trace->solves) lcp->offer(step, t);
          writeLcpRecords(opt.lcpDir, *lcp);
        }
        if (csv) writeStateCsvRow(csv->stream(), sim, steps);
        bar.update((sim.time() - t0) / std::max(until - t0, 1e-300), sim.time(), until);
      }
    } catch (const SimulationError& e) {
      bar.finish();
      const auto* failure = dynamic_cast<const StepFailure*>(&e);
      const bool interrupted = failure && failure->cancelled;
      if (interrupted)
        std::cerr << fmt::format("interrupted (Ctrl-C) at t = {}, after step {}\n", sim.time(),
                                 steps);
      else
        std::cerr << fmt::format("simulation failed at t = {}: {}\n", sim.time(), e.what());
      // No state files: they would describe a broken run. The waypoints are kept: they
      // are how the failure (a stuck collision, say) is taken apart.
      const char* upTo = interrupted ? "the interruption" : "the failure";
      if (waypointCsv) {
        waypointCsv->commit();
        std::cerr << fmt::format("waypoints up to {} written to {}\n", upTo, opt.waypoints);
      }
      if (lcp) {
        writeLcpRecords(opt.lcpDir, *lcp);
        std::cerr << fmt::format("{} solves up to {} written to {}{}\n", lcp->written, upTo,
                                 opt.lcpDir, lcp->leftOutNote());
        std::cerr << lcp->formatNote();
      }
      commitRecording();
      return interrupted ? kExitInterrupted : kExitSimulationFailed;
    } catch (const std::bad_alloc&) {
      bar.finish();
      std::cerr << fmt::format("simulation failed at t = {}: out of memory\n", sim.time());
      return kExitSimulationFailed;
    }
    bar.finish();
    if (csv) csv->commit();
    if (waypointCsv) waypointCsv->commit();
    commitRecording();
    if (!opt.finalState.empty())
      writeFileAtomically(opt.finalState, stateJson(sim, steps).dump(2) + "\n");
  } catch (const FileWriteError& e) {
    bar.finish();
    std::cerr << "error: " << e.what() << '\n';
    return kExitOutputFailed;
  } catch (const RecordingError& e) {
    bar.finish();
    std::cerr << "error: " << e.what() << '\n';
    return kExitOutputFailed;
  }
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
  printSummary(*scene, opt.scene, sim, steps, dt, start, wall);
  if (collisionAdvance) printCounters(collisionAdvance->counters());
  if (timeStepper) printTimeStepping(*timeStepper);
  if (!std::isnan(minDistance))
    fmt::print("contacts smallest distance {:.6g} (target gap {:.6g})\n", minDistance,
               scene->settings.distanceTol / 2);
  if (const ContactSim* contact = scene->contactSim()) printSolves(*contact, solves);
  if (lcp) {
    fmt::print("lcp      {} solves of steps {} written to {}{}\n", lcp->written, opt.lcpSteps,
               opt.lcpDir, lcp->leftOutNote());
    std::cerr << lcp->formatNote();
  }
  return kExitOk;
}

}  // namespace cl::cli
