#include "engine/contact/detail/engine2d_lcp.h"

#include <cmath>
#include <stdexcept>

#include "engine/body/body_state.h"
#include "engine/contact/detail/contact_matrix.h"

namespace cl {

namespace {

// A body's mass and moment as engine2D sees them: not finite for a fixed body or the Scrim.
struct Inertia {
  bool movable;
  double m, I;
};

Inertia inertiaOf(std::span<const Polygon> bodies, int body) {
  if (!isMovableBody(bodies, body)) return {false, 0, 0};
  return {true, bodies[body].mass(), bodies[body].moment()};
}

// One body's term of calculate_a_matrix: n_i's components against n_j through R_i and R_j.
double contactTerm(Vec2 ni, Vec2 nj, Vec2 Ri, Vec2 Rj, const Inertia& b, double a, double sign) {
  a += sign * (ni.x * (nj.x / b.m + (-Ri.y * Rj.x * nj.y + Ri.y * Rj.y * nj.x) / b.I));
  a += sign * (ni.y * (nj.y / b.m + (-Ri.x * Rj.y * nj.x + Ri.x * Rj.x * nj.y) / b.I));
  return a;
}

}  // namespace

Eigen::MatrixXd contactMatrixEngine2D(const std::vector<RigidBodyCollision>& contacts,
                                      std::span<const Polygon> bodies) {
  const auto n = static_cast<Eigen::Index>(contacts.size());
  Eigen::MatrixXd A(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const RigidBodyCollision& ci = contacts[i];
    const Inertia b1 = inertiaOf(bodies, ci.primaryBody), b2 = inertiaOf(bodies, ci.normalBody);
    for (Eigen::Index j = 0; j < n; ++j) {
      const RigidBodyCollision& cj = contacts[j];
      double a = 0;
      // a -= x is a += (-1) x to the bit: negation is exact.
      if (b1.movable && ci.primaryBody == cj.primaryBody)
        a = contactTerm(ci.normal, cj.normal, ci.u1, cj.u1, b1, a, 1);
      if (b1.movable && ci.primaryBody == cj.normalBody)
        a = contactTerm(ci.normal, cj.normal, ci.u1, cj.u2, b1, a, -1);
      if (b2.movable && ci.normalBody == cj.primaryBody)
        a = contactTerm(ci.normal, cj.normal, ci.u2, cj.u1, b2, a, -1);
      if (b2.movable && ci.normalBody == cj.normalBody)
        a = contactTerm(ci.normal, cj.normal, ci.u2, cj.u2, b2, a, 1);
      A(i, j) = a;
    }
  }
  return A;
}

Eigen::MatrixXd impulseMatrixEngine2D(const std::vector<RigidBodyCollision>& records,
                                      std::span<const Polygon> bodies) {
  const auto n = static_cast<Eigen::Index>(records.size());
  const auto influence = [&](const RigidBodyCollision& ci, const RigidBodyCollision& cj, int body) {
    const Inertia b = inertiaOf(bodies, body);
    if (!b.movable) return 0.0;
    const Vec2 ri = ci.primaryBody == body ? ci.r1 : ci.r2;
    if (ci.primaryBody != body && ci.normalBody != body) return 0.0;
    Vec2 rj;
    double factor;
    if (cj.primaryBody == body)
      rj = cj.r1, factor = 1;
    else if (cj.normalBody == body)
      rj = cj.r2, factor = -1;
    else
      return 0.0;
    const double torque = rj.x * cj.normal.y - rj.y * cj.normal.x;
    return factor * (ci.normal.x * (cj.normal.x / b.m - ri.y * torque / b.I) +
                     ci.normal.y * (cj.normal.y / b.m + ri.x * torque / b.I));
  };
  Eigen::MatrixXd A(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index k = 0; k < n; ++k) {
      double a = 0;
      a += influence(records[i], records[k], records[i].primaryBody);
      a -= influence(records[i], records[k], records[i].normalBody);
      A(i, k) = a;
    }
  return A;
}

Eigen::VectorXd contactBVectorEngine2D(const std::vector<RigidBodyCollision>& contacts,
                                       std::span<const Polygon> bodies,
                                       std::span<const double> vars, std::span<const double> change,
                                       ExtraAccel extraAccel, double extraAccelTimeStep) {
  const auto n = static_cast<Eigen::Index>(contacts.size());
  Eigen::VectorXd b(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const RigidBodyCollision& c = contacts[i];
    const bool move1 = isMovableBody(bodies, c.primaryBody);
    const bool move2 = isMovableBody(bodies, c.normalBody);
    const double* s1 = move1 ? vars.data() + kVarsPerBody * c.primaryBody : nullptr;
    const double* s2 = move2 ? vars.data() + kVarsPerBody * c.normalBody : nullptr;
    const double vx1 = move1 ? s1[kVX] : 0, vy1 = move1 ? s1[kVY] : 0, w1 = move1 ? s1[kOmega] : 0;
    const double vx2 = move2 ? s2[kVX] : 0, vy2 = move2 ? s2[kVY] : 0, w2 = move2 ? s2[kOmega] : 0;
    const double Rx = c.u1.x, Ry = c.u1.y, R2x = c.u2.x, R2y = c.u2.y;
    double bi = 0;
    bi += extraAccelTerm(extraAccel, c, extraAccelTimeStep);
    if (!c.normalFixed) {
      double npx = 0, npy = 0;
      if (c.ballNormal) {
        const double radius = c.ballObject ? c.radius1 + c.radius2 : c.radius2;
        npx = (vx1 - w1 * Ry) / radius;
        npy = (vy1 + w1 * Rx) / radius;
        if (move2) {
          npx -= (vx2 - w2 * R2y) / radius;
          npy -= (vy2 + w2 * R2x) / radius;
        }
      } else {
        npx = -w2 * c.normal.y;
        npy = w2 * c.normal.x;
        if (c.ballObject && move2) bi += -c.radius1 * w2 * w2;
      }
      const double v1x = move1 ? vx1 - w1 * Ry : 0, v1y = move1 ? vy1 + w1 * Rx : 0;
      const double v2x = move2 ? vx2 - w2 * R2y : 0, v2y = move2 ? vy2 + w2 * R2x : 0;
      const double turning = npx * (v1x - v2x) + npy * (v1y - v2y);
      bi += c.ballNormal ? turning : 2 * turning;
    }
    if (move1) {
      const double* a1 = change.data() + kVarsPerBody * c.primaryBody;
      bi += c.normal.x * (a1[kVX] - a1[kOmega] * Ry - w1 * w1 * Rx);
      bi += c.normal.y * (a1[kVY] + a1[kOmega] * Rx - w1 * w1 * Ry);
    }
    if (move2) {
      const double* a2 = change.data() + kVarsPerBody * c.normalBody;
      bi -= c.normal.x * (a2[kVX] - a2[kOmega] * R2y - w2 * w2 * R2x);
      bi -= c.normal.y * (a2[kVY] + a2[kOmega] * R2x - w2 * w2 * R2y);
    }
    if (!std::isfinite(bi)) throw std::domain_error("contact b vector entry is not finite");
    b(i) = bi;
  }
  return b;
}

}  // namespace cl
