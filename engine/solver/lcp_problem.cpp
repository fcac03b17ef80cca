#include "engine/solver/lcp_problem.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "engine/math/all_finite.h"

namespace cl {

namespace {

// Empty when `nz` lists the nonzeros of an n x n matrix by column in the stated form.
std::string nonzerosProblem(const ColumnNonzeros& nz, Eigen::Index n) {
  if (static_cast<Eigen::Index>(nz.start.size()) != n + 1)
    return fmt::format("nonzeros: {} column starts for {} columns (expected {})", nz.start.size(),
                       n, n + 1);
  if (nz.start.front() != 0 || nz.start.back() != static_cast<int>(nz.row.size()))
    return fmt::format("nonzeros: column starts run from {} to {}, expected 0 to {}",
                       nz.start.front(), nz.start.back(), nz.row.size());
  // Every start in order before any row is read: from 0 to row.size(), none past it.
  for (Eigen::Index j = 0; j < n; ++j)
    if (nz.start[j] > nz.start[j + 1])
      return fmt::format("nonzeros: column {} starts after column {}", j, j + 1);
  for (Eigen::Index j = 0; j < n; ++j) {
    for (int e = nz.start[j]; e < nz.start[j + 1]; ++e) {
      if (nz.row[e] < 0 || nz.row[e] >= n)
        return fmt::format("nonzeros: column {} lists row {}, outside 0..{}", j, nz.row[e], n - 1);
      if (e > nz.start[j] && nz.row[e] <= nz.row[e - 1])
        return fmt::format("nonzeros: column {} lists row {} after row {}", j, nz.row[e],
                           nz.row[e - 1]);
    }
  }
  return {};
}

}  // namespace

std::string LcpProblem::validate() const {
  const Eigen::Index n = b.size();
  if (A.rows() != A.cols()) return fmt::format("A is {} x {}, not square", A.rows(), A.cols());
  if (A.rows() != n) return fmt::format("A is {} x {} but b has {} entries", A.rows(), A.cols(), n);
  if (static_cast<Eigen::Index>(joint.size()) != n)
    return fmt::format("joint has {} entries, expected {}", joint.size(), n);
  if (nonzeros.known()) {
    if (const std::string bad = nonzerosProblem(nonzeros, n); !bad.empty()) return bad;
  }
  // One vectorised sweep in the usual case (all_finite.h), over the listed nonzeros alone
  // when A's are known (A is zero elsewhere); the first bad entry by rows only when there
  // is one.
  const auto listedFinite = [&] {
    for (Eigen::Index j = 0; j < n; ++j)
      for (int e = nonzeros.start[j]; e < nonzeros.start[j + 1]; ++e)
        if (!std::isfinite(A(nonzeros.row[e], j))) return false;
    return true;
  };
  if (!allFinite(b) || !(nonzeros.known() ? listedFinite() : allFinite(A)))
    for (Eigen::Index i = 0; i < n; ++i) {
      if (!std::isfinite(b[i])) return fmt::format("b[{}] is not finite", i);
      for (Eigen::Index j = 0; j < n; ++j)
        if (!std::isfinite(A(i, j))) return fmt::format("A[{}][{}] is not finite", i, j);
    }
  std::vector<bool> seen(n, false);
  for (std::size_t k = 0; k < preOrder.size(); ++k) {
    const int i = preOrder[k];
    if (i < 0 || i >= n) return fmt::format("preOrder[{}] = {} is out of range 0..{}", k, i, n - 1);
    if (seen[i]) return fmt::format("preOrder[{}] = {} appears twice", k, i);
    seen[i] = true;
  }
  return {};
}

namespace {
// max and min that keep a NaN: a residual of a NaN iterate is NaN, never the largest of the
// numbers around it (std::max drops a NaN second argument).
double maxOrNan(double x, double y) {
  return std::isnan(x) || std::isnan(y) ? std::numeric_limits<double>::quiet_NaN() : std::max(x, y);
}
double minOrNan(double x, double y) {
  return -maxOrNan(-x, -y);
}
}  // namespace

double LcpResiduals::worst() const {
  double w = 0;
  for (const double r : {-minContactAccel, -minContactForce, maxComplementarity, maxJointAccel})
    w = maxOrNan(w, r);
  return w;
}

double LcpResiduals::relative() const {
  return bScale > 0 ? worst() / bScale : worst();
}

LcpResiduals computeResiduals(const LcpProblem& p, const Eigen::VectorXd& f,
                              const Eigen::VectorXd& a) {
  LcpResiduals r;
  bool anyContact = false;
  double natural = 0, bNorm = 0;  // squared 2-norms
  for (int i = 0; i < p.size(); ++i) {
    r.bScale = maxOrNan(r.bScale, std::abs(p.b[i]));
    bNorm += p.b[i] * p.b[i];
    const double m = p.joint[i] ? a[i] : f[i] - std::max(0.0, f[i] - a[i]);
    natural += m * m;
    if (p.joint[i]) {
      r.maxJointAccel = maxOrNan(r.maxJointAccel, std::abs(a[i]));
      continue;
    }
    r.minContactAccel = anyContact ? minOrNan(r.minContactAccel, a[i]) : a[i];
    r.minContactForce = anyContact ? minOrNan(r.minContactForce, f[i]) : f[i];
    r.maxComplementarity = maxOrNan(r.maxComplementarity, std::abs(f[i] * a[i]));
    anyContact = true;
  }
  r.naturalMap = bNorm > 0 ? std::sqrt(natural / bNorm) : std::sqrt(natural);
  return r;
}

}  // namespace cl
