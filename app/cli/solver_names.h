#pragma once
// The --solver argument of solve-lcp and compare: one registered solver's name (any case,
// '-' for '_'), a comma-separated list of them, or "all".
#include <fmt/format.h>

#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "engine/math/named_enum.h"
#include "engine/solver/lcp_solver.h"

namespace cl::cli {

// The solvers named, in the order given; nullopt with a message on stderr for a name that
// is not registered.
inline std::optional<std::vector<LcpSolverKind>> solversNamed(const std::string& text) {
  std::vector<LcpSolverKind> out;
  if (text == "all") {
    for (const auto& n : kLcpSolverNames) out.push_back(n.value);
    return out;
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string name = text.substr(start, comma - start);
    const std::optional<LcpSolverKind> kind = fromLooseName<LcpSolverKind>(name);
    if (!kind) {
      std::cerr << fmt::format("error: unknown solver \"{}\" (all, or one or more of {})\n", name,
                               nameList<LcpSolverKind>());
      return std::nullopt;
    }
    out.push_back(*kind);
    start = comma + 1;
  }
  return out;
}

}  // namespace cl::cli
