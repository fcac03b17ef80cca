#pragma once
// The process's CPU time, which a busy shared machine disturbs less than wall time: the
// benchmarks' preferred clock.
#include <time.h>

inline double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}
