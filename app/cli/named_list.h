#pragma once
// Arguments that name values of a named enum (engine/math/named_enum.h): the --solver of
// solve-lcp and compare (LCP solvers), the --advance of compare-runs (ways of advancing). One
// name (any case, '-' for '_'), a comma-separated list of them, or "all".
#include <fmt/format.h>

#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "engine/math/named_enum.h"

namespace cl::cli {

// The values named, in the order given; nullopt with a message on stderr (naming `what` and
// the names it takes) for a name that is not one of them.
template <typename E>
std::optional<std::vector<E>> valuesNamed(const std::string& text, const char* what) {
  if (text == "all") return allValues<E>();
  std::vector<E> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string name = text.substr(start, comma - start);
    const std::optional<E> value = fromLooseName<E>(name);
    if (!value) {
      std::cerr << fmt::format("error: unknown {} \"{}\" (all, or one or more of {})\n", what, name,
                               nameList<E>());
      return std::nullopt;
    }
    out.push_back(*value);
    start = comma + 1;
  }
  return out;
}

}  // namespace cl::cli
