#pragma once
// The 2n friction problem of a set of contacts (friction_forces.h): the normal block is the
// frictionless A and b (contact_matrix.h); the tangential rows and columns are built the
// same way (eq. 9) with each contact's tangent t = n turned +90 degrees, at the contact's
// points (impact1 on the primary body, impact2 on the normal body), where the friction
// force acts, rather than at the arcs' centres.
//
//   A_xy (x, y in {N, F}) = sum over the movable bodies B contacts i and j share of
//       sign_i sign_j d_i . (d_j / m_B + ((p_j x d_j) x p_i) / I_B)
//   b_F,i = t_i . (a1 + alpha1 x r1 - w1^2 r1 - (a2 + alpha2 x r2 - w2^2 r2))
//           + v_t,i / h        (ExtraAccel other than none: stops a residual slip as the
//                              normal term stops a residual approach)
// with v_t,i = t_i . (v(p1) - v(p2)) the tangential slip. A contact slipping faster than
// kStaticSlipSpeed slides: its friction is -sign(v_t) mu f_N (Baraff 94 section 6), and
// the rest stick unless the cone gives way (section 5). A sliding contact whose friction
// would stop it within one ExtraAccel time step is solved again as sticking
// (stickingSlides), so that a block coming to rest stops instead of chattering about zero.
#include <Eigen/Dense>
#include <span>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/collision/rigid_body_collision.h"
#include "engine/contact/extra_accel.h"
#include "engine/solver/friction_forces.h"

namespace cl {

// Tangential slip speed above which a contact counts as sliding.
inline constexpr double kStaticSlipSpeed = 0.005;

// The contact's tangent: its normal turned +90 degrees.
inline Vec2 contactTangent(const RigidBodyCollision& c) {
  return {-c.normal.y, c.normal.x};
}

// Adds the friction force f along the contact's tangent, at its points (+f t on the primary
// body, -f t on the normal body), to `change` (applyContactForce's convention).
void applyFrictionForce(const RigidBodyCollision& c, double f, std::span<const Polygon> bodies,
                        std::span<const double> vars, std::span<double> change);

// The friction coefficients of the contacts (0 for joints), by frictionPair.
std::vector<double> contactFriction(const std::vector<RigidBodyCollision>& contacts,
                                    std::span<const Polygon> bodies);

// The contact's tangential slip v_t = t . (v(p1) - v(p2)).
double tangentialSlip(const RigidBodyCollision& c, std::span<const Polygon> bodies,
                      std::span<const double> vars);

// The sliding contacts of `problem` that its solution `f` (with a = A f + b) stops within
// h: slip and slip + a_F h of opposite signs (or zero). They are set to stick (slide 0);
// returns whether any was.
bool stickingSlides(FrictionProblem& problem, const std::vector<RigidBodyCollision>& contacts,
                    std::span<const Polygon> bodies, std::span<const double> vars,
                    const Eigen::VectorXd& a, double h);

// The 2n matrix of the contacts, given their frictionless normal block A_NN.
Eigen::MatrixXd frictionMatrix(const std::vector<RigidBodyCollision>& contacts,
                               std::span<const Polygon> bodies, const Eigen::MatrixXd& normalA);

// Which rows are joints (bilateral), as FrictionProblem::joint.
std::vector<bool> jointRows(const std::vector<RigidBodyCollision>& contacts);

// The 2n problem, given the frictionless normal block A_NN, b_N of the same contacts.
FrictionProblem frictionProblem(const std::vector<RigidBodyCollision>& contacts,
                                std::span<const Polygon> bodies, std::span<const double> vars,
                                std::span<const double> change, const Eigen::MatrixXd& normalA,
                                const Eigen::VectorXd& normalB, std::vector<double> mu,
                                ExtraAccel extraAccel, double extraAccelTimeStep);

}  // namespace cl
