#include "engine/contact/detail/impulse_lcp.h"

#include <algorithm>

#include "engine/contact/detail/contact_matrix.h"
#include "engine/contact/detail/engine2d_lcp.h"
#include "engine/contact/detail/friction_problem.h"

namespace cl {

namespace {

Vec2 centerOf(std::span<const double> vars, int body) {
  return {vars[kVarsPerBody * body + kX], vars[kVarsPerBody * body + kY]};
}

// Velocity of the world point p carried by `body` (zero unless it can move).
Vec2 pointVelocity(std::span<const Polygon> bodies, std::span<const double> vars, int body,
                   Vec2 p) {
  if (!isMovableBody(bodies, body)) return {};
  const double* v = vars.data() + kVarsPerBody * body;
  const Vec2 r = p - centerOf(vars, body);
  return Vec2{v[kVX], v[kVY]} + Vec2{-r.y, r.x} * v[kOmega];
}

}  // namespace

double normalVelocityAt(const RigidBodyCollision& c, std::span<const Polygon> bodies,
                        std::span<const double> vars) {
  const Vec2 p1 = c.impact1, p2 = c.impact2.value_or(c.impact1);
  return dot(c.normal, pointVelocity(bodies, vars, c.primaryBody, p1) -
                           pointVelocity(bodies, vars, c.normalBody, p2));
}

void applyImpulse(const RigidBodyCollision& c, double j, std::span<const Polygon> bodies,
                  std::span<double> vars, bool engine2dArithmetic) {
  if (engine2dArithmetic) {
    // engine2D's ImpulseSim.applyImpulse: v += n j / m, omega += j (r x n) / I.
    const auto kick = [&](int body, Vec2 at, double impulse) {
      if (!isMovableBody(bodies, body)) return;
      const Polygon& b = bodies[body];
      double* v = vars.data() + kVarsPerBody * body;
      const Vec2 r = at - Vec2{v[kX], v[kY]};
      v[kVX] += c.normal.x * impulse / b.mass();
      v[kVY] += c.normal.y * impulse / b.mass();
      v[kOmega] += impulse * (r.x * c.normal.y - r.y * c.normal.x) / b.moment();
    };
    if (j == 0.0) return;
    kick(c.primaryBody, c.impact1, j);
    kick(c.normalBody, c.impact2.value_or(c.impact1), -j);
    return;
  }
  // A unit impulse changes a velocity as a unit force changes an acceleration, and the
  // velocity slots of the state are where the acceleration slots of a derivative are:
  // applyContactForce reads the centres of mass from the state and adds to its velocity
  // slots, which it never reads.
  applyContactForce(c, j, bodies, vars, vars);
}

double pairElasticity(const RigidBodyCollision& c, std::span<const Polygon> bodies) {
  const auto e = [&](int body) { return isScrim(body) ? 1.0 : bodies[body].elasticity(); };
  return std::min(e(c.primaryBody), e(c.normalBody));
}

LcpProblem impulseProblem(const std::vector<RigidBodyCollision>& records,
                          const std::vector<double>& elasticity, std::span<const Polygon> bodies,
                          std::span<const double> vars, bool engine2dArithmetic) {
  LcpProblem p;
  p.A = contactMatrix(records, bodies, &p.nonzeros);
  if (engine2dArithmetic) p.A = impulseMatrixEngine2D(records, bodies);
  p.b.resize(static_cast<Eigen::Index>(records.size()));
  p.joint.reserve(records.size());
  for (std::size_t i = 0; i < records.size(); ++i) {
    const double v = normalVelocityAt(records[i], bodies, vars);
    p.b(static_cast<Eigen::Index>(i)) = (1.0 + elasticity[i]) * v;
    p.joint.push_back(records[i].joint);
  }
  return p;
}

FrictionProblem frictionImpulseProblem(const std::vector<RigidBodyCollision>& records,
                                       const std::vector<double>& elasticity,
                                       std::vector<double> mu, std::span<const Polygon> bodies,
                                       std::span<const double> vars) {
  const LcpProblem normal = impulseProblem(records, elasticity, bodies, vars);
  const auto n = static_cast<Eigen::Index>(records.size());
  FrictionProblem p;
  p.A = frictionMatrix(records, bodies, normal.A);
  p.b.resize(2 * n);
  p.b.head(n) = normal.b;
  for (Eigen::Index i = 0; i < n; ++i)
    p.b(n + i) = tangentialSlip(records[static_cast<std::size_t>(i)], bodies, vars);
  p.mu = std::move(mu);
  p.joint = jointRows(records);
  return p;
}

FrictionProblem jamProblem(const std::vector<RigidBodyCollision>& records,
                           std::span<const Polygon> bodies, std::span<const double> vars) {
  return frictionImpulseProblem(records, std::vector<double>(records.size(), 0.0),
                                contactFriction(records, bodies), bodies, vars);
}

void applyFrictionImpulse(const RigidBodyCollision& c, double j, std::span<const Polygon> bodies,
                          std::span<double> vars) {
  // As applyImpulse: the velocity slots of the state take the place of a derivative's.
  applyFrictionForce(c, j, bodies, vars, vars);
}

}  // namespace cl
