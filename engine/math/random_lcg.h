#pragma once
// RandomLCG: the linear congruential generator of myPhysicsLab's engine2D,
//   seed <- (a * seed + c) mod m,  m = 2^32, a = 1664525, c = 1013904223,
// so that a run with a given seed repeats bit for bit on every machine.
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
  // is followed only as far as needed, picking the k-th index still left from a Fenwick
  // tree of the remaining ones in O(log n) instead of erasing from a list, and the draws
  // after the answer only advance the generator (their values do not matter to it).
  template <class Accept>
  int firstInRandomOrder(int n, Accept accept) {
    int found = -1, drawn = 0;
    if (n > 0) {
      // Counts of the indices left; kept per thread, as this runs at every iteration of
      // the serial impulse loop.
      thread_local std::vector<int> tree;
      tree.assign(static_cast<std::size_t>(n) + 1, 0);
      for (int i = 1; i <= n; ++i) {
        tree[i] += 1;
        if (const int up = i + (i & -i); up <= n) tree[up] += tree[i];
      }
      int high = 1;
      while (high * 2 <= n) high *= 2;
      for (int left = n; left > 0 && found < 0; --left) {
        int k = nextInt(left);  // the k-th (0-based) index still left
        ++drawn;
        int pos = 0;
        for (int step = high; step > 0; step /= 2)
          if (pos + step <= n && tree[pos + step] <= k) {
            pos += step;
            k -= tree[pos];
          }
        for (int i = pos + 1; i <= n; i += i & -i) tree[i] -= 1;  // index pos is taken
        if (accept(pos)) found = pos;
      }
    }
    for (; drawn < n; ++drawn) nextInt32();
    return found;
  }
  // A number in [0, range].
  double nextRange(double range) { return nextFloat() * range; }
  // Advances the generator by `count` draws whose values are not needed.
  void discard(std::uint64_t count) {
    for (; count > 0; --count) nextInt32();
  }

 private:
  std::uint32_t mSeed;
};

}  // namespace cl
