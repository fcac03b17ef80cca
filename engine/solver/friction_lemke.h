#pragma once
// The friction problem of friction_forces.h as one LCP, solved by Lemke's method: the
// fallback of computeFrictionForces when its pivoting ends without a solution.
//
// Each sliding friction is tied to its normal (f_F = s mu f_N, a column of A folded into
// the normal's); each static friction with mu > 0 is split into two non-negative parts
// along +t and -t, f_F = beta+ - beta-, with a slack lambda >= 0 (the 2D form of Stewart
// and Trinkle's friction cone, whose two directions are exact in the plane):
//     lambda + a_F        >= 0,  beta+  >= 0,  complementary
//     lambda - a_F        >= 0,  beta-  >= 0,  complementary
//     mu f_N - beta+ - beta- >= 0,  lambda >= 0,  complementary
// With a_F > 0 this forces lambda = a_F and f_F = -mu f_N (at the cone's edge against a_F);
// with a_F = 0 any |f_F| <= mu f_N: exactly (16). The normals keep (15), joints stay
// bilateral. So a solution of this LCP is one of the friction problem and conversely.
//
// Why a fallback is needed: once frictions are tied the reduced systems of Baraff's drive
// are not symmetric, and a drive can find no step that ends it although the problem has a
// solution (seen on a pile with mu 0.5: 9 of 14 contacts sliding). Lemke's method decides
// such LCPs more often (it ends on a ray where A is not copositive-plus); where it ends on
// a ray too, the problem is taken to have no solution (Painleve's paradox: an impulse).
#include "engine/solver/friction_forces.h"
#include "engine/solver/lemke.h"

namespace cl {

// Solves `problem` by Lemke; the result's sets are read off the solution (a normal with
// force in C, a static friction with a_F within `tolerance` (relative to max |b|) in C_F,
// else at the cone's edge). On failure `error` says why (kNoSolution on a ray).
// `lemke`: Lemke's options (lemke.h) but startFromGuess, which the guess sets. `guess` (2n
// forces, normals then frictions, as FrictionOptions::guess; empty for none): Lemke from
// the basis it implies (lemke.h), the normals with force, their static frictions' beta+ or
// beta- by sign, and lambda where the friction is at the cone's edge.
FrictionResult frictionByLemke(const FrictionProblem& problem, double tolerance,
                               LemkeOptions lemke = {},
                               const Eigen::VectorXd& guess = Eigen::VectorXd());

}  // namespace cl
