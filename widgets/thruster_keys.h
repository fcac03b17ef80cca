#pragma once
// ThrusterKeys: myPhysicsLab ContactApp's keyboard. S D F E fire the thrusters of the
// first thruster set (the first block's) to push it left, down, right and up; J K L I
// and the arrow keys do the same for the second set. "Left" fires every thruster of the
// set that pushes mostly along the body's -x axis (with the SixThrusters layout the
// pair at the top and bottom, so the block slides without turning), and so on.
#include <optional>

namespace cl {
class RigidBodySim;
}

namespace cl::widgets {

enum class ThrustDirection { kLeft, kDown, kRight, kUp };

struct ThrusterKey {
  int set = 0;  // which ThrusterSet among the simulation's force laws, in their order
  ThrustDirection direction = ThrustDirection::kLeft;
  bool operator==(const ThrusterKey&) const = default;
};

// The thrusters a key (a Qt::Key) fires, nullopt for other keys.
std::optional<ThrusterKey> thrusterKeyFor(int qtKey);

// Number of ThrusterSets among the force laws of `sim`.
int thrusterSetCount(const RigidBodySim& sim);

// Switches on (or off) the thrusters of set `key.set` that push mostly along
// `key.direction` in body coordinates; returns how many it switched.
int setThrusters(RigidBodySim& sim, ThrusterKey key, bool on);

}  // namespace cl::widgets
