#pragma once
// RandomLCG: the linear congruential generator of myPhysicsLab's engine2D,
//   seed <- (a * seed + c) mod m,  m = 2^32, a = 1664525, c = 1013904223,
// so that a run with a given seed repeats bit for bit on every machine.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cl {

class RandomLCG {
 public:
  explicit RandomLCG(std::uint32_t seed = 0) : mSeed(seed) {}

  std::uint32_t seed() const { return mSeed; }
  void setSeed(std::uint32_t seed) { mSeed = seed; }

  // Advances the generator and returns the new state.
  std::uint32_t nextInt32() {
    mSeed = static_cast<std::uint32_t>(1664525u * mSeed + 1013904223u);  // mod 2^32 by wrap-around
    return mSeed;
  }
  // A number in [0, 1]: the new state divided by m - 1.
  double nextFloat() { return static_cast<double>(nextInt32()) / 4294967295.0; }
  // An integer in [0, n - 1] for n >= 1.
  int nextInt(int n) {
    const int k = static_cast<int>(nextFloat() * n);
    return k < n ? k : n - 1;
  }
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
  // leaving the generator exactly where randomInts(n) leaves it (n draws). The permutation
  // is followed only as far as needed; the draws after the answer only advance the
  // generator (their values do not matter to it), by a jump. The k-th index still left is
  // found from the sorted list of the taken ones while it is short (k plus the number of
  // taken indices at or below the answer: a few predictable comparisons, and the answer
  // usually comes within a few draws), then from a Fenwick tree of the remaining ones in
  // O(log n). The tree is kept between calls in the caller's `scratch`, all ones, and its
  // taken indices put back, so a call costs O(d log n) for d draws, not O(n): this runs at
  // every iteration of the serial impulse loop, where n is the number of collision records.
  struct OrderScratch {
    // Fenwick tree of the counts of the indices left (entry i covers the lowest set bit of
    // i indices, all left between calls), and the taken indices in ascending order.
    std::vector<int> tree, taken;
  };
  template <class Accept>
  int firstInRandomOrder(int n, Accept accept, OrderScratch& scratch) {
    constexpr std::size_t kShortList = 24;
    int found = -1, drawn = 0;
    if (n > 0) {
      std::vector<int>& tree = scratch.tree;
      std::vector<int>& taken = scratch.taken;
      if (static_cast<int>(tree.size()) != n + 1) {
        tree.assign(static_cast<std::size_t>(n) + 1, 0);
        for (int i = 1; i <= n; ++i) tree[static_cast<std::size_t>(i)] = i & -i;
      }
      const auto update = [&](int pos, int by) {
        for (int i = pos + 1; i <= n; i += i & -i) tree[static_cast<std::size_t>(i)] += by;
      };
      taken.clear();
      bool useTree = false;
      int high = 1;
      while (high * 2 <= n) high *= 2;
      for (int left = n; left > 0 && found < 0; --left) {
        int k = nextInt(left);  // the k-th (0-based) index still left
        ++drawn;
        int pos = k;
        if (!useTree) {
          for (const int t : taken) pos += t <= pos ? 1 : 0;  // ascending: each t passed counts
          taken.insert(std::upper_bound(taken.begin(), taken.end(), pos), pos);
          if (taken.size() == kShortList) {
            useTree = true;
            for (const int t : taken) update(t, -1);
          }
        } else {
          pos = 0;
          for (int step = high; step > 0; step /= 2)
            if (pos + step <= n && tree[static_cast<std::size_t>(pos + step)] <= k) {
              pos += step;
              k -= tree[static_cast<std::size_t>(pos)];
            }
          update(pos, -1);  // index pos is taken
          taken.push_back(pos);
        }
        if (accept(pos)) found = pos;
      }
      if (useTree)
        for (const int pos : taken) update(pos, +1);  // back to all ones
    }
    discard(static_cast<std::uint64_t>(n - drawn));
    return found;
  }
  // A number in [0, range].
  double nextRange(double range) { return nextFloat() * range; }
  // Advances the generator by `count` draws whose values are not needed, in O(log count):
  // `count` steps of x -> a x + c are the one affine map x -> A x + C, composed here by
  // squaring (the map applied 2^j times, for each bit j of count), all mod 2^32.
  void discard(std::uint64_t count) {
    std::uint32_t mulAll = 1, addAll = 0;                     // the map of the bits taken so far
    std::uint32_t mulStep = 1664525u, addStep = 1013904223u;  // the map applied 2^j times
    for (; count > 0; count >>= 1) {
      if (count & 1u) {
        mulAll = static_cast<std::uint32_t>(mulStep * mulAll);
        addAll = static_cast<std::uint32_t>(mulStep * addAll + addStep);
      }
      addStep = static_cast<std::uint32_t>(mulStep * addStep + addStep);
      mulStep = static_cast<std::uint32_t>(mulStep * mulStep);
    }
    mSeed = static_cast<std::uint32_t>(mulAll * mSeed + addAll);
  }

 private:
  std::uint32_t mSeed;
};

}  // namespace cl
