#pragma once
// The benchmarks' fingerprint of a run: FNV-1a over the 64-bit words of the final state's
// variables (each body's x, vx, y, vy, angle, omega, in body order). Equal runs, equal hash;
// a table that prints it shows that a change made nothing compute differently.
#include <bit>
#include <cstdint>

#include "engine/dynamics/rigid_body_sim.h"

inline std::uint64_t stateHash(const cl::RigidBodySim& sim) {
  std::uint64_t h = 1469598103934665603ull;
  for (const double v : sim.vars()) {
    h ^= std::bit_cast<std::uint64_t>(v);
    h *= 1099511628211ull;
  }
  return h;
}
