// bench_contact_detection: the narrow phase alone (findCloseCollisions) on saved states of
// the pile_20 scene. The scene runs with CollisionAdvance as bench_pile does up to each
// saved time; the state there and the one a step before (the previous state of the swept
// tests) are kept, then findCloseCollisions is timed over `calls` calls with the previous
// state (as ContactSim::evaluate and findCollisions call it) and without.
// Prints a markdown table of per-call CPU microseconds (median of `runs` runs) and, per state,
// the record count and a hash of every record's bits: an optimisation of detection must
// leave the hash unchanged.
//   build/bench/bench_contact_detection [runs] [calls]
#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "bench/median.h"
#include "engine/collision/contact_detection.h"
#include "engine/contact/contact_sim.h"
#include "engine/scene/scene.h"

namespace {

// A state of the scene and the one a time step before it.
struct SavedState {
  double time = 0;
  std::vector<double> vars, oldVars;
};

// FNV-1a over the bits of every field detection fills in (force and impulse are left to
// the solvers and stay 0 here).
class RecordHash {
 public:
  void add(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      mHash ^= (v >> (8 * i)) & 0xff;
      mHash *= 1099511628211ull;
    }
  }
  void add(double d) { add(std::bit_cast<std::uint64_t>(d)); }
  void add(int i) { add(static_cast<std::uint64_t>(static_cast<std::int64_t>(i))); }
  void add(bool b) { add(static_cast<std::uint64_t>(b)); }
  void add(cl::Vec2 v) { add(v.x), add(v.y); }
  void add(const cl::RigidBodyCollision& c) {
    add(static_cast<int>(c.kind)), add(c.primaryBody), add(c.normalBody);
    add(c.impact1), add(c.impact2.has_value());
    if (c.impact2) add(*c.impact2);
    add(c.normal), add(c.r1), add(c.r2), add(c.u1), add(c.u2);
    add(c.distance), add(c.normalVelocity), add(c.distanceTol), add(c.velocityTol);
    add(c.targetGap), add(c.joint), add(c.vertex), add(c.normalVertex);
    add(c.primaryEdge.path), add(c.primaryEdge.edge), add(c.normalEdge.path);
    add(c.normalEdge.edge), add(c.decoratedVertex), add(c.connector), add(c.ballObject);
    add(c.radius1), add(c.ballNormal), add(c.radius2), add(c.normalFixed);
  }
  std::uint64_t value() const { return mHash; }

 private:
  std::uint64_t mHash = 1469598103934665603ull;
};

std::uint64_t hashRecords(const std::vector<cl::RigidBodyCollision>& recs) {
  RecordHash h;
  h.add(static_cast<std::uint64_t>(recs.size()));
  for (const auto& c : recs) h.add(c);
  return h.value();
}

// Runs the scene from the start, saving the state at each of `times` (ascending). After
// every step the records of both kinds of search there go into `trace`: a check of bit
// identity over the whole run, not only at the saved states.
std::vector<SavedState> saveStates(const std::filesystem::path& file, std::vector<double> times,
                                   cl::Scene& scene, RecordHash& trace) {
  scene = cl::loadSceneFile(file);
  // The cold solves (bench_pile's reference run): the states, and so the record hashes,
  // stay those of the reference while the warm start changes.
  scene.contactSim()->setWarmStart(false);
  auto advance = scene.makeAdvance();
  const double dt = scene.settings.timeStep;
  std::vector<SavedState> saved;
  std::vector<double> before = scene.sim->vars();
  for (double t : times) {
    while (scene.sim->time() < t - 1e-9) {
      before = scene.sim->vars();
      advance->advance(dt);
      const cl::ContactSim& sim = *scene.contactSim();
      const std::vector<double>& now = scene.sim->vars();
      for (const auto& c : cl::findCloseCollisions(sim, now, sim.tolerances(), before))
        trace.add(c);
      for (const auto& c : cl::findCloseCollisions(sim, now, sim.tolerances())) trace.add(c);
    }
    saved.push_back({scene.sim->time(), scene.sim->vars(), before});
  }
  return saved;
}

// The thread's CPU time: less disturbed than the wall clock by other work on the machine.
double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Median over `runs` of the microseconds per call of `calls` calls of findCloseCollisions.
double microsecondsPerCall(const cl::ContactSim& sim, const SavedState& s, bool withPrevious,
                           int runs, int calls) {
  const std::span<const double> old =
      withPrevious ? std::span<const double>(s.oldVars) : std::span<const double>();
  std::vector<double> perCall;
  std::size_t sink = 0;  // keeps the calls from being optimised away
  for (int r = 0; r < runs; ++r) {
    const double t0 = threadCpuSeconds();
    for (int k = 0; k < calls; ++k)
      sink += cl::findCloseCollisions(sim, s.vars, sim.tolerances(), old).size();
    const double secs = threadCpuSeconds() - t0;
    perCall.push_back(1e6 * secs / calls);
  }
  if (sink == 1) fmt::print("");
  return median(perCall);
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 7;
  const int calls = argc > 2 ? std::max(1, std::atoi(argv[2])) : 1000;
  const auto file = std::filesystem::path(CONTACTLAB_SCENES_DIR) / "pile_20.json";
  cl::Scene scene;
  RecordHash trace;
  const auto states = saveStates(file, {2.0, 6.0, 12.0}, scene, trace);
  const cl::ContactSim& sim = *scene.contactSim();

  fmt::print("findCloseCollisions on pile_20, {} calls per run, median of {} runs\n\n", calls,
             runs);
  fmt::print(
      "| t (s) | records with / without previous | us per call with previous | "
      "us per call without | record hash with / without |\n");
  fmt::print("|---|---|---|---|---|\n");
  for (const SavedState& s : states) {
    const auto withRecs = cl::findCloseCollisions(sim, s.vars, sim.tolerances(), s.oldVars);
    const auto withoutRecs = cl::findCloseCollisions(sim, s.vars, sim.tolerances());
    const double with = microsecondsPerCall(sim, s, true, runs, calls);
    const double without = microsecondsPerCall(sim, s, false, runs, calls);
    fmt::print("| {:.3f} | {} / {} | {:.2f} | {:.2f} | {:016x} / {:016x} |\n", s.time,
               withRecs.size(), withoutRecs.size(), with, without, hashRecords(withRecs),
               hashRecords(withoutRecs));
    std::fflush(stdout);
  }
  fmt::print("\nrecord hash after every step of the run: {:016x}\n", trace.value());
}
