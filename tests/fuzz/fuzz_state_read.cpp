// Fuzz target: a state file's text read (parseStateJson), then put into pile_10 when it
// names that many bodies. A StateFileError is a clear refusal.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/run/state_json.h"
#include "engine/scene/scene.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static cl::Scene pile = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/pile_10.json");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const cl::SavedState saved = cl::parseStateJson(text, "fuzz");
    cl::restoreSavedState(*pile.sim, saved, "fuzz");
  } catch (const cl::StateFileError&) {
  }
  return 0;
}
