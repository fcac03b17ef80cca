#include "engine/time_stepping/fischer_burmeister_stepper.h"

#include <algorithm>
#include <cmath>

#include "engine/solver/detail/fischer_newton.h"

namespace cl {

namespace {

// max_k |Phi_k| of x against w.
double worstPhi(const std::vector<bool>& joint, const Eigen::VectorXd& x,
                const Eigen::VectorXd& w) {
  double worst = 0;
  for (Eigen::Index k = 0; k < x.size(); ++k)
    worst = std::max(
        worst,
        std::abs(joint[static_cast<std::size_t>(k)] ? w[k] : std::hypot(x[k], w[k]) - x[k] - w[k]));
  return worst;
}

}  // namespace

TimeStepper::Outcome FischerBurmeisterStepper::solveStep(TimeStepContacts& step) {
  return newtonStep(step, [&](Eigen::VectorXd f, int firstIndex, const Eigen::VectorXd& friction) {
    return solveFrom(step, std::move(f), firstIndex, friction);
  });
}

TimeStepper::Outcome FischerBurmeisterStepper::solveFrom(TimeStepContacts& step, Eigen::VectorXd f,
                                                         int firstIndex,
                                                         const Eigen::VectorXd& friction) {
  const double tol = 1e-8 * contactSim().distanceTol();
  const double dt2 = step.dt() * step.dt();
  step.padForces(f);
  Outcome out;
  int iterations = 0;
  for (int round = 0; round < 3; ++round) {
    step.measure(step.stateAfter(f, friction));
    // x = scale f: the displacement each force makes at its own contact.
    const Eigen::VectorXd scale = (dt2 * step.matrix().diagonal()).cwiseMax(1e-300);
    detail::FischerNewtonProblem p;
    p.equality = step.jointFlags();
    p.value = [&](const Eigen::VectorXd& x) -> Eigen::VectorXd {
      return step.measure(step.stateAfter(x.cwiseQuotient(scale), friction));
    };
    p.jacobian = [&](const Eigen::VectorXd& x) -> Eigen::MatrixXd {
      step.measure(step.stateAfter(x.cwiseQuotient(scale), friction));
      return dt2 * step.matrix() * scale.cwiseInverse().asDiagonal();
    };
    p.done = [&](const Eigen::VectorXd& x, const Eigen::VectorXd& w) {
      return worstPhi(p.equality, x, w) <= tol;
    };
    const auto trace = [&](const detail::FischerNewtonStep& s) {
      if (!tracing()) return;
      TimeStepIteration it;
      it.index = firstIndex + iterations + s.index;
      it.residual = worstPhi(p.equality, s.x, s.w);
      it.stepLength = s.stepLength;
      it.gradientStep = s.gradientStep;
      for (Eigen::Index k = 0; k < s.x.size(); ++k)
        if (p.equality[static_cast<std::size_t>(k)] || s.x[k] > s.w[k])
          it.active.push_back(static_cast<int>(k));
      it.f = s.x.cwiseQuotient(scale);
      it.change = (it.f - f).cwiseAbs().maxCoeff();
      it.gap = s.w;
      it.records = step.size();
      report(it);
    };
    const detail::FischerNewtonResult r =
        detail::fischerNewton(p, f.cwiseProduct(scale), kMaxIterations, trace);
    iterations += r.iterations;
    f = r.x.cwiseQuotient(scale);
    out.residual = worstPhi(p.equality, r.x, r.w);
    out.status = r.end == detail::FischerNewtonEnd::kDone      ? TimeStepStatus::kConverged
                 : r.end == detail::FischerNewtonEnd::kStalled ? TimeStepStatus::kStalled
                                                               : TimeStepStatus::kLimit;
    // Contacts that the solution meets and the set did not have: once more with them.
    if (step.detect(step.stateAfter(f, friction)) == 0) break;
    step.padForces(f);
    out.status = TimeStepStatus::kLimit;  // unless the next round converges
  }
  out.f = f;
  out.iterations = iterations;
  return out;
}

}  // namespace cl
