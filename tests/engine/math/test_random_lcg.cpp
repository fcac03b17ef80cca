#include <catch2/catch.hpp>
#include <cstdint>

#include "engine/math/random_lcg.h"

using cl::RandomLCG;

// Expected values computed by hand from seed <- (1664525 seed + 1013904223) mod 2^32.
TEST_CASE("RandomLCG follows engine2D's recurrence", "[random]") {
  RandomLCG r(0);
  CHECK(r.nextInt32() == 1013904223u);
  CHECK(r.nextInt32() == 1196435762u);
  CHECK(r.nextInt32() == 3519870697u);
  RandomLCG q(99999);
  CHECK(q.nextInt32() == 4255982450u);
}

TEST_CASE("RandomLCG nextFloat is the state over 2^32 - 1", "[random]") {
  RandomLCG r(0);
  CHECK(r.nextFloat() == Approx(0.23606797289943043).epsilon(1e-15));
  CHECK(r.nextFloat() == Approx(0.27856690862182687).epsilon(1e-15));
}

TEST_CASE("RandomLCG repeats for a seed and stays in range", "[random]") {
  RandomLCG a(1234), b(1234);
  for (int i = 0; i < 1000; ++i) {
    const int k = a.nextInt(7);
    CHECK(k == b.nextInt(7));
    CHECK(k >= 0);
    CHECK(k < 7);
  }
}

TEST_CASE("firstInRandomOrder finds what randomInts' permutation finds, with the same draws",
          "[random]") {
  // The reference is the plain list: randomInts' order, then the first accepted index.
  // One scratch serves every call, as in the serial loop (and across changes of n).
  cl::RandomLCG::OrderScratch scratch;
  const auto check = [&](std::uint32_t seed, int n, const auto& accept) {
    cl::RandomLCG a(seed), b(seed);
    int expected = -1;
    for (int i : a.randomInts(n))
      if (accept(i)) {
        expected = i;
        break;
      }
    CHECK(b.firstInRandomOrder(n, accept, scratch) == expected);
    CHECK(a.seed() == b.seed());  // n draws either way
  };
  // n around the batches of 8 draws and the short list of 128; accept i % modulus ==
  // modulus - 1, whose answer comes at the first draws (1, 2, 5), within the short list
  // (37, 97), past it by the accepted indices' ranks (331 at n = 600, for one seed), or
  // never.
  for (std::uint32_t seed : {0u, 1u, 12345u, 4000000000u})
    for (int n : {0, 1, 2, 3, 7, 8, 9, 16, 17, 127, 128, 129, 200, 600})
      for (int modulus : {1, 2, 5, 37, 97, 331, 1000})
        check(seed, n, [&](int i) { return i % modulus == modulus - 1; });
  // 10 of 600 accepted: for a few of these seeds (3 of 40) the answer comes only after the
  // short list, so that the accepted indices' free ranks are worked out from 128 taken ones.
  for (std::uint32_t seed = 0; seed < 40; ++seed)
    check(seed * 2654435761u, 600, [&](int i) { return i % 61 == 7; });
  // One index accepted alone: its place in the permutation is uniform, so over these seeds
  // the answer comes anywhere from the first draw to the last: in each group of four ranks,
  // at the last draws of the short list, and long after it.
  for (std::uint32_t seed = 0; seed < 40; ++seed)
    for (int n : {60, 127, 128, 129, 600})
      for (int target : {0, n / 2, n - 1})
        check(seed * 2654435761u, n, [&](int i) { return i == target; });
  // Two neighbours accepted: when a draw takes the lower, the upper's free rank drops onto it.
  for (std::uint32_t seed = 0; seed < 40; ++seed)
    for (int n : {60, 600})
      check(seed * 2654435761u, n, [&](int i) { return i == n / 2 || i == n / 2 + 1; });
}

TEST_CASE("discard jumps to where as many single draws lead", "[random]") {
  for (std::uint32_t seed : {0u, 7u, 4000000000u})
    for (std::uint64_t count : {0ull, 1ull, 2ull, 3ull, 64ull, 1000ull, 123457ull}) {
      cl::RandomLCG stepped(seed), jumped(seed);
      for (std::uint64_t k = 0; k < count; ++k) stepped.nextInt32();
      jumped.discard(count);
      CHECK(jumped.seed() == stepped.seed());
    }
  // The full period: 2^32 draws come back to the start.
  cl::RandomLCG r(99);
  r.discard(1ull << 32);
  CHECK(r.seed() == 99u);
}
