#include "engine/solver/solver_comparison.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace cl {

ComparedProblem compareSolvers(const std::string& name, const LcpProblem& problem,
                               std::span<const LcpSolverKind> solvers,
                               const CompareOptions& options) {
  ComparedProblem out;
  out.name = name;
  out.size = problem.size();
  for (const LcpSolverKind kind : solvers) {
    SolverRun run;
    run.solver = kind;
    std::vector<double> times;
    double spent = 0;
    for (int k = 0; k < std::max(1, options.repeats) && (k == 0 || spent < options.repeatSeconds);
         ++k) {
      RandomLCG rng(0);
      const std::unique_ptr<LcpSolver> solver = makeLcpSolver(kind, options.solver, &rng);
      const auto start = std::chrono::steady_clock::now();
      run.result = solver->solve(problem);
      times.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      spent += times.back();
    }
    // The median: the middle time, or the mean of the two middle ones.
    std::sort(times.begin(), times.end());
    const std::size_t m = times.size() / 2;
    run.seconds = times.size() % 2 == 1 ? times[m] : (times[m - 1] + times[m]) / 2;
    run.solves = static_cast<int>(times.size());
    run.solved = run.result.ok() && run.result.residuals.relative() <= options.solvedBelow;
    out.runs.push_back(std::move(run));
  }
  return out;
}

std::vector<ProfilePoint> performanceProfile(std::span<const ComparedProblem> problems,
                                             std::span<const double> taus) {
  if (problems.empty()) return {};
  const std::size_t solvers = problems.front().runs.size();
  // Each problem's ratios t_{p,s} / min_s' t_{p,s'} (infinite where not solved).
  std::vector<std::vector<double>> ratios;
  for (const ComparedProblem& p : problems) {
    double best = std::numeric_limits<double>::infinity();
    for (const SolverRun& r : p.runs)
      if (r.solved) best = std::min(best, std::max(r.seconds, 1e-12));
    std::vector<double> row;
    for (const SolverRun& r : p.runs)
      row.push_back(r.solved ? std::max(r.seconds, 1e-12) / best
                             : std::numeric_limits<double>::infinity());
    ratios.push_back(std::move(row));
  }
  std::vector<ProfilePoint> out;
  for (const double tau : taus) {
    ProfilePoint point;
    point.tau = tau;
    for (std::size_t s = 0; s < solvers; ++s) {
      std::size_t within = 0;
      for (const auto& row : ratios) within += s < row.size() && row[s] <= tau ? 1 : 0;
      point.fraction.push_back(static_cast<double>(within) / static_cast<double>(ratios.size()));
    }
    out.push_back(std::move(point));
  }
  return out;
}

std::vector<double> defaultProfileTaus() {
  return {1, 1.25, 1.5, 2, 3, 4, 6, 8, 10, 20, 50, 100, 1000};
}

}  // namespace cl
