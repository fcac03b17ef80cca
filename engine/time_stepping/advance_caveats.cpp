#include "engine/time_stepping/advance_caveats.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "engine/contact/contact_sim.h"
#include "engine/time_stepping/stability_caveats.h"

namespace cl {

std::vector<std::string> advanceCaveats(AdvanceKind kind, const RigidBodySim& sim) {
  if (kind == AdvanceKind::kCollisionAdvance) return {};
  // A collision's elasticity is the smaller of its two bodies' (impulse_lcp.h): a body's
  // restitution is lost where another body it can meet has some too.
  const auto elasticCount = std::count_if(sim.bodies().begin(), sim.bodies().end(),
                                          [](const Polygon& b) { return b.elasticity() > 0; });
  std::vector<std::string> elastic;
  for (const Polygon& b : sim.bodies())
    if (!b.isFixed() && b.elasticity() > 0 && elasticCount >= 2)
      elastic.push_back(fmt::format("'{}' ({})", b.name(), b.elasticity()));
  std::vector<std::string> out;
  const auto listed = [](const std::vector<std::string>& names, const char* more) {
    const std::size_t shown = std::min<std::size_t>(names.size(), 5);
    return fmt::format(
        "{}{}", fmt::join(names.begin(), names.begin() + static_cast<long>(shown), ", "),
        names.size() > shown ? fmt::format(" and {} more {}", names.size() - shown, more)
                             : std::string());
  };
  if (!elastic.empty()) {
    out.push_back(fmt::format(
        "advance '{}' cannot express restitution: its collisions are perfectly inelastic, so "
        "the elasticity of {} is not used",
        nameOf(kind), listed(elastic, "bodies")));
  }
  return out;
}

std::vector<std::string> engineCaveats(EngineMode mode, const RigidBodySim& sim) {
  std::vector<std::string> out;
  const auto* contactSim = dynamic_cast<const ContactSim*>(&sim);
  const std::size_t connectors = contactSim ? contactSim->connectors().size() : 0;
  if (mode == EngineMode::kRigidBody)
    out.push_back(fmt::format(
        "engine 'rigid_body' (RigidBodySim) looks for no collision or contact: bodies pass "
        "through each other{}",
        connectors > 0
            ? fmt::format(", and the {} connector(s) (joints, rods, ropes) do nothing", connectors)
            : std::string()));
  if (mode == EngineMode::kImpulse)
    out.push_back(fmt::format(
        "engine 'impulse' (ImpulseSim) applies no contact forces: a body that comes to rest on "
        "another is held up by collisions alone and gets stuck{}",
        connectors > 0
            ? fmt::format(", and the {} connector(s) hold only where a collision impulse "
                          "closes them",
                          connectors)
            : std::string()));
  return out;
}

std::vector<std::string> settingsCaveats(const SimSettings& settings, const RigidBodySim& sim) {
  std::vector<std::string> out = engineCaveats(settings.engineMode, sim);
  for (std::string& c : advanceCaveats(settings.advance, sim)) out.push_back(std::move(c));
  for (std::string& c : stabilityCaveats(settings, sim)) out.push_back(std::move(c));
  return out;
}

}  // namespace cl
