#pragma once
// Polygon: a rigid body whose shape is one or more closed paths of straight and
// circular edges in body coordinates. It holds the shape, the vertices used for
// collision detection, and the mass properties; its position and velocity live
// in the simulation's state vector (see BodyState).
//
// Body to world: p_world = (x, y) + R(angle) (p_body - cm_body).
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/body/body_state.h"
#include "engine/geometry/edge.h"

namespace cl {

// A body whose paths break a rule of checkPaths, or whose mass properties are invalid.
class GeometryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A vertex used by collision detection: an end point shared by two edges, or a
// decorated mid-point along a circular edge (ignored for contacts).
struct Vertex {
  Vec2 location;           // body coordinates
  bool endPoint;           // false for decorated mid-point vertices
  int path, edge1, edge2;  // edges meeting here (equal for a mid-point)
};

struct Bounds {
  double left = 0, right = 0, bottom = 0, top = 0;
  double width() const { return right - left; }
  double height() const { return top - bottom; }
  bool intersects(const Bounds& o) const {
    return left <= o.right && o.left <= right && bottom <= o.top && o.bottom <= top;
  }
  void extend(Vec2 p);
};

inline constexpr double kInfiniteMass = std::numeric_limits<double>::infinity();
inline constexpr double kDefaultCurvedEdgeSpacing = 0.3;

class Polygon {
 public:
  // Throws GeometryError naming the path and edge when the paths are invalid.
  // Mass defaults to 1, the centre of mass to the centroid, and the moment to
  // mass times the shape's second moment per unit area about the centre of mass.
  Polygon(std::string name, std::vector<Path> paths,
          double curvedEdgeSpacing = kDefaultCurvedEdgeSpacing);

  const std::string& name() const { return mName; }
  void setName(std::string name) { mName = std::move(name); }
  const std::vector<Path>& paths() const { return mPaths; }
  const std::vector<Vertex>& vertices() const { return mVertices; }
  double curvedEdgeSpacing() const { return mSpacing; }
  double area() const { return mArea; }
  Vec2 centroid() const { return mCentroid; }
  const Bounds& bodyBounds() const { return mBounds; }
  // Smallest distance from the centre of mass to any edge (engine2D's minHeight):
  // how close two bodies' centres can come, used for the zero of mutual gravity.
  double minHeight() const;
  // Whether a point (body coordinates) lies inside the outline (not in a hole).
  bool contains(Vec2 p) const;
  // The distance from a point (body coordinates) to the nearest edge.
  double distanceToOutline(Vec2 p) const;
  // How far a ray from `from` along the unit vector `dir` (body coordinates) runs before it
  // first crosses the outline, looking from `skip` to `reach` along it (a ray from a point
  // on the outline crosses it at 0: `skip` steps past that); `reach` when it crosses none
  // there. A ray along a straight edge runs on the outline and leaves where it meets another
  // edge; one just outside the body, within `skip` of a side it grazes, leaves where it gets
  // farther than that. What a force arrow drawn into the body it acts on may span.
  double rayExit(Vec2 from, Vec2 dir, double skip, double reach) const;

  // Mass properties. setMass keeps the moment per unit mass (unless the moment was
  // set explicitly); setCenterOfMass recomputes a shape-derived moment about the
  // new point; setMoment fixes the moment until the next setMass(..., true).
  double mass() const { return mMass; }
  double moment() const { return mMoment; }
  Vec2 centerOfMass() const { return mCm; }
  bool momentIsExplicit() const { return mExplicitMoment; }
  bool isFixed() const { return mMass == kInfiniteMass; }
  void setMass(double mass);
  void setMoment(double moment);
  void setCenterOfMass(Vec2 cmBody);
  // Second moment of the shape about the centre of mass per unit area divided by area:
  // the moment per unit mass at uniform density.
  double shapeMomentPerUnitMass() const;

  double elasticity() const { return mElasticity; }
  void setElasticity(double e) { mElasticity = e; }
  // Coulomb friction coefficient (0: frictionless, engine2D's only kind). A pair of bodies
  // uses the geometric mean of theirs (as Box2D mixes them): frictionPair.
  double friction() const { return mFriction; }
  void setFriction(double mu) { mFriction = mu; }
  const std::set<std::string>& nonCollide() const { return mNonCollide; }
  void addNonCollide(const std::string& other) { mNonCollide.insert(other); }
  bool doesNotCollide(const Polygon& other) const {
    return mNonCollide.contains(other.mName) || other.mNonCollide.contains(mName);
  }
  // engine2D's special edge (its walls): the body collides only through this straight edge
  // of its first path, as a half-plane. Other bodies' vertices and edges are tested against
  // it alone, so a vertex that got past it is measured from it (however thin the body)
  // rather than from the edges beyond; the body's own vertices are tested as usual.
  // setSpecialEdge throws GeometryError unless `edge` is a straight edge of path 0.
  std::optional<int> specialEdge() const { return mSpecialEdge; }
  void setSpecialEdge(std::optional<int> edge);
  // Whether edge `edge` of path `path` takes part in collisions and contacts.
  bool edgeCollides(int path, int edge) const {
    return !mSpecialEdge || (path == 0 && edge == *mSpecialEdge);
  }
  // Height at which this body's gravitational potential energy is zero, if it
  // overrides the gravity law's.
  std::optional<double> zeroEnergyLevel() const { return mZeroEnergyLevel; }
  void setZeroEnergyLevel(std::optional<double> y) { mZeroEnergyLevel = y; }

  // Transforms for a body at `s`.
  Vec2 bodyToWorld(const BodyState& s, Vec2 pBody) const {
    return s.position() + (pBody - mCm).rotated(s.angle);
  }
  Vec2 worldToBody(const BodyState& s, Vec2 pWorld) const {
    return (pWorld - s.position()).rotated(-s.angle) + mCm;
  }
  // Body-to-world for a direction (no translation).
  static Vec2 rotateToWorld(const BodyState& s, Vec2 vBody) { return vBody.rotated(s.angle); }
  // Velocity of the body point at world position pWorld: v + omega x r.
  static Vec2 velocityAt(const BodyState& s, Vec2 pWorld) {
    return s.velocity() + cross(s.omega, pWorld - s.position());
  }
  Bounds worldBounds(const BodyState& s) const;

  // Energy and momentum for a body at `s` (zero for a fixed body).
  double translationalEnergy(const BodyState& s) const;
  double rotationalEnergy(const BodyState& s) const;
  Vec2 momentum(const BodyState& s) const;
  // Angular momentum about the world origin: I omega + m (r x v).
  double angularMomentum(const BodyState& s) const;

 private:
  void buildVertices();

  std::string mName;
  std::vector<Path> mPaths;
  std::vector<Vertex> mVertices;
  double mSpacing;
  double mArea = 0;
  Vec2 mCentroid;
  double mSecondMomentOrigin = 0;  // integral of |p|^2 dA
  Vec2 mFirstMoment;               // integral of p dA
  Bounds mBounds;
  double mMass = 1.0;
  double mMoment = 0.0;
  Vec2 mCm;
  bool mExplicitMoment = false;
  double mElasticity = 1.0;
  double mFriction = 0.0;
  std::set<std::string> mNonCollide;
  std::optional<double> mZeroEnergyLevel;
  std::optional<int> mSpecialEdge;
};

// The friction coefficient of a contact between two bodies: sqrt(mu_a mu_b), so a
// frictionless body makes every contact of it frictionless. Where the product overflows
// (both coefficients above about 1.3e154), sqrt(mu_a) sqrt(mu_b), its finite value.
inline double frictionPair(const Polygon& a, const Polygon& b) {
  const double product = a.friction() * b.friction();
  if (std::isfinite(product)) return std::sqrt(product);
  return std::sqrt(a.friction()) * std::sqrt(b.friction());
}

}  // namespace cl
