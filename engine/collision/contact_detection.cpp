#include "engine/collision/contact_detection.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "engine/collision/broad_phase.h"
#include "engine/collision/detail/feature_gap.h"
#include "engine/collision/detail/record_pruning.h"
#include "engine/collision/detail/swept_vertex.h"
#include "engine/dynamics/rigid_body_sim.h"
#include "engine/math/engine2d_length.h"
#include "engine/parallel/worker_pool.h"

namespace cl {

namespace {

// A corner beside a corner of the other body: between these distances (the second a
// fraction of distance_tol), as engine2D's StraightEdge.checkVertexVertex.
constexpr double kCornerTiny = 1e-6;
constexpr double kCornerReach = 0.6;
constexpr double kInf = std::numeric_limits<double>::infinity();

// A body over the last step: its view at the current state and, for the swept tests,
// at the previous one.
struct BodyStep {
  BodyView now;
  std::optional<BodyView> old;
  bool hasArc = false;  // some edge is circular: the edge/edge tests apply
};

bool hasCircularEdge(const Polygon& body) {
  for (const Path& path : body.paths())
    for (const Edge& e : path.edges)
      if (std::holds_alternative<CircularEdge>(e)) return true;
  return false;
}

// Whether v.length() (a hypot) is certainly >= bound, decided without the hypot, so a
// test `v.length() < bound` that would fail can be skipped with the same outcome.
//  - The hypot is never below a leg: it is faithfully rounded, and each leg is a double
//    no greater than the exact length.
//  - Away from under- and overflow the squares are exact to a few ulps (1e-16 relative);
//    a squared length above bound^2 by a relative 1e-9 puts the exact length, and so the
//    rounded hypot, above the bound.
// Otherwise (and for NaN) it answers false and the caller computes the length.
bool lengthAtLeast(Vec2 v, double bound) {
  if (std::max(std::abs(v.x), std::abs(v.y)) >= bound) return true;
  if (!(bound > 1e-100 && bound < 1e100)) return false;
  const double l2 = v.lengthSquared();
  return l2 < 1e200 && l2 > bound * bound * (1.0 + 1e-9);
}

// What the corner tests need of a point's edgeHit against each edge of the other body,
// in path order: the distance, and whether the hit is defined and in the edge's span.
// Two arrays of scalars rather than EdgeHits: the compiler assembles a whole EdgeHit in
// memory piecewise and copies it in 16-byte pieces, which stalls on store forwarding.
// The full hit of the few edges that make a record is computed again (the same doubles).
struct SpanHits {
  std::vector<double> dist;
  std::vector<char> spans;

  void measure(const BodyView& N, Vec2 p, std::size_t edgeCount) {
    dist.resize(edgeCount);
    spans.resize(edgeCount);
    const auto& paths = N.poly->paths();
    std::size_t k = 0;
    for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi)
      for (int ei = 0; ei < static_cast<int>(paths[pi].edges.size()); ++ei, ++k) {
        const Edge& e = paths[pi].edges[ei];
        // edgeHit(N, {pi, ei}, p), with the straight case spelled out so it is inlined.
        const auto* seg = std::get_if<StraightEdge>(&e);
        const EdgeHit h = !seg ? arcEdgeHit(std::get<CircularEdge>(e), p)
                          : N.engine2d
                              ? straightEdgeHitEngine2D(*seg, N.straightNormal({pi, ei}, *seg), p)
                              : straightEdgeHit(*seg, N.straightNormal({pi, ei}, *seg), p);
        dist[k] = h.dist;
        spans[k] = h.defined && h.inSpan;
      }
  }
};

// Inside a body: the sign of the distance to the nearest boundary point, where at a
// corner the sign comes from the sum of the two edges' normals there (pseudo-normal).
// `hits` holds p's hits of every edge of N.
bool insideBody(const BodyView& N, Vec2 p, const SpanHits& hits) {
  double best = std::numeric_limits<double>::infinity();
  double sign = 1.0;
  const auto& paths = N.poly->paths();
  std::size_t k = 0;
  for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi) {
    const Path& path = paths[pi];
    const int n = static_cast<int>(path.edges.size());
    for (int i = 0; i < n; ++i) {
      const Edge& e = path.edges[i];
      if (hits.spans[k]) {
        const double d = std::abs(hits.dist[k]);
        if (d < best) best = d, sign = hits.dist[k];
      }
      ++k;
      // The corner at the start of this edge, shared with the previous edge.
      const Vec2 q = edgeStart(e);
      if (lengthAtLeast(p - q, best)) continue;  // not nearer: no hypot needed
      const double dq = distance(p, q);
      if (dq < best) {
        best = dq;
        sign = dot(p - q, normalAt(N, {pi, i}, q) + normalAt(N, {pi, (i + n - 1) % n}, q));
      }
    }
  }
  return sign < 0;
}

// engine2D's corner test (StraightEdge.findVertexContact, the engine2D option) against the
// edges of N, a body of straight edges only, each in turn: a corner within an edge's span and 0 <=
// distance <= distance_tol of it is a contact with that edge; beyond the span it is tried against
// the edge's start corner, then its end corner (checkVertexVertex: between 1e-6 and 0.6 of the
// tolerance apart), and a corner/corner record is kept only as a contact (makeVertexVertex:
// moving faster, the direction between two corners is no normal of the collision to come).
// Every record of the corner is the same gap to engine2D, so pruneRecords keeps the first of
// the smallest distance, as its addCollision does. A corner inside N gives nothing here:
// engine2D finds a penetration by the swept test alone.
void cornerCollisionsEngine2D(const BodyView& P, int vi, Vec2 pb, const BodyView& N,
                              const ContactTolerances& tol, SpanHits& hits,
                              std::vector<RigidBodyCollision>& out) {
  const Polygon& np = *N.poly;
  // Every record below lies within the tolerance of N's box (engine2D's testCollisionVertex
  // rules the rest out first).
  const Bounds nb = np.bodyBounds();
  if (pb.x < nb.left - tol.distanceTol || pb.x > nb.right + tol.distanceTol ||
      pb.y < nb.bottom - tol.distanceTol || pb.y > nb.top + tol.distanceTol)
    return;
  const Vec2 pw = P.vertexWorld(vi);
  hits.measure(N, pb, N.edgeCount());
  const double reach = kCornerReach * tol.distanceTol;
  const auto& paths = np.paths();
  std::size_t k = 0;  // the edge's place over all paths: with straight edges only, the
                      // index of its start corner too
  for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi) {
    const int count = static_cast<int>(paths[pi].edges.size());
    const int first = static_cast<int>(k);
    for (int ei = 0; ei < count; ++ei, ++k) {
      if (!np.edgeCollides(pi, ei)) continue;
      const EdgeRef ref{pi, ei};
      if (hits.spans[k]) {
        const double dist = hits.dist[k];
        if (dist >= 0 && dist <= tol.distanceTol)
          out.push_back(makeRecord(CollisionKind::kVertexEdge, RecordFeatures::vertexEdge(vi, ref),
                                   pointEdgeGap(pw, N, edgeHit(N, ref, pb)), P, N, tol));
        continue;
      }
      // The edge's two corners: its start and the next edge's start.
      for (const int qi : {first + ei, first + (ei + 1) % count}) {
        const Vec2 q = np.vertices()[qi].location;
        const double d = lengthEngine2D(q - pb);
        if (!(d >= kCornerTiny && d <= reach)) continue;
        if (const auto gap = cornerGap(P, vi, N, qi)) {
          RigidBodyCollision rc = makeRecord(CollisionKind::kVertexVertex,
                                             RecordFeatures::vertexVertex(vi, qi), *gap, P, N, tol);
          if (rc.contact()) out.push_back(std::move(rc));
        }
        break;
      }
    }
  }
}

// The tests of one corner of P against N at the current state: the corner near an
// edge of N (a contact or imminent collision), inside N (a penetration of the nearest
// spanning edge behind it), or beside a corner of N. `pb` is the corner in N's body
// coordinates; `hits` is working space.
void cornerCollisions(const BodyView& P, int vi, Vec2 pb, const BodyView& N,
                      const ContactTolerances& tol, SpanHits& hits,
                      std::vector<RigidBodyCollision>& out) {
  const Polygon& np = *N.poly;
  Bounds nb = np.bodyBounds();
  nb.left -= tol.distanceTol, nb.right += tol.distanceTol;
  nb.bottom -= tol.distanceTol, nb.top += tol.distanceTol;
  if (pb.x < nb.left || pb.x > nb.right || pb.y < nb.bottom || pb.y > nb.top) return;
  const Vec2 pw = P.vertexWorld(vi);

  if (const std::optional<int> special = np.specialEdge()) {
    // A half-plane: the corner is measured from the special edge alone, at any depth
    // within the body's box (deeper, only the swept test finds it), and has no other
    // edge or corner to meet.
    const EdgeRef ref{0, *special};
    const EdgeHit h = edgeHit(N, ref, pb);
    if (h.defined && h.inSpan && h.dist < tol.distanceTol)
      out.push_back(makeRecord(CollisionKind::kVertexEdge, RecordFeatures::vertexEdge(vi, ref),
                               pointEdgeGap(pw, N, h), P, N, tol));
    return;
  }

  // The corner against every edge of N, once for the inside test and the records.
  const auto& paths = np.paths();
  hits.measure(N, pb, N.edgeCount());
  const bool inside = insideBody(N, pb, hits);

  // The gap to an edge (pointEdgeGap(pw, N, ref) measures the same pb, as the full hit).
  auto record = [&](EdgeRef ref) {
    out.push_back(makeRecord(CollisionKind::kVertexEdge, RecordFeatures::vertexEdge(vi, ref),
                             pointEdgeGap(pw, N, edgeHit(N, ref, pb)), P, N, tol));
  };

  bool found = false;
  std::optional<std::pair<EdgeRef, double>> deepest;  // for a corner inside N
  std::size_t k = 0;
  for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi) {
    for (int ei = 0; ei < static_cast<int>(paths[pi].edges.size()); ++ei, ++k) {
      if (!hits.spans[k]) continue;
      const double dist = hits.dist[k];
      if (inside) {
        // The penetrated edge is the nearest spanning edge behind the corner.
        if (dist <= 0 && (!deepest || dist > deepest->second))
          deepest = std::make_pair(EdgeRef{pi, ei}, dist);
      } else if (dist >= 0 && dist < tol.distanceTol) {
        record({pi, ei});
        found = true;
      }
    }
  }
  if (inside) {
    if (deepest) record(deepest->first);
    return;
  }
  if (found) return;
  // No edge of N spans the corner: it may be beside one of N's corners, within 0.6 of the
  // tolerance (engine2D's StraightEdge.checkVertexVertex: further apart, the direction
  // between two corners makes a poor normal) and at least 1e-6 (closer, no direction).
  const double reach = kCornerReach * tol.distanceTol;
  const auto& nverts = np.vertices();
  for (int qi = 0; qi < static_cast<int>(nverts.size()); ++qi) {
    if (!isCorner(nverts[qi])) continue;
    if (lengthAtLeast(pb - nverts[qi].location, std::nextafter(reach, kInf)))
      continue;  // d > reach
    const double d = distance(pb, nverts[qi].location);
    if (d < kCornerTiny || d > reach) continue;
    if (const auto gap = cornerGap(P, vi, N, qi))
      out.push_back(makeRecord(CollisionKind::kVertexVertex, RecordFeatures::vertexVertex(vi, qi),
                               *gap, P, N, tol));
  }
}

// The vertices of P against N. With the previous states, every vertex (decorated
// mid-points too) is first followed over the step (swept_vertex.h): a vertex whose
// path entered N gives that collision and nothing else. The corners then have the
// tests at the current state, which find contacts, imminent collisions and
// penetrations that persist from the previous step.
void vertexCollisions(const BodyStep& P, const BodyStep& N, const ContactTolerances& tol,
                      SpanHits& hits, std::vector<RigidBodyCollision>& out) {
  const bool swept = P.old && N.old;
  const int count = static_cast<int>(P.now.poly->vertices().size());
  for (int vi = 0; vi < count; ++vi) {
    const bool corner = isCorner(P.now.vertex(vi));
    if (!swept && !corner) continue;
    // The vertex now in N's body coordinates: the end of its swept path and the point of
    // the corner tests.
    const Vec2 pb = N.now.toBody(P.now.vertexWorld(vi));
    if (swept) {
      // The path's start in N's body coordinates of the previous state.
      const Vec2 from = N.old->toBody(P.old->vertexWorld(vi));
      if (pathMayEnter(N.now.poly->bodyBounds(), from, pb)) {
        if (auto rc = sweptVertexCollision(P.now, vi, N.now, from, pb, tol)) {
          out.push_back(std::move(*rc));
          continue;
        }
      }
    }
    if (!corner) continue;
    // engine2D's own corner test where it is ported: straight edges, no special edge.
    if (N.now.engine2d && !N.hasArc && !N.now.poly->specialEdge())
      cornerCollisionsEngine2D(P.now, vi, pb, N.now, tol, hits, out);
    else
      cornerCollisions(P.now, vi, pb, N.now, tol, hits, out);
  }
}

// P's arc against N's edge (see feature_gap.h for the distance), both at the current
// state. The record needs both nearest points within their features and a distance
// under the tolerance, and an overlap no deeper than a chord depth of the arcs: deeper,
// the distance stops meaning anything. Circle/straight also needs the arc's centre on
// the outer side of the line, and, with the previous state, a positive distance there:
// its distance only means a depth for a shallow overlap that has just begun.
void edgeEdgeCollision(const BodyStep& P, EdgeRef pe, const BodyStep& N, EdgeRef ne,
                       const ContactTolerances& tol, std::vector<RigidBodyCollision>& out) {
  const auto gap = edgeEdgeGap(P.now, pe, N.now, ne);
  if (!gap || !gap->inSpan || gap->distance >= tol.distanceTol) return;
  const auto& a1 = std::get<CircularEdge>(P.now.edge(pe));
  const auto* a2 = std::get_if<CircularEdge>(&N.now.edge(ne));
  const double depth = a2 ? std::min(chordDepth(a1), chordDepth(*a2)) : chordDepth(a1);
  if (-gap->distance > depth) return;
  if (!a2) {
    if (gap->distance <= -a1.radius()) return;  // the arc's centre is behind the line
    if (gap->distance < 0 && P.old && N.old) {
      const auto before = edgeEdgeGap(*P.old, pe, *N.old, ne);
      if (!before || before->distance <= 0) return;  // already overlapping a step ago
    }
  }
  out.push_back(makeRecord(CollisionKind::kEdgeEdge, RecordFeatures::edgeEdge(pe, ne), *gap, P.now,
                           N.now, tol));
}

// Edge/edge tests between A and B, each unordered pair of edges once. The arc is the
// primary against a straight edge; of two arcs the concave one (a cup) gives the
// normal, and of two convex arcs B's does. Two straight edges, or two concave arcs,
// meet only at vertices, which the vertex tests cover.
void edgeCollisions(const BodyStep& A, const BodyStep& B, const ContactTolerances& tol,
                    std::vector<RigidBodyCollision>& out) {
  if (!A.hasArc && !B.hasArc) return;  // straight against straight only
  auto forEachEdge = [](const BodyView& v, auto&& f) {
    const auto& paths = v.poly->paths();
    for (int pi = 0; pi < static_cast<int>(paths.size()); ++pi)
      for (int ei = 0; ei < static_cast<int>(paths[pi].edges.size()); ++ei)
        if (v.poly->edgeCollides(pi, ei)) f(EdgeRef{pi, ei}, paths[pi].edges[ei]);
  };
  forEachEdge(A.now, [&](EdgeRef ra, const Edge& ea) {
    forEachEdge(B.now, [&](EdgeRef rb, const Edge& eb) {
      const auto* ca = std::get_if<CircularEdge>(&ea);
      const auto* cb = std::get_if<CircularEdge>(&eb);
      if (!ca && !cb) return;
      const bool bIsPrimary = !ca || (cb && !ca->convex() && cb->convex());
      if (bIsPrimary)
        edgeEdgeCollision(B, rb, A, ra, tol, out);
      else
        edgeEdgeCollision(A, ra, B, rb, tol, out);
    });
  });
}

// Working space of the narrow phase, reused from one search to the next so that a
// search allocates nothing once the buffers have grown.
struct PairScratch {
  SpanHits hits;  // one corner against every edge of the other body
  PruneBuffers prune;
};

// The records of A and B, pruned, appended to `out`, in engine2D's order (the order
// decides the serial collision handling's random choices): B's vertices against A, A's
// against B, then the edge pairs.
void findPairRecords(const BodyStep& A, const BodyStep& B, const ContactTolerances& tol,
                     PairScratch& scratch, std::vector<RigidBodyCollision>& out) {
  const std::size_t first = out.size();
  vertexCollisions(B, A, tol, scratch.hits, out);
  vertexCollisions(A, B, tol, scratch.hits, out);
  edgeCollisions(A, B, tol, out);
  const std::span<RigidBodyCollision> recs(out.data() + first, out.size() - first);
  out.resize(first + pruneRecords(recs, *A.now.poly, A.now.index, *B.now.poly, scratch.prune));
}

// What one body contributes to every pair it is in: the world positions of its vertices
// at both states, computed once per search, and its straight edges' normals and lengths,
// kept from one search to the next while the body's shape stays the same.
struct BodyCache {
  std::vector<Vec2> worldNow, worldOld;
  std::vector<Edge> shape;               // the edges the facts are of, over all paths
  std::vector<StraightEdgeFacts> facts;  // by pathFirstEdge[path] + edge; unused for arcs
  std::vector<int> pathFirstEdge;
  bool hasArc = false;
};

// Equal to the bit (the facts of a copy are then those of the original): a body's shape
// may be edited between two searches, and a value comparison would take -0.0 for 0.0.
bool sameBits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}
bool sameBits(Vec2 a, Vec2 b) {
  return sameBits(a.x, b.x) && sameBits(a.y, b.y);
}
bool sameBits(const Edge& a, const Edge& b) {
  if (a.index() != b.index()) return false;
  if (const auto* s = std::get_if<StraightEdge>(&a)) {
    const auto& t = std::get<StraightEdge>(b);
    return sameBits(s->start, t.start) && sameBits(s->end, t.end);
  }
  const auto& c = std::get<CircularEdge>(a);
  const auto& d = std::get<CircularEdge>(b);
  return sameBits(c.start, d.start) && sameBits(c.end, d.end) && sameBits(c.center, d.center) &&
         c.clockwise == d.clockwise;
}

// Whether the cache's facts are those of the body's edges.
bool factsCurrent(const BodyCache& cache, const Polygon& body) {
  const auto& paths = body.paths();
  if (paths.size() != cache.pathFirstEdge.size()) return false;
  std::size_t k = 0;
  for (std::size_t pi = 0; pi < paths.size(); ++pi) {
    if (cache.pathFirstEdge[pi] != static_cast<int>(k)) return false;
    for (const Edge& e : paths[pi].edges)
      if (k >= cache.shape.size() || !sameBits(cache.shape[k++], e)) return false;
  }
  return k == cache.shape.size();
}

void computeFacts(BodyCache& cache, const Polygon& body) {
  cache.shape.clear();
  cache.facts.clear();
  cache.pathFirstEdge.clear();
  cache.hasArc = false;
  for (const Path& path : body.paths()) {
    cache.pathFirstEdge.push_back(static_cast<int>(cache.facts.size()));
    for (const Edge& e : path.edges) {
      cache.shape.push_back(e);
      if (const auto* seg = std::get_if<StraightEdge>(&e)) {
        const double length = seg->length();
        cache.facts.push_back({seg->outwardNormal(length), length});
      } else {
        cache.facts.push_back({});
        cache.hasArc = true;
      }
    }
  }
}

struct SearchScratch {
  std::vector<BodyStep> steps;               // by body index
  std::vector<char> cached;                  // by body index: steps[i] has its caches
  std::vector<BodyCache> caches;             // by body index, kept between searches
  std::vector<Bounds> boundsNow, boundsOld;  // world bounds by body index
  std::vector<RigidBodyCollision> records;   // every pair's, pruned pair by pair
  PairScratch pair;
  // With helper threads (WorkerPool): each part's records, put together in part order.
  // One list per part, each on cache lines of its own: two threads appending to lists whose
  // headers share a line would pass the line back and forth at every record.
  struct alignas(64) PartList {
    std::vector<RigidBodyCollision> records;
  };
  std::vector<PartList> partRecords;
  BroadPhaseBuffers broadPhase;
};

// The search's scratch. thread_local rather than a member of the simulation because
// findCloseCollisions takes the simulation as const and copies of a ContactSim run in
// several threads of the workbench: each thread has its own buffers, and a search never
// starts another, so they are never shared.
std::atomic<std::size_t> gParallelPairs{kDefaultParallelPairs};

SearchScratch& searchScratch() {
  thread_local SearchScratch scratch;
  return scratch;
}

// Fills `world` with the world positions of the view's vertices and attaches it.
void cacheVertices(BodyView& v, std::vector<Vec2>& world) {
  const auto& vertices = v.poly->vertices();
  world.resize(vertices.size());
  for (std::size_t k = 0; k < vertices.size(); ++k) world[k] = v.toWorld(vertices[k].location);
  v.worldVertices = world;
}

// Attaches body i's caches to its views, bringing them up to date: done for the bodies
// of some pair only.
BodyStep& cachedStep(SearchScratch& scratch, int i) {
  BodyStep& step = scratch.steps[i];
  if (scratch.cached[i]) return step;
  scratch.cached[i] = 1;
  BodyCache& cache = scratch.caches[i];
  if (!factsCurrent(cache, *step.now.poly)) computeFacts(cache, *step.now.poly);
  step.hasArc = cache.hasArc;
  auto attach = [&](BodyView& v, std::vector<Vec2>& world) {
    cacheVertices(v, world);
    v.straightFacts = cache.facts;
    v.pathFirstEdge = cache.pathFirstEdge;
  };
  attach(step.now, cache.worldNow);
  if (step.old) attach(*step.old, cache.worldOld);
  return step;
}

// Every pair's records into scratch.records (see findCloseCollisions).
void searchRecords(const RigidBodySim& sim, std::span<const double> vars,
                   const ContactTolerances& tol, std::span<const double> oldVars,
                   SearchScratch& scratch) {
  const bool swept = !oldVars.empty();
  if (swept && oldVars.size() != vars.size())
    throw std::invalid_argument(
        fmt::format("findCloseCollisions: the previous state has {} variables, the current one {}",
                    oldVars.size(), vars.size()));
  // One view per body and state, whose cosine and sine also give the broad phase's boxes.
  const auto& bodies = sim.bodies();
  const int n = static_cast<int>(bodies.size());
  scratch.steps.clear();
  scratch.boundsNow.clear();
  scratch.boundsOld.clear();
  for (int i = 0; i < n; ++i) {
    BodyStep& step = scratch.steps.emplace_back(
        BodyStep{BodyView(bodies[i], BodyState::fromVars(vars, i), i, tol.engine2dArithmetic),
                 std::nullopt, false});
    scratch.boundsNow.push_back(step.now.worldBounds());
    if (swept) {
      step.old.emplace(bodies[i], BodyState::fromVars(oldVars, i), i, tol.engine2dArithmetic);
      scratch.boundsOld.push_back(step.old->worldBounds());
    }
  }
  scratch.cached.assign(n, 0);
  scratch.caches.resize(n);
  broadPhasePairs(sim, scratch.boundsNow, scratch.boundsOld, tol.distanceTol, scratch.broadPhase);
  scratch.records.clear();
  const auto& pairs = scratch.broadPhase.pairs;
  WorkerPool& pool = WorkerPool::shared();
  if (pool.threads() < 2 || pairs.size() < gParallelPairs.load(std::memory_order_relaxed)) {
    for (const auto& [i, j] : pairs) {
      const BodyStep& A = cachedStep(scratch, i);
      const BodyStep& B = cachedStep(scratch, j);
      findPairRecords(A, B, tol, scratch.pair, scratch.records);
    }
    return;
  }
  // The pairs in contiguous parts, one per thread, each into its own list; the lists joined
  // in order give the serial loop's records exactly. The bodies' caches are filled first,
  // here, so the parts only read them.
  for (const auto& [i, j] : pairs) {
    cachedStep(scratch, i);
    cachedStep(scratch, j);
  }
  const int parts = pool.threads();
  scratch.partRecords.resize(static_cast<std::size_t>(parts));
  pool.run(parts, [&](int k) {
    thread_local PairScratch pairScratch;  // each thread its own
    std::vector<RigidBodyCollision>& out = scratch.partRecords[static_cast<std::size_t>(k)].records;
    out.clear();
    const std::size_t from = pairs.size() * static_cast<std::size_t>(k) / parts;
    const std::size_t to = pairs.size() * static_cast<std::size_t>(k + 1) / parts;
    for (std::size_t p = from; p < to; ++p)
      findPairRecords(scratch.steps[pairs[p].first], scratch.steps[pairs[p].second], tol,
                      pairScratch, out);
  });
  for (const auto& part : scratch.partRecords)
    scratch.records.insert(scratch.records.end(), part.records.begin(), part.records.end());
}

}  // namespace

void setParallelPairs(std::size_t pairs) {
  gParallelPairs = std::max<std::size_t>(1, pairs);
}

std::size_t parallelPairs() {
  return gParallelPairs;
}

void findPairCollisions(const Polygon& a, const BodyState& sa, int ia, const Polygon& b,
                        const BodyState& sb, int ib, const ContactTolerances& tol,
                        std::vector<RigidBodyCollision>& out,
                        const std::optional<PreviousStates>& previous) {
  BodyStep A{BodyView(a, sa, ia, tol.engine2dArithmetic), std::nullopt, hasCircularEdge(a)};
  BodyStep B{BodyView(b, sb, ib, tol.engine2dArithmetic), std::nullopt, hasCircularEdge(b)};
  if (previous) {
    A.old.emplace(a, previous->a, ia, tol.engine2dArithmetic);
    B.old.emplace(b, previous->b, ib, tol.engine2dArithmetic);
  }
  PairScratch scratch;
  findPairRecords(A, B, tol, scratch, out);
}

std::vector<RigidBodyCollision> findCloseCollisions(const RigidBodySim& sim,
                                                    std::span<const double> vars,
                                                    const ContactTolerances& tol,
                                                    std::span<const double> oldVars) {
  SearchScratch& scratch = searchScratch();
  searchRecords(sim, vars, tol, oldVars, scratch);
  return {scratch.records.begin(), scratch.records.end()};
}

ContactSearch findContacts(const RigidBodySim& sim, std::span<const double> vars,
                           const ContactTolerances& tol, std::span<const double> oldVars) {
  SearchScratch& scratch = searchScratch();
  searchRecords(sim, vars, tol, oldVars, scratch);
  // Sorted in two passes, counting first, so each list is allocated once.
  enum Group { kPenetration, kContact, kOther };
  auto groupOf = [](const RigidBodyCollision& c) {
    return c.isPenetrating() ? kPenetration : c.contact() ? kContact : kOther;
  };
  std::size_t counts[3] = {0, 0, 0};
  for (const auto& c : scratch.records) ++counts[groupOf(c)];
  ContactSearch res;
  res.penetrations.reserve(counts[kPenetration]);
  res.contacts.reserve(counts[kContact]);
  res.others.reserve(counts[kOther]);
  std::vector<RigidBodyCollision>* lists[3] = {&res.penetrations, &res.contacts, &res.others};
  for (const auto& c : scratch.records) lists[groupOf(c)]->push_back(c);
  return res;
}

}  // namespace cl
