#pragma once
// What a solve that did not succeed can say for certain about its problem, in a line for
// LcpResult::reason: the first entry of an iterate that is not a finite number; a
// certificate that the LCP has no solution; the assumption of ComputeForces (Baraff 1994:
// A symmetric positive semidefinite) that A breaks, measured.
#include <Eigen/Dense>
#include <optional>
#include <string>

#include "engine/solver/lcp_problem.h"

namespace cl::detail {

// "f at row 3 of 40 = inf" for the first entry of f, then of a, that is a NaN or an
// infinity (rows counted from 1); empty when every entry is finite.
std::string firstNonFinite(const Eigen::VectorXd& f, const Eigen::VectorXd& a);

// y is a certificate that no f solves LCP(A, b) when y >= 0 at contacts (any sign at
// joints), (A^T y)_i <= 0 at contacts, (A^T y)_j = 0 at joints and b^T y < 0: a solution
// would give y^T a = sum_i (A^T y)_i f_i + b^T y < 0 (f_i >= 0 at contacts), while a >= 0
// at contacts and a = 0 at joints give y^T a >= 0. Checked in floating point: A^T y may
// miss its conditions by rounding, r, and then only an f with sum |f| >= -b^T y / r is
// ruled out, which the line says. nullopt when y is no such certificate.
std::optional<std::string> infeasibilityCertificate(const LcpProblem& p, const Eigen::VectorXd& y);

// Why A is outside ComputeForces' assumptions: not symmetric (max |A_ij - A_ji| above
// 1e-9 max |A_ij|), a negative diagonal entry at a contact, a 2 x 2 principal minor below
// zero (A_ij^2 > A_ii A_jj), or, with `spectrum`, a smallest eigenvalue of (A + A^T) / 2
// below -1e-9 max |A_ij| (n^3 work: asked only of a failed solve of at most kMaxEigenRows
// rows). Empty when none is found.
std::string brokenComputeForcesAssumption(const LcpProblem& p, bool spectrum);
inline constexpr int kMaxEigenRows = 300;

}  // namespace cl::detail
