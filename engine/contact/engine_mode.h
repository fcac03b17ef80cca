#pragma once
// The three ways engine2D's physics engine can be used (the engine2d-overview seed, "There
// are three ways the physics engine can be used"), as one ContactSim switched by the scene
// setting `engine`:
//   rigid_body  RigidBodySim: the force laws only; no collision or contact is looked for,
//               so bodies pass through each other, and connectors (joints, ropes, rods),
//               which act only through collision and contact records, do nothing;
//   impulse     ImpulseSim: collisions (and connector records, an extension: engine2D's
//               ImpulseSim has no connectors) found between steps only, by findCollisions,
//               and resolved by impulses after backing up in time; evaluate applies the
//               force laws alone, so there are no contact forces: a body
//               that comes to rest on another is held up by ever smaller collisions until
//               CollisionAdvance gives up on it (stuck), as the seed warns;
//   contact     ContactSim (the default): both, resting contacts and joints held by
//               Baraff's contact forces.
#include <span>

#include "engine/math/named_enum.h"

namespace cl {

enum class EngineMode { kRigidBody, kImpulse, kContact };

inline constexpr NamedValue<EngineMode> kEngineModeNames[] = {
    {EngineMode::kRigidBody, "rigid_body"},
    {EngineMode::kImpulse, "impulse"},
    {EngineMode::kContact, "contact"},
};
constexpr std::span<const NamedValue<EngineMode>> namesOf(EngineMode) {
  return kEngineModeNames;
}

}  // namespace cl
