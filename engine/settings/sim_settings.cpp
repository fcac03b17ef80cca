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
    case SettingCheck::None:
      if (finite) return {};
      return fmt::format("'{}' must be a finite number, got {}", info.key, v);
    case SettingCheck::Positive:
      if (finite && v > 0) return {};
      return fmt::format("'{}' must be positive{}, got {}", info.key, finite ? "" : " and finite",
                         v);
    case SettingCheck::OpenUnitInterval:
      if (v > 0 && v <= 1) return {};
      return fmt::format("'{}' must be in (0, 1], got {}", info.key, v);
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

// Each line of the list expands to a statement for its holder; the other holders' lines
// expand to nothing.
#define CL_APPLY_Contact(getter, setter, member) \
  if (contact->getter() != settings.member) contact->setter(settings.member);
#define CL_APPLY_Advance(getter, setter, member)
#define CL_APPLY_Build(getter, setter, member)

void applySettings(RigidBodySim& sim, const SimSettings& settings) {
  auto* contact = dynamic_cast<ContactSim*>(&sim);
  if (!contact) return;
#define CL_X(type, member, def, holder, getter, setter, key, label, since, check, ctl, help) \
  CL_APPLY_##holder(getter, setter, member)
  CL_SIM_SETTINGS(CL_X)
#undef CL_X
}

#undef CL_APPLY_Contact
#undef CL_APPLY_Advance
#define CL_APPLY_Contact(getter, setter, member)
#define CL_APPLY_Advance(getter, setter, member) \
  if (advance.getter() != settings.member) advance.setter(settings.member);

void applySettings(AdvanceStrategy& advance, const SimSettings& settings) {
#define CL_X(type, member, def, holder, getter, setter, key, label, since, check, ctl, help) \
  CL_APPLY_##holder(getter, setter, member)
  CL_SIM_SETTINGS(CL_X)
#undef CL_X
}

#undef CL_APPLY_Contact
#undef CL_APPLY_Advance
#undef CL_APPLY_Build

#define CL_READ_Contact(getter, member) settings.member = contact->getter();
#define CL_READ_Advance(getter, member)
#define CL_READ_Build(getter, member)

void readSettings(const RigidBodySim& sim, SimSettings& settings) {
  const auto* contact = dynamic_cast<const ContactSim*>(&sim);
  if (!contact) return;
#define CL_X(type, member, def, holder, getter, setter, key, label, since, check, ctl, help) \
  CL_READ_##holder(getter, member)
  CL_SIM_SETTINGS(CL_X)
#undef CL_X
}

#undef CL_READ_Contact
#undef CL_READ_Advance
#define CL_READ_Contact(getter, member)
#define CL_READ_Advance(getter, member) settings.member = advance.getter();

void readSettings(const AdvanceStrategy& advance, SimSettings& settings) {
#define CL_X(type, member, def, holder, getter, setter, key, label, since, check, ctl, help) \
  CL_READ_##holder(getter, member)
  CL_SIM_SETTINGS(CL_X)
#undef CL_X
}

#undef CL_READ_Contact
#undef CL_READ_Advance
#undef CL_READ_Build

}  // namespace cl
