#include "engine/time_stepping/lcp_fixpoint_stepper.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/solver/lcp_solver.h"

namespace cl {

TimeStepper::Outcome LcpFixpointStepper::solveStep(TimeStepContacts& step) {
  const double dt = step.dt();
  const double tol = 1e-8 * contactSim().distanceTol();
  Eigen::VectorXd f = Eigen::VectorXd::Zero(step.size());
  Eigen::VectorXd friction;  // along the tangents, with friction only
  const std::vector<double> freeFlight = step.stateAfter(Eigen::VectorXd());
  std::vector<double> vars = freeFlight;
  const std::unique_ptr<LcpSolver> lemke = makeLemke();
  Outcome out;
  double smallest = std::numeric_limits<double>::infinity();
  int sinceSmallest = 0;
  for (int round = 0;; ++round) {
    throwIfCancelled(contactSim().time());
    step.detect(vars);
    step.padForces(f);  // new records start without force
    const bool rough = step.hasFriction();
    if (rough) step.padForces(friction);
    // The first LCP is that of the start of the step (TimeStepContacts::startLcp), where
    // every record is a fair constraint (the free flight may have carried a vertex deep into a
    // body). Later ones close the gaps at s', with v_n at the start geometry:
    // delta(s') + dt (v_n(u(f)) - v_n(u')) >= 0.
    LcpProblem problem;
    Eigen::VectorXd gap;
    if (round == 0) {
      problem = step.startLcp();
      gap = step.measure(step.start());
    } else {
      gap = step.measure(vars);
      problem.b =
          (step.startNormalVelocities(freeFlight) - step.startNormalVelocities(vars) + gap / dt) /
          dt;
      problem.A = step.startMatrix();
      problem.joint = step.jointFlags();
    }
    // With friction the round's LCP is the step's friction problem around it (normal rows,
    // then tangential ones): the normal forces and the friction forces of the round.
    Eigen::VectorXd solvedF, solvedFriction;
    bool ok = false;
    if (rough) {
      const FrictionResult r = solveFrictionTraced(step.frictionProblem(problem), step);
      ok = r.ok();
      if (ok) {
        solvedF = r.f.head(step.size());
        solvedFriction = r.f.tail(step.size());
      }
    } else {
      const LcpResult r = solveTraced(*lemke, problem, step);
      ok = r.ok();
      solvedF = r.f;
    }
    if (!ok && round > 0) {
      // No solution of this round's LCP (joint rows that cannot all be met, or rounding):
      // the step ends with the previous round's forces.
      out.f = f;
      out.friction = friction;
      out.status = TimeStepStatus::kStalled;
      out.iterations = round + 1;
      return out;
    }
    if (solvedF.size() != step.size()) solvedF = Eigen::VectorXd::Zero(step.size());
    const double forceChange = solvedF.size() > 0 ? (solvedF - f).cwiseAbs().maxCoeff() : 0.0;
    f = solvedF;
    if (rough) friction = solvedFriction.size() == f.size() ? solvedFriction : 0 * f;
    std::vector<double> next = step.stateAfter(f, friction);
    const double change = positionChange(vars, next);
    vars = std::move(next);
    out.iterations = round + 1;
    out.residual = change;
    if (tracing()) {
      TimeStepIteration it;
      it.index = round;
      it.residual = change;
      it.change = forceChange;
      it.f = f;
      it.gap = gap;
      it.solve = round;
      it.records = step.size();
      report(it);
    }
    const auto finish = [&](TimeStepStatus status) {
      out.f = f;
      out.friction = friction;
      out.status = status;
      return out;
    };
    if (!ok) return finish(TimeStepStatus::kStalled);
    if (change <= tol) return finish(TimeStepStatus::kConverged);
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
