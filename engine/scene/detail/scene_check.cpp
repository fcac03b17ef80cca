#include "engine/scene/detail/scene_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string_view>

#include "engine/body/shapes.h"
#include "engine/io/detail/field_reader.h"
#include "engine/io/detail/json_read.h"

namespace cl {
namespace {

// Every body name with the JSON pointer where it is defined.
class NameTable {
 public:
  NameTable(const SceneDoc& doc, const DocOrigin& origin, std::vector<JsonProblem>& problems)
      : mProblems(problems) {
    if (doc.walls)
      for (const std::string& w : wallNames()) {
        mDefined.emplace(w, "/walls");
        mNames.push_back(w);
      }
    for (std::size_t i = 0; i < doc.bodies.size(); ++i) {
      const std::string& name = doc.bodies[i].name;
      const std::string path = pointerChild(pointerChild("/bodies", i), "name");
      const bool parsedClean = origin.buildableBodies.empty() || origin.buildableBodies[i];
      if (name.empty()) {
        // A missing name was reported by the parser already.
        if (parsedClean) report(path, "a body name must not be empty");
        continue;
      }
      if (name == kScrimName) {
        report(path, fmt::format("'{}' is reserved for the fixed background", name));
        continue;
      }
      mNames.push_back(name);
      const auto [it, added] = mDefined.emplace(name, pointerChild("/bodies", i));
      if (!added)
        report(path,
               it->second == "/walls"
                   ? fmt::format("'{}' is the name of one of the walls that /walls adds", name)
                   : fmt::format("duplicate body name '{}' (first used at {})", name, it->second));
    }
  }

  // Reports `name` at `path` unless it names a body (or the Scrim, if allowed).
  bool require(const std::string& name, const std::string& path, bool scrimAllowed = false) {
    if (mDefined.contains(name) || (scrimAllowed && name == kScrimName)) return true;
    if (name == kScrimName)
      report(path, "the Scrim cannot be used here: it is fixed and has no mass");
    else
      report(path, fmt::format("no body is named '{}'{}", name, nearMissHint(name, mNames)));
    return false;
  }

  // Checks every name of a list at `path` (a force law's 'bodies', a body's
  // 'non_collide'): each must name a body and appear only once, since a law
  // would otherwise act on that body once per repetition.
  void requireEach(const std::vector<std::string>& names, const std::string& path,
                   std::string_view field) {
    std::map<std::string_view, std::size_t> first;  // name -> its first index
    for (std::size_t k = 0; k < names.size(); ++k) {
      const std::string& name = names[k];
      const std::string at = pointerChild(path, k);
      if (const auto [it, added] = first.emplace(name, k); !added)
        report(at, fmt::format("'{}' lists '{}' more than once (first at {})", field, name,
                               pointerChild(path, it->second)));
      else
        require(name, at);
    }
  }

  void requireList(const std::optional<std::vector<std::string>>& names, const std::string& path) {
    if (!names) return;
    if (names->empty())
      report(path,
             "an empty body list would mean no body; leave 'bodies' out to apply to every body");
    requireEach(*names, path, "bodies");
  }

  void report(std::string path, std::string message) {
    mProblems.push_back({std::move(path), std::move(message)});
  }

 private:
  std::vector<JsonProblem>& mProblems;
  std::map<std::string, std::string> mDefined;  // name -> where it is defined
  std::vector<std::string> mNames;              // in file order, for suggestions
};

void checkForce(const GravityDoc& f, const std::string& path, NameTable& names) {
  names.requireList(f.bodies, pointerChild(path, "bodies"));
}
void checkForce(const Gravity2Doc& f, const std::string& path, NameTable& names) {
  names.requireList(f.bodies, pointerChild(path, "bodies"));
}
void checkForce(const DampingDoc& f, const std::string& path, NameTable& names) {
  names.requireList(f.bodies, pointerChild(path, "bodies"));
}
void checkForce(const SpringDoc& f, const std::string& path, NameTable& names) {
  names.require(f.body1, pointerChild(path, "body1"), /*scrimAllowed=*/true);
  names.require(f.body2, pointerChild(path, "body2"), /*scrimAllowed=*/true);
  if (f.body1 == kScrimName && f.body2 == kScrimName)
    names.report(path, "a spring between the Scrim and itself moves nothing");
}
void checkForce(const ThrustersDoc& f, const std::string& path, NameTable& names) {
  names.require(f.body, pointerChild(path, "body"));
}
void checkForce(const ConstantForceDoc& f, const std::string& path, NameTable& names) {
  names.require(f.body, pointerChild(path, "body"));
}

// A connector's ends: bodies, walls or the Scrim, not the same twice. (An empty name
// was reported missing by the parser.) Whether one end can move is the build's check.
void checkConnector(const ConnectorEnds& e, const std::string& path, NameTable& names) {
  for (const auto& [name, key] : {std::pair{&e.body1, "body1"}, std::pair{&e.body2, "body2"}})
    if (!name->empty()) names.require(*name, pointerChild(path, key), /*scrimAllowed=*/true);
  if (!e.body1.empty() && e.body1 == e.body2)
    names.report(
        pointerChild(path, "body2"),
        fmt::format("a connector joins two different bodies; both ends are '{}'", e.body1));
}

}  // namespace

const std::vector<std::string>& wallNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const Polygon& p : shapes::walls(1.0, 1.0).bodies) out.push_back(p.name());
    return out;
  }();
  return names;
}

void checkSceneNames(const SceneDoc& doc, const DocOrigin& origin,
                     std::vector<JsonProblem>& problems) {
  NameTable names(doc, origin, problems);
  for (std::size_t i = 0; i < doc.bodies.size(); ++i) {
    const auto& list = doc.bodies[i].nonCollide;
    if (!list) continue;
    names.requireEach(*list, pointerChild(pointerChild("/bodies", i), "non_collide"),
                      "non_collide");
  }
  if (doc.forces)
    for (std::size_t i = 0; i < doc.forces->size(); ++i) {
      const std::string path = pointerChild("/forces", origin.forcePath(i));
      std::visit([&](const auto& f) { checkForce(f, path, names); }, (*doc.forces)[i]);
    }
  if (doc.connectors)
    for (std::size_t i = 0; i < doc.connectors->size(); ++i) {
      const std::string path = pointerChild("/connectors", origin.connectorPath(i));
      std::visit([&](const auto& c) { checkConnector(c.ends, path, names); }, (*doc.connectors)[i]);
    }
}

}  // namespace cl
