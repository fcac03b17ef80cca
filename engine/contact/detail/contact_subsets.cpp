#include "engine/contact/detail/contact_subsets.h"

#include <algorithm>

#include "engine/contact/detail/contact_matrix.h"

namespace cl {

std::vector<std::vector<int>> contactSubsets(const std::vector<RigidBodyCollision>& contacts,
                                             std::span<const Polygon> bodies) {
  std::vector<std::vector<int>> subsets;
  std::vector<int> remaining(contacts.size());
  for (std::size_t k = 0; k < contacts.size(); ++k) remaining[k] = static_cast<int>(k);

  while (!remaining.empty()) {
    std::vector<int> subset{remaining.front()};
    std::vector<bool> taken(contacts.size(), false);
    taken[remaining.front()] = true;
    std::vector<int> members;  // movable bodies of the subset
    const auto addBody = [&](int body) {
      if (isMovableBody(bodies, body) &&
          std::find(members.begin(), members.end(), body) == members.end())
        members.push_back(body);
    };
    const auto isMember = [&](int body) {
      return std::find(members.begin(), members.end(), body) != members.end();
    };
    addBody(contacts[subset.front()].primaryBody);
    addBody(contacts[subset.front()].normalBody);

    std::size_t before = 0;
    do {
      before = subset.size();
      for (int k : remaining) {
        if (taken[k]) continue;
        const RigidBodyCollision& c = contacts[k];
        if (isMember(c.primaryBody) || isMember(c.normalBody)) {
          subset.push_back(k);
          taken[k] = true;
          addBody(c.primaryBody);
          addBody(c.normalBody);
        }
      }
    } while (subset.size() > before);

    std::erase_if(remaining, [&](int k) { return taken[k]; });
    subsets.push_back(std::move(subset));
  }
  return subsets;
}

}  // namespace cl
