// Fuzz target: a scene's text loaded, then up to three of its steps (each bounded to 0.1 s of
// simulated time, so that a huge time_step does not make the input a hang). A SceneError or
// SimulationError is a clear refusal; anything else (a crash, a sanitizer report, another
// exception escaping) is a finding.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/dynamics/rigid_body_sim.h"
#include "engine/scene/scene.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    cl::Scene scene = cl::loadScene(text, "fuzz");
    auto advance = scene.makeAdvance();
    const double dt = std::min(scene.settings.timeStep, 0.1);
    for (int k = 0; k < 3; ++k) advance->advance(dt);
  } catch (const cl::SceneError&) {
  } catch (const cl::SimulationError&) {
  }
  return 0;
}
