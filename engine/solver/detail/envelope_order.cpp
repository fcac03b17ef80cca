#include "engine/solver/detail/envelope_order.h"

#include <algorithm>
#include <cstddef>

namespace cl {

std::vector<int> envelopeOrder(std::span<const int> members, const std::vector<int>& colStart,
                               const std::vector<int>& nzRow) {
  const auto m = static_cast<int>(members.size());
  const int n = colStart.empty() ? 0 : static_cast<int>(colStart.size()) - 1;
  // place[i]: i's position in `members`, or -1 for a contact not in the set.
  std::vector<int> place(static_cast<std::size_t>(n), -1);
  for (int p = 0; p < m; ++p) place[static_cast<std::size_t>(members[p])] = p;
  // The graph by positions: each member's neighbours in the set (the diagonal left out).
  std::vector<int> start(static_cast<std::size_t>(m) + 1, 0), next;
  std::size_t entries = 0;
  for (const int j : members) entries += static_cast<std::size_t>(colStart[j + 1] - colStart[j]);
  next.reserve(entries);
  for (int p = 0; p < m; ++p) {
    const int j = members[p];
    for (int e = colStart[j]; e < colStart[j + 1]; ++e) {
      const int q = place[static_cast<std::size_t>(nzRow[e])];
      if (q >= 0 && q != p) next.push_back(q);
    }
    start[p + 1] = static_cast<int>(next.size());
  }
  const auto degree = [&](int p) { return start[p + 1] - start[p]; };
  const auto byDegree = [&](int x, int y) {
    return degree(x) != degree(y) ? degree(x) < degree(y) : x < y;
  };
  std::vector<int> roots(static_cast<std::size_t>(m));
  for (int p = 0; p < m; ++p) roots[p] = p;
  std::sort(roots.begin(), roots.end(), byDegree);
  std::vector<int> order;  // positions, breadth first
  order.reserve(static_cast<std::size_t>(m));
  std::vector<bool> seen(static_cast<std::size_t>(m), false);
  for (const int root : roots) {
    if (seen[root]) continue;
    seen[root] = true;
    order.push_back(root);
    for (std::size_t head = order.size() - 1; head < order.size(); ++head) {
      const int p = order[head];
      const auto first = order.size();
      for (int e = start[p]; e < start[p + 1]; ++e)
        if (!seen[next[e]]) {
          seen[next[e]] = true;
          order.push_back(next[e]);
        }
      std::sort(order.begin() + static_cast<std::ptrdiff_t>(first), order.end(), byDegree);
    }
  }
  std::vector<int> out(static_cast<std::size_t>(m));
  for (int r = 0; r < m; ++r) out[r] = members[order[m - 1 - r]];
  return out;
}

}  // namespace cl
