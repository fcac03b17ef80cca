#pragma once
// The fingerprint of a run: FNV-1a over the 64-bit words of the state's variables (each
// body's x, vx, y, vy, angle, omega, in body order). Equal runs, equal hash: the benchmarks
// print it to show that a change made nothing compute differently, and the golden-hash
// test (tests/engine/scenarios/test_golden_hashes.cpp) fails when anything does.
#include <bit>
#include <cstdint>

#include "engine/dynamics/rigid_body_sim.h"

namespace cl {

inline std::uint64_t stateHash(const RigidBodySim& sim) {
  std::uint64_t h = 1469598103934665603ull;
  for (const double v : sim.vars()) {
    h ^= std::bit_cast<std::uint64_t>(v);
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace cl
