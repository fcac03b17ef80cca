#pragma once
// A SimEdit as JSON, for a recording's list of the edits made while it ran
// (docs/recording-format.md): {"kind": "gravity", "g": 9.8}, {"kind": "settings",
// "settings": {...as in a scene}}, {"kind": "attach_mouse_spring", "body": 3, "attach": [x, y],
// "mouse": [x, y]}, ... Numbers are written with the digits that read back to the same
// double, so that re-applying the edits rebuilds the simulation bit for bit.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/edit/sim_edit.h"
#include "engine/io/json_problem.h"

namespace cl {

nlohmann::ordered_json simEditToJson(const SimEdit& edit);

// The edit `value` describes, or nullopt with its problems (each with its JSON path under
// `path`) appended to `problems`.
std::optional<SimEdit> readSimEdit(const nlohmann::json& value, const std::string& path,
                                   std::vector<JsonProblem>& problems);

}  // namespace cl
