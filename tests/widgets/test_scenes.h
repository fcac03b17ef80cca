#pragma once
// Scenes built in code for the widget tests, so they do not depend on the
// scene files' contents.
#include "engine/scene/scene.h"

namespace cl::testing {

// A 12 x 8 walled box under gravity 3 holding, in this order after the four
// walls: "block" (1 x 2, tilted), "ball" (radius 0.6) and "frame" (2.4 x 2,
// walls 0.3 thick, so its centre of mass lies in its hole). Time step 0.025.
Scene boxScene();
inline constexpr int kFirstMovable = 4;  // index of "block"

}  // namespace cl::testing
