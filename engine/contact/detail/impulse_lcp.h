#pragma once
// The collision impulse as an LCP (engine2D's ImpulseSim; contact-forces overview,
// "Solving for Collision Impulse"). For records i with normal velocity v_i (negative when
// approaching) and an impulse j_i >= 0 along each normal (free for joints), the velocity
// after the impulses is v' = v + A j with the same A as resting contact (eq. 9): a unit
// impulse changes velocities exactly as a unit force changes accelerations. Asking
// v_i' >= -e_i v_i, with equality where j_i > 0, is the LCP
//     a = A j + b,   b_i = (1 + e_i) v_i,   j >= 0,  a >= 0,  j . a = 0,
// which ComputeForces solves; a collision gets its pair's elasticity e_i, while a resting
// contact or a joint taking part gets e_i = 0 (it is only kept from closing).
#include <Eigen/Dense>
#include <span>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/collision/rigid_body_collision.h"
#include "engine/solver/compute_forces.h"
#include "engine/solver/friction_forces.h"

namespace cl {

// An impulse no larger than this counts as none (a collision handled, a jam ended).
inline constexpr double kTinyImpulse = 1e-12;

// The relative normal velocity of the record's two points at the state `vars`:
// n . (v_primary(impact1) - v_normal(impact2)); negative when they approach.
double normalVelocityAt(const RigidBodyCollision& c, std::span<const Polygon> bodies,
                        std::span<const double> vars);

// Adds the impulse j along the record's normal to the velocities in `vars`: +j n at
// impact1 on the primary body, -j n at impact2 on the normal body (movable bodies only);
// with engine2dArithmetic, the angular part rounded as engine2D's j (r x n) / I.
void applyImpulse(const RigidBodyCollision& c, double j, std::span<const Polygon> bodies,
                  std::span<double> vars, bool engine2dArithmetic = false);

// The elasticity of a pair: the smaller of the two bodies' (the Scrim counts as 1).
double pairElasticity(const RigidBodyCollision& c, std::span<const Polygon> bodies);

// The impulse LCP of `records` at the state `vars`; elasticity[i] is e_i.
// (engine2dArithmetic: A as engine2D's ImpulseSim sums it, engine2d_lcp.h.)
LcpProblem impulseProblem(const std::vector<RigidBodyCollision>& records,
                          const std::vector<double>& elasticity, std::span<const Polygon> bodies,
                          std::span<const double> vars, bool engine2dArithmetic = false);

// Coulomb friction at impact. With friction the impulse has a tangential part j_F along
// each record's tangent t (n turned +90 degrees), at the contact points, and the problem is
// friction_forces.h's with impulses for forces and velocities for accelerations:
//     [a_N; a_F] = A [j_N; j_F] + [(1 + e) v_N; v_t]      (A the 2n matrix, eq. 9 with t)
// a_N as above, a_F the tangential slip after the impulse, |j_F| <= mu j_N, a_F j_F <= 0,
// a_F (mu j_N - |j_F|) = 0: the impulse stops the slip when that takes no more than mu
// times the normal impulse (the contact sticks), else it is mu j_N against the slip that
// remains (the contact slides through the impact). Every record is static here (the slip
// before the impact only gives b). Joints take part as bilateral rows without friction.
// With e = 0 the impulse never adds energy: the kinetic energy changes by
// j . (v + v')/2 = j . v' - j^T A j / 2 <= 0, since j_N a_N = 0 and j_F a_F <= 0; with
// e > 0 the normal rows aim at v' = -e v and an eccentric impact can gain energy
// (a known property of Newton's restitution with Coulomb friction: Kane's example).
FrictionProblem frictionImpulseProblem(const std::vector<RigidBodyCollision>& records,
                                       const std::vector<double>& elasticity,
                                       std::vector<double> mu, std::span<const Polygon> bodies,
                                       std::span<const double> vars);

// The impulse problem of a friction jam (handle_collisions.h's handleJam): elasticity 0 at
// every record, the pairs' friction, solved with jamOptions() (touching contacts held).
FrictionProblem jamProblem(const std::vector<RigidBodyCollision>& records,
                           std::span<const Polygon> bodies, std::span<const double> vars);
inline FrictionOptions jamOptions() {
  FrictionOptions o;
  o.touchingHeld = true;
  return o;
}

// Adds the impulse j along the record's tangent at its contact points (as applyImpulse).
void applyFrictionImpulse(const RigidBodyCollision& c, double j, std::span<const Polygon> bodies,
                          std::span<double> vars);

}  // namespace cl
