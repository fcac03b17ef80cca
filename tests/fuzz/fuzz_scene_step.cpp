// Fuzz target: a scene's text loaded, then up to three of its steps (each bounded to 0.1 s of
// simulated time, so that a huge time_step does not make the input a hang). A SceneError or
// SimulationError is a clear refusal; anything else (a crash, a sanitizer report, another
// exception escaping) is a finding.
//
// Work: the engine bounds each step (CollisionAdvance's 100 000 sub-steps, a time step's
// potential contacts and solves), but those bounds are sized for a user's run, and a scene
// of many bodies stuck at one of them can legitimately take minutes under the sanitizers.
// What this target looks for is work that no bound stops, so it cancels an input after
// kCpuSeconds of CPU time through the advance's cancel check (asked between sub-steps and
// before each of a time step's solves, as the workbench's Stop button is): an input slower
// than libFuzzer's -timeout is then one where the engine went that long without asking.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <string_view>

#include "engine/dynamics/rigid_body_sim.h"
#include "engine/scene/scene.h"

namespace {

constexpr double kCpuSeconds = 2.0;

double cpuSeconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    cl::Scene scene = cl::loadScene(text, "fuzz");
    auto advance = scene.makeAdvance();
    const double start = cpuSeconds();
    advance->setCancelCheck([start] { return cpuSeconds() - start > kCpuSeconds; });
    const double dt = std::min(scene.settings.timeStep, 0.1);
    for (int k = 0; k < 3; ++k) advance->advance(dt);
  } catch (const cl::SceneError&) {
  } catch (const cl::SimulationError&) {  // StepCancelled among them
  }
  return 0;
}
