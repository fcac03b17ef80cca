#include "progress_bar.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace cl::cli {

ProgressBar::ProgressBar(bool enabled) : mEnabled(enabled && ::isatty(STDERR_FILENO)) {}

void ProgressBar::update(double fraction, double simTime, double untilTime) {
  if (!mEnabled) return;
  const auto now = std::chrono::steady_clock::now();
  if (mDrawn && fraction < 1.0 && now - mLastDraw < std::chrono::milliseconds(100)) return;
  mLastDraw = now;
  mDrawn = true;
  constexpr int kWidth = 40;
  const int filled = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * kWidth);
  std::fputs(fmt::format("\r[{}{}] {:3.0f}%  t = {:.3f} / {:.3f} s", std::string(filled, '#'),
                         std::string(kWidth - filled, '.'), 100.0 * fraction, simTime, untilTime)
                 .c_str(),
             stderr);
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (mEnabled && mDrawn) std::fputs("\n", stderr);
}

}  // namespace cl::cli
