// WorkerPool (engine/parallel): every part runs exactly once whatever the threads, an
// exception in a part reaches the caller, two callers at once both finish (the second on its
// own thread), and contact detection split over two threads gives a pile the same bits as
// one thread.
#include <atomic>
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/collision/contact_detection.h"
#include "engine/parallel/worker_pool.h"
#include "engine/scene/scene.h"

TEST_CASE("WorkerPool runs every part exactly once, with one thread or three", "[parallel]") {
  for (const int threads : {1, 2, 3}) {
    cl::WorkerPool pool(threads);
    CHECK(pool.threads() == threads);
    for (const int parts : {0, 1, 2, 7, 64}) {
      std::vector<std::atomic<int>> runs(static_cast<std::size_t>(parts));
      for (int repeat = 0; repeat < 50; ++repeat)
        pool.run(parts, [&](int k) { ++runs[static_cast<std::size_t>(k)]; });
      for (int k = 0; k < parts; ++k) CHECK(runs[static_cast<std::size_t>(k)] == 50);
    }
  }
}

TEST_CASE("WorkerPool hands a part's exception to the caller and goes on working", "[parallel]") {
  cl::WorkerPool pool(2);
  CHECK_THROWS_WITH(pool.run(4,
                             [](int k) {
                               if (k == 3) throw std::runtime_error("part 3 failed");
                             }),
                    "part 3 failed");
  std::atomic<int> done = 0;
  pool.run(4, [&](int) { ++done; });
  CHECK(done == 4);
}

TEST_CASE("WorkerPool serves two callers at once", "[parallel]") {
  cl::WorkerPool pool(2);
  std::atomic<long long> sum = 0;
  const auto caller = [&] {
    for (int repeat = 0; repeat < 200; ++repeat) pool.run(8, [&](int k) { sum += k; });
  };
  std::thread other(caller);
  caller();
  other.join();
  CHECK(sum == 2 * 200 * (0 + 1 + 2 + 3 + 4 + 5 + 6 + 7));
}

namespace {

// pile_50's first `seconds` simulated seconds with the shared pool at `threads` threads:
// the final state's words hashed.
std::uint64_t pileHash(int threads, double seconds) {
  cl::WorkerPool::shared().setThreads(threads);
  cl::Scene scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/pile_50.json");
  auto advance = scene.makeAdvance();
  while (scene.sim->time() < seconds - 1e-9) advance->advance(scene.settings.timeStep);
  std::uint64_t h = 1469598103934665603ull;
  for (const double v : scene.sim->vars()) {
    h ^= std::bit_cast<std::uint64_t>(v);
    h *= 1099511628211ull;
  }
  cl::WorkerPool::shared().setThreads(1);
  return h;
}

}  // namespace

TEST_CASE("Contact detection on two threads gives pile_50 the same bits as on one", "[parallel]") {
  // 2.5 s: the blocks land from 1.2 s on, collide and come to rest on each other. Every
  // search is split (its pairs in two halves), also those of a few pairs, where the halves
  // are most uneven. (Joining the halves in the wrong order changes the bits: the serial
  // impulse loop draws the records in a random order by their index.)
  cl::setParallelPairs(1);
  const std::uint64_t two = pileHash(2, 2.5);
  cl::setParallelPairs(cl::kDefaultParallelPairs);
  const std::uint64_t one = pileHash(1, 2.5);
  CHECK(two == one);
}
