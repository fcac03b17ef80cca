#pragma once
// BodyView: one body at one state, as the narrow phase sees it — the transforms
// between its body coordinates and the world (cosine and sine computed once), the
// velocity of its points, and its edges by reference.
//
// Body to world: p_world = (x, y) + R(angle) (p_body - cm_body), as in Polygon.
#include <cmath>

#include "engine/body/polygon.h"
#include "engine/collision/rigid_body_collision.h"

namespace cl {

struct BodyView {
  const Polygon* poly;
  BodyState s;
  int index;
  double c, sn;

  BodyView(const Polygon& p, const BodyState& st, int i)
      : poly(&p), s(st), index(i), c(std::cos(st.angle)), sn(std::sin(st.angle)) {}

  Vec2 toWorld(Vec2 pb) const { return s.position() + (pb - poly->centerOfMass()).rotated(c, sn); }
  Vec2 toBody(Vec2 pw) const { return (pw - s.position()).rotated(c, -sn) + poly->centerOfMass(); }
  Vec2 dirToWorld(Vec2 v) const { return v.rotated(c, sn); }
  Vec2 dirToBody(Vec2 v) const { return v.rotated(c, -sn); }
  // A fixed body does not move whatever its state's velocities say.
  Vec2 velocityAt(Vec2 pw) const { return poly->isFixed() ? Vec2{} : Polygon::velocityAt(s, pw); }
  const Edge& edge(EdgeRef e) const { return poly->paths()[e.path].edges[e.edge]; }
  const Vertex& vertex(int i) const { return poly->vertices()[i]; }
};

}  // namespace cl
