#pragma once
// The cross-references of a scene: body names are unique, non-empty and not
// reserved, and every name a body or force law uses names a body, one of the
// walls or, for a spring end, the Scrim. A list of body names (a force law's
// 'bodies', a body's 'non_collide') names each body at most once.
#include <string>
#include <vector>

#include "engine/scene/scene_build.h"
#include "engine/scene/scene_doc.h"
#include "engine/scene/scene_error.h"

namespace cl {

void checkSceneNames(const SceneDoc& doc, const DocOrigin& origin,
                     std::vector<JsonProblem>& problems);

// Names of the bodies a "walls" entry adds, in the order they are added.
const std::vector<std::string>& wallNames();

}  // namespace cl
