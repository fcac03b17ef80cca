#pragma once
// LcpSolver: the one boundary every contact LCP solver sits behind. Each takes the same
// LcpProblem (a = A f + b; f >= 0, a >= 0, f.a = 0 at contacts; a = 0, f free at joints),
// returns f, a = A f + b recomputed, a status (LcpError), its iteration count and the
// residuals measured the same way for all (LcpResiduals: ours and Siconos' natural map),
// and reports every iteration to a trace sink when one is attached.
//
// The registry is CL_LCP_SOLVERS below: one line per solver (its kind, its name in scene
// files, the CLI and the workbench, and a title). Adding a solver is its own files, one
// line here and one case in makeLcpSolver (lcp_solver.cpp).
#include <memory>
#include <span>

#include "engine/math/named_enum.h"
#include "engine/math/random_lcg.h"
#include "engine/solver/lcp_problem.h"

namespace cl {

class SolverTraceSink;

// A line for menus and tables: "Projected Gauss-Seidel".
const char* solverTitle(LcpSolverKind kind);

struct LcpSolverOptions {
  // Acceptable error, relative to max |b| (absolute when b = 0): ComputeForces' tolerance
  // on unwanted accelerations; the others stop when LcpResiduals::relative() reaches it.
  double tolerance = 1e-10;
  // Iterations allowed (pivots, sweeps, Newton steps); 0 is each solver's own default.
  int maxIterations = 0;
  // ComputeForces only: the contact order and the from-scratch reference mode.
  NextContactPolicy policy = NextContactPolicy::HYBRID;
  bool reference = false;
};

class LcpSolver {
 public:
  virtual ~LcpSolver() = default;
  virtual LcpSolverKind kind() const = 0;
  // Solves the LCP. `guess` (indices of contacts expected to carry force) is a warm start
  // for the solvers that can use one; the others ignore it. Never throws for a problem
  // that does not fit (LcpError::kBadInput).
  virtual LcpResult solve(const LcpProblem& problem, std::span<const int> guess) = 0;
  LcpResult solve(const LcpProblem& problem) { return solve(problem, {}); }
  void setTraceSink(SolverTraceSink* sink) { mSink = sink; }
  SolverTraceSink* traceSink() const { return mSink; }

 protected:
  SolverTraceSink* mSink = nullptr;
};

// A solver of `kind` with `options`; rng is the simulation's generator, drawn from by
// ComputeForces' HYBRID and RANDOM orders (null: a generator of its own, seeded 0).
std::unique_ptr<LcpSolver> makeLcpSolver(LcpSolverKind kind, const LcpSolverOptions& options,
                                         RandomLCG* rng = nullptr);

}  // namespace cl
