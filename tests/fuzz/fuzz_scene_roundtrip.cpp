// Fuzz target: a scene that loads is saved, loaded again and saved again; the two saved
// texts must be the same (saveScene is canonical), and the saved text must load.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/scene/scene.h"
#include "engine/scene/scene_write.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  cl::Scene scene;
  try {
    scene = cl::loadScene(text, "fuzz");
  } catch (const cl::SceneError&) {
    return 0;
  }
  const std::string once = cl::saveScene(scene);
  const std::string twice = cl::saveScene(cl::loadScene(once, "saved"));  // throws: a finding
  if (once != twice) std::abort();
  return 0;
}
