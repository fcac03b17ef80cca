// bench_broad_phase: sweep and prune against the brute-force n^2 box test, on random
// boxes scattered over a strip (about 20 boxes per unit of x), and the whole contact
// search on a pile of random bodies. Prints medians over repeated runs.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/body/shapes.h"
#include "engine/collision/broad_phase.h"
#include "engine/collision/contact_detection.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/math/random_lcg.h"

using namespace cl;

namespace {

std::vector<Bounds> randomBoxes(int n, RandomLCG& rng) {
  std::vector<Bounds> boxes;
  const double width = n / 20.0;
  for (int i = 0; i < n; ++i) {
    const double x = rng.nextRange(width), y = rng.nextRange(4.0);
    const double w = 0.1 + rng.nextRange(1.0), h = 0.1 + rng.nextRange(1.0);
    boxes.push_back({x, x + w, y, y + h});
  }
  return boxes;
}

template <class F>
double medianSeconds(int repeats, F&& f) {
  std::vector<double> t;
  for (int r = 0; r < repeats; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end());
  return t[t.size() / 2];
}

}  // namespace

int main() {
  std::printf("%8s %10s %14s %14s %8s\n", "boxes", "pairs", "sweep (ms)", "brute (ms)", "ratio");
  for (int n : {100, 200, 500, 1000, 2000, 5000}) {
    RandomLCG rng(1);
    const auto boxes = randomBoxes(n, rng);
    std::size_t pairs = 0;
    const double ts = medianSeconds(9, [&] { pairs = overlappingPairs(boxes).size(); });
    const double tb = medianSeconds(9, [&] { pairs = overlappingPairsBruteForce(boxes).size(); });
    std::printf("%8d %10zu %14.4f %14.4f %8.1f\n", n, pairs, ts * 1e3, tb * 1e3, tb / ts);
  }
  std::printf("\n%8s %10s %14s\n", "bodies", "records", "search (ms)");
  for (int n : {25, 100, 400}) {
    RigidBodySim sim;
    sim.addBody(shapes::wall(n, 1, "floor"), {n / 2.0, 0, -0.5});
    RandomLCG rng(2);
    for (int i = 0; i < n; ++i)
      sim.addBody(shapes::randomPolygon(6, 0.3, 0.5, rng, "b" + std::to_string(i)),
                  {0.9 * i + 0.5, 0, 0.45 + rng.nextRange(0.1), 0, rng.nextRange(6.3), 0});
    std::size_t recs = 0;
    const double t = medianSeconds(9, [&] {
      recs = findCloseCollisions(sim, sim.vars(), {0.05, 0.5}).size();
    });
    std::printf("%8d %10zu %14.4f\n", n, recs, t * 1e3);
  }
  return 0;
}
