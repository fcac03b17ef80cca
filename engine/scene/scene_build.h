#pragma once
// Building a simulation from a SceneDoc: a ContactSim with the document's
// resting-contact settings (defaults for what it leaves out); bodies in file order (index i is
// /bodies/i), then the four walls, then the force laws. The simulation's random
// generator is seeded with the scene's seed before any random polygon is drawn,
// so a seed always gives the same shapes.
#include <cstddef>
#include <memory>
#include <vector>

#include "engine/contact/contact_sim.h"
#include "engine/scene/scene_doc.h"
#include "engine/scene/scene_error.h"

namespace cl {

// Throws SceneError (with an empty source) listing every problem: unknown or
// duplicate names, invalid geometry (with the path and edge as a JSON pointer
// such as /bodies/3/paths/0/edges/2), invalid mass properties.
std::unique_ptr<ContactSim> buildSimulation(const SceneDoc& doc);

// What loading knows about a document read from JSON, so that building reports
// no follow-on problems and names the right JSON elements.
struct DocOrigin {
  // Per body: false when its JSON already had problems; such bodies are not
  // built. Empty means every body.
  std::vector<bool> buildableBodies;
  // JSON index of each entry of doc.forces (entries of unknown kind are not in
  // the document). Empty means the same index.
  std::vector<std::size_t> forceIndex;
  // The same for doc.connectors.
  std::vector<std::size_t> connectorIndex;

  std::size_t forcePath(std::size_t i) const { return i < forceIndex.size() ? forceIndex[i] : i; }
  std::size_t connectorPath(std::size_t i) const {
    return i < connectorIndex.size() ? connectorIndex[i] : i;
  }
};

// For loading: checks names and builds, appending problems instead of throwing;
// null when there are any problems, old or new.
std::unique_ptr<ContactSim> buildSimulation(const SceneDoc& doc, const DocOrigin& origin,
                                            std::vector<JsonProblem>& problems);

}  // namespace cl
