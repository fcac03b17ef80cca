#pragma once
// The state of a simulation as JSON (format "contactlab-state", version 1): time, steps,
// energies, each body's name, x, vx, y, vy, angle and omega, the random generator's state,
// and ContactSim's warm-start memory (which contacts carried force). That is everything a
// run needs to go on from it with the same bits as a run that went through (a SimState
// without its structure, which comes from the scene): `run --final-state` writes it, the
// workbench's Export All writes it for the step shown, and `run --initial-state` reads it.
// Numbers are written with the digits that read back to the same double.
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/contact/warm_start.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/run/sim_state.h"

namespace cl {

inline constexpr int kStateFormatVersion = 1;
// The largest step count a state (or a recording's record) may hold: above 2^53 it is no
// count of steps (a double no longer tells them apart) and stepping on would overflow.
inline constexpr long long kMaxStepCount = 1LL << 53;

nlohmann::ordered_json stateJson(const RigidBodySim& sim, long long steps);
// The same of a recorded state (a history's record: its structure with its time, vars,
// generator and warm-start memory put in), as Export All writes the step shown.
nlohmann::ordered_json stateJson(const SimState& state, long long steps);

// A state file as read: checked for form (every problem at once, with its JSON path), not yet
// against a simulation.
struct SavedState {
  struct Body {
    std::string name;
    double x = 0, vx = 0, y = 0, vy = 0, angle = 0, omega = 0;
  };
  double time = 0;
  long long steps = 0;
  double frictionLoss = 0;  // RigidBodySim::frictionLoss: written only when not zero
  std::vector<Body> bodies;
  std::uint32_t random = 0;
  std::optional<WarmStart> warmStart;  // absent for a simulation without contacts
};

// What is wrong with a state file, or with putting it into a simulation; the message names
// the file and every problem.
class StateFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

SavedState parseStateJson(std::string_view text, const std::string& source);
SavedState readStateFile(const std::filesystem::path& path);

// Puts `saved` into `sim`: time, every body's state, the random generator and, for a
// ContactSim, the warm-start memory. The bodies must be the simulation's, by name and in
// order; otherwise StateFileError names the first that differs, and `sim` is unchanged.
void restoreSavedState(RigidBodySim& sim, const SavedState& saved, const std::string& source);

}  // namespace cl
