#pragma once
// RandomLCG: the linear congruential generator of myPhysicsLab's engine2D,
//   seed <- (a * seed + c) mod m,  m = 2^32, a = 1664525, c = 1013904223,
// so that a run with a given seed repeats bit for bit on every machine.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
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
  // at every iteration of the serial impulse loop (n collision records, an answer within
  // about 7 draws in a pile), so it follows the permutation only as far as needed:
  // - the draws come kBatch at a time, the j-th state of a batch computed from the state
  //   before it by the map of j draws (x -> a^j x + c (a^(j-1) + ... + 1)), so their
  //   divisions overlap rather than wait on one another; the draws past the answer are not
  //   taken;
  // - the taken indices t_0 < t_1 < ... are held, in the order drawn, as their free ranks
  //   r_i = t_i - i (how many indices still left lie below t_i; nondecreasing in t). The k-th
  //   index left is k + at, at the number of ranks <= k (t_i < k + at exactly when
  //   r_i <= k): each rank is compared with k alone, so no comparison waits on another and
  //   nothing needs sorting. Taking it, the ranks above k lose one (one more taken index
  //   lies below them), and its own rank is k;
  // - past kShortList draws, the k-th index left comes from a Fenwick tree of the indices
  //   left in O(log n), kept all ones between calls in the caller's `scratch` (the taken
  //   entries put back), so a call costs O(d log n) for d draws, not O(n);
  // - the draws after the answer only advance the generator: one jump by the affine map of
  //   n draws, kept in `scratch` for the n it was made for.
  struct OrderScratch {
    // Fenwick tree of the counts of the indices left (entry i covers the lowest set bit of
    // i indices), and the indices taken in a call that reaches it.
    std::vector<int> tree, taken;
    int jumpDraws = -1;  // the n of the jump
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
    std::array<int, kShortList> rank;  // the free ranks of the taken indices (the first `count`)
    int count = 0, found = -1;
    std::uint32_t state = start;  // after `count` draws
    while (found < 0 && count < n && count < kShortList) {
      std::array<int, kBatch> k{};
      for (int j = 0; j < kBatch; ++j)  // past the draws left the values go unused
        k[j] = indexOf(kAhead[j](state), n - count - j);
      const int batch = std::min({kBatch, n - count, kShortList - count});
      int used = 0;
      while (used < batch && found < 0) {
        const int drawn = k[used++];
        // Four ranks at a time (GCC makes each group a few SSE2 instructions); the lanes
        // past `count` in the last group start at kAboveAll and stay above every k.
        int at = 0;
        for (int i = 0; i < count; i += 4)
          for (int l = 0; l < 4; ++l) {
            at += rank[i + l] <= drawn ? 1 : 0;
            rank[i + l] -= rank[i + l] > drawn ? 1 : 0;
          }
        if (count % 4 == 0)  // a new group
          for (int l = 1; l < 4; ++l) rank[count + l] = kAboveAll;
        rank[count++] = drawn;
        if (accept(drawn + at)) found = drawn + at;
      }
      state = kAhead[used - 1](state);
    }
    if (found < 0 && count < n) {
      mSeed = state;
      scratch.taken.clear();
      std::sort(rank.begin(), rank.begin() + count);  // the order of the taken indices
      for (int i = 0; i < count; ++i) scratch.taken.push_back(rank[i] + i);
      found = continueByTree(n, accept, scratch);
    }
    mSeed = scratch.jump(start);
    return found;
  }
  // A number in [0, range].
  double nextRange(double range) { return nextFloat() * range; }
  // Advances the generator by `count` draws whose values are not needed, in O(log count).
  void discard(std::uint64_t count) { mSeed = jumpMap(count)(mSeed); }

 private:
  static constexpr std::uint32_t kMul = 1664525u, kAdd = 1013904223u;
  static constexpr int kShortList = 64;  // a multiple of 4
  // Above every index and every rank, even after kShortList decrements.
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

  // nextFloat's value of a state: the state over 2^32 - 1.
  static double unitOf(std::uint32_t state) { return static_cast<double>(state) / 4294967295.0; }
  // engine2D's nextInt(n) from the state the draw produced: nextFloat times n, truncated,
  // and n - 1 should that reach n.
  static int indexOf(std::uint32_t state, int n) {
    const int k = static_cast<int>(unitOf(state) * n);
    return k < n ? k : n - 1;
  }
  // firstInRandomOrder past its short list: the draws from the generator's state after
  // those of the indices in scratch.taken, each k-th index left found in the Fenwick tree,
  // until one is accepted or all n are drawn. The tree is put back after.
  template <class Accept>
  int continueByTree(int n, Accept& accept, OrderScratch& scratch) {
    std::vector<int>& tree = scratch.tree;
    if (static_cast<int>(tree.size()) != n + 1) {
      tree.assign(static_cast<std::size_t>(n) + 1, 0);
      for (int i = 1; i <= n; ++i) tree[static_cast<std::size_t>(i)] = i & -i;
    }
    const auto update = [&](int pos, int by) {
      for (int i = pos + 1; i <= n; i += i & -i) tree[static_cast<std::size_t>(i)] += by;
    };
    const int drawn = static_cast<int>(scratch.taken.size());
    for (const int t : scratch.taken) update(t, -1);
    int high = 1;
    while (high * 2 <= n) high *= 2;
    int found = -1;
    for (int left = n - drawn; left > 0 && found < 0; --left) {
      int k = nextInt(left);  // the k-th (0-based) index still left
      int pos = 0;
      for (int step = high; step > 0; step /= 2)
        if (pos + step <= n && tree[static_cast<std::size_t>(pos + step)] <= k) {
          pos += step;
          k -= tree[static_cast<std::size_t>(pos)];
        }
      update(pos, -1);
      scratch.taken.push_back(pos);
      if (accept(pos)) found = pos;
    }
    for (const int pos : scratch.taken) update(pos, +1);  // back to all ones
    return found;
  }

  std::uint32_t mSeed;
};

}  // namespace cl
