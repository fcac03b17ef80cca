#pragma once
// Names of an enum's values, listed once beside the enum. A named enum E declares
//   inline constexpr NamedValue<E> kENames[] = {{E::A, "a"}, ...};
//   constexpr std::span<const NamedValue<E>> namesOf(E) { return kENames; }
// and nameOf, fromName and fromLooseName below serve every such enum (namesOf is found by
// argument-dependent lookup). Scene files, LCP files, the CLI and the workbench's menus
// all enumerate the values through namesOf, so a new value is one line of its list.
#include <cctype>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cl {

template <typename E>
struct NamedValue {
  E value;
  const char* name;
};

template <typename E>
constexpr std::span<const NamedValue<E>> valuesOf() {
  return namesOf(E{});
}

// Every value, in the list's order.
template <typename E>
std::vector<E> allValues() {
  std::vector<E> out;
  for (const NamedValue<E>& n : valuesOf<E>()) out.push_back(n.value);
  return out;
}

// The value's name ("?" for a value outside the list).
template <typename E>
const char* nameOf(E e) {
  for (const NamedValue<E>& n : valuesOf<E>())
    if (n.value == e) return n.name;
  return "?";
}

// The value named exactly `name` (files take only the canonical spelling, so that saving
// writes back what was read).
template <typename E>
std::optional<E> fromName(std::string_view name) {
  for (const NamedValue<E>& n : valuesOf<E>())
    if (name == n.name) return n.value;
  return std::nullopt;
}

// The same, ignoring case and taking '-' and '_' alike: for names typed on a command line.
template <typename E>
std::optional<E> fromLooseName(std::string_view name) {
  const auto fold = [](std::string_view s) {
    std::string out;
    for (const char c : s)
      out += c == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  const std::string key = fold(name);
  for (const NamedValue<E>& n : valuesOf<E>())
    if (key == fold(n.name)) return n.value;
  return std::nullopt;
}

// "'a', 'b', 'c'": the names, for messages.
template <typename E>
std::string nameList() {
  std::string out;
  for (const NamedValue<E>& n : valuesOf<E>()) {
    if (!out.empty()) out += ", ";
    out += '\'';
    out += n.name;
    out += '\'';
  }
  return out;
}

}  // namespace cl
