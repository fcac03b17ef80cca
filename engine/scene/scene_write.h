#pragma once
// Writing a SceneDoc as JSON in canonical member order (the order of
// docs/scene-format.md), leaving out every optional field the document leaves
// empty, so that parsing the result gives back an equal SceneDoc.
#include <nlohmann/json.hpp>

#include "engine/scene/scene_doc.h"

namespace cl {

nlohmann::ordered_json sceneDocToJson(const SceneDoc& doc);

// A scene's "settings" object: the settings `settings` gives, in the table's order.
nlohmann::ordered_json settingsDocToJson(const SettingsDoc& settings);

// A number as JSON: an integral value within 2^53 as an integer, so that 12.0 is
// written "12" and the text of a canonical file survives a load and save.
nlohmann::ordered_json jsonNumber(double v);

}  // namespace cl
