// The soak benchmark: long runs that must stay sane. pile_20 (comes to rest), Newton's
// cradle (elastic: its energy is only lost to restitution below 1) and ContactApp's six
// blocks (a resting stack under damping), each to 3000 simulated seconds by default, each
// in a child process of its own so that its peak memory is its own. Per scene: how far it
// got, CPU seconds, collisions and back-ups, the total energy at 10 % of the run and at its
// end, the largest and smallest total over the last 90 % (energy drift: a resting pile's
// should not move at all), and resident memory at 10 % of the run, at its end and at its
// peak (flat memory: nothing grows with the run's length).
//   build/bench/bench_soak [seconds]
#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <string>

#include "engine/collision_advance/collision_advance.h"
#include "engine/scene/scene.h"

namespace {

// A memory figure of this process (MB) from /proc/self/status: "VmRSS" (resident now) or
// "VmHWM" (the peak of resident).
double statusMb(const std::string& field) {
  std::ifstream status("/proc/self/status");
  std::string key;
  double kb = 0;
  while (status >> key) {
    if (key == field + ":") {
      status >> kb;
      break;
    }
  }
  return kb / 1024.0;
}
double residentMb() {
  return statusMb("VmRSS");
}

double cpuSeconds(const rusage& u) {
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

// Runs one scene and prints its table row (in the child process).
void soak(const std::string& file, double seconds) {
  cl::Scene scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/" + file);
  auto advance = scene.makeAdvance();
  const double dt = scene.settings.timeStep;
  const double settle = seconds / 10;
  double atSettle = 0, rssAtSettle = 0;
  double high = -std::numeric_limits<double>::infinity(), low = -high;
  std::string failure;
  try {
    while (scene.sim->time() < seconds - 1e-9) {
      advance->advance(dt);
      const double e = scene.sim->energy().total();
      if (scene.sim->time() < settle) continue;
      if (rssAtSettle == 0) {
        atSettle = e;
        rssAtSettle = residentMb();
      }
      high = std::max(high, e);
      low = std::min(low, e);
    }
  } catch (const cl::SimulationError& e) {
    failure = e.what();
  }
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  const auto* ca = dynamic_cast<const cl::CollisionAdvance*>(advance.get());
  fmt::print(
      "| {} | {:.1f}{} | {:.1f} | {} | {} | {:.6g} | {:.6g} | {:.3g} | {:.3g} | {:.1f} | "
      "{:.1f} | {:.1f} |\n",
      file, scene.sim->time(), failure.empty() ? "" : " (failed)", cpuSeconds(u),
      ca ? ca->counters().collisions : 0, ca ? ca->counters().backups : 0, atSettle,
      scene.sim->energy().total(), high - atSettle, low - atSettle, rssAtSettle, residentMb(),
      statusMb("VmHWM"));
  if (!failure.empty()) fmt::print("\n{}: {}\n", file, failure);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 3000.0;
  fmt::print(
      "{} simulated seconds per scene, each in a process of its own; energy = total (J) at "
      "10 % of the run (t = {}) and at its end, then the largest rise and fall from the first "
      "over the rest; memory in MB\n\n",
      seconds, seconds / 10);
  fmt::print(
      "| scene | reached (s) | CPU s | collisions | back-ups | energy at 10 % | at end | max "
      "rise | max fall | RSS at 10 % | at end | peak |\n");
  fmt::print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  std::fflush(stdout);
  for (const char* file : {"pile_20.json", "newtons_cradle.json", "contact_app_6.json"}) {
    const pid_t child = fork();
    if (child == 0) {
      soak(file, seconds);
      std::_Exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      fmt::print("| {} | the run's process ended abnormally (status {}) |\n", file, status);
  }
  return 0;
}
