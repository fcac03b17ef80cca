#pragma once
// The A matrix and b vector of ContactSim's LCP a = A f + b for one set of contacts
// (contact-forces overview, eqs. (5) to (11); engine2D's calculate_a_matrix and
// calculate_b_vector).
//
// Contact i has primary body 1 (the vertex or arc that touches) and normal body 2 (the
// edge whose normal n_i points out of it, towards body 1). Its force f_i acts as +f_i n_i
// on body 1 and -f_i n_i on body 2. Fixed bodies and the Scrim never move, so they
// contribute nothing.
//
// A (eq. 9, summed over the bodies the two contacts share):
//   A_ij = sum over s in {1, 2} of contact i and t in {1, 2} of contact j with the same
//          movable body B:  sign_s sign_t  n_i . (n_j / m_B + ((u_jt x n_j) x u_is) / I_B)
//   with sign = +1 for the primary body and -1 for the normal body, and u the vectors from
//   each body's CM to the centre of its arc (curved feature) or to the contact point.
//
// b (eqs. 10 and 11, with the curved-edge terms of engine2D) for contact i, with v, w the
// velocities and omegas of the state, a, alpha the accelerations from external forces
// (the change vector so far) and u1, u2 as above:
//   b_i = extra(ExtraAccel)
//       + [straight normal edge, curved primary, normal body movable]  -radius1 w2^2
//       + k n_i' . (q1' - q2')                        (unless the normal is world-fixed)
//       + n_i . (a1 + alpha1 x u1 - w1^2 u1)          (body 1 movable)
//       - n_i . (a2 + alpha2 x u2 - w2^2 u2)          (body 2 movable)
//   where q' = v + w x u (zero for a fixed body) and
//     straight normal edge: n_i' = w2 x n_i,  k = 2 (eq. 10);
//     curved normal edge:   n_i' = (q1' - q2') / R with R = radius2 (vertex) or
//                           radius1 + radius2 (arc on arc), q2' only when body 2 moves,
//                           k = 1 (the Curved Edge Physics paper: n' . (p1' - c2')).
#include <Eigen/Dense>
#include <functional>
#include <span>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/collision/rigid_body_collision.h"
#include "engine/contact/extra_accel.h"
#include "engine/solver/lcp_problem.h"

namespace cl {

// How a unit force along n_j at a point u_j (from the CM) of body B accelerates, along
// n_i, the point u_i of the same body: n_i . (n_j / m + ((u_j x n_j) x u_i) / I).
double influence(const Polygon& b, Vec2 ni, Vec2 nj, Vec2 uj, Vec2 ui);

// True when the body index is a body with finite mass (not the Scrim, not fixed).
bool isMovableBody(std::span<const Polygon> bodies, int body);

// Items (contacts, or a friction problem's directions) by the movable bodies they act on,
// each item on two bodies (side 0, the primary; side 1, the normal body): on[start[b] ..<
// start[b + 1]] lists the items on movable body b in increasing order, an item whose two
// sides are one body twice. The entries between items sharing a body are built from it.
struct ItemsByBody {
  std::vector<int> start, on;
};
ItemsByBody itemsByBody(int items, std::span<const Polygon> bodies,
                        const std::function<int(int item, int side)>& bodyOf);

// With `nonzeros`, also A's nonzeros by column (lcp_problem.h): the contacts that share a
// movable body.
Eigen::MatrixXd contactMatrix(const std::vector<RigidBodyCollision>& contacts,
                              std::span<const Polygon> bodies, ColumnNonzeros* nonzeros = nullptr);

// vars: the state being evaluated; change: its derivative with the external forces
// already applied (accelerations in the kVX, kVY, kOmega slots).
Eigen::VectorXd contactBVector(const std::vector<RigidBodyCollision>& contacts,
                               std::span<const Polygon> bodies, std::span<const double> vars,
                               std::span<const double> change, ExtraAccel extraAccel,
                               double extraAccelTimeStep);

// Adds +f n at impact1 to the primary body and -f n at impact2 (or impact1) to the normal
// body (movable bodies only) to the accelerations in `change`, using the CM positions of
// `vars`.
void applyContactForce(const RigidBodyCollision& c, double f, std::span<const Polygon> bodies,
                       std::span<const double> vars, std::span<double> change);

}  // namespace cl
