#include "engine/edit/sim_edit_json.h"

#include <fmt/format.h>

#include <climits>
#include <iterator>
#include <variant>

#include "engine/io/detail/field_reader.h"
#include "engine/math/overloaded.h"
#include "engine/scene/detail/scene_parse.h"
#include "engine/scene/scene_write.h"

namespace cl {
namespace {

using OJson = nlohmann::ordered_json;

// The "kind" of each alternative of SimEdit, in the variant's order.
constexpr const char* kEditKinds[] = {"gravity",
                                      "elasticity",
                                      "damping",
                                      "thrust",
                                      "settings",
                                      "body_state",
                                      "attach_mouse_spring",
                                      "move_mouse_spring",
                                      "release_mouse_spring",
                                      "fire_thrusters"};
static_assert(std::size(kEditKinds) == std::variant_size_v<SimEdit>);

// Plain doubles, not jsonNumber: -0.0 must stay -0.0 for the rebuild to be bit for bit.
OJson point(Vec2 p) {
  return OJson::array({p.x, p.y});
}

// The alternative of SimEdit numbered `index`, default-constructed.
template <std::size_t I = 0>
SimEdit editOfIndex(std::size_t index) {
  if constexpr (I + 1 < std::variant_size_v<SimEdit>)
    if (index != I) return editOfIndex<I + 1>(index);
  return SimEdit(std::in_place_index<I>);
}

}  // namespace

OJson simEditToJson(const SimEdit& edit) {
  OJson j;
  j["kind"] = kEditKinds[edit.index()];
  std::visit(Overloaded{[&](const SetGravity& e) { j["g"] = e.g; },
                        [&](const SetElasticity& e) { j["elasticity"] = e.elasticity; },
                        [&](const SetDamping& e) { j["damping"] = e.k; },
                        [&](const SetThrust& e) { j["magnitude"] = e.magnitude; },
                        [&](const SetSettings& e) { j["settings"] = settingsDocToJson(e.changes); },
                        [&](const SetBodyState& e) {
                          j["body"] = e.body;
                          const BodyState& s = e.state;
                          j["state"] = OJson::array({s.x, s.vx, s.y, s.vy, s.angle, s.omega});
                        },
                        [&](const AttachMouseSpring& e) {
                          j["body"] = e.body;
                          j["attach"] = point(e.attach);
                          j["mouse"] = point(e.mouse);
                        },
                        [&](const MoveMouseSpring& e) { j["mouse"] = point(e.mouse); },
                        [](const ReleaseMouseSpring&) {},
                        [&](const FireThrusters& e) {
                          j["set"] = e.set;
                          j["direction"] = nameOf(e.direction);
                          j["on"] = e.on;
                        }},
             edit);
  return j;
}

std::optional<SimEdit> readSimEdit(const nlohmann::json& value, const std::string& path,
                                   std::vector<JsonProblem>& problems) {
  const std::size_t before = problems.size();
  FieldReader r(value, path, problems, "an edit");
  if (!r.isObject()) return std::nullopt;
  const std::optional<std::string> kind = r.string("kind", Need::kRequired);
  if (!kind) return std::nullopt;
  const auto* found = std::find_if(std::begin(kEditKinds), std::end(kEditKinds),
                                   [&](const char* k) { return *kind == k; });
  if (found == std::end(kEditKinds)) {
    std::string list;
    for (const char* k : kEditKinds) list += (list.empty() ? "'" : ", '") + std::string(k) + "'";
    r.report(r.fieldPath("kind"), fmt::format("unknown edit kind '{}'; expected {}{}", *kind, list,
                                              nearMissHint(*kind, kEditKinds)));
    return std::nullopt;
  }
  SimEdit edit = editOfIndex(static_cast<std::size_t>(found - std::begin(kEditKinds)));
  const auto number = [&](const char* key, double& out) {
    if (const auto v = r.number(key, Need::kRequired)) out = *v;
  };
  const auto point = [&](const char* key, Vec2& out) {
    if (const auto v = r.point(key, Need::kRequired)) out = *v;
  };
  const auto body = [&](int& out) {
    if (const auto v = r.integer("body", Need::kRequired, 0, INT_MAX)) out = static_cast<int>(*v);
  };
  std::visit(
      Overloaded{
          [&](SetGravity& e) { number("g", e.g); },
          [&](SetElasticity& e) { number("elasticity", e.elasticity); },
          [&](SetDamping& e) { number("damping", e.k); },
          [&](SetThrust& e) { number("magnitude", e.magnitude); },
          [&](SetSettings& e) {
            if (const nlohmann::json* s = r.object("settings", Need::kRequired))
              e.changes =
                  readSettingsDoc(*s, r.fieldPath("settings"), kSceneFormatVersion, problems);
          },
          [&](SetBodyState& e) {
            body(e.body);
            const nlohmann::json* s = r.array("state", Need::kRequired);
            if (!s) return;
            const std::string at = r.fieldPath("state");
            if (s->size() != kVarsPerBody) {
              r.report(at, fmt::format("expected {} numbers (x, vx, y, vy, angle, omega), found {}",
                                       kVarsPerBody, s->size()));
              return;
            }
            double v[kVarsPerBody];
            for (std::size_t i = 0; i < s->size(); ++i)
              if (const auto x = readNumber((*s)[i], fmt::format("{}/{}", at, i),
                                            "a state variable", Range::kAny, problems))
                v[i] = *x;
            e.state = BodyState::fromVars(v, 0);
          },
          [&](AttachMouseSpring& e) {
            body(e.body);
            point("attach", e.attach);
            point("mouse", e.mouse);
          },
          [&](MoveMouseSpring& e) { point("mouse", e.mouse); }, [](ReleaseMouseSpring&) {},
          [&](FireThrusters& e) {
            if (const auto v = r.integer("set", Need::kRequired, 0, INT_MAX))
              e.set = static_cast<int>(*v);
            if (const auto on = r.boolean("on", Need::kRequired)) e.on = *on;
            const auto name = r.string("direction", Need::kRequired);
            if (!name) return;
            if (const auto d = fromName<ThrustDirection>(*name))
              e.direction = *d;
            else
              r.report(r.fieldPath("direction"), fmt::format("unknown direction '{}'; expected {}",
                                                             *name, nameList<ThrustDirection>()));
          }},
      edit);
  r.rejectUnknown(fmt::format(" for a '{}' edit", *kind));
  if (problems.size() > before) return std::nullopt;
  return edit;
}

}  // namespace cl
