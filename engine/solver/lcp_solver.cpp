#include "engine/solver/lcp_solver.h"

#include "engine/solver/compute_forces.h"
#include "engine/solver/compute_forces_engine2d.h"
#include "engine/solver/fb_newton.h"
#include "engine/solver/lemke.h"
#include "engine/solver/newton_release.h"
#include "engine/solver/pgs.h"

namespace cl {

const char* solverTitle(LcpSolverKind kind) {
  switch (kind) {
#define CL_SOLVER_TITLE(kind, name, title) \
  case LcpSolverKind::kind:                \
    return title;
    CL_LCP_SOLVERS(CL_SOLVER_TITLE)
#undef CL_SOLVER_TITLE
  }
  return "?";
}

std::unique_ptr<LcpSolver> makeLcpSolver(LcpSolverKind kind, const LcpSolverOptions& options,
                                         RandomLCG* rng) {
  switch (kind) {
    case LcpSolverKind::kComputeForces: {
      auto cf = std::make_unique<ComputeForces>(rng);
      ComputeForcesOptions o;
      o.policy = options.policy;
      o.tolerance = options.tolerance;
      o.reference = options.reference;
      cf->setOptions(o);
      return cf;
    }
    case LcpSolverKind::kComputeForcesEngine2D:
      return std::make_unique<ComputeForcesEngine2D>(rng, options.policy);
    case LcpSolverKind::kLemke:
      return std::make_unique<Lemke>(options);
    case LcpSolverKind::kPgs:
      return std::make_unique<Pgs>(options);
    case LcpSolverKind::kFbNewton:
      return std::make_unique<FbNewton>(options);
    case LcpSolverKind::kNewtonRelease:
      return std::make_unique<NewtonRelease>(options);
  }
  return nullptr;
}

}  // namespace cl
