#pragma once
// niceStep: the spacing of grid lines and axis ticks that a reader takes in at
// a glance, 1, 2 or 5 times a power of ten.
#include <cmath>

namespace cl {

// Smallest of 1, 2, 5 times a power of ten that is at least `minimum` (> 0).
inline double niceStep(double minimum) {
  const double decade = std::pow(10.0, std::floor(std::log10(minimum)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * decade >= minimum * (1 - 1e-12)) return m * decade;
  return 10.0 * decade;
}

}  // namespace cl
