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

// How a unit force along column y accelerates, along row x, the bodies they share.
double entry(const Direction& x, const Direction& y, std::span<const Polygon> bodies) {
  // Most pairs of a large problem share no body: 0 at once, before any body is looked up.
  const auto shared = [&](int body) { return body == y.body1 || body == y.body2; };
  if (!shared(x.body1) && !shared(x.body2)) return 0.0;
  double sum = 0;
  for (int sx = 0; sx < 2; ++sx) {
    const int body = sx == 0 ? x.body1 : x.body2;
    if (!isMovableBody(bodies, body)) continue;
    const Polygon& B = bodies[body];
    const Vec2 px = sx == 0 ? x.p1 : x.p2;
    for (int sy = 0; sy < 2; ++sy) {
      if ((sy == 0 ? y.body1 : y.body2) != body) continue;
      const double t = influence(B, x.d, y.d, sy == 0 ? y.p1 : y.p2, px);
      sum += (sx == sy) ? t : -t;
    }
  }
  return sum;
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

Eigen::MatrixXd frictionMatrix(const std::vector<RigidBodyCollision>& contacts,
                               std::span<const Polygon> bodies, const Eigen::MatrixXd& normalA) {
  const int n = static_cast<int>(contacts.size());
  std::vector<Direction> dirs;
  dirs.reserve(2 * static_cast<std::size_t>(n));
  for (const RigidBodyCollision& c : contacts) dirs.push_back(normalOf(c));
  for (const RigidBodyCollision& c : contacts) dirs.push_back(tangentOf(c));
  Eigen::MatrixXd A(2 * n, 2 * n);
  A.topLeftCorner(n, n) = normalA;
  for (int x = 0; x < 2 * n; ++x)
    for (int y = 0; y < 2 * n; ++y)
      if (x >= n || y >= n) A(x, y) = entry(dirs[x], dirs[y], bodies);
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
