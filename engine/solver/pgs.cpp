#include "engine/solver/pgs.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "engine/solver/detail/solver_result.h"

namespace cl {

LcpResult Pgs::solve(const LcpProblem& problem, std::span<const int> guess) {
  const detail::SolveRun run(problem, kind(), mOptions, mSink);
  if (auto refused = run.refuse()) return *refused;
  const int n = problem.size();
  const Eigen::MatrixXd& A = problem.A;
  const Eigen::VectorXd& b = problem.b;
  Eigen::VectorXd f = Eigen::VectorXd::Zero(n);
  for (int i : guess)
    if (i >= 0 && i < n && A(i, i) > 0) f[i] = std::max(0.0, -b[i] / A(i, i));
  if (run.residual(f) <= run.relativeTolerance()) return run.finish(f, LcpError::kOk, 0);
  const int limit = run.maxIterations(1000);
  for (int sweep = 1; sweep <= limit; ++sweep) {
    for (int i = 0; i < n; ++i) {
      if (!(A(i, i) > 0)) continue;
      const double r = A.row(i).dot(f) + b[i];
      const double fi = f[i] - r / A(i, i);
      f[i] = problem.joint[static_cast<std::size_t>(i)] ? fi : std::max(0.0, fi);
    }
    const double residual = run.residual(f);
    if (run.tracing()) {
      SolverIteration it;
      it.index = sweep - 1;
      it.residual = residual;
      it.f = f;
      run.emit(std::move(it));
    }
    if (residual <= run.relativeTolerance()) return run.finish(f, LcpError::kOk, sweep);
    // A diverging sweep (a diagonal too small for its row) stops at its first NaN or infinity.
    if (!f.allFinite()) return run.finish(f, LcpError::kNonFinite, sweep);
  }
  // A row without a positive diagonal is never updated: PGS cannot solve a problem that
  // needs its force (a game's zero diagonal).
  std::string skipped;
  int count = 0;
  for (int i = 0; i < n; ++i)
    if (!(A(i, i) > 0) && ++count <= 3)
      skipped += (skipped.empty() ? "" : ", ") + std::to_string(i + 1);
  if (count > 0)
    return run.finish(f, LcpError::kIterationLimit, limit, 0,
                      fmt::format("{} of {} rows ({}{}) have A_ii <= 0, which Gauss-Seidel "
                                  "never updates",
                                  count, n, skipped, count > 3 ? ", ..." : ""));
  return run.finish(f, LcpError::kIterationLimit, limit);
}

}  // namespace cl
