#include "engine/contact/warm_start.h"

#include <algorithm>
#include <tuple>

namespace cl {

namespace {
// Normals within about 25 degrees (the test contact detection uses for one gap).
constexpr double kSameDirection = 0.9;

bool pairLess(const WarmStart::Carrier& x, const WarmStart::Carrier& y) {
  return std::tie(x.low, x.high) < std::tie(y.low, y.high);
}
}  // namespace

WarmStart::Carrier WarmStart::carrierOf(const RigidBodyCollision& c) {
  const Vec2 p2 = c.impact2 ? *c.impact2 : c.impact1;
  // The normal points out of the normal body; flip it when that body is the higher index.
  const bool normalIsLow = c.normalBody < c.primaryBody;
  return {std::min(c.primaryBody, c.normalBody), std::max(c.primaryBody, c.normalBody),
          (c.impact1 + p2) * 0.5, normalIsLow ? c.normal : -c.normal};
}

void WarmStart::collect(std::span<const RigidBodyCollision> contacts,
                        std::span<const double> forces, std::span<const double> frictions,
                        bool heldStatic, bool compliant) {
  for (std::size_t i = 0; i < contacts.size() && i < forces.size(); ++i) {
    if (!(forces[i] > 0)) continue;
    Carrier c = carrierOf(contacts[i]);
    if (i < frictions.size()) c.force = forces[i], c.friction = frictions[i];
    c.heldStatic = heldStatic;
    c.heldCompliant = heldStatic && compliant;
    mPending.push_back(c);
  }
}

void WarmStart::commit() {
  mCarriers.swap(mPending);
  mPending.clear();
  // By pair for guess()'s equal_range; the rest of the key only makes the order total, so
  // no stable sort (and its buffer) is needed for the same order every run.
  std::sort(mCarriers.begin(), mCarriers.end(), [](const Carrier& x, const Carrier& y) {
    return std::tie(x.low, x.high, x.point.x, x.point.y, x.normal.x, x.normal.y) <
           std::tie(y.low, y.high, y.point.x, y.point.y, y.normal.x, y.normal.y);
  });
}

std::vector<int> WarmStart::guess(std::span<const RigidBodyCollision> contacts,
                                  double matchDistance) const {
  std::vector<int> g;
  if (mCarriers.empty()) return g;
  const double d2 = matchDistance * matchDistance;
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const Carrier c = carrierOf(contacts[i]);
    const auto [first, last] = std::equal_range(mCarriers.begin(), mCarriers.end(), c, pairLess);
    const bool match = std::any_of(first, last, [&](const Carrier& m) {
      return (m.point - c.point).lengthSquared() <= d2 && dot(m.normal, c.normal) >= kSameDirection;
    });
    if (match) g.push_back(static_cast<int>(i));
  }
  return g;
}

std::vector<const WarmStart::Carrier*> WarmStart::match(
    std::span<const RigidBodyCollision> contacts, double matchDistance) const {
  std::vector<const Carrier*> found(contacts.size(), nullptr);
  const double d2 = matchDistance * matchDistance;
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const Carrier c = carrierOf(contacts[i]);
    const auto [first, last] = std::equal_range(mCarriers.begin(), mCarriers.end(), c, pairLess);
    double nearest = d2;
    for (auto m = first; m != last; ++m) {
      const double dist2 = (m->point - c.point).lengthSquared();
      if (dist2 <= nearest && dot(m->normal, c.normal) >= kSameDirection)
        nearest = dist2, found[i] = &*m;
    }
  }
  return found;
}

}  // namespace cl
