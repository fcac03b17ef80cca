#pragma once
// ProgressBar: a one-line bar on stderr, redrawn at most ten times a second,
// shown only when stderr is a terminal.
#include <chrono>

namespace cl::cli {

class ProgressBar {
 public:
  explicit ProgressBar(bool enabled);
  void update(double fraction, double simTime, double untilTime);
  void finish();

 private:
  bool mEnabled;
  bool mDrawn = false;
  std::chrono::steady_clock::time_point mLastDraw;
};

}  // namespace cl::cli
