#pragma once
// Dispatch on the JSON tag ("kind", "shape") of a kind-tagged SceneDoc variant:
// each alternative carries its tag in kKind, so adding an alternative to the
// variant is all the dispatch needs.
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

namespace cl {

// Calls f(std::type_identity<T>{}) for the alternative T of Variant whose kKind
// is `kind`; false when there is none.
template <typename Variant, typename F>
bool visitKind(std::string_view kind, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return ((std::variant_alternative_t<I, Variant>::kKind == kind
                 ? (f(std::type_identity<std::variant_alternative_t<I, Variant>>{}), true)
                 : false) ||
            ...);
  }
  (std::make_index_sequence<std::variant_size_v<Variant>>{});
}

// Every tag of Variant, quoted and comma separated, for messages.
template <typename Variant>
std::string kindList() {
  std::string out;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((out += (I ? ", '" : "'"), out += std::variant_alternative_t<I, Variant>::kKind, out += '\''),
     ...);
  }
  (std::make_index_sequence<std::variant_size_v<Variant>>{});
  return out;
}

}  // namespace cl
