#include "engine/collision/record_pruning.h"

#include <algorithm>
#include <cmath>

namespace cl {

namespace {

// An edge of one of the two bodies.
struct BodyEdge {
  int body;
  EdgeRef edge;
  bool operator==(const BodyEdge&) const = default;
};

// The two bodies of the pair, by index.
struct PairBodies {
  const Polygon& a;
  int ia;
  const Polygon& b;
  const Polygon& operator()(int index) const { return index == ia ? a : b; }
};

// The edges a record touches: a vertex touches the two edges meeting at it.
std::vector<BodyEdge> touchedEdges(const RigidBodyCollision& c, const PairBodies& bodies) {
  std::vector<BodyEdge> f;
  auto addVertex = [&](int body, int vi) {
    const Vertex& v = bodies(body).vertices()[vi];
    f.push_back({body, {v.path, v.edge1}});
    f.push_back({body, {v.path, v.edge2}});
  };
  if (c.vertex >= 0) addVertex(c.primaryBody, c.vertex);
  if (c.normalVertex >= 0) addVertex(c.normalBody, c.normalVertex);
  if (c.primaryEdge.valid()) f.push_back({c.primaryBody, c.primaryEdge});
  if (c.normalEdge.valid()) f.push_back({c.normalBody, c.normalEdge});
  return f;
}

// Rule 1: the decorated vertex lies on one edge (edge1 == edge2); an edge/edge record
// between that edge and the same edge of the other body, in either role, supersedes it.
bool supersededDecorated(const RigidBodyCollision& c, const std::vector<RigidBodyCollision>& recs,
                         const PairBodies& bodies) {
  if (c.kind != CollisionKind::kVertexEdge || !c.decoratedVertex) return false;
  const Vertex& v = bodies(c.primaryBody).vertices()[c.vertex];
  const BodyEdge mine{c.primaryBody, {v.path, v.edge1}}, theirs{c.normalBody, c.normalEdge};
  return std::any_of(recs.begin(), recs.end(), [&](const RigidBodyCollision& e) {
    if (e.kind != CollisionKind::kEdgeEdge) return false;
    const BodyEdge e1{e.primaryBody, e.primaryEdge}, e2{e.normalBody, e.normalEdge};
    return (e1 == mine && e2 == theirs) || (e1 == theirs && e2 == mine);
  });
}

// Removes the records marked in `drop`, keeping the order of the rest.
void eraseMarked(std::vector<RigidBodyCollision>& recs, const std::vector<bool>& drop) {
  std::size_t k = 0;
  for (std::size_t i = 0; i < recs.size(); ++i)
    if (!drop[i]) {
      if (k != i) recs[k] = std::move(recs[i]);
      ++k;
    }
  recs.resize(k);
}

// How far apart two records of the same gap may be: the tolerance, or for a curved
// edge the half-width of the band where the arc stays within the tolerance of its
// tangent, sqrt(2 R tol).
double nearness(const RigidBodyCollision& c, double tol) {
  double r = 0;
  if (c.ballObject) r = std::max(r, std::abs(c.radius1));
  if (c.ballNormal) r = std::max(r, std::abs(c.radius2));
  return std::max(tol, std::sqrt(2.0 * r * tol));
}

bool sameGap(const RigidBodyCollision& a, const RigidBodyCollision& b,
             const std::vector<BodyEdge>& fa, const std::vector<BodyEdge>& fb) {
  if (std::abs(dot(a.normal, b.normal)) < 0.9) return false;
  const double near = std::max(nearness(a, a.distanceTol), nearness(b, b.distanceTol));
  if ((a.impact1 - b.impact1).lengthSquared() > near * near) return false;
  for (const BodyEdge& x : fa)
    if (std::find(fb.begin(), fb.end(), x) != fb.end()) return true;
  return false;
}

// Rule 2.
void removeDuplicates(std::vector<RigidBodyCollision>& recs, const PairBodies& bodies) {
  std::vector<std::vector<BodyEdge>> feats;
  feats.reserve(recs.size());
  for (const auto& r : recs) feats.push_back(touchedEdges(r, bodies));
  std::vector<bool> drop(recs.size(), false);
  for (std::size_t i = 0; i < recs.size(); ++i) {
    if (drop[i]) continue;
    for (std::size_t j = i + 1; j < recs.size(); ++j) {
      if (drop[j] || !sameGap(recs[i], recs[j], feats[i], feats[j])) continue;
      if (recs[j].distance < recs[i].distance) {
        drop[i] = true;
        break;
      }
      drop[j] = true;
    }
  }
  eraseMarked(recs, drop);
}

}  // namespace

void pruneRecords(std::vector<RigidBodyCollision>& recs, const Polygon& a, int ia,
                  const Polygon& b) {
  const PairBodies bodies{a, ia, b};
  // Decide every record against the full list before removing any.
  std::vector<bool> superseded(recs.size());
  for (std::size_t i = 0; i < recs.size(); ++i)
    superseded[i] = supersededDecorated(recs[i], recs, bodies);
  eraseMarked(recs, superseded);
  removeDuplicates(recs, bodies);
}

}  // namespace cl
