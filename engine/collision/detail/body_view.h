#pragma once
// BodyView: one body at one state, as the narrow phase sees it — the transforms
// between its body coordinates and the world (cosine and sine computed once), the
// velocity of its points, and its edges by reference.
//
// Body to world: p_world = (x, y) + R(angle) (p_body - cm_body), as in Polygon.
//
// The narrow phase builds one view per body and state for a whole search (not one per
// pair) and may attach two caches to it, filled by the same expressions as the
// uncached accessors so every double is the same either way: the world positions of
// the vertices at this state, and the outward normals and lengths of the straight edges
// (which cost a hypot each). A view without them (collision_update.h) computes on the
// fly.
#include <cmath>
#include <span>

#include "engine/body/polygon.h"
#include "engine/collision/rigid_body_collision.h"
#include "engine/math/engine2d_trig.h"

namespace cl {

// What the narrow phase needs of a straight edge that costs a hypot to compute.
struct StraightEdgeFacts {
  Vec2 normal;    // outwardNormal()
  double length;  // length()
};

struct BodyView {
  const Polygon* poly;
  BodyState s;
  int index;
  double c, sn;
  // Optional caches (empty: not cached). worldVertices[i] == toWorld(vertex(i).location);
  // straightFacts[pathFirstEdge[path] + edge] are that straight edge's facts (arcs' slots
  // unused); pathFirstEdge has one entry per path.
  std::span<const Vec2> worldVertices;
  std::span<const StraightEdgeFacts> straightFacts;
  std::span<const int> pathFirstEdge;

  // Points against its straight edges, and its sine and cosine, in engine2D's arithmetic
  // (ContactTolerances).
  bool engine2d = false;

  BodyView(const Polygon& p, const BodyState& st, int i, bool engine2dArithmetic = false)
      : poly(&p),
        s(st),
        index(i),
        c(engine2dArithmetic ? cosEngine2D(st.angle) : std::cos(st.angle)),
        sn(engine2dArithmetic ? sinEngine2D(st.angle) : std::sin(st.angle)),
        engine2d(engine2dArithmetic) {}

  Vec2 toWorld(Vec2 pb) const { return s.position() + (pb - poly->centerOfMass()).rotated(c, sn); }
  Vec2 toBody(Vec2 pw) const { return (pw - s.position()).rotated(c, -sn) + poly->centerOfMass(); }
  Vec2 dirToWorld(Vec2 v) const { return v.rotated(c, sn); }
  Vec2 dirToBody(Vec2 v) const { return v.rotated(c, -sn); }
  // A fixed body does not move whatever its state's velocities say.
  Vec2 velocityAt(Vec2 pw) const { return poly->isFixed() ? Vec2{} : Polygon::velocityAt(s, pw); }
  const Edge& edge(EdgeRef e) const { return poly->paths()[e.path].edges[e.edge]; }
  const Vertex& vertex(int i) const { return poly->vertices()[i]; }
  // The number of edges over all paths.
  std::size_t edgeCount() const {
    if (!straightFacts.empty()) return straightFacts.size();
    std::size_t n = 0;
    for (const Path& p : poly->paths()) n += p.edges.size();
    return n;
  }
  // The world position of vertex i at this state.
  Vec2 vertexWorld(int i) const {
    return worldVertices.empty() ? toWorld(vertex(i).location) : worldVertices[i];
  }
  // The body's world bounds at this state: Polygon::worldBounds(s), to the bit (the same
  // points, transformed as there with the cosine and sine the view already has); for a
  // body with arcs that function itself.
  Bounds worldBounds() const {
    Bounds b;
    bool first = true;
    for (const Path& p : poly->paths())
      for (const Edge& e : p.edges) {
        if (!std::holds_alternative<StraightEdge>(e)) return poly->worldBounds(s);
        const Vec2 w = toWorld(edgeStart(e));
        if (first)
          b = {w.x, w.x, w.y, w.y}, first = false;
        else
          b.extend(w);
      }
    return b;
  }
  // The outward normal of straight edge e, `seg` (body coordinates).
  Vec2 straightNormal(EdgeRef e, const StraightEdge& seg) const {
    return straightFacts.empty() ? seg.outwardNormal() : facts(e).normal;
  }
  // The length of straight edge e, `seg`.
  double straightLength(EdgeRef e, const StraightEdge& seg) const {
    return straightFacts.empty() ? seg.length() : facts(e).length;
  }
  const StraightEdgeFacts& facts(EdgeRef e) const {
    return straightFacts[pathFirstEdge[e.path] + e.edge];
  }
};

}  // namespace cl
