#include "engine/run/state_json.h"

#include <fmt/format.h>

#include <limits>
#include <memory>

#include "engine/body/body_state.h"
#include "engine/contact/contact_sim.h"
#include "engine/io/detail/field_reader.h"
#include "engine/io/detail/json_read.h"
#include "engine/io/text_file.h"
#include "engine/run/sim_state.h"

namespace cl {

namespace {

nlohmann::ordered_json pair(Vec2 v) {
  return nlohmann::ordered_json::array({v.x, v.y});
}

[[noreturn]] void fail(const std::string& source, const std::vector<JsonProblem>& problems) {
  throw StateFileError(
      fmt::format("{}: not a usable state file:{}", source, listProblems(problems)));
}

}  // namespace

nlohmann::ordered_json stateJson(const SimState& state, long long steps) {
  const std::unique_ptr<RigidBodySim> sim = state.structure->clone();
  restoreState(*sim, state);
  return stateJson(*sim, steps);
}

nlohmann::ordered_json stateJson(const RigidBodySim& sim, long long steps) {
  nlohmann::ordered_json j;
  const EnergyInfo e = sim.energy();
  j["format"] = "contactlab-state";
  j["version"] = kStateFormatVersion;
  j["time"] = sim.time();
  j["steps"] = steps;
  j["energy"] = {{"kinetic", e.kinetic()},
                 {"translational", e.translational},
                 {"rotational", e.rotational},
                 {"potential", e.potential},
                 {"total", e.total()}};
  // The run's books, carried on by a run from this state (absent without friction).
  if (e.frictionLoss != 0.0) j["friction_loss"] = e.frictionLoss;
  auto& bodies = j["bodies"] = nlohmann::ordered_json::array();
  for (int i = 0; i < sim.bodyCount(); ++i) {
    const BodyState s = sim.bodyState(i);
    bodies.push_back({{"name", sim.bodies()[i].name()},
                      {"x", s.x},
                      {"vx", s.vx},
                      {"y", s.y},
                      {"vy", s.vy},
                      {"angle", s.angle},
                      {"omega", s.omega}});
  }
  j["random"] = sim.random().seed();
  if (const auto* contactSim = dynamic_cast<const ContactSim*>(&sim)) {
    auto& carriers = j["warm_start"] = nlohmann::ordered_json::array();
    for (const WarmStart::Carrier& c : contactSim->warmStartMemory().carriers()) {
      nlohmann::ordered_json carrier = {
          {"low", c.low}, {"high", c.high}, {"point", pair(c.point)}, {"normal", pair(c.normal)}};
      // The friction warm start's forces, only where it remembered them (friction solves).
      if (c.force != 0 || c.friction != 0) {
        carrier["force"] = c.force;
        carrier["friction"] = c.friction;
      }
      if (c.heldStatic) carrier["held_static"] = true;
      if (c.heldCompliant) carrier["held_compliant"] = true;
      carriers.push_back(std::move(carrier));
    }
  }
  return j;
}

SavedState parseStateJson(std::string_view text, const std::string& source) {
  JsonReadResult read = readJson(text);
  if (!read.problems.empty()) fail(source, read.problems);
  std::vector<JsonProblem> problems;
  FieldReader top(*read.value, "", problems, "the state");
  if (!top.isObject()) fail(source, problems);
  SavedState out;
  if (const auto format = top.string("format", Need::kRequired);
      format && *format != "contactlab-state")
    top.report(top.fieldPath("format"),
               fmt::format("'format' must be \"contactlab-state\", got \"{}\"", *format));
  top.integer("version", Need::kRequired, 1, kStateFormatVersion);
  if (const auto t = top.number("time", Need::kRequired)) out.time = *t;
  if (const auto n = top.integer("steps", Need::kRequired, 0, kMaxStepCount)) out.steps = *n;
  top.object("energy", Need::kOptional);  // written for people; the state does not need it
  if (const auto loss = top.number("friction_loss", Need::kOptional)) out.frictionLoss = *loss;
  if (const auto r =
          top.integer("random", Need::kRequired, 0, std::numeric_limits<std::uint32_t>::max()))
    out.random = static_cast<std::uint32_t>(*r);
  if (const nlohmann::json* bodies = top.array("bodies", Need::kRequired)) {
    for (std::size_t i = 0; i < bodies->size(); ++i) {
      FieldReader b((*bodies)[i], pointerChild(top.fieldPath("bodies"), i), problems, "a body");
      if (!b.isObject()) continue;
      SavedState::Body body;
      if (const auto name = b.string("name", Need::kRequired)) body.name = *name;
      for (auto [key, field] : {std::pair{"x", &body.x},
                                {"vx", &body.vx},
                                {"y", &body.y},
                                {"vy", &body.vy},
                                {"angle", &body.angle},
                                {"omega", &body.omega}})
        if (const auto v = b.number(key, Need::kRequired)) *field = *v;
      b.rejectUnknown();
      out.bodies.push_back(std::move(body));
    }
  }
  if (const nlohmann::json* memory = top.array("warm_start", Need::kOptional)) {
    std::vector<WarmStart::Carrier> carriers;
    for (std::size_t i = 0; i < memory->size(); ++i) {
      FieldReader c((*memory)[i], pointerChild(top.fieldPath("warm_start"), i), problems,
                    "a warm-start carrier");
      if (!c.isObject()) continue;
      WarmStart::Carrier carrier;
      // Body indices; -1 is the Scrim (fixed ground).
      const auto low = c.integer("low", Need::kRequired, -1, std::numeric_limits<int>::max());
      const auto high = c.integer("high", Need::kRequired, -1, std::numeric_limits<int>::max());
      const auto point = c.point("point", Need::kRequired);
      const auto normal = c.point("normal", Need::kRequired);
      const auto force = c.number("force", Need::kOptional);
      const auto friction = c.number("friction", Need::kOptional);
      const auto heldStatic = c.boolean("held_static", Need::kOptional);
      const auto heldCompliant = c.boolean("held_compliant", Need::kOptional);
      c.rejectUnknown();
      if (!low || !high || !point || !normal) continue;
      carrier.low = static_cast<int>(*low);
      carrier.high = static_cast<int>(*high);
      carrier.point = *point;
      carrier.normal = *normal;
      carrier.force = force.value_or(0.0);
      carrier.friction = friction.value_or(0.0);
      carrier.heldCompliant = heldCompliant.value_or(false);
      // A held compliant solve was held static (older files marked only those).
      carrier.heldStatic = heldStatic.value_or(false) || carrier.heldCompliant;
      carriers.push_back(carrier);
    }
    out.warmStart.emplace();
    out.warmStart->restore(std::move(carriers));
  }
  top.rejectUnknown(" for a state file");
  if (!problems.empty()) fail(source, problems);
  return out;
}

SavedState readStateFile(const std::filesystem::path& path) {
  try {
    return parseStateJson(readTextFile(path), path.string());
  } catch (const FileReadError& e) {
    throw StateFileError(fmt::format("{}: {}", path.string(), e.what()));
  }
}

void restoreSavedState(RigidBodySim& sim, const SavedState& saved, const std::string& source) {
  const int n = sim.bodyCount();
  if (static_cast<int>(saved.bodies.size()) != n)
    throw StateFileError(fmt::format(
        "{}: the state has {} bodies but the scene has {}: it is the state of another scene",
        source, saved.bodies.size(), n));
  for (int i = 0; i < n; ++i)
    if (saved.bodies[static_cast<std::size_t>(i)].name !=
        sim.bodies()[static_cast<std::size_t>(i)].name())
      throw StateFileError(fmt::format(
          "{}: body {} of the state is '{}' but the scene's is '{}': it is the state of another "
          "scene (or of its bodies in another order)",
          source, i + 1, saved.bodies[static_cast<std::size_t>(i)].name,
          sim.bodies()[static_cast<std::size_t>(i)].name()));
  const auto* contactSim = dynamic_cast<const ContactSim*>(&sim);
  for (const WarmStart::Carrier& c :
       saved.warmStart ? saved.warmStart->carriers() : std::vector<WarmStart::Carrier>{})
    if (c.low < -1 || c.high >= n || c.low >= c.high)
      throw StateFileError(fmt::format(
          "{}: a warm-start carrier names bodies {} and {}, not a pair of the scene's {} bodies",
          source, c.low, c.high, n));
  // A fixed body (infinite mass) does not move: a velocity would carry it off.
  for (int i = 0; i < n; ++i) {
    const SavedState::Body& b = saved.bodies[static_cast<std::size_t>(i)];
    if (sim.bodies()[static_cast<std::size_t>(i)].isFixed() &&
        (b.vx != 0 || b.vy != 0 || b.omega != 0))
      throw StateFileError(fmt::format(
          "{}: body '{}' is fixed (infinite mass) but the state gives it a velocity (vx {}, vy "
          "{}, omega {})",
          source, b.name, b.vx, b.vy, b.omega));
  }
  SimState state;
  state.time = saved.time;
  state.frictionLoss = saved.frictionLoss;
  state.vars = sim.vars();
  for (int i = 0; i < n; ++i) {
    const SavedState::Body& b = saved.bodies[static_cast<std::size_t>(i)];
    BodyState{b.x, b.vx, b.y, b.vy, b.angle, b.omega}.toVars(state.vars, i);
  }
  state.random.setSeed(saved.random);
  if (contactSim && saved.warmStart) state.warmStart = *saved.warmStart;
  restoreState(sim, state);
}

}  // namespace cl
