#include "engine/collision/detail/record_pruning.h"

#include <algorithm>
#include <cmath>

namespace cl {

namespace {

// The two bodies of the pair, by index.
struct PairBodies {
  const Polygon& a;
  int ia;
  const Polygon& b;
  const Polygon& operator()(int index) const { return index == ia ? a : b; }
};

// The edges a record touches: a vertex touches the two edges meeting at it.
TouchedEdges touchedEdges(const RigidBodyCollision& c, const PairBodies& bodies) {
  TouchedEdges f;
  auto addVertex = [&](int body, int vi) {
    const Vertex& v = bodies(body).vertices()[vi];
    f.add({body, {v.path, v.edge1}});
    f.add({body, {v.path, v.edge2}});
  };
  if (c.vertex >= 0) addVertex(c.primaryBody, c.vertex);
  if (c.normalVertex >= 0) addVertex(c.normalBody, c.normalVertex);
  if (c.primaryEdge.valid()) f.add({c.primaryBody, c.primaryEdge});
  if (c.normalEdge.valid()) f.add({c.normalBody, c.normalEdge});
  return f;
}

// Rule 1: the decorated vertex lies on one edge (edge1 == edge2); an edge/edge record
// between that edge and the same edge of the other body, in either role, supersedes it.
bool supersededDecorated(const RigidBodyCollision& c, std::span<const RigidBodyCollision> recs,
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

// Removes the records marked in `drop`, keeping the order of the rest; returns how many
// are left.
std::size_t eraseMarked(std::span<RigidBodyCollision> recs, const std::vector<char>& drop) {
  std::size_t k = 0;
  for (std::size_t i = 0; i < recs.size(); ++i)
    if (!drop[i]) {
      if (k != i) recs[k] = std::move(recs[i]);
      ++k;
    }
  return k;
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

bool sameGap(const RigidBodyCollision& a, const RigidBodyCollision& b, const TouchedEdges& fa,
             const TouchedEdges& fb) {
  if (std::abs(dot(a.normal, b.normal)) < 0.9) return false;
  const double near = std::max(nearness(a, a.distanceTol), nearness(b, b.distanceTol));
  if ((a.impact1 - b.impact1).lengthSquared() > near * near) return false;
  return fa.shares(fb);
}

// Rule 2.
std::size_t removeDuplicates(std::span<RigidBodyCollision> recs, const PairBodies& bodies,
                             PruneBuffers& buf) {
  buf.touched.clear();
  for (const auto& r : recs) buf.touched.push_back(touchedEdges(r, bodies));
  buf.drop.assign(recs.size(), 0);
  for (std::size_t i = 0; i < recs.size(); ++i) {
    if (buf.drop[i]) continue;
    for (std::size_t j = i + 1; j < recs.size(); ++j) {
      if (buf.drop[j] || !sameGap(recs[i], recs[j], buf.touched[i], buf.touched[j])) continue;
      if (recs[j].distance < recs[i].distance) {
        buf.drop[i] = 1;
        break;
      }
      buf.drop[j] = 1;
    }
  }
  return eraseMarked(recs, buf.drop);
}

}  // namespace

bool TouchedEdges::shares(const TouchedEdges& o) const {
  for (int i = 0; i < count; ++i)
    for (int j = 0; j < o.count; ++j)
      if (edges[i] == o.edges[j]) return true;
  return false;
}

std::size_t pruneRecords(std::span<RigidBodyCollision> recs, const Polygon& a, int ia,
                         const Polygon& b, PruneBuffers& buffers) {
  // One record has nothing to give way to (rule 1 needs an edge/edge record besides a
  // decorated-vertex one, rule 2 two records).
  if (recs.size() < 2) return recs.size();
  const PairBodies bodies{a, ia, b};
  // Decide every record against the full list before removing any.
  buffers.drop.resize(recs.size());
  for (std::size_t i = 0; i < recs.size(); ++i)
    buffers.drop[i] = supersededDecorated(recs[i], recs, bodies);
  const std::size_t kept = eraseMarked(recs, buffers.drop);
  return removeDuplicates(recs.first(kept), bodies, buffers);
}

void pruneRecords(std::vector<RigidBodyCollision>& recs, const Polygon& a, int ia,
                  const Polygon& b) {
  PruneBuffers buffers;
  recs.resize(pruneRecords(std::span<RigidBodyCollision>(recs), a, ia, b, buffers));
}

}  // namespace cl
