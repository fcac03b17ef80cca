#include "engine/solver/detail/lcp_diagnosis.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace cl::detail {

namespace {
constexpr double kRelative = 1e-9;  // of max |A_ij| (or max |b_i|): rounding, with room
}  // namespace

std::string firstNonFinite(const Eigen::VectorXd& f, const Eigen::VectorXd& a) {
  for (const auto& [name, v] : {std::pair<const char*, const Eigen::VectorXd*>{"f", &f},
                                std::pair<const char*, const Eigen::VectorXd*>{"a", &a}})
    for (Eigen::Index i = 0; i < v->size(); ++i)
      if (!std::isfinite((*v)[i]))
        return fmt::format("{} at row {} of {} = {}", name, i + 1, v->size(),
                           std::isnan((*v)[i]) ? "nan" : ((*v)[i] > 0 ? "inf" : "-inf"));
  return {};
}

std::optional<std::string> infeasibilityCertificate(const LcpProblem& p, const Eigen::VectorXd& y) {
  if (y.size() != p.size() || !y.allFinite()) return std::nullopt;
  const double yMax = y.cwiseAbs().maxCoeff();
  if (!(yMax > 0)) return std::nullopt;
  // How far y is from a certificate's conditions on A^T y: <= 0 at contacts, = 0 at joints.
  const Eigen::VectorXd aty = p.A.transpose() * y;
  double r = 0;
  for (int i = 0; i < p.size(); ++i) {
    const bool joint = p.joint[static_cast<std::size_t>(i)];
    if (!joint && y[i] < -kRelative * yMax) return std::nullopt;
    r = std::max(r, joint ? std::abs(aty[i]) : aty[i]);
  }
  const double aMax = p.A.cwiseAbs().maxCoeff();
  const double yNorm = y.cwiseAbs().sum();
  if (r > kRelative * aMax * yNorm) return std::nullopt;
  const double by = p.b.dot(y);
  const double bMax = p.b.cwiseAbs().maxCoeff();
  if (!(by < -kRelative * bMax * yNorm)) return std::nullopt;
  const std::string ruledOut =
      r > 0 ? fmt::format("no f >= 0 with sum |f| below {:.3g} solves it", -by / r)
            : std::string("no f solves it");
  return fmt::format(
      "certificate: y >= 0 at contacts with A^T y <= {:.3g} there (and at joints |A^T y| <= "
      "that) and b^T y = {:.3g} < 0, so {}",
      r, by, ruledOut);
}

std::string brokenComputeForcesAssumption(const LcpProblem& p, bool spectrum) {
  const Eigen::MatrixXd& A = p.A;
  if (A.size() == 0) return {};
  const double aMax = A.cwiseAbs().maxCoeff();
  if (!(aMax > 0)) return {};
  const double asym = (A - A.transpose()).cwiseAbs().maxCoeff();
  if (asym > kRelative * aMax)
    return fmt::format("A is not symmetric: max |A_ij - A_ji| = {:.3g} (max |A_ij| = {:.3g})", asym,
                       aMax);
  for (int i = 0; i < p.size(); ++i)
    if (!p.joint[static_cast<std::size_t>(i)] && A(i, i) < -kRelative * aMax)
      return fmt::format("A is not positive semidefinite: A_{},{} = {:.3g} < 0", i + 1, i + 1,
                         A(i, i));
  // A positive semidefinite A has every 2 x 2 principal minor >= 0: A_ij^2 <= A_ii A_jj (a
  // zero diagonal entry with a nonzero off its row, as in a game's LCP, breaks it).
  for (int i = 0; i < p.size(); ++i)
    for (int j = i + 1; j < p.size(); ++j)
      if (A(i, j) * A(i, j) > A(i, i) * A(j, j) + kRelative * aMax * aMax)
        return fmt::format(
            "A is not positive semidefinite: A_{0},{1}^2 = {2:.3g} > A_{0},{0} A_{1},{1} = {3:.3g}",
            i + 1, j + 1, A(i, j) * A(i, j), A(i, i) * A(j, j));
  if (!spectrum || p.size() > kMaxEigenRows) return {};
  const Eigen::MatrixXd sym = 0.5 * (A + A.transpose());
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(sym, Eigen::EigenvaluesOnly);
  const double smallest = eigen.eigenvalues()[0];
  if (smallest < -kRelative * aMax)
    return fmt::format(
        "A is not positive semidefinite: its smallest eigenvalue is {:.3g} (max |A_ij| = {:.3g})",
        smallest, aMax);
  return {};
}

}  // namespace cl::detail
