#pragma once
// AreaMoments: the area integrals of a region bounded by closed paths (material on
// the left), found with Green's theorem edge by edge:
//   area   = 1/2 oint (x dy - y dx)
//   first  = (oint x^2/2 dy, -oint y^2/2 dx)          = integral of p dA
//   second = 1/3 oint (x^3 dy - y^3 dx)                = integral of |p|^2 dA
// Holes run clockwise and so subtract themselves.
#include <span>

#include "engine/geometry/edge.h"

namespace cl {

struct AreaMoments {
  double area = 0.0;
  Vec2 first;           // integral of p dA
  double second = 0.0;  // integral of |p|^2 dA (polar, about the origin)

  AreaMoments& operator+=(const AreaMoments& o) {
    area += o.area;
    first += o.first;
    second += o.second;
    return *this;
  }
  Vec2 centroid() const { return first / area; }
  // integral of |p - c|^2 dA, by the parallel axis theorem.
  double secondAbout(Vec2 c) const {
    return second - 2.0 * dot(c, first) + c.lengthSquared() * area;
  }
};

AreaMoments edgeMoments(const Edge& edge);
AreaMoments pathMoments(std::span<const Path> paths);

}  // namespace cl
