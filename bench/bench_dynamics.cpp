// bench_dynamics: wall time per simulated second of free rigid-body dynamics
// (gravity, damping, springs; no contacts) for each integrator and body count.
// Prints medians over repeated runs and each integrator's ratio to Euler measured
// in the same run, since absolute times on shared machines are noisy.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <vector>

#include "engine/body/shapes.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/forces/damping_law.h"
#include "engine/forces/gravity_law.h"
#include "engine/forces/spring.h"

using namespace cl;

namespace {

RigidBodySim makeSim(int bodies) {
  RigidBodySim sim;
  RandomLCG random(1);
  for (int i = 0; i < bodies; ++i)
    sim.addBody(shapes::randomPolygon(6, 0.3, 0.6, random, "b" + std::to_string(i)),
                {1.5 * (i % 10), 0, 1.5 * (i / 10), 0, 0.1 * i, 0});
  sim.addForceLaw(std::make_unique<GravityLaw>(9.8));
  sim.addForceLaw(std::make_unique<DampingLaw>(0.1, 0.15));
  for (int i = 0; i + 1 < bodies; i += 2)
    sim.addForceLaw(std::make_unique<Spring>(SpringParams{i, {0.2, 0}, i + 1, {0, 0.2}, 1.0, 3.0}));
  return sim;
}

// Median wall seconds to simulate one second at dt = 0.025.
double medianSeconds(int bodies, IntegratorKind kind, int repeats) {
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    RigidBodySim sim = makeSim(bodies);
    SimpleAdvance adv(sim, kind);
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 40; ++i) adv.advance(0.025);
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main() {
  constexpr int kRepeats = 9;
  std::printf("free dynamics: wall time per simulated second (dt 0.025), median of %d runs\n",
              kRepeats);
  std::printf("%8s  %14s  %14s  %14s  %10s  %10s\n", "bodies", "euler [us]", "mod-euler [us]",
              "rk4 [us]", "mod/euler", "rk4/euler");
  for (int n : {1, 6, 20, 100}) {
    const double e = medianSeconds(n, IntegratorKind::kEuler, kRepeats);
    const double m = medianSeconds(n, IntegratorKind::kModifiedEuler, kRepeats);
    const double k = medianSeconds(n, IntegratorKind::kRungeKutta, kRepeats);
    std::printf("%8d  %14.1f  %14.1f  %14.1f  %10.2f  %10.2f\n", n, e * 1e6, m * 1e6, k * 1e6,
                m / e, k / e);
  }
  return 0;
}
