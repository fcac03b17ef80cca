#pragma once
// The median of a sample: the benchmarks' summary of repeated runs (the mean of the two
// middle values when the count is even; NaN when there is none).
#include <algorithm>
#include <limits>
#include <vector>

inline double median(std::vector<double> v) {
  if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}
