#include "engine/settings/sim_settings.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <type_traits>

namespace cl {

const SettingInfo* findSetting(std::string_view key) {
  for (const SettingInfo& info : kSettingInfos)
    if (info.key == key) return &info;
  return nullptr;
}

std::string settingValueProblem(const SettingInfo& info, double v) {
  const bool finite = std::isfinite(v);
  switch (info.check) {
    case SettingCheck::kNone:
      if (finite) return {};
      return fmt::format("'{}' must be a finite number, got {}", info.key, v);
    case SettingCheck::kPositive:
      if (finite && v > 0) return {};
      return fmt::format("'{}' must be positive{}, got {}", info.key, finite ? "" : " and finite",
                         v);
    case SettingCheck::kOpenUnitInterval:
      if (v > 0 && v <= 1) return {};
      return fmt::format("'{}' must be in (0, 1], got {}", info.key, v);
    case SettingCheck::kTimeStep:
      if (v >= kMinTimeStep && v <= kMaxTimeStep) return {};
      return fmt::format("'{}' must be from {:g} to {:g} s, got {}", info.key, kMinTimeStep,
                         kMaxTimeStep, v);
  }
  return {};
}

namespace {

// `text` as a whole number of type T (nothing else around it), if it is one.
template <typename T>
std::optional<T> parseWhole(std::string_view text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::string setSettingFromText(SimSettings& settings, std::string_view key, std::string_view text) {
  if (!findSetting(key)) {
    std::string keys;
    for (const SettingInfo& info : kSettingInfos)
      keys += fmt::format("{}{}", keys.empty() ? "" : ", ", info.key);
    return fmt::format("unknown setting '{}'; the settings are {}", key, keys);
  }
  std::string problem;
  forEachSetting([&](const SettingInfo& info, auto value, auto) {
    if (info.key != key) return;
    using T = std::decay_t<decltype(settings.*value)>;
    if constexpr (std::is_same_v<T, bool>) {
      if (text == "true" || text == "on" || text == "1")
        settings.*value = true;
      else if (text == "false" || text == "off" || text == "0")
        settings.*value = false;
      else
        problem = fmt::format("'{}' takes true or false, got '{}'", key, text);
    } else if constexpr (std::is_same_v<T, double>) {
      const auto v = parseWhole<double>(text);
      if (!v) {
        problem = fmt::format("'{}' takes a number, got '{}'", key, text);
        return;
      }
      problem = settingValueProblem(info, *v);
      if (problem.empty()) settings.*value = *v;
    } else if constexpr (std::is_same_v<T, std::uint32_t>) {
      const auto v = parseWhole<std::uint32_t>(text);
      if (!v)
        problem = fmt::format("'{}' takes a whole number from 0 to {}, got '{}'", key,
                              std::numeric_limits<std::uint32_t>::max(), text);
      else
        settings.*value = *v;
    } else {
      const auto v = fromLooseName<T>(text);
      if (!v)
        problem = fmt::format("unknown {} '{}'; expected {}", key, text, nameList<T>());
      else
        settings.*value = *v;
    }
  });
  return problem;
}

SimSettings settingsOf(const SettingsDoc& doc) {
  SimSettings s;
  overlaySettings(s, doc);
  return s;
}

void overlaySettings(SimSettings& settings, const SettingsDoc& given) {
  forEachSetting([&](const SettingInfo&, auto value, auto member) {
    if (given.*member) settings.*value = *(given.*member);
  });
}

SettingsDoc settingsChanged(const SimSettings& from, const SimSettings& to) {
  SettingsDoc changed;
  forEachSetting([&](const SettingInfo&, auto value, auto member) {
    if (!(from.*value == to.*value)) changed.*member = to.*value;
  });
  return changed;
}

namespace {

// Which settings an object holds: ContactSim the Contact ones, AdvanceStrategy the Advance
// ones (Build settings are held by nothing that runs).
template <typename Holder>
constexpr SettingHolder kHolderOf = SettingHolder::kBuild;
template <>
constexpr SettingHolder kHolderOf<ContactSim> = SettingHolder::kContact;
template <>
constexpr SettingHolder kHolderOf<AdvanceStrategy> = SettingHolder::kAdvance;

// One statement per line of the list, kept only for the settings `h` holds (a discarded
// `if constexpr` branch is never instantiated, so the others need no getter on it).
template <typename Holder>
void applyTo(Holder& h, const SimSettings& settings) {
#define CL_X(type, member, def, holder, getter, setter, key, label, since, check, ctl, help) \
  if constexpr (SettingHolder::k##holder == kHolderOf<Holder>) {                             \
    if (h.getter() != settings.member) h.setter(settings.member);                            \
  }
  CL_SIM_SETTINGS(CL_X)
#undef CL_X
}

template <typename Holder>
void readFrom(const Holder& h, SimSettings& settings) {
#define CL_X(type, member, def, holder, getter, setter, key, label, since, check, ctl, help) \
  if constexpr (SettingHolder::k##holder == kHolderOf<Holder>) settings.member = h.getter();
  CL_SIM_SETTINGS(CL_X)
#undef CL_X
}

}  // namespace

void applySettings(RigidBodySim& sim, const SimSettings& settings) {
  if (auto* contact = dynamic_cast<ContactSim*>(&sim)) applyTo(*contact, settings);
}

void applySettings(AdvanceStrategy& advance, const SimSettings& settings) {
  applyTo(advance, settings);
}

void readSettings(const RigidBodySim& sim, SimSettings& settings) {
  if (const auto* contact = dynamic_cast<const ContactSim*>(&sim)) readFrom(*contact, settings);
}

void readSettings(const AdvanceStrategy& advance, SimSettings& settings) {
  readFrom(advance, settings);
}

std::string settingsConflict(const SimSettings& settings) {
  if (settings.advance != AdvanceKind::kCollisionAdvance &&
      settings.engineMode != EngineMode::kContact)
    return fmt::format("advance '{}' computes contact forces and needs engine 'contact', not '{}'",
                       nameOf(settings.advance), nameOf(settings.engineMode));
  return {};
}

std::string settingsProblem(const SimSettings& settings) {
  std::string problem;
  forEachSetting([&](const SettingInfo& info, auto value, auto) {
    using T = std::decay_t<decltype(settings.*value)>;
    if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>)
      if (problem.empty())
        problem = settingValueProblem(info, static_cast<double>(settings.*value));
  });
  return problem.empty() ? settingsConflict(settings) : problem;
}

}  // namespace cl
