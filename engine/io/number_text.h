#pragma once
// How every number we write as text is written: the shortest form that reads back to the
// same double (fmt's default, by the Dragonbox algorithm), "nan" and "inf" as such. CSV
// exports, traces, waypoints and the CLI's printed vectors all use it, so a number parsed
// back from any of them is the engine's number, bit for bit.
#include <fmt/format.h>

#include <cmath>
#include <string>

namespace cl {

inline std::string numberText(double v) {
  if (std::isnan(v)) return "nan";  // fmt writes a NaN with its sign bit set as "-nan"
  return fmt::format("{}", v);
}

// A measure for people (a residual, a maximum, a minimum): as numberText, but a zero is "0"
// whatever its sign, which is an accident of the sum that made it.
inline std::string measureText(double v) {
  return numberText(v == 0 ? 0.0 : v);
}

}  // namespace cl
