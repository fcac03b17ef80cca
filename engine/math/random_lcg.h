#pragma once
// RandomLCG: the linear congruential generator of myPhysicsLab's engine2D,
//   seed <- (a * seed + c) mod m,  m = 2^32, a = 1664525, c = 1013904223,
// so that a run with a given seed repeats bit for bit on every machine.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace cl {

class RandomLCG {
 public:
  // The map of some number of draws: x -> mul x + add mod 2^32.
  struct Affine {
    std::uint32_t mul, add;
    std::uint32_t operator()(std::uint32_t x) const {
      return static_cast<std::uint32_t>(mul * x + add);
    }
  };

  explicit RandomLCG(std::uint32_t seed = 0) : mSeed(seed) {}

  std::uint32_t seed() const { return mSeed; }
  void setSeed(std::uint32_t seed) { mSeed = seed; }

  // Advances the generator and returns the new state.
  std::uint32_t nextInt32() {
    mSeed = static_cast<std::uint32_t>(kMul * mSeed + kAdd);  // mod 2^32 by wrap-around
    return mSeed;
  }
  // A number in [0, 1]: the new state divided by m - 1.
  double nextFloat() { return unitOf(nextInt32()); }
  // An integer in [0, n - 1] for n >= 1.
  int nextInt(int n) { return indexOf(nextInt32(), n); }
  // A random permutation of 0 .. n-1 (engine2D's randomInts): n draws, the k-th of the
  // m indices still left taken with k = nextInt(m) for m = n, n - 1, ..., 1.
  std::vector<int> randomInts(int n) {
    std::vector<int> left(static_cast<std::size_t>(n > 0 ? n : 0)), out;
    for (int i = 0; i < n; ++i) left[static_cast<std::size_t>(i)] = i;
    out.reserve(left.size());
    while (!left.empty()) {
      const auto k = static_cast<std::size_t>(nextInt(static_cast<int>(left.size())));
      out.push_back(left[k]);
      left.erase(left.begin() + static_cast<std::ptrdiff_t>(k));
    }
    return out;
  }
  // The first index of randomInts(n)'s permutation for which accept(index) holds, or -1,
  // leaving the generator exactly where randomInts(n) leaves it (n draws, n >= 0). This runs
  // at every iteration of the serial impulse loop (hundreds of collision records, from most
  // to a few of them still approaching), so it follows the permutation only as far as the
  // answer. An index's free rank is how many indices still left lie below it: a draw k takes
  // the index of free rank k, and every index above it loses one. Two ways to follow the
  // permutation, each comparing every rank with k alone (a few vector instructions per
  // group of four; no sorting, and no comparison waits on another):
  // - by the taken indices' free ranks: the k-th index left is k + #{taken ranks <= k}, its
  //   own rank is k, and the ranks above k lose one. The d-th draw costs O(d): cheap while
  //   many indices are accepted (m of them; the answer comes in about n / (m + 1) draws);
  // - past kShortList draws (when m is likely small), by the accepted indices' free ranks,
  //   found once by calling accept on all n indices (those already drawn too), less the
  //   taken indices below each: a draw either hits one, the answer, or takes an index that
  //   is not accepted, which lies below the accepted indices of rank > k alone, so they
  //   lose one. A draw costs O(m) and an answer takes about n / (m + 1) draws, so even the
  //   hundreds of draws a lone accepted index may take cost O(n) on average.
  // The draws come kBatch at a time, the j-th state of a batch computed from the state
  // before it by the map of j draws (x -> a^j x + c (a^(j-1) + ... + 1)), so their divisions
  // overlap rather than wait on one another. The draws after the answer only advance the
  // generator: one jump by the affine map of n draws, kept in `scratch` for the n it was
  // made for.
  struct OrderScratch {
    std::vector<int> accepted, rank;  // past the short list: the accepted indices, their ranks
    int jumpDraws = -1;               // the n of the jump
    Affine jump{1, 0};
  };
  template <class Accept>
  int firstInRandomOrder(int n, Accept accept, OrderScratch& scratch) {
    if (n <= 0) return -1;
    if (scratch.jumpDraws != n) {
      scratch.jumpDraws = n;
      scratch.jump = jumpMap(static_cast<std::uint64_t>(n));
    }
    const std::uint32_t start = mSeed;
    mSeed = scratch.jump(start);
    std::uint32_t state = start;
    int count = 0;                      // draws made from `start` to `state`
    std::array<int, kShortList> taken;  // their free ranks (the first `count`)
    if (const int found = byTakenRanks(n, accept, state, count, taken); found >= 0 || count == n)
      return found;
    // The accepted indices a and their free ranks after `count` draws: a less the taken
    // indices below it. Sorted, the taken ranks are those of t_0 < t_1 < ..., t_i = rank_i + i.
    std::sort(taken.begin(), taken.begin() + count);
    scratch.accepted.clear();
    scratch.rank.clear();
    for (int a = 0; a < n; ++a)
      if (accept(a)) {
        int below = 0;
        for (int i = 0; i < count; ++i) below += taken[i] + i < a ? 1 : 0;
        scratch.accepted.push_back(a);
        scratch.rank.push_back(a - below);
      }
    if (scratch.accepted.empty()) return -1;
    while (scratch.rank.size() % kGroup != 0) scratch.rank.push_back(kAboveAll);
    return byAcceptedRanks(n, scratch.accepted, scratch.rank, state, count);
  }
  // engine2D's nextInt(n) from the state s the draw produced: nextFloat times n, truncated,
  // and n - 1 should that reach n. In integers where that is the same number: with
  // M = 2^32 - 1 and x = s n / M exact, the two roundings (s / M, then times n) leave x
  // off by at most x 2^-52 (1.5e-11 for n <= 2^16), while x lies at least 1 / M (2.3e-10)
  // from every integer unless it is one. So truncating the float gives floor(x), the
  // integer quotient, unless M divides s n; then (and for n out of range) the float
  // formula itself decides. This saves a division by a non-power of two at every draw.
  static int indexOf(std::uint32_t state, int n) {
    if (n > 0 && n <= kExactIndexLimit) {
      const std::uint64_t t = std::uint64_t{state} * static_cast<std::uint32_t>(n);
      const std::uint64_t k = t / kUnitDivisor;  // < n: t <= M n, equal only when M | t
      if (k * kUnitDivisor != t) return static_cast<int>(k);
    }
    const int k = static_cast<int>(unitOf(state) * n);
    return k < n ? k : n - 1;
  }
  // A number in [0, range].
  double nextRange(double range) { return nextFloat() * range; }
  // Advances the generator by `count` draws whose values are not needed, in O(log count).
  void discard(std::uint64_t count) { mSeed = jumpMap(count)(mSeed); }

 private:
  static constexpr std::uint32_t kMul = 1664525u, kAdd = 1013904223u;
  static constexpr int kShortList = 128;  // a multiple of kGroup
  // Free ranks compared per group of lanes; a padding lane holds kAboveAll, above every
  // draw even after n decrements.
  static constexpr int kGroup = 4;
  static constexpr int kAboveAll = std::numeric_limits<int>::max() / 2;
  static constexpr int kBatch = 8;
  // The map of `count` draws, composed by squaring (the map applied 2^j times, for each
  // bit j of count).
  static Affine jumpMap(std::uint64_t count) {
    Affine all{1, 0};                              // no draw
    std::uint32_t mulStep = kMul, addStep = kAdd;  // the map applied 2^j times
    for (; count > 0; count >>= 1) {
      if (count & 1u) {
        all.mul = static_cast<std::uint32_t>(mulStep * all.mul);
        all.add = static_cast<std::uint32_t>(mulStep * all.add + addStep);
      }
      addStep = static_cast<std::uint32_t>(mulStep * addStep + addStep);
      mulStep = static_cast<std::uint32_t>(mulStep * mulStep);
    }
    return all;
  }
  // kAhead[j]: the map of j + 1 draws.
  static constexpr std::array<Affine, kBatch> kAhead = [] {
    std::array<Affine, kBatch> maps{};
    Affine all{1, 0};
    for (Affine& m : maps) {
      all = {static_cast<std::uint32_t>(kMul * all.mul),
             static_cast<std::uint32_t>(kMul * all.add + kAdd)};
      m = all;
    }
    return maps;
  }();

  static constexpr std::uint64_t kUnitDivisor = 4294967295u;  // M = 2^32 - 1
  static constexpr int kExactIndexLimit = 1 << 16;
  // nextFloat's value of a state: the state over 2^32 - 1.
  static double unitOf(std::uint32_t state) {
    return static_cast<double>(state) / static_cast<double>(kUnitDivisor);
  }
  // Hands the draws from `state` (after `count` of n), kBatch at a time, to visit(k) until
  // it returns true or `until` draws are made; `state` and `count` follow the draws made.
  template <class Visit>
  static void draw(int n, int until, std::uint32_t& state, int& count, Visit visit) {
    while (count < until) {
      std::array<int, kBatch> k{};
      for (int j = 0; j < kBatch; ++j)  // past the draws left the values go unused
        k[j] = indexOf(kAhead[j](state), n - count - j);
      const int batch = std::min(kBatch, until - count);
      int used = 0;
      bool stop = false;
      while (used < batch && !stop) stop = visit(k[used++]);
      state = kAhead[used - 1](state);
      count += used;
      if (stop) return;
    }
  }
  // firstInRandomOrder by the taken indices' free ranks, for up to kShortList draws.
  template <class Accept>
  static int byTakenRanks(int n, Accept& accept, std::uint32_t& state, int& count,
                          std::array<int, kShortList>& rank) {
    int found = -1, made = 0;
    draw(n, std::min(n, kShortList), state, count, [&](int drawn) {
      // The lanes past `made` in the last group start at kAboveAll and stay above every k.
      int at = 0;
      for (int i = 0; i < made; i += kGroup)
        for (int l = 0; l < kGroup; ++l) {
          at += rank[i + l] <= drawn ? 1 : 0;
          rank[i + l] -= rank[i + l] > drawn ? 1 : 0;
        }
      if (made % kGroup == 0)  // a new group
        for (int l = 1; l < kGroup; ++l) rank[made + l] = kAboveAll;
      rank[made++] = drawn;
      if (accept(drawn + at)) found = drawn + at;
      return found >= 0;
    });
    return found;
  }
  // firstInRandomOrder by the accepted indices' free ranks `rank` (padded with kAboveAll),
  // from the draws after `count`.
  static int byAcceptedRanks(int n, std::span<const int> accepted, std::vector<int>& rank,
                             std::uint32_t& state, int& count) {
    int found = -1;
    const auto lanes = static_cast<int>(rank.size());
    int* r = rank.data();
    draw(n, n, state, count, [&](int drawn) {
      int hit = 0;
      for (int i = 0; i < lanes; i += kGroup)
        for (int l = 0; l < kGroup; ++l) {
          hit |= r[i + l] == drawn ? 1 : 0;
          r[i + l] -= r[i + l] > drawn ? 1 : 0;
        }
      if (hit == 0) return false;
      // Two ranks may now equal the draw: the one hit, and one that was one above and has
      // just lost one, whose index is the larger (free ranks keep the indices' order).
      found = std::numeric_limits<int>::max();
      for (std::size_t i = 0; i < accepted.size(); ++i)
        if (r[i] == drawn) found = std::min(found, accepted[i]);
      return true;
    });
    return found;  // always found: the n draws take every index, the accepted ones among them
  }

  std::uint32_t mSeed;
};

}  // namespace cl
