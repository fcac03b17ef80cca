// contactlab-cli validate: check a scene file and explain every problem found.
#include <fmt/format.h>

#include <iostream>

#include "commands.h"
#include "engine/scene/scene.h"
#include "engine/time_stepping/advance_caveats.h"
#include "exit_codes.h"

namespace cl::cli {

int validateCommand(const std::string& path) {
  const std::vector<JsonProblem> problems = validateSceneFile(path);
  if (problems.empty()) {
    try {
      const Scene scene = loadSceneFile(path);
      fmt::print("{}: OK ({} bodies, {} force laws, {} connectors)\n", path, scene.sim->bodyCount(),
                 scene.sim->forceLaws().size(),
                 scene.contactSim() ? scene.contactSim()->connectors().size() : 0);
      // What loads but will not run as the file says (as run prints them).
      for (const std::string& caveat : settingsCaveats(scene.settings, *scene.sim))
        std::cerr << "note: " << caveat << '\n';
      return kExitOk;
    } catch (const SceneError& e) {
      std::cerr << e.what() << '\n';
      return kExitBadInput;
    }
  }
  std::cerr << fmt::format("{}: {} problem{}\n", path, problems.size(),
                           problems.size() == 1 ? "" : "s");
  std::cerr << listProblems(problems).substr(1) << '\n';  // without the leading newline
  return kExitBadInput;
}

}  // namespace cl::cli
