#pragma once
// Canonical JSON text for the files we write (scenes): two-space indentation, a container on one
// line when that line fits in `width` columns (so points, edges and short objects
// stay compact), members in the value's order, numbers in shortest round-trip
// form, and a final newline. The same value always gives the same text.
#include <nlohmann/json.hpp>
#include <string>

namespace cl {

std::string formatJson(const nlohmann::ordered_json& value, int width = 100);

}  // namespace cl
