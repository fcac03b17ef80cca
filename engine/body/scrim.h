#pragma once
// The Scrim: the fixed background of the world. It has infinite mass and extent,
// never collides, has no edges and no state variables. Wherever a force law or a
// connector takes a body, the index kScrim stands for it, and a point "on the
// Scrim" is a world point.
#include <string_view>

namespace cl {

inline constexpr int kScrim = -1;
// Its name, in scene files (a spring's end on the Scrim) and wherever a body is named.
inline constexpr std::string_view kScrimName = "scrim";
inline constexpr bool isScrim(int body) {
  return body == kScrim;
}

}  // namespace cl
