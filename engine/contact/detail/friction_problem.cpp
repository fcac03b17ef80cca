#include "engine/contact/detail/friction_problem.h"

#include <cmath>

#include "engine/body/body_state.h"
#include "engine/contact/detail/contact_matrix.h"

namespace cl {

namespace {

// One row or column of the problem: a direction at a point of each of the contact's bodies
// (+ on the primary body, - on the normal body).
struct Direction {
  int body1, body2;
  Vec2 d;       // unit direction (world)
  Vec2 p1, p2;  // from each body's CM to where the direction acts
};

Direction normalOf(const RigidBodyCollision& c) {
  return {c.primaryBody, c.normalBody, c.normal, c.u1, c.u2};
}

Direction tangentOf(const RigidBodyCollision& c) {
  return {c.primaryBody, c.normalBody, contactTangent(c), c.r1, c.r2};
}

// The acceleration of a body point r (from the CM) from the external forces and the spin.
Vec2 pointAcceleration(std::span<const double> vars, std::span<const double> change, int body,
                       Vec2 r) {
  const double* v = vars.data() + kVarsPerBody * body;
  const double* c = change.data() + kVarsPerBody * body;
  const double w = v[kOmega];
  return Vec2{c[kVX], c[kVY]} + cross(c[kOmega], r) - (w * w) * r;
}

Vec2 pointVelocity(std::span<const double> vars, int body, Vec2 r) {
  const double* v = vars.data() + kVarsPerBody * body;
  return Vec2{v[kVX], v[kVY]} + cross(v[kOmega], r);
}

}  // namespace

double tangentialSlip(const RigidBodyCollision& c, std::span<const Polygon> bodies,
                      std::span<const double> vars) {
  Vec2 slip;
  if (isMovableBody(bodies, c.primaryBody)) slip += pointVelocity(vars, c.primaryBody, c.r1);
  if (isMovableBody(bodies, c.normalBody)) slip -= pointVelocity(vars, c.normalBody, c.r2);
  return dot(contactTangent(c), slip);
}

bool stickingSlides(FrictionProblem& problem, const std::vector<RigidBodyCollision>& contacts,
                    std::span<const Polygon> bodies, std::span<const double> vars,
                    const Eigen::VectorXd& a, double h) {
  const int n = static_cast<int>(contacts.size());
  bool any = false;
  for (int i = 0; i < n; ++i) {
    if (problem.slide[i] == 0) continue;
    const double vt = tangentialSlip(contacts[i], bodies, vars);
    if (vt * (vt + a(n + i) * h) <= 0) {
      problem.slide[i] = 0;
      any = true;
    }
  }
  return any;
}

void applyFrictionForce(const RigidBodyCollision& c, double f, std::span<const Polygon> bodies,
                        std::span<const double> vars, std::span<double> change) {
  RigidBodyCollision along = c;
  along.normal = contactTangent(c);
  applyContactForce(along, f, bodies, vars, change);
}

std::vector<double> contactFriction(const std::vector<RigidBodyCollision>& contacts,
                                    std::span<const Polygon> bodies) {
  std::vector<double> mu(contacts.size(), 0.0);
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const RigidBodyCollision& c = contacts[i];
    const auto valid = [&](int b) { return b >= 0 && b < static_cast<int>(bodies.size()); };
    if (c.joint || !valid(c.primaryBody) || !valid(c.normalBody)) continue;
    mu[i] = frictionPair(bodies[c.primaryBody], bodies[c.normalBody]);
  }
  return mu;
}

// Entry (x, y) sums, over the movable bodies that directions x and y share, how a unit
// force along y accelerates along x: + influence where the two act on the body from the
// same side (both primary or both normal), - otherwise. Only directions sharing a body give
// a term, so the entries are built body by body from the directions acting on each movable
// body (compressed by body, in order of direction, a direction's primary side first): for
// each x, its primary body's terms, then its normal body's, in increasing y; the order of
// the dense sum over x's sides and y's sides, hence its bits, in O(sum of squared
// directions per body) instead of O(n^2) pair tests (pile_20 with friction: 3 % of the run).
Eigen::MatrixXd frictionMatrix(const std::vector<RigidBodyCollision>& contacts,
                               std::span<const Polygon> bodies, const Eigen::MatrixXd& normalA) {
  const int n = static_cast<int>(contacts.size());
  std::vector<Direction> dirs;
  dirs.reserve(2 * static_cast<std::size_t>(n));
  for (const RigidBodyCollision& c : contacts) dirs.push_back(normalOf(c));
  for (const RigidBodyCollision& c : contacts) dirs.push_back(tangentOf(c));
  const auto bodyOf = [&](int x, int side) { return side == 0 ? dirs[x].body1 : dirs[x].body2; };
  const auto [start, on] = itemsByBody(2 * n, bodies, bodyOf);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(2 * n, 2 * n);
  A.topLeftCorner(n, n) = normalA;
  for (int x = 0; x < 2 * n; ++x) {
    for (int sx = 0; sx < 2; ++sx) {
      const int body = bodyOf(x, sx);
      if (!isMovableBody(bodies, body)) continue;
      const Polygon& B = bodies[body];
      const Vec2 px = sx == 0 ? dirs[x].p1 : dirs[x].p2;
      for (int e = start[body]; e < start[body + 1]; ++e) {
        // y's side on this body; a direction on one body from both sides is listed twice,
        // its primary side first.
        const int y = on[e];
        const int sy = bodyOf(y, 0) != body || (e > start[body] && on[e - 1] == y) ? 1 : 0;
        if (x < n && y < n) continue;  // the normal block is normalA
        const double t = influence(B, dirs[x].d, dirs[y].d, sy == 0 ? dirs[y].p1 : dirs[y].p2, px);
        A(x, y) += (sx == sy) ? t : -t;
      }
    }
  }
  return A;
}

std::vector<bool> jointRows(const std::vector<RigidBodyCollision>& contacts) {
  std::vector<bool> joint(contacts.size());
  for (std::size_t i = 0; i < contacts.size(); ++i) joint[i] = contacts[i].joint;
  return joint;
}

FrictionProblem frictionProblem(const std::vector<RigidBodyCollision>& contacts,
                                std::span<const Polygon> bodies, std::span<const double> vars,
                                std::span<const double> change, const Eigen::MatrixXd& normalA,
                                const Eigen::VectorXd& normalB, std::vector<double> mu,
                                ExtraAccel extraAccel, double extraAccelTimeStep) {
  const int n = static_cast<int>(contacts.size());
  FrictionProblem p;
  p.A = frictionMatrix(contacts, bodies, normalA);
  p.b.resize(2 * n);
  p.b.head(n) = normalB;
  p.slide.assign(n, 0);
  p.joint = jointRows(contacts);
  for (int i = 0; i < n; ++i) {
    const RigidBodyCollision& c = contacts[i];
    const Vec2 t = contactTangent(c);
    Vec2 accel;
    if (isMovableBody(bodies, c.primaryBody))
      accel += pointAcceleration(vars, change, c.primaryBody, c.r1);
    if (isMovableBody(bodies, c.normalBody))
      accel -= pointAcceleration(vars, change, c.normalBody, c.r2);
    const double vt = tangentialSlip(c, bodies, vars);
    double bi = dot(t, accel);
    if (extraAccel != ExtraAccel::NONE && !c.joint) bi += vt / extraAccelTimeStep;
    p.b(n + i) = bi;
    if (mu[i] > 0 && std::abs(vt) > kStaticSlipSpeed) p.slide[i] = vt > 0 ? -1 : 1;
  }
  p.mu = std::move(mu);
  return p;
}

}  // namespace cl
