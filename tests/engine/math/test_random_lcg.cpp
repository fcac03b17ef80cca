#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

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

TEST_CASE("nextInt's index is nextFloat times n truncated, to the draw", "[random]") {
  // engine2D's formula, in doubles: the state over 2^32 - 1, times n, truncated, at most n - 1.
  const auto engine2D = [](std::uint32_t s, int n) {
    const int k = static_cast<int>(static_cast<double>(s) / 4294967295.0 * n);
    return k < n ? k : n - 1;
  };
  using U = unsigned long long;
  constexpr U M = 4294967295u;  // 3 * 5 * 17 * 257 * 65537
  int checked = 0, wrong = 0;
  const auto check = [&](U s, int n) {
    const auto state = static_cast<std::uint32_t>(s);
    ++checked;
    if (RandomLCG::indexOf(state, n) != engine2D(state, n)) {
      if (wrong++ == 0) FAIL_CHECK("state " << state << ", n " << n);
    }
  };
  cl::RandomLCG r(2024);
  std::vector<int> ns;
  for (int n = 1; n <= 1200; ++n) ns.push_back(n);
  for (int n : {65535, 65536, 65537, 65538, 100000, 1 << 30}) ns.push_back(n);
  for (int n : ns) {
    for (U s : {0ull, 1ull, M / 2, M / 2 + 1, M - 1, M}) check(s, n);
    for (int i = 0; i < 200; ++i) check(r.nextInt32(), n);
    // States whose s n / M lies next to an integer j, and on it where M divides s n.
    const U un = static_cast<U>(n);
    for (U j : {1ull, 2ull, 7ull, un / 2, un - 1}) {
      const U s = j * M / un;
      for (U d : {0ull, 1ull, 2ull})
        if (s >= d && s + d <= M) check(s - d, n), check(s + d, n);
    }
  }
  // x = s n / M an integer j: for factors of M and products of them. There the float
  // formula may round below j (38 of these 67 000 states), and its answer is the one kept.
  int belowInteger = 0;
  for (U n : {3ull, 5ull, 15ull, 17ull, 51ull, 85ull, 255ull, 257ull, 771ull, 65535ull})
    for (U j = 1; j < n; ++j) {
      const U s = j * (M / n);  // s n = j M
      check(s, static_cast<int>(n));
      if (engine2D(static_cast<std::uint32_t>(s), static_cast<int>(n)) != static_cast<int>(j))
        ++belowInteger;
    }
  CHECK(belowInteger > 0);
  CHECK(wrong == 0);
  CHECK(checked > 300'000);
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
