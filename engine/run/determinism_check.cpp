#include "engine/run/determinism_check.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <optional>

#include "engine/body/body_state.h"
#include "engine/contact/contact_sim.h"
#include "engine/run/draw_data.h"
#include "engine/run/step_record.h"
#include "engine/run/step_run.h"
#include "engine/time_stepping/make_advance.h"

namespace cl {

namespace {

bool sameBits(double a, double b) {
  return std::memcmp(&a, &b, sizeof(double)) == 0;
}

// An edit between the steps before `b` and `b` itself: what a re-run cannot repeat.
bool editedBetween(const SimState& a, const SimState& b) {
  return a.structure != b.structure || a.advance != b.advance || a.integrator != b.integrator ||
         a.timeStep != b.timeStep;
}

// The statistics a user compares first, for a message.
std::string statsSummary(const StepStats& s) {
  return fmt::format("{} solves, {} pivots, {} contacts, max violation {}, energy {}",
                     s.solves.solves, s.solves.pivots, s.contacts, s.solves.maxViolation,
                     s.energy.total());
}

}  // namespace

std::string stateDifference(const SimState& recorded, const SimState& rerun,
                            const RigidBodySim& structure) {
  constexpr const char* kVarNames[kVarsPerBody] = {"x", "vx", "y", "vy", "angle", "omega"};
  const auto values = [](double a, double b) {
    return fmt::format("recorded {}, re-run {} (difference {:.3g})", a, b, b - a);
  };
  if (!sameBits(recorded.time, rerun.time)) return "the time: " + values(recorded.time, rerun.time);
  if (recorded.vars.size() != rerun.vars.size())
    return fmt::format("the number of state variables: recorded {}, re-run {}",
                       recorded.vars.size(), rerun.vars.size());
  for (std::size_t i = 0; i < recorded.vars.size(); ++i)
    if (!sameBits(recorded.vars[i], rerun.vars[i]))
      return fmt::format("body '{}' {}: {}", structure.bodyName(static_cast<int>(i / kVarsPerBody)),
                         kVarNames[i % kVarsPerBody], values(recorded.vars[i], rerun.vars[i]));
  if (!sameBits(recorded.frictionLoss, rerun.frictionLoss))
    return "the energy lost to friction: " + values(recorded.frictionLoss, rerun.frictionLoss);
  if (recorded.random.seed() != rerun.random.seed())
    return fmt::format("the random generator: recorded {}, re-run {}", recorded.random.seed(),
                       rerun.random.seed());
  const auto& carriers = recorded.warmStart.carriers();
  if (carriers != rerun.warmStart.carriers())
    return fmt::format(
        "the warm-start memory (the contacts that carried force): recorded {} contacts, "
        "re-run {}{}",
        carriers.size(), rerun.warmStart.carriers().size(),
        carriers.size() == rerun.warmStart.carriers().size() ? ", not the same ones" : "");
  if (!(recorded.counters == rerun.counters)) {
    const auto counts = [](const CollisionCounters& c) {
      return fmt::format("{} collisions, {} back-ups, {} impulses, {} ODE steps", c.collisions,
                         c.backups, c.impulses, c.odeSteps);
    };
    return fmt::format("the run's collision counters: recorded {}; re-run {}",
                       counts(recorded.counters), counts(rerun.counters));
  }
  return {};
}

namespace {

// What differs between a record and its re-run, in words; empty when they claim the same bits.
std::string recordDifference(const RecordedState& recorded, const StepRecord& rerun) {
  // The state by name first; then, when the record has a digest, all else it holds.
  std::string s = stateDifference(recorded.state, rerun.state, *recorded.state.structure);
  if (!s.empty() || recorded.digest == 0 || recordDigest(rerun) == recorded.digest) return s;
  const std::string recordedStats = statsSummary(recorded.stats);
  const std::string rerunStats = statsSummary(rerun.stats);
  if (recordedStats != rerunStats)
    return fmt::format("the step's statistics: recorded {}; re-run {}", recordedStats, rerunStats);
  return "the step's statistics or what a view draws of it (contacts, forces, modes, "
         "connectors): the state is the same, the record's digest is not";
}

}  // namespace

std::vector<RecordedState> recordedStates(const RunHistory& history,
                                          const std::vector<RecordedEdit>& edits) {
  std::vector<RecordedState> states;
  states.reserve(static_cast<std::size_t>(history.size()));
  std::size_t next = 0;
  for (int i = 0; i < history.size(); ++i) {
    const StepRecord& r = history.at(i);
    bool edited = false;
    for (; next < edits.size() && edits[next].afterStep <= r.step; ++next) edited = i > 0;
    states.push_back({r.step, r.state, r.stats, recordDigest(r), edited});
  }
  return states;
}

DeterminismReport checkDeterminism(const std::vector<RecordedState>& records,
                                   const std::function<bool(long long)>& progress,
                                   const std::function<bool()>& cancel) {
  DeterminismReport report;
  if (records.size() < 2 || !records.front().state.structure) return report;
  std::unique_ptr<RigidBodySim> sim;
  std::unique_ptr<AdvanceStrategy> advance;
  SimState state;
  StepStats stats;
  // A fresh copy of `from`'s structure at `from`: the re-run goes on from there.
  const auto startFrom = [&](const SimState& from) {
    advance.reset();  // it refers to the simulation
    sim = from.structure->clone();
    if (auto* cs = dynamic_cast<ContactSim*>(sim.get())) cs->setTraceSink(nullptr);
    restoreState(*sim, from);
    advance = makeAdvanceFor(*sim, from.advance, from.integrator, from.timeStep);
    if (cancel) advance->setCancelCheck(cancel);
    state = from;
  };
  startFrom(records.front().state);
  for (std::size_t k = 1; k < records.size(); ++k) {
    const RecordedState& recorded = records[k];
    if (editedBetween(records[k - 1].state, recorded.state)) {
      if (!recorded.edited) {
        report.failure = fmt::format(
            "step {} changes the simulation, its advance, integrator or time step with no edit "
            "recorded before it: the record cannot be checked (a damaged or forged file?)",
            recorded.step);
        return report;
      }
      ++report.resyncs;
      startFrom(recorded.state);
      continue;
    }
    // Each step is re-run with the size it took, as recorded. Where that is not known (a
    // recording of format 1, a record made without statistics) a whole step lands at time + dt (to
    // rounding: an advance may sum its sub-steps), and one that does not was the run's shorter last
    // step.
    std::optional<double> size;
    const bool sizeKnown = recorded.stats.stepSize > 0;
    if (sizeKnown)
      size = recorded.stats.stepSize;
    else if (std::abs(recorded.state.time - (state.time + state.timeStep)) > 1e-6 * state.timeStep)
      size = recorded.state.time - state.time;
    try {
      StepRun run = runStep(*advance, state, StepTracing::kOff, size);
      state = std::move(run.state);
      stats = run.stats;
      if (!sizeKnown) stats.stepSize = recorded.stats.stepSize;  // not recorded: not compared
    } catch (const StepFailure& e) {
      if (e.cancelled)
        report.cancelled = true;
      else
        report.failure = fmt::format("step {} failed when re-run: {}", recorded.step, e.what());
      return report;
    }
    ++report.compared;
    const std::string difference =
        recordDifference(recorded, {.step = recorded.step,
                                    .draw = drawDataOf(*sim, recorded.step),
                                    .state = state,
                                    .stats = stats,
                                    .trace = nullptr});
    if (!difference.empty()) {
      report.divergedAt = recorded.step;
      report.difference = difference;
      return report;
    }
    if (progress && !progress(report.compared)) {
      report.cancelled = true;
      return report;
    }
  }
  return report;
}

}  // namespace cl
