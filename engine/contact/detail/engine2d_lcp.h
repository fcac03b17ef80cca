#pragma once
// The A matrices and the b vector of engine2D, in its arithmetic, for
// compute_forces_engine2d's runs (ContactTolerances::engine2dArithmetic). The same numbers
// as contactMatrix and contactBVector (contact_matrix.h) up to rounding, summed as engine2D
// sums them:
//
// contactMatrixEngine2D, ContactSim.calculate_a_matrix: for each pair i, j, each body
// the two contacts share (m, I finite) adds or subtracts, x part then y part,
//   n_ix (n_jx / m + (-R_iy R_jx n_jy + R_iy R_jy n_jx) / I)
//   n_iy (n_jy / m + (-R_ix R_jy n_jx + R_ix R_jx n_jy) / I)
// with R the u vectors (u1 of a primary body, u2 of a normal body), in the order
// primary-primary, primary-normal, normal-primary, normal-normal.
//
// impulseMatrixEngine2D, ImpulseSim.makeCollisionMatrix: A_ij = influence(primary body of i)
// - influence(normal body of i), where with r_i, r_j the r vectors of the two contacts on
// that body and the sign of j's side,
//   influence = sign (n_ix (n_jx / m - r_iy (r_j x n_j) / I) + n_iy (n_jy / m + r_ix (r_j x n_j) /
//   I)).
//
// contactBVectorEngine2D, ContactSim.calculate_b_vector: each b_i starts at 0 and receives
// the extra acceleration, the normal's turning term (an arc's n' as q1/R - q2/R, not
// (q1 - q2)/R), then per movable body the x and y parts of n . (a + alpha x u - w^2 u)
// one at a time.
#include <Eigen/Dense>
#include <span>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/collision/rigid_body_collision.h"
#include "engine/contact/extra_accel.h"

namespace cl {

Eigen::MatrixXd contactMatrixEngine2D(const std::vector<RigidBodyCollision>& contacts,
                                      std::span<const Polygon> bodies);
Eigen::MatrixXd impulseMatrixEngine2D(const std::vector<RigidBodyCollision>& records,
                                      std::span<const Polygon> bodies);
Eigen::VectorXd contactBVectorEngine2D(const std::vector<RigidBodyCollision>& contacts,
                                       std::span<const Polygon> bodies,
                                       std::span<const double> vars, std::span<const double> change,
                                       ExtraAccel extraAccel, double extraAccelTimeStep);

}  // namespace cl
