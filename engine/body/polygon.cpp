#include "engine/body/polygon.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "engine/geometry/detail/area_moments.h"
#include "engine/geometry/detail/edge_distance.h"
#include "engine/geometry/detail/edge_intersection.h"
#include "engine/geometry/detail/path_check.h"

namespace cl {

void Bounds::extend(Vec2 p) {
  left = std::min(left, p.x);
  right = std::max(right, p.x);
  bottom = std::min(bottom, p.y);
  top = std::max(top, p.y);
}

namespace {

// Bounds of an arc: its ends plus every axis extreme (angles k pi/2) it passes.
void extendByEdge(Bounds& b, const Edge& e) {
  b.extend(edgeStart(e));
  b.extend(edgeEnd(e));
  if (const auto* c = std::get_if<CircularEdge>(&e)) {
    const double t0 = c->startAngle(), sw = c->sweep();
    const double lo = std::min(t0, t0 + sw), hi = std::max(t0, t0 + sw);
    const double q = std::numbers::pi / 2;
    for (double k = std::ceil(lo / q); k * q <= hi; k += 1.0) b.extend(c->pointAtAngle(k * q));
  }
}

}  // namespace

Polygon::Polygon(std::string name, std::vector<Path> paths, double curvedEdgeSpacing)
    : mName(std::move(name)), mPaths(std::move(paths)), mSpacing(curvedEdgeSpacing) {
  if (!(mSpacing > 0) || !std::isfinite(mSpacing))
    throw GeometryError(fmt::format("body '{}': curved edge spacing must be positive", mName));
  const auto problems = checkPaths(mPaths);
  if (!problems.empty()) {
    std::string msg = fmt::format("body '{}' has an invalid shape:", mName);
    for (const auto& p : problems) {
      msg += "\n  ";
      if (p.path >= 0) msg += fmt::format("path {}", p.path);
      if (p.edge >= 0) msg += fmt::format(", edge {}", p.edge);
      msg += (p.path >= 0 ? ": " : "") + p.message;
    }
    throw GeometryError(msg);
  }
  // Decorated vertices every `spacing` along each arc: refuse counts that would
  // swamp collision detection (and memory) rather than build them.
  constexpr double kMaxDecoratedPerEdge = 10000;
  for (std::size_t pi = 0; pi < mPaths.size(); ++pi)
    for (std::size_t ei = 0; ei < mPaths[pi].edges.size(); ++ei)
      if (const auto* c = std::get_if<CircularEdge>(&mPaths[pi].edges[ei]);
          c && c->length() / mSpacing > kMaxDecoratedPerEdge)
        throw GeometryError(fmt::format(
            "body '{}': path {}, edge {}: curved edge spacing {} would put {:.3g} decorated "
            "vertices on an arc of length {} (at most {} allowed)",
            mName, pi, ei, mSpacing, c->length() / mSpacing, c->length(), kMaxDecoratedPerEdge));
  const AreaMoments m = pathMoments(mPaths);
  mArea = m.area;
  mFirstMoment = m.first;
  mSecondMomentOrigin = m.second;
  mCentroid = m.centroid();
  mCm = mCentroid;
  mMoment = mMass * shapeMomentPerUnitMass();
  const Vec2 first = edgeStart(mPaths[0].edges[0]);
  mBounds = {first.x, first.x, first.y, first.y};
  for (const Path& p : mPaths)
    for (const Edge& e : p.edges) extendByEdge(mBounds, e);
  buildVertices();
}

void Polygon::buildVertices() {
  mVertices.clear();
  for (int pi = 0; pi < static_cast<int>(mPaths.size()); ++pi) {
    const auto& edges = mPaths[pi].edges;
    const int n = static_cast<int>(edges.size());
    for (int ei = 0; ei < n; ++ei) {
      // The start of edge ei is the end of the previous edge.
      mVertices.push_back({edgeStart(edges[ei]), true, pi, (ei + n - 1) % n, ei});
      if (const auto* c = std::get_if<CircularEdge>(&edges[ei])) {
        const auto pts = sampleEdge(*c, mSpacing);
        for (std::size_t k = 1; k + 1 < pts.size(); ++k)
          mVertices.push_back({pts[k], false, pi, ei, ei});
      }
    }
  }
}

double Polygon::shapeMomentPerUnitMass() const {
  const double secondAboutCm =
      mSecondMomentOrigin - 2.0 * dot(mCm, mFirstMoment) + mCm.lengthSquared() * mArea;
  return secondAboutCm / mArea;
}

double Polygon::minHeight() const {
  return distanceToOutline(mCm);
}

bool Polygon::contains(Vec2 p) const {
  // Parity of the crossings of a ray from p past the body's bounds, in a direction no
  // outline of round numbers lines up with. A corner is counted with the edge it ends, not
  // the one it starts, so a ray through a corner crosses once.
  const Vec2 corner{mBounds.left, mBounds.bottom};
  const double beyond = (p - corner).length() + mBounds.width() + mBounds.height() + 1.0;
  const Edge ray = StraightEdge{p, p + Vec2{0.6, 0.8}.rotated(0.1) * beyond};
  const double tol = 1e-12 * (mBounds.width() + mBounds.height());
  int crossings = 0;
  for (const Path& path : mPaths)
    for (const Edge& e : path.edges)
      for (const Vec2 at : edgeCrossings(ray, e, tol))
        if ((at - edgeStart(e)).length() > 1e3 * tol) ++crossings;
  return crossings % 2 == 1;
}

double Polygon::distanceToOutline(Vec2 p) const {
  double d = std::numeric_limits<double>::infinity();
  for (const Path& path : mPaths)
    for (const Edge& e : path.edges) d = std::min(d, distanceToEdge(e, p));
  return d;
}

double Polygon::rayExit(Vec2 from, Vec2 dir, double skip, double reach) const {
  if (!(reach > skip)) return reach;
  const Edge ray = StraightEdge{from + dir * skip, from + dir * reach};
  const double tol = 1e-9 * std::max(1.0, reach);
  double exit = reach;
  for (const Path& p : mPaths)
    for (const Edge& e : p.edges) {
      // A ray along a straight edge (from a corner, up its side) runs on the outline, not out
      // of the body: it leaves where it meets another edge.
      if (const auto* s = std::get_if<StraightEdge>(&e);
          s && std::abs(cross(dir, s->end - s->start)) <= 1e-9 * s->length())
        continue;
      for (const Vec2 at : edgeCrossings(ray, e, tol)) exit = std::min(exit, dot(at - from, dir));
    }
  exit = std::max(exit, skip);
  // Up to its first crossing the ray is inside the body or outside it throughout. Outside, it
  // may run at a grazing angle along a side, within `skip` of the outline: it is the body's
  // until it is farther than that (found to within skip / 8 by steps of skip / 2, which the
  // distance, changing no faster than the ray runs, cannot cross twice unseen).
  if (contains(from + dir * ((skip + exit) / 2))) return exit;
  const auto near = [&](double t) { return distanceToOutline(from + dir * t) <= skip; };
  // More than 30 degrees off the outline (at `skip` it is farther than skip sin 30 from it):
  // it points away from the body, not along it, and is not the body's to cut.
  if (distanceToOutline(from + dir * skip) > skip / 2) return reach;
  double in = skip;  // within skip of the outline, by the test above
  double out = std::min(exit, in + skip / 2);
  while (out < exit && near(out)) in = out, out = std::min(exit, out + skip / 2);
  if (near(out)) return exit;
  while (out - in > skip / 8) (near((in + out) / 2) ? in : out) = (in + out) / 2;
  return in;
}

void Polygon::setMass(double mass) {
  if (!(mass > 0) || std::isnan(mass))
    throw GeometryError(fmt::format("body '{}': mass must be positive, got {}", mName, mass));
  if (mass == kInfiniteMass) {
    mMass = mMoment = kInfiniteMass;
    return;
  }
  if (mExplicitMoment && std::isfinite(mMass) && std::isfinite(mMoment))
    mMoment *= mass / mMass;  // keep the moment per unit mass
  else if (!mExplicitMoment)
    mMoment = mass * shapeMomentPerUnitMass();
  mMass = mass;
}

void Polygon::setMoment(double moment) {
  if (!(moment > 0) || std::isnan(moment))
    throw GeometryError(
        fmt::format("body '{}': moment of inertia must be positive, got {}", mName, moment));
  mMoment = moment;
  mExplicitMoment = true;
}

void Polygon::setSpecialEdge(std::optional<int> edge) {
  if (edge) {
    const int count = static_cast<int>(mPaths.front().edges.size());
    if (*edge < 0 || *edge >= count)
      throw GeometryError(
          fmt::format("body '{}': special edge {} is not an edge of its outline "
                      "(edges 0 to {})",
                      mName, *edge, count - 1));
    if (!std::holds_alternative<StraightEdge>(mPaths.front().edges[*edge]))
      throw GeometryError(
          fmt::format("body '{}': special edge {} is curved; only a straight edge can be a "
                      "wall's half-plane",
                      mName, *edge));
  }
  mSpecialEdge = edge;
}

void Polygon::setCenterOfMass(Vec2 cmBody) {
  mCm = cmBody;
  if (!mExplicitMoment && std::isfinite(mMass)) mMoment = mMass * shapeMomentPerUnitMass();
}

Bounds Polygon::worldBounds(const BodyState& s) const {
  Bounds b;
  bool first = true;
  const double c = std::cos(s.angle), sn = std::sin(s.angle);
  // The angle as c and sn have it, in (-pi, pi]: the arc extremes below step through
  // multiples of pi/2 from it, which at an angle of 1e16 would not move (k + 1 == k).
  const double turn = std::atan2(sn, c);
  auto add = [&](Vec2 pBody) {
    const Vec2 w = s.position() + (pBody - mCm).rotated(c, sn);
    if (first)
      b = {w.x, w.x, w.y, w.y}, first = false;
    else
      b.extend(w);
  };
  for (const Path& p : mPaths)
    for (const Edge& e : p.edges) {
      add(edgeStart(e));
      if (const auto* arc = std::get_if<CircularEdge>(&e)) {
        // World axis extremes of the arc sit at body angles k pi/2 - angle.
        const double t0 = arc->startAngle(), sw = arc->sweep();
        const double lo = std::min(t0, t0 + sw) + turn, hi = std::max(t0, t0 + sw) + turn;
        const double q = std::numbers::pi / 2;
        for (double k = std::ceil(lo / q); k * q <= hi; k += 1.0)
          add(arc->pointAtAngle(k * q - turn));
      }
    }
  return b;
}

double Polygon::translationalEnergy(const BodyState& s) const {
  return isFixed() ? 0.0 : 0.5 * mMass * s.velocity().lengthSquared();
}
double Polygon::rotationalEnergy(const BodyState& s) const {
  return isFixed() ? 0.0 : 0.5 * mMoment * s.omega * s.omega;
}
Vec2 Polygon::momentum(const BodyState& s) const {
  return isFixed() ? Vec2{} : s.velocity() * mMass;
}
double Polygon::angularMomentum(const BodyState& s) const {
  return isFixed() ? 0.0 : mMoment * s.omega + mMass * cross(s.position(), s.velocity());
}

}  // namespace cl
