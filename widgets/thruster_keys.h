#pragma once
// ThrusterKeys: myPhysicsLab ContactApp's keyboard. S D F E fire the thrusters of the
// first thruster set (the first block's) to push it left, down, right and up; J K L I
// and the arrow keys do the same for the second set. "Left" fires every thruster of the
// set that pushes mostly along the body's -x axis (with the SixThrusters layout the
// pair at the top and bottom, so the block slides without turning), and so on: the
// engine's FireThrusters edit (engine/edit/sim_edit.h).
#include <optional>

#include "engine/edit/sim_edit.h"

namespace cl::widgets {

// The FireThrusters edit a key (a Qt::Key) makes when pressed (on) or released (off),
// nullopt for other keys.
std::optional<FireThrusters> thrusterKeyFor(int qtKey, bool on);

}  // namespace cl::widgets
