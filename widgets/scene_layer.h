#pragma once
// The scene view's optional layers, each listed once: its enum value, the object name of its
// checkable action (context menu, View menu), the action's text and tip, and whether it is
// shown at start. The velocities' tip holds the time its arrows reach ahead (%1).
#include <array>

namespace cl::widgets {

// X(kind, name, text, tip, shown)
#define CL_SCENE_LAYERS(X)                                                                       \
  X(kContactForces, "showContactForcesAction", "Show contact &forces",                           \
    "Draw contact and joint forces as red arrows (a dot marks every contact)", true)             \
  X(kNormals, "showNormalsAction", "Show contact &normals", "Draw the normal of every contact",  \
    false)                                                                                       \
  X(kImpulses, "showImpulsesAction", "Show collision &impulses",                                 \
    "Draw the impulses applied at the collisions of the step shown as purple arrows (an "        \
    "impulse of J N s as long as a force of J N)",                                               \
    true)                                                                                        \
  X(kVelocities, "showVelocitiesAction", "Show &velocities",                                     \
    "Draw the velocity of each centre of mass: an arrow to where it would be %1 s later", false) \
  X(kBoundingBoxes, "showBoundingBoxesAction", "Show &bounding boxes",                           \
    "Draw each body's axis-aligned extent", false)                                               \
  X(kGhosts, "showGhostsAction", "Show waypoint &ghosts",                                        \
    "Draw the bodies at the selected waypoint of CollisionAdvance as dashed blue outlines, "     \
    "with the collisions it considers",                                                          \
    true)                                                                                        \
  X(kClock, "showClockAction", "Show &clock", "Show the simulation time in the top-left corner", \
    true)

enum class SceneLayer {
#define CL_LAYER_ENUM(kind, name, text, tip, shown) kind,
  CL_SCENE_LAYERS(CL_LAYER_ENUM)
#undef CL_LAYER_ENUM
};

struct SceneLayerSpec {
  SceneLayer layer;
  const char* name;
  const char* text;  // translated in the SceneView context
  const char* tip;
  bool shown;
};

inline constexpr SceneLayerSpec kSceneLayers[] = {
#define CL_LAYER_SPEC(kind, name, text, tip, shown) {SceneLayer::kind, name, text, tip, shown},
    CL_SCENE_LAYERS(CL_LAYER_SPEC)
#undef CL_LAYER_SPEC
};
inline constexpr std::size_t kSceneLayerCount = std::size(kSceneLayers);

}  // namespace cl::widgets
