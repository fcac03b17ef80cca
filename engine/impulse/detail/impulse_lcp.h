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

namespace cl {

// The relative normal velocity of the record's two points at the state `vars`:
// n . (v_primary(impact1) - v_normal(impact2)); negative when they approach.
double normalVelocityAt(const RigidBodyCollision& c, std::span<const Polygon> bodies,
                        std::span<const double> vars);

// Adds the impulse j along the record's normal to the velocities in `vars`: +j n at
// impact1 on the primary body, -j n at impact2 on the normal body (movable bodies only).
void applyImpulse(const RigidBodyCollision& c, double j, std::span<const Polygon> bodies,
                  std::span<double> vars);

// The elasticity of a pair: the smaller of the two bodies' (the Scrim counts as 1).
double pairElasticity(const RigidBodyCollision& c, std::span<const Polygon> bodies);

// The impulse LCP of `records` at the state `vars`; elasticity[i] is e_i.
LcpProblem impulseProblem(const std::vector<RigidBodyCollision>& records,
                          const std::vector<double>& elasticity, std::span<const Polygon> bodies,
                          std::span<const double> vars);

}  // namespace cl
