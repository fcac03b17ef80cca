#include "engine/solver/lemke.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "engine/solver/detail/solver_result.h"

namespace cl {

namespace {

// The LCP w = M z + q of the problem with its joints split (see lemke.h), and how to read
// f back from z.
struct SplitLcp {
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  std::vector<int> jointOf;  // for row n + k: the problem's index of joint k

  explicit SplitLcp(const LcpProblem& p) {
    const int n = p.size();
    for (int i = 0; i < n; ++i)
      if (p.joint[static_cast<std::size_t>(i)]) jointOf.push_back(i);
    const int m = n + static_cast<int>(jointOf.size());
    M.resize(m, m);
    q.resize(m);
    M.topLeftCorner(n, n) = p.A;
    q.head(n) = p.b;
    for (int k = 0; k < static_cast<int>(jointOf.size()); ++k) {
      const int j = jointOf[static_cast<std::size_t>(k)];
      M.col(n + k).head(n) = -p.A.col(j);
      M.row(n + k).head(n) = -p.A.row(j);
      q[n + k] = -p.b[j];
    }
    for (int k = 0; k < static_cast<int>(jointOf.size()); ++k)
      for (int l = 0; l < static_cast<int>(jointOf.size()); ++l)
        M(n + k, n + l) =
            p.A(jointOf[static_cast<std::size_t>(k)], jointOf[static_cast<std::size_t>(l)]);
  }

  Eigen::VectorXd forces(const Eigen::VectorXd& z, int n) const {
    Eigen::VectorXd f = z.head(n);
    for (int k = 0; k < static_cast<int>(jointOf.size()); ++k)
      f[jointOf[static_cast<std::size_t>(k)]] -= z[n + k];
    return f;
  }
};

// The tableau: row i reads basis[i] + sum_k T(i, k) x_k = T(i, rhs) over the nonbasic x.
// Columns 0..m-1 are w, m..2m-1 are z, 2m is z0, 2m+1 the right-hand side.
class Tableau {
 public:
  Tableau(const SplitLcp& lcp) : m(static_cast<int>(lcp.q.size())), T(m, 2 * m + 2), basis(m) {
    T.setZero();
    T.leftCols(m).setIdentity();
    T.middleCols(m, m) = -lcp.M;
    T.col(2 * m).setConstant(-1.0);  // -d, d = 1
    T.col(2 * m + 1) = lcp.q;
    for (int i = 0; i < m; ++i) basis[static_cast<std::size_t>(i)] = i;
  }

  void pivot(int row, int column) {
    T.row(row) /= T(row, column);
    for (int i = 0; i < m; ++i)
      if (i != row && T(i, column) != 0.0) T.row(i) -= T(i, column) * T.row(row);
    basis[static_cast<std::size_t>(row)] = column;
  }

  // The leaving row for entering `column`: among rows with T(i, column) > tol, the
  // lexicographic minimum of (rhs_i, B^-1 row i) / T(i, column); z0's row on a tie of the
  // first ratio. -1 when no row limits it (a ray).
  int leavingRow(int column, double tol) const {
    const int rhs = 2 * m + 1, z0 = 2 * m;
    int best = -1;
    for (int i = 0; i < m; ++i) {
      if (!(T(i, column) > tol)) continue;
      if (best < 0 || lexLess(i, best, column)) best = i;
    }
    if (best < 0) return best;
    const double minRatio = T(best, rhs) / T(best, column);
    for (int i = 0; i < m; ++i)
      if (basis[static_cast<std::size_t>(i)] == z0 && T(i, column) > tol &&
          T(i, rhs) / T(i, column) <= minRatio + 1e-12 * std::max(1.0, std::abs(minRatio)))
        return i;
    return best;
  }

  const int m;
  Eigen::MatrixXd T;
  std::vector<int> basis;  // variable code of row i's basic variable

 private:
  bool lexLess(int i, int k, int column) const {
    const int rhs = 2 * m + 1;
    const double ri = T(i, rhs) / T(i, column), rk = T(k, rhs) / T(k, column);
    const double eps = 1e-12 * std::max({1.0, std::abs(ri), std::abs(rk)});
    if (ri < rk - eps) return true;
    if (ri > rk + eps) return false;
    for (int c = 0; c < m; ++c) {  // B^-1 sits in the w columns
      const double a = T(i, c) / T(i, column), b = T(k, c) / T(k, column);
      if (a < b - 1e-12) return true;
      if (a > b + 1e-12) return false;
    }
    return false;
  }
};

// Iterative refinement of a solution on its support: the pivots of a large degenerate
// tableau lose digits, so the basic set S (contacts with force, and joints) is solved again
// for the correction, A_SS delta = -(A f + b)_S (minimum norm where A_SS is singular), and
// the correction is kept while it lowers the residual.
Eigen::VectorXd refine(const LcpProblem& p, Eigen::VectorXd f) {
  const int n = p.size();
  std::vector<int> S;
  for (int i = 0; i < n; ++i)
    if (p.joint[static_cast<std::size_t>(i)] || f[i] > 0) S.push_back(i);
  if (S.empty()) return f;
  const int s = static_cast<int>(S.size());
  Eigen::MatrixXd ASS(s, s);
  for (int r = 0; r < s; ++r)
    for (int c = 0; c < s; ++c)
      ASS(r, c) = p.A(S[static_cast<std::size_t>(r)], S[static_cast<std::size_t>(c)]);
  const Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod(ASS);
  double residual = computeResiduals(p, f, p.A * f + p.b).worst();
  for (int round = 0; round < 3; ++round) {
    const Eigen::VectorXd a = p.A * f + p.b;
    Eigen::VectorXd rS(s);
    for (int r = 0; r < s; ++r) rS[r] = a[S[static_cast<std::size_t>(r)]];
    const Eigen::VectorXd delta = cod.solve(-rS);
    Eigen::VectorXd g = f;
    for (int r = 0; r < s; ++r) g[S[static_cast<std::size_t>(r)]] += delta[r];
    const double next = computeResiduals(p, g, p.A * g + p.b).worst();
    if (!(next < residual)) break;
    f = std::move(g);
    residual = next;
  }
  return f;
}

}  // namespace

LcpResult Lemke::solve(const LcpProblem& problem, std::span<const int> /*guess*/) {
  const detail::SolveRun run(problem, kind(), mOptions, mSink);
  if (auto refused = run.refuse()) return *refused;
  const int n = problem.size();
  const SplitLcp lcp(problem);
  const int m = static_cast<int>(lcp.q.size());
  const int z0 = 2 * m, rhs = 2 * m + 1;
  if (m == 0 || lcp.q.minCoeff() >= 0)
    return run.finish(Eigen::VectorXd::Zero(n), LcpError::kOk, 0);

  Tableau t(lcp);
  const double maxM = m > 0 ? lcp.M.cwiseAbs().maxCoeff() : 0.0;
  const double pivotTol = 1e-11 * std::max(1.0, maxM);
  const int limit = run.maxIterations(50 * m + 100);
  std::set<std::vector<int>> seen;

  const auto z = [&] {
    Eigen::VectorXd out = Eigen::VectorXd::Zero(m);
    for (int i = 0; i < m; ++i) {
      const int v = t.basis[static_cast<std::size_t>(i)];
      if (v >= m && v < 2 * m) out[v - m] = t.T(i, rhs);
    }
    return out;
  };
  const auto z0Value = [&] {
    for (int i = 0; i < m; ++i)
      if (t.basis[static_cast<std::size_t>(i)] == z0) return t.T(i, rhs);
    return 0.0;
  };
  int pivots = 0;
  const auto record = [&](int entering, int leaving) {
    ++pivots;
    if (!run.tracing()) return;
    SolverIteration it;
    it.index = pivots - 1;
    it.entering = entering;
    it.leaving = leaving;
    it.merit = z0Value();
    it.active = t.basis;
    it.f = lcp.forces(z(), n);
    it.residual = run.residual(it.f);
    run.emit(std::move(it));
  };

  // z0 enters where q is most negative (the last such row on a tie, which keeps every row
  // lexicographically positive after the pivot).
  int row = 0;
  for (int i = 1; i < m; ++i)
    if (lcp.q[i] <= lcp.q[row]) row = i;
  int leaving = t.basis[static_cast<std::size_t>(row)];
  t.pivot(row, z0);
  record(z0, leaving);
  while (true) {
    if (leaving == z0) {
      Eigen::VectorXd f = lcp.forces(z(), n);
      if (run.residual(f) > run.relativeTolerance()) f = refine(problem, std::move(f));
      return run.finish(std::move(f), LcpError::kOk, pivots, pivots);
    }
    if (pivots >= limit)
      return run.finish(lcp.forces(z(), n), LcpError::kIterationLimit, pivots, pivots);
    const int entering = leaving < m ? leaving + m : leaving - m;  // the complement
    row = t.leavingRow(entering, pivotTol);
    if (row < 0) return run.finish(lcp.forces(z(), n), LcpError::kRayTermination, pivots, pivots);
    leaving = t.basis[static_cast<std::size_t>(row)];
    t.pivot(row, entering);
    std::vector<int> key = t.basis;
    std::sort(key.begin(), key.end());
    if (!seen.insert(std::move(key)).second) {
      record(entering, leaving);
      return run.finish(lcp.forces(z(), n), LcpError::kCycling, pivots, pivots);
    }
    record(entering, leaving);
  }
}

}  // namespace cl
