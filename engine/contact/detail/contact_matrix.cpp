#include "engine/contact/detail/contact_matrix.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>

#include "engine/body/body_state.h"
#include "engine/body/scrim.h"

namespace cl {

namespace {

struct Motion {
  Vec2 v;              // velocity of the CM
  double w = 0.0;      // angular velocity
  Vec2 a;              // acceleration of the CM from external forces
  double alpha = 0.0;  // angular acceleration from external forces
};

Motion motionOf(std::span<const double> vars, std::span<const double> change, int body) {
  const double* v = vars.data() + kVarsPerBody * body;
  const double* c = change.data() + kVarsPerBody * body;
  return {{v[kVX], v[kVY]}, v[kOmega], {c[kVX], c[kVY]}, c[kOmega]};
}

}  // namespace

double influence(const Polygon& b, Vec2 ni, Vec2 nj, Vec2 uj, Vec2 ui) {
  const double torque = cross(uj, nj);
  return dot(ni, nj / b.mass() + cross(torque, ui) / b.moment());
}

bool isMovableBody(std::span<const Polygon> bodies, int body) {
  return !isScrim(body) && body >= 0 && body < static_cast<int>(bodies.size()) &&
         !bodies[body].isFixed();
}

ItemsByBody itemsByBody(int items, std::span<const Polygon> bodies,
                        const std::function<int(int item, int side)>& bodyOf) {
  const int nb = static_cast<int>(bodies.size());
  ItemsByBody by;
  by.start.assign(static_cast<std::size_t>(nb) + 1, 0);
  for (int j = 0; j < items; ++j)
    for (int side = 0; side < 2; ++side)
      if (isMovableBody(bodies, bodyOf(j, side))) ++by.start[bodyOf(j, side) + 1];
  for (int b = 0; b < nb; ++b) by.start[b + 1] += by.start[b];
  by.on.resize(static_cast<std::size_t>(by.start[nb]));
  std::vector<int> fill(by.start.begin(), by.start.end() - 1);
  for (int j = 0; j < items; ++j)
    for (int side = 0; side < 2; ++side)
      if (isMovableBody(bodies, bodyOf(j, side))) by.on[fill[bodyOf(j, side)]++] = j;
  return by;
}

// A_ij is nonzero only when contacts i and j share a movable body, so the entries are
// built body by body from the list of contacts touching each movable body (compressed rows
// by body), in the order of the dense formula: for each i, body 1's terms, then body 2's.
// Each entry starts at +0 and receives the same additions in the same order, hence the
// same bits, in O(sum of squared contacts per body) instead of O(n^2) pair tests.
Eigen::MatrixXd contactMatrix(const std::vector<RigidBodyCollision>& contacts,
                              std::span<const Polygon> bodies, ColumnNonzeros* nonzeros) {
  const int n = static_cast<int>(contacts.size());
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
  bool finite = true;
  // Named members, not a structured binding: the lambda below uses them, which clang 14
  // (Debian 12) rejects for bindings.
  const ItemsByBody byBody = itemsByBody(n, bodies, [&](int j, int side) {
    return side == 0 ? contacts[j].primaryBody : contacts[j].normalBody;
  });
  const std::vector<int>& start = byBody.start;
  const std::vector<int>& on = byBody.on;
  for (int i = 0; i < n; ++i) {
    const RigidBodyCollision& ci = contacts[i];
    // Body 1 is the primary (its point is u1, sign +), body 2 the normal body (u2, sign -,
    // since body 2's point enters d_i'' with a minus sign).
    for (int side = 0; side < 2; ++side) {
      const int body = side == 0 ? ci.primaryBody : ci.normalBody;
      if (!isMovableBody(bodies, body)) continue;
      const Polygon& B = bodies[body];
      const Vec2 ui = side == 0 ? ci.u1 : ci.u2;
      for (int e = start[body]; e < start[body + 1]; ++e) {
        const RigidBodyCollision& cj = contacts[on[e]];
        // +f_j n_j on the body when it is contact j's primary body, -f_j n_j when normal.
        const bool jPrimary = cj.primaryBody == body;
        const double t = influence(B, ci.normal, cj.normal, jPrimary ? cj.u1 : cj.u2, ui);
        double& entry = A(i, on[e]);
        if (jPrimary == (side == 0))
          entry += t;
        else
          entry -= t;
        // Only entries written here can be other than +0, and a sum that is not finite stays
        // so: checked as they are written rather than by another pass over all n x n.
        finite &= std::isfinite(entry);
      }
    }
  }
  if (!finite) throw std::domain_error("contact matrix entry is not finite (zero mass or moment?)");
  if (nonzeros) {
    // Column j's rows: the contacts on j's movable bodies, the merge of those bodies' lists
    // (each in increasing order of contact, as filled above; a contact whose two bodies are
    // the same body is in its list twice); a contact on both bodies is listed once.
    const auto end = [&] { return nonzeros->row.end(); };
    nonzeros->start.assign(1, 0);
    nonzeros->row.clear();
    for (int j = 0; j < n; ++j) {
      const auto listOf = [&](int body) -> std::span<const int> {
        if (!isMovableBody(bodies, body)) return {};
        return {on.data() + start[body], on.data() + start[body + 1]};
      };
      const std::span<const int> p = listOf(contacts[j].primaryBody);
      const std::span<const int> q = contacts[j].normalBody == contacts[j].primaryBody
                                         ? std::span<const int>()
                                         : listOf(contacts[j].normalBody);
      const auto from = static_cast<std::ptrdiff_t>(nonzeros->row.size());
      std::set_union(p.begin(), p.end(), q.begin(), q.end(), std::back_inserter(nonzeros->row));
      nonzeros->row.erase(std::unique(nonzeros->row.begin() + from, end()), end());
      nonzeros->start.push_back(static_cast<int>(nonzeros->row.size()));
    }
  }
  return A;
}

Eigen::VectorXd contactBVector(const std::vector<RigidBodyCollision>& contacts,
                               std::span<const Polygon> bodies, std::span<const double> vars,
                               std::span<const double> change, ExtraAccel extraAccel,
                               double extraAccelTimeStep) {
  const int n = static_cast<int>(contacts.size());
  Eigen::VectorXd b(n);
  for (int i = 0; i < n; ++i) {
    const RigidBodyCollision& c = contacts[i];
    const bool move1 = isMovableBody(bodies, c.primaryBody);
    const bool move2 = isMovableBody(bodies, c.normalBody);
    const Motion m1 = move1 ? motionOf(vars, change, c.primaryBody) : Motion{};
    const Motion m2 = move2 ? motionOf(vars, change, c.normalBody) : Motion{};
    const Vec2 u1 = c.u1;
    const Vec2 u2 = c.u2;

    double bi = extraAccelTerm(extraAccel, c, extraAccelTimeStep);

    if (!c.normalFixed) {
      // Velocities of the u-points (arc centres or contact points); zero when fixed.
      const Vec2 q1 = move1 ? m1.v + cross(m1.w, u1) : Vec2{};
      const Vec2 q2 = move2 ? m2.v + cross(m2.w, u2) : Vec2{};
      Vec2 ndot;  // n_i'
      if (c.ballNormal) {
        // The normal runs from the arc's centre (of curvature) to the other feature, so
        // it turns with their relative velocity over the sum of the signed radii.
        const double radius = c.ballObject ? c.radius1 + c.radius2 : c.radius2;
        ndot = (q1 - q2) / radius;
        bi += dot(ndot, q1 - q2);
      } else {
        // A straight edge's normal turns with its body.
        ndot = cross(m2.w, c.normal);
        if (c.ballObject && move2) bi += -c.radius1 * m2.w * m2.w;
        bi += 2.0 * dot(ndot, q1 - q2);
      }
    }
    // n_i . (p1'' - p2'') from the external accelerations and the centripetal terms.
    if (move1) bi += dot(c.normal, m1.a + cross(m1.alpha, u1) - (m1.w * m1.w) * u1);
    if (move2) bi -= dot(c.normal, m2.a + cross(m2.alpha, u2) - (m2.w * m2.w) * u2);
    if (!std::isfinite(bi)) throw std::domain_error("contact b vector entry is not finite");
    b(i) = bi;
  }
  return b;
}

void applyContactForce(const RigidBodyCollision& c, double f, std::span<const Polygon> bodies,
                       std::span<const double> vars, std::span<double> change) {
  if (f == 0.0) return;
  const auto push = [&](int body, Vec2 at, Vec2 force) {
    const Polygon& b = bodies[body];
    const Vec2 cm{vars[kVarsPerBody * body + kX], vars[kVarsPerBody * body + kY]};
    double* ch = change.data() + kVarsPerBody * body;
    ch[kVX] += force.x / b.mass();
    ch[kVY] += force.y / b.mass();
    ch[kOmega] += cross(at - cm, force) / b.moment();
  };
  if (isMovableBody(bodies, c.primaryBody)) push(c.primaryBody, c.impact1, c.normal * f);
  if (isMovableBody(bodies, c.normalBody))
    push(c.normalBody, c.impact2.value_or(c.impact1), c.normal * (-f));
}

}  // namespace cl
