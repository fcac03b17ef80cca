#include "engine/solver/friction_lemke.h"

#include <cmath>
#include <vector>

namespace cl {

namespace {
// A guessed friction this close (relative) to mu f_N is at the cone's edge.
constexpr double kEdge = 1e-9;
}  // namespace

FrictionResult frictionByLemke(const FrictionProblem& p, double tolerance, LemkeOptions lemke,
                               const Eigen::VectorXd& guess) {
  FrictionResult res;
  if (!p.validate().empty()) {
    res.error = LcpError::kBadInput;
    return res;
  }
  const int n = p.contacts();
  const auto slideOf = [&](int i) { return p.slide.empty() ? 0 : p.slide[i]; };
  const auto isJoint = [&](int i) { return !p.joint.empty() && p.joint[i]; };
  std::vector<int> statics;  // contacts with a static friction: beta+, beta-, lambda each
  for (int i = 0; i < n; ++i)
    if (p.mu[i] > 0 && slideOf(i) == 0) statics.push_back(i);
  const int m = static_cast<int>(statics.size());
  const int size = n + 3 * m;
  // [f_N; f_F] = F z for z = [f_N; beta+; beta-; lambda].
  Eigen::MatrixXd F = Eigen::MatrixXd::Zero(2 * n, size);
  for (int i = 0; i < n; ++i) {
    F(i, i) = 1;
    if (p.mu[i] > 0 && slideOf(i) != 0) F(n + i, i) = slideOf(i) * p.mu[i];
  }
  for (int k = 0; k < m; ++k) {
    F(n + statics[k], n + k) = 1;
    F(n + statics[k], n + m + k) = -1;
  }
  // The accelerations a = AF z + b, AF = A F column by column: F's columns hold one or two
  // entries, so each column of AF is a column of A, its negation, or a normal's column plus
  // its sliding friction's (the entries A F sums, without its products by zero).
  Eigen::MatrixXd AF = Eigen::MatrixXd::Zero(2 * n, size);
  for (int i = 0; i < n; ++i) {
    AF.col(i) = p.A.col(i);
    if (p.mu[i] > 0 && slideOf(i) != 0) AF.col(i) += p.A.col(n + i) * F(n + i, i);
  }
  for (int k = 0; k < m; ++k) {
    AF.col(n + k) = p.A.col(n + statics[k]);
    AF.col(n + m + k) = -p.A.col(n + statics[k]);
  }
  LcpProblem lcp;
  lcp.A = Eigen::MatrixXd::Zero(size, size);
  lcp.b = Eigen::VectorXd::Zero(size);
  lcp.joint.assign(static_cast<std::size_t>(size), false);
  for (int i = 0; i < n; ++i) {
    lcp.A.row(i) = AF.row(i);
    lcp.b(i) = p.b(i);
    lcp.joint[static_cast<std::size_t>(i)] = isJoint(i);
  }
  for (int k = 0; k < m; ++k) {
    const int i = statics[k], lambda = n + 2 * m + k;
    lcp.A.row(n + k) = AF.row(n + i);  // lambda + a_F
    lcp.A(n + k, lambda) += 1;
    lcp.b(n + k) = p.b(n + i);
    lcp.A.row(n + m + k) = -AF.row(n + i);  // lambda - a_F
    lcp.A(n + m + k, lambda) += 1;
    lcp.b(n + m + k) = -p.b(n + i);
    lcp.A(lambda, i) = p.mu[i];  // mu f_N - beta+ - beta-
    lcp.A(lambda, n + k) = -1;
    lcp.A(lambda, n + m + k) = -1;
  }
  // The guessed basis: normals first, then frictions, then lambda, whose diagonal entry is
  // zero until its beta and normal are in (lemke.h pivots them in this order).
  std::vector<int> basic;
  if (guess.size() == 2 * n) {
    for (int i = 0; i < n; ++i)
      if (guess(i) > 0) basic.push_back(i);
    for (int k = 0; k < m; ++k) {
      const int i = statics[k];
      if (guess(i) > 0 && guess(n + i) != 0) basic.push_back(guess(n + i) > 0 ? n + k : n + m + k);
    }
    for (int k = 0; k < m; ++k) {
      const int i = statics[k];
      if (guess(i) > 0 && std::abs(guess(n + i)) >= (1 - kEdge) * p.mu[i] * guess(i))
        basic.push_back(n + 2 * m + k);
    }
  }
  LcpSolverOptions options;
  options.tolerance = tolerance;
  lemke.startFromGuess = !basic.empty();
  const LcpResult r = Lemke(options, lemke).solve(lcp, basic);
  res.pivots = r.pivots;
  res.error = r.error;
  if (r.f.size() != size) return res;
  res.f = F * r.f;
  res.a = p.A * res.f + p.b;
  const double scale = p.b.size() > 0 ? p.b.cwiseAbs().maxCoeff() : 0.0;
  const double tol = tolerance * (scale > 0 ? scale : 1.0);
  res.normalSets.resize(n);
  res.frictionSets.resize(n);
  for (int i = 0; i < n; ++i) {
    res.normalSets[i] = isJoint(i) || res.f(i) > 0 ? ContactSet::kC : ContactSet::kNC;
    ContactSet& fs = res.frictionSets[i];
    if (p.mu[i] == 0 || isJoint(i))
      fs = ContactSet::kUntreated;
    else if (slideOf(i) == 0 && std::abs(res.a(n + i)) <= tol)
      fs = ContactSet::kCF;
    else
      fs = res.f(n + i) > 0 ? ContactSet::kNCPlus : ContactSet::kNCMinus;
  }
  return res;
}

}  // namespace cl
