#pragma once
// SimEdit: a change a person makes to a running simulation, as data. The workbench's docks
// and scene view hand edits to the Session, which applies them between two steps
// (applyEdit, on the thread that steps the simulation) and keeps the lasting ones, which
// recordEdit writes into a scene's document so that a restart or another scene of the
// same family keeps them. This is the one list of what a person can change, and the one
// place that changes it.
#include <span>
#include <string>
#include <variant>

#include "engine/body/body_state.h"
#include "engine/math/named_enum.h"
#include "engine/math/vec2.h"
#include "engine/settings/sim_settings.h"

namespace cl {

class AdvanceStrategy;
class RigidBodySim;
struct SceneDoc;

// Lasting edits: a physical parameter of the whole scene, or the settings.
struct SetGravity {
  double g = 0;  // every GravityLaw; a scene without one gets one when g != 0
};
struct SetElasticity {
  double elasticity = 1;  // every body and wall (a collision uses the smaller of two)
};
struct SetDamping {
  double k = 0;  // every DampingLaw; a scene without one gets one when k != 0
};
struct SetThrust {
  double magnitude = 0;  // every ThrusterSet
};
struct SetSettings {
  // The settings changed, the others left out. Live ones are applied at once
  // (applySettings); the others wait for a restart.
  SettingsDoc changes;
};

// Passing edits: what a hand does now, not part of the scene.
struct SetBodyState {
  int body = -1;
  BodyState state;
};
struct AttachMouseSpring {
  int body = -1;
  Vec2 attach;  // body coordinates
  Vec2 mouse;   // world
};
struct MoveMouseSpring {
  Vec2 mouse;
};
struct ReleaseMouseSpring {};

// A direction in body coordinates; "left" means mostly along the body's -x axis.
enum class ThrustDirection { kLeft, kDown, kRight, kUp };
inline constexpr NamedValue<ThrustDirection> kThrustDirectionNames[] = {
    {ThrustDirection::kLeft, "left"},
    {ThrustDirection::kDown, "down"},
    {ThrustDirection::kRight, "right"},
    {ThrustDirection::kUp, "up"}};
constexpr std::span<const NamedValue<ThrustDirection>> namesOf(ThrustDirection) {
  return kThrustDirectionNames;
}
// Switches on (or off) the thrusters of ThrusterSet number `set` (in the order of the
// force laws) that push mostly along `direction`: ContactApp's keyboard.
struct FireThrusters {
  int set = 0;
  ThrustDirection direction = ThrustDirection::kLeft;
  bool on = false;
};

using SimEdit =
    std::variant<SetGravity, SetElasticity, SetDamping, SetThrust, SetSettings, SetBodyState,
                 AttachMouseSpring, MoveMouseSpring, ReleaseMouseSpring, FireThrusters>;

// Applies `edit` to a simulation between two steps (and, for settings, to its advance
// strategy). False when it changed nothing: a mouse spring on a fixed body, thrusters the
// simulation does not have, a body index out of range.
bool applyEdit(const SimEdit& edit, RigidBodySim& sim, AdvanceStrategy& advance);

// Whether `edit` belongs in the scene's document (a parameter or the settings).
bool isLasting(const SimEdit& edit);
// Writes a lasting edit into `doc` (changing the force, body and wall entries, or the
// settings that differ from the document's); a passing edit leaves it alone.
void recordEdit(const SimEdit& edit, SceneDoc& doc);

// Number of ThrusterSets among the simulation's force laws.
int thrusterSetCount(const RigidBodySim& sim);

}  // namespace cl
