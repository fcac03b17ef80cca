#include "engine/solver/newton_release.h"

#include <fmt/format.h>

#include <set>
#include <vector>

#include "engine/solver/detail/solver_result.h"

namespace cl {

LcpResult NewtonRelease::solve(const LcpProblem& problem, std::span<const int> /*guess*/) {
  const detail::SolveRun run(problem, kind(), mOptions, mSink);
  if (auto refused = run.refuse()) return *refused;
  const int n = problem.size();
  const double tol = run.absoluteTolerance();
  std::vector<bool> active(static_cast<std::size_t>(n), true);
  std::set<std::vector<bool>> seen;
  Eigen::VectorXd f = Eigen::VectorXd::Zero(n);
  // An iteration decomposes A_SS: about n^3 multiply-adds when every contact is active.
  const double cube = static_cast<double>(n) * n * n;
  const int limit = run.maxIterations(10 * n + 100, cube);
  for (int k = 0; k < limit; ++k) {
    if (!seen.insert(active).second)
      return run.finish(
          f, LcpError::kCycling, k, 0,
          fmt::format("the active set of iteration {} repeats an earlier one", k + 1));
    std::vector<int> S;
    for (int i = 0; i < n; ++i)
      if (active[static_cast<std::size_t>(i)]) S.push_back(i);
    f.setZero();
    if (!S.empty()) {
      const Eigen::MatrixXd ASS = problem.A(S, S);
      const Eigen::VectorXd bS = problem.b(S);
      const Eigen::VectorXd fS = ASS.completeOrthogonalDecomposition().solve(-bS);
      f(S) = fS;
    }
    const Eigen::VectorXd a = problem.A * f + problem.b;
    if (!f.allFinite() || !a.allFinite()) return run.finish(f, LcpError::kNonFinite, k + 1);
    // Release pulling contacts, add penetrating ones.
    bool changed = false;
    for (int i = 0; i < n; ++i) {
      if (problem.joint[static_cast<std::size_t>(i)]) continue;
      const auto slot = static_cast<std::size_t>(i);
      const bool flip = active[slot] ? f[i] < -tol : a[i] < -tol;
      if (flip) active[slot] = !active[slot];
      changed = changed || flip;
    }
    if (run.tracing()) {
      SolverIteration it;
      it.index = k;
      it.active = S;
      it.f = f;
      it.residual = run.residual(f);
      it.stepLength = 1;
      run.emit(std::move(it));
    }
    if (!changed) return run.finish(f, LcpError::kOk, k + 1);
  }
  return run.finish(f, LcpError::kIterationLimit, limit);
}

}  // namespace cl
