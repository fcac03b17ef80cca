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

}  // namespace cl
