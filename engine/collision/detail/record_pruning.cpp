#include "engine/collision/detail/record_pruning.h"

#include <algorithm>
#include <cmath>

#include "engine/collision/detail/feature_gap.h"

namespace cl {

namespace {

// The two bodies of the pair, by index.
struct PairBodies {
  const Polygon& a;
  int ia;
  const Polygon& b;
  const Polygon& operator()(int index) const { return index == ia ? a : b; }
};

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

// Where engine2D places the contact, which its nearness test compares: a vertex against a
// straight edge at the vertex's foot on the edge (StraightEdge.findVertexContact), two arcs
// on the normal body's circle (CircleCircle), anything else at the primary's point.
Vec2 reportedImpact(const RigidBodyCollision& c) {
  const bool onNormalFeature = (c.kind == CollisionKind::kVertexEdge && !c.ballNormal) ||
                               (c.kind == CollisionKind::kEdgeEdge && c.ballNormal);
  return onNormalFeature ? c.impact2.value_or(c.impact1) : c.impact1;
}

// A vertex's curvature (engine2D's Vertex.getCurvature): the signed radius of the sharper
// arc among the edges meeting at it, infinite between straight edges. A record of a
// vertex (a decorated point of a ball, say) is no ballObject for the contact forces, but
// its nearness uses it, as engine2D's CornerEdgeCollision does.
double vertexCurvature(const Polygon& body, int vertex) {
  const Vertex& v = body.vertices()[vertex];
  double r = RigidBodyCollision::kNotCurved;
  for (const int e : {v.edge1, v.edge2})
    if (const auto* arc = std::get_if<CircularEdge>(&body.paths()[v.path].edges[e]))
      if (std::abs(signedRadius(*arc)) < std::abs(r)) r = signedRadius(*arc);
  return r;
}

// engine2D's UtilEngine.nearness: how far apart two records of one gap may lie. Between
// straight features the tolerance; with a curve, 2 sqrt(2 r tol) for the radius r that
// matters (a convex arc against a line, the smaller of two convex arcs, else the concave
// one).
double nearness(const RigidBodyCollision& c, const PairBodies& bodies) {
  const double r1 = c.ballObject ? c.radius1
                    : c.kind == CollisionKind::kVertexEdge
                        ? vertexCurvature(bodies(c.primaryBody), c.vertex)
                        : RigidBodyCollision::kNotCurved;
  const double r2 = c.ballNormal ? c.radius2 : RigidBodyCollision::kNotCurved;
  double r;
  if (std::isinf(r1))
    r = r2 > 0 ? r2 : r1;
  else if (std::isinf(r2))
    r = r1 > 0 ? r1 : r2;
  else if (r1 > 0 && r2 > 0)
    r = std::min(r1, r2);
  else
    r = r1 < 0 ? -r1 : -r2;
  if (!(r > 0) || std::isinf(r)) return c.distanceTol;
  return 2.0 * r * std::sqrt(2.0 * c.distanceTol / r);
}

// Whether record c involves the given vertex of the given body (a corner/corner record
// has two).
bool hasVertex(const RigidBodyCollision& c, int body, int vertex) {
  if (c.kind == CollisionKind::kVertexEdge || c.kind == CollisionKind::kVertexVertex)
    if (c.primaryBody == body && c.vertex == vertex) return true;
  return c.kind == CollisionKind::kVertexVertex && c.normalBody == body && c.normalVertex == vertex;
}

// Whether record c involves the given edge: a vertex/edge record its normal edge and the
// two edges meeting at its vertex, an edge/edge record its two edges, a corner/corner
// record none.
bool hasEdge(const RigidBodyCollision& c, const BodyEdge& e, const PairBodies& bodies) {
  switch (c.kind) {
    case CollisionKind::kVertexEdge: {
      if (e == BodyEdge{c.normalBody, c.normalEdge}) return true;
      const Vertex& v = bodies(c.primaryBody).vertices()[c.vertex];
      return e == BodyEdge{c.primaryBody, {v.path, v.edge1}} ||
             e == BodyEdge{c.primaryBody, {v.path, v.edge2}};
    }
    case CollisionKind::kEdgeEdge:
      return e == BodyEdge{c.primaryBody, c.primaryEdge} ||
             e == BodyEdge{c.normalBody, c.normalEdge};
    default:
      return false;
  }
}

// engine2D's similarTo of the new record c2 against the kept record c1: the same gap.
bool similar(const RigidBodyCollision& c2, const RigidBodyCollision& c1, const PairBodies& bodies) {
  const auto nearAndParallel = [&] {
    const double near = nearness(c2, bodies);
    return (reportedImpact(c2) - reportedImpact(c1)).lengthSquared() <= near * near &&
           std::abs(dot(c2.normal, c1.normal)) >= 0.9;
  };
  switch (c2.kind) {
    case CollisionKind::kVertexEdge: {
      if (hasVertex(c1, c2.primaryBody, c2.vertex)) return true;
      if (!hasEdge(c1, {c2.normalBody, c2.normalEdge}, bodies)) return false;
      const Vertex& v = bodies(c2.primaryBody).vertices()[c2.vertex];
      if (!hasEdge(c1, {c2.primaryBody, {v.path, v.edge1}}, bodies) &&
          !hasEdge(c1, {c2.primaryBody, {v.path, v.edge2}}, bodies))
        return false;
      return nearAndParallel();
    }
    case CollisionKind::kVertexVertex:
      return hasVertex(c1, c2.primaryBody, c2.vertex) ||
             hasVertex(c1, c2.normalBody, c2.normalVertex);
    case CollisionKind::kEdgeEdge:
      return hasEdge(c1, {c2.normalBody, c2.normalEdge}, bodies) &&
             hasEdge(c1, {c2.primaryBody, c2.primaryEdge}, bodies) && nearAndParallel();
    default:
      return false;
  }
}

// Rule 2, engine2D's UtilCollision.addCollision: the records are added in order, each
// against those kept so far; a record similar to a kept one replaces it when it is
// closer (negative distance included), and is dropped otherwise (so the earlier wins a
// tie). A replacement goes to the end of the list, as engine2D's does.
std::size_t removeDuplicates(std::span<RigidBodyCollision> recs, const PairBodies& bodies,
                             PruneBuffers& buf) {
  std::vector<int>& kept = buf.order;
  kept.clear();
  for (int i = 0; i < static_cast<int>(recs.size()); ++i) {
    bool add = true;
    for (std::size_t k = 0; k < kept.size();) {
      const RigidBodyCollision& c1 = recs[kept[k]];
      if (!similar(recs[i], c1, bodies)) {
        ++k;
      } else if (recs[i].distance < c1.distance) {
        kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(k));
      } else {
        add = false;
        ++k;
      }
    }
    if (add) kept.push_back(i);
  }
  // Move the kept records to the front in their order: in place while their indices only
  // grow (nothing was replaced, the usual case), else through a scratch copy.
  if (std::is_sorted(kept.begin(), kept.end())) {
    for (std::size_t k = 0; k < kept.size(); ++k)
      if (static_cast<int>(k) != kept[k]) recs[k] = std::move(recs[kept[k]]);
    return kept.size();
  }
  buf.moved.clear();
  for (const int i : kept) buf.moved.push_back(std::move(recs[i]));
  for (std::size_t k = 0; k < buf.moved.size(); ++k) recs[k] = std::move(buf.moved[k]);
  return buf.moved.size();
}

}  // namespace

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
