#pragma once
// Where the workbench finds scene files when none is named.
#include <QString>

namespace cl::widgets {

inline constexpr const char* kDefaultSceneFile = "stack_hit_by_block.json";

// The first folder that exists of: $CONTACTLAB_SCENES, <executable dir>/scenes,
// <executable dir>/../share/contactlab/scenes, and the source tree's
// resources/scenes (so a build runs from anywhere without installing).
QString scenesDirectory();
// scenesDirectory()/stack_hit_by_block.json.
QString defaultScenePath();

}  // namespace cl::widgets
