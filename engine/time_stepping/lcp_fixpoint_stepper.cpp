#include "engine/time_stepping/lcp_fixpoint_stepper.h"

#include <algorithm>
#include <limits>

#include "engine/body/body_state.h"
#include "engine/solver/lcp_solver.h"

namespace cl {

TimeStepper::Outcome LcpFixpointStepper::solveStep(TimeStepContacts& step) {
  const double dt = step.dt();
  Eigen::VectorXd f = Eigen::VectorXd::Zero(step.size());
  const std::vector<double> freeFlight = step.stateAfter(Eigen::VectorXd());
  std::vector<double> vars = freeFlight;
  LcpSolverOptions options;
  options.tolerance = contactSim().solverTolerance();
  const std::unique_ptr<LcpSolver> lemke =
      makeLcpSolver(LcpSolverKind::kLemke, options, &contactSim().random());
  SolverTraceSink* sink = contactSim().traceSink();
  lemke->setTraceSink(sink);
  Outcome out;
  double smallest = std::numeric_limits<double>::infinity();
  int sinceSmallest = 0;
  for (int round = 0;; ++round) {
    step.detect(vars);
    step.padForces(f);  // new records start without force
    const Eigen::VectorXd gap = step.measure(vars);
    const Eigen::VectorXd vAfter = step.normalVelocities();  // N^T J^T u' at s'
    // N^T J^T u_free at the same geometry: the positions of s', the free velocities.
    std::vector<double> freeAtGeometry = vars;
    for (std::size_t b = 0; b < freeAtGeometry.size(); b += kVarsPerBody)
      for (int v : {kVX, kVY, kOmega}) freeAtGeometry[b + v] = freeFlight[b + v];
    step.measure(freeAtGeometry);
    const Eigen::VectorXd vFree = step.normalVelocities();
    step.measure(vars);
    LcpProblem problem;
    problem.A = step.matrix();
    problem.b = (vFree - vAfter + gap / dt) / dt;
    problem.joint = step.jointFlags();
    if (sink) sink->onSolveContext(step.context(SolvePurpose::kTimeStep));
    const LcpResult solved = lemke->solve(problem);
    const Eigen::VectorXd next = solved.f;
    const double change = next.size() > 0 ? (next - f).cwiseAbs().maxCoeff() : 0.0;
    f = next;
    vars = step.stateAfter(f);
    out.iterations = round + 1;
    out.residual = change;
    if (tracing()) {
      TimeStepIteration it;
      it.index = round;
      it.residual = change;
      it.change = change;
      it.f = f;
      it.gap = gap;
      it.solve = round;
      it.records = step.size();
      emit(it);
    }
    const auto finish = [&](TimeStepStatus status) {
      out.f = f;
      out.status = status;
      return out;
    };
    if (!solved.ok()) return finish(TimeStepStatus::kStalled);
    const double scale = std::max(1.0, f.size() > 0 ? f.cwiseAbs().maxCoeff() : 0.0);
    if (change <= 1e-9 * scale) return finish(TimeStepStatus::kConverged);
    if (change < smallest) {
      smallest = change;
      sinceSmallest = 0;
    } else if (++sinceSmallest >= 10) {
      return finish(TimeStepStatus::kOscillated);
    }
    if (round + 1 >= kMaxIterations) return finish(TimeStepStatus::kLimit);
  }
}

}  // namespace cl
