#pragma once
// Parsing a scene's JSON into a SceneDoc: structure, types, ranges and unknown
// fields, one read function per object kind. Cross-references between objects
// (body names) are checked by scene_check, geometry by scene_build.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/io/detail/field_reader.h"
#include "engine/scene/scene_build.h"
#include "engine/scene/scene_doc.h"
#include "engine/scene/scene_error.h"

namespace cl {

struct ParsedScene {
  // Empty when the value is not a scene of a version this build reads; reading
  // on would only report every field of a newer format as unknown.
  std::optional<SceneDoc> doc;
  DocOrigin origin;
};

ParsedScene parseSceneJson(const nlohmann::json& root, std::vector<JsonProblem>& problems);

// The shape fields of a body whose "shape" is `kind`, read from the body's own
// object; nullopt when no shape has that name (the caller reports it).
std::optional<ShapeDoc> readShape(std::string_view kind, FieldReader& body);

// A scene's "settings" object, declared by a file of format `version` (a setting newer than
// that version is reported); also how a recording reads a settings edit.
SettingsDoc readSettingsDoc(const nlohmann::json& value, const std::string& path, int version,
                            std::vector<JsonProblem>& problems);

// One entry of "forces"; nullopt when its kind is missing or unknown (reported).
std::optional<ForceDoc> readForce(const nlohmann::json& value, const std::string& path,
                                  std::vector<JsonProblem>& problems);

// One entry of "connectors"; nullopt when its kind is missing or unknown (reported).
std::optional<ConnectorDoc> readConnector(const nlohmann::json& value, const std::string& path,
                                          std::vector<JsonProblem>& problems);

}  // namespace cl
