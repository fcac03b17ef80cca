#include "engine/solver/lemke.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "engine/solver/detail/solver_result.h"

namespace cl {

namespace {

// The LCP w = M z + q over the contacts, the joints (a_J = 0, f_J free) eliminated by their
// Schur complement (see lemke.h), and how to read f back from z. With A_JJ singular the
// joints are split instead, f_j = z_j - z_j', which always works but has a ray of its own:
// z_j and z_j' growing together.
struct ContactLcp {
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  std::vector<int> contacts, joints;  // the problem's indices
  bool split = false;
  Eigen::MatrixXd jointSolveA;  // A_JJ^-1 A_JC (eliminated)
  Eigen::VectorXd jointSolveB;  // A_JJ^-1 b_J (eliminated)

  explicit ContactLcp(const LcpProblem& p) {
    const int n = p.size();
    for (int i = 0; i < n; ++i)
      (p.joint[static_cast<std::size_t>(i)] ? joints : contacts).push_back(i);
    // Blocks of A and parts of b by index lists (Eigen's indexed views).
    const auto sub = [&](const std::vector<int>& rows, const std::vector<int>& cols) {
      return Eigen::MatrixXd(p.A(rows, cols));
    };
    const auto part = [&](const std::vector<int>& rows) { return Eigen::VectorXd(p.b(rows)); };
    const Eigen::MatrixXd ACC = sub(contacts, contacts);
    const Eigen::VectorXd bC = part(contacts);
    if (joints.empty()) {
      M = ACC;
      q = bC;
      return;
    }
    const Eigen::MatrixXd AJJ = sub(joints, joints);
    const Eigen::FullPivLU<Eigen::MatrixXd> lu(AJJ);
    if (lu.isInvertible()) {
      // a_J = 0: f_J = -A_JJ^-1 (A_JC f_C + b_J), and then a_C = M f_C + q.
      // (Eigen's solve of a right-hand side without columns binds a null reference.)
      jointSolveA = contacts.empty() ? Eigen::MatrixXd(joints.size(), 0)
                                     : Eigen::MatrixXd(lu.solve(sub(joints, contacts)));
      jointSolveB = lu.solve(part(joints));
      M = ACC - sub(contacts, joints) * jointSolveA;
      q = bC - sub(contacts, joints) * jointSolveB;
      return;
    }
    // Split: rows and columns in the problem's order, then one more per joint.
    split = true;
    const int m = n + static_cast<int>(joints.size());
    M.resize(m, m);
    q.resize(m);
    M.topLeftCorner(n, n) = p.A;
    q.head(n) = p.b;
    for (int k = 0; k < static_cast<int>(joints.size()); ++k) {
      const int j = joints[static_cast<std::size_t>(k)];
      M.col(n + k).head(n) = -p.A.col(j);
      M.row(n + k).head(n) = -p.A.row(j);
      q[n + k] = -p.b[j];
    }
    for (int k = 0; k < static_cast<int>(joints.size()); ++k)
      for (int l = 0; l < static_cast<int>(joints.size()); ++l)
        M(n + k, n + l) =
            p.A(joints[static_cast<std::size_t>(k)], joints[static_cast<std::size_t>(l)]);
  }

  Eigen::VectorXd forces(const Eigen::VectorXd& z, int n) const {
    if (split) {
      Eigen::VectorXd f = z.head(n);
      for (int k = 0; k < static_cast<int>(joints.size()); ++k)
        f[joints[static_cast<std::size_t>(k)]] -= z[n + k];
      return f;
    }
    Eigen::VectorXd f = Eigen::VectorXd::Zero(n);
    for (std::size_t c = 0; c < contacts.size(); ++c)
      f[contacts[c]] = z[static_cast<Eigen::Index>(c)];
    if (!joints.empty()) {
      const Eigen::VectorXd fJ = -(jointSolveA * z + jointSolveB);
      for (std::size_t k = 0; k < joints.size(); ++k)
        f[joints[k]] = fJ[static_cast<Eigen::Index>(k)];
    }
    return f;
  }
};

// The tableau: row i reads basis[i] + sum_k T(i, k) x_k = T(i, rhs) over the nonbasic x.
// Columns 0..m-1 are w, m..2m-1 are z, 2m is z0, 2m+1 the right-hand side.
class Tableau {
 public:
  Tableau(const ContactLcp& lcp)
      : m(static_cast<int>(lcp.q.size())), T(m, 2 * m + 2), basis(m), rowOf(2 * m + 1, -1) {
    T.setZero();
    T.leftCols(m).setIdentity();
    T.middleCols(m, m) = -lcp.M;
    T.col(2 * m).setConstant(-1.0);  // -d, d = 1
    T.col(2 * m + 1) = lcp.q;
    for (int i = 0; i < m; ++i) basis[static_cast<std::size_t>(i)] = rowOf[i] = i;
  }

  // Row `row` divided by the pivot, then from every other row i with T(i, column) != 0,
  // T(i, column) times it: entry by entry what those row operations compute, done a column
  // at a time because T is stored by columns (row operations stride across it: on the 64 MB
  // tableau of m = 2000 a pivot took 80 ms). A basic variable's column is a unit vector
  // with a 0 in `row`, which the update leaves as it is (to the sign of a zero entry, which no
  // ratio, comparison or right-hand side sees): it is skipped, which halves the work.
  void pivot(int row, int column) {
    const double p = T(row, column);
    const Eigen::VectorXd c = T.col(column);
    const int leaving = basis[static_cast<std::size_t>(row)];
    for (int j = 0; j < T.cols(); ++j) {
      if (j < 2 * m + 1 && rowOf[static_cast<std::size_t>(j)] >= 0 && j != leaving) continue;
      double* t = T.col(j).data();
      const double r = t[row] /= p;
      for (int i = 0; i < m; ++i)
        if (i != row && c[i] != 0.0) t[i] -= c[i] * r;
    }
    basis[static_cast<std::size_t>(row)] = column;
    rowOf[static_cast<std::size_t>(leaving)] = -1;
    rowOf[static_cast<std::size_t>(column)] = row;
  }

  // The leaving row for entering `column`: among rows with a pivot entry T(i, column) above
  // the tolerance, the lexicographic minimum of (rhs_i, B^-1 row i) / T(i, column); z0's row
  // on a tie of the first ratio. -1 when no row limits it (a ray).
  //
  // An entry counts only above max(tol, 1e-10 max_i |T(i, column)|): in a degenerate pile
  // tableau, entries that are zero in exact arithmetic come out as rounding of the column's
  // large ones, and pivoting on one (with a ratio of rounding over rounding) wrecks the
  // tableau. Measured on 2 500 contact LCPs of pile_10, pile_20 and contact_app_6: with the
  // absolute tolerance alone, 184 cycle or end wrong; with the relative one, 7 (1e-9: 4,
  // 1e-11: 7), and those are solved by the support re-solve (see solve()).
  int leavingRow(int column, double tol) const {
    const int rhs = 2 * m + 1, z0 = 2 * m;
    tol = std::max(tol, 1e-10 * T.col(column).cwiseAbs().maxCoeff());
    int best = -1;
    for (int i = 0; i < m; ++i) {
      if (!(T(i, column) > tol)) continue;
      if (best < 0 || lexLess(i, best, column)) best = i;
    }
    if (best < 0) return best;
    const double minRatio = T(best, rhs) / T(best, column);
    for (int i = 0; i < m; ++i)
      if (basis[static_cast<std::size_t>(i)] == z0 && T(i, column) > tol &&
          T(i, rhs) / T(i, column) <= minRatio)
        return i;
    return best;
  }

  const int m;
  Eigen::MatrixXd T;
  std::vector<int> basis;  // variable code of row i's basic variable
  std::vector<int> rowOf;  // the row where variable k is basic, -1 when it is not

 private:
  // Exact comparisons: a tolerance here was measured to make it worse (on pile_20's 344
  // contact LCPs, a tie band of 1e-12 relative left 7 unsolved and 1e-8 left 41; none, 2),
  // since calling nearly equal ratios tied hands the choice to B^-1 rows that carry the
  // same rounding.
  bool lexLess(int i, int k, int column) const {
    const int rhs = 2 * m + 1;
    const double ri = T(i, rhs) / T(i, column), rk = T(k, rhs) / T(k, column);
    if (ri != rk) return ri < rk;
    for (int c = 0; c < m; ++c) {  // B^-1 sits in the w columns
      const double a = T(i, c) / T(i, column), b = T(k, c) / T(k, column);
      if (a != b) return a < b;
    }
    return false;
  }
};

// Iterative refinement of a solution on its support: the pivots of a large degenerate
// tableau lose digits, so the basic set S (contacts with force, and joints) is solved again
// for the correction, A_SS delta = -(A f + b)_S (minimum norm where A_SS is singular), and
// the correction is kept while it lowers the residual. The result is judged by its
// residuals like any other (SolveRun::finish), so a wrong support cannot pass.
Eigen::VectorXd refine(const LcpProblem& p, Eigen::VectorXd f) {
  const int n = p.size();
  std::vector<int> S;
  for (int i = 0; i < n; ++i)
    if (p.joint[static_cast<std::size_t>(i)] || f[i] > 0) S.push_back(i);
  if (S.empty()) return f;
  const Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod(p.A(S, S));
  double residual = computeResiduals(p, f, p.A * f + p.b).worst();
  for (int round = 0; round < 3; ++round) {
    const Eigen::VectorXd a = p.A * f + p.b;
    const Eigen::VectorXd aS = a(S);
    Eigen::VectorXd g = f;
    const Eigen::VectorXd delta = cod.solve(-aS);
    g(S) += delta;
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
  const ContactLcp lcp(problem);
  const int m = static_cast<int>(lcp.q.size());
  const int z0 = 2 * m, rhs = 2 * m + 1;
  // No contact pushing (or none at all): f_C = 0, and the joints' forces follow from it.
  if (m == 0 || lcp.q.minCoeff() >= 0)
    return run.finish(lcp.forces(Eigen::VectorXd::Zero(m), n), LcpError::kOk, 0);

  Tableau t(lcp);
  const double maxM = m > 0 ? lcp.M.cwiseAbs().maxCoeff() : 0.0;
  const double pivotTol = 1e-11 * std::max(1.0, maxM);
  // A pivot updates the m + 2 columns of the nonbasic variables and the right-hand side.
  const int limit = run.maxIterations(50 * m + 100, static_cast<double>(m) * (m + 2));
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
  // Lemke's variables as the traces number them: w_i = i, z_i = m + i, z0 = 2 m (from 1 here).
  const auto variableName = [m](int v) {
    return v < m ? fmt::format("w_{}", v + 1) : v < 2 * m ? fmt::format("z_{}", v - m + 1) : "z0";
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
  // The support re-solve of the iterate, traced as an iteration of its own.
  const auto refined = [&](Eigen::VectorXd f) {
    f = refine(problem, std::move(f));
    if (run.tracing()) {
      SolverIteration it;
      it.index = pivots;
      it.supportSolve = true;
      it.merit = z0Value();
      it.active = t.basis;
      it.f = f;
      it.residual = run.residual(f);
      run.emit(std::move(it));
    }
    return f;
  };
  while (true) {
    if (leaving == z0) {
      Eigen::VectorXd f = lcp.forces(z(), n);
      if (run.residual(f) > run.relativeTolerance()) f = refined(std::move(f));
      return run.finish(std::move(f), LcpError::kOk, pivots, pivots);
    }
    if (pivots >= limit)
      return run.finish(lcp.forces(z(), n), LcpError::kIterationLimit, pivots, pivots);
    const int entering = leaving < m ? leaving + m : leaving - m;  // the complement
    row = t.leavingRow(entering, pivotTol);
    if (row < 0)
      return run.finish(
          lcp.forces(z(), n), LcpError::kRayTermination, pivots, pivots,
          fmt::format("a secondary ray at pivot {}: nothing limits the entering {}; this proves "
                      "that no solution exists only when A is copositive-plus (not checked)",
                      pivots + 1, variableName(entering)));
    leaving = t.basis[static_cast<std::size_t>(row)];
    t.pivot(row, entering);
    std::vector<int> key = t.basis;
    std::sort(key.begin(), key.end());
    if (!seen.insert(std::move(key)).second) {
      // Rounding brought a basis back. Near the end of a degenerate solve the iterate is
      // often a solution but for z0's last digits: re-solve it on its support, and call it a
      // solution only if its residuals say so.
      record(entering, leaving);
      Eigen::VectorXd f = refined(lcp.forces(z(), n));
      const bool solved = run.residual(f) <= run.relativeTolerance();
      return run.finish(std::move(f), solved ? LcpError::kOk : LcpError::kCycling, pivots, pivots,
                        fmt::format("the basis after pivot {} repeats an earlier one (by "
                                    "rounding: the lexicographic rule does not cycle exactly)",
                                    pivots));
    }
    record(entering, leaving);
  }
}

}  // namespace cl
