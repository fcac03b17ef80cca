#include "engine/time_stepping/newton_release_stepper.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace cl {

TimeStepper::Outcome NewtonReleaseStepper::solveStep(TimeStepContacts& step) {
  return newtonStep(step, [&](Eigen::VectorXd f, int firstIndex, const Eigen::VectorXd& friction) {
    return solveFrom(step, std::move(f), firstIndex, friction);
  });
}

TimeStepper::Outcome NewtonReleaseStepper::solveFrom(TimeStepContacts& step, Eigen::VectorXd f,
                                                     int firstIndex,
                                                     const Eigen::VectorXd& friction) {
  const double tol = 1e-8 * contactSim().distanceTol();
  const double dt2 = step.dt() * step.dt();
  // From given forces, the contacts that carry force are held; from none, every contact.
  std::vector<bool> held(static_cast<std::size_t>(step.size()), f.size() == 0);
  step.padForces(f);
  for (int i = 0; i < step.size(); ++i)
    if (step.records()[static_cast<std::size_t>(i)].joint || f[i] > 0)
      held[static_cast<std::size_t>(i)] = true;
  std::set<std::vector<bool>> seen{held};
  Outcome out;
  // An iteration that does not converge ends with the iterate of the smallest violation.
  Eigen::VectorXd best = f;
  double bestViolation = std::numeric_limits<double>::infinity(), firstViolation = 0;
  const auto finish = [&](TimeStepStatus status) {
    out.f = status == TimeStepStatus::kConverged ? f : best;
    out.residual = status == TimeStepStatus::kConverged ? out.residual : bestViolation;
    out.status = status;
    return out;
  };
  for (int k = 0;; ++k) {
    const std::vector<double> vars = step.stateAfter(f, friction);
    // Contacts met on the way join the set, held if they penetrate.
    const int before = step.size();
    step.detect(vars);
    const Eigen::VectorXd gap = step.measure(vars);
    step.padForces(f);
    held.resize(static_cast<std::size_t>(step.size()));
    for (int i = before; i < step.size(); ++i) {
      held[static_cast<std::size_t>(i)] =
          step.records()[static_cast<std::size_t>(i)].joint || gap[i] < -tol;
    }
    double violation = 0;
    std::vector<int> S;
    for (int i = 0; i < step.size(); ++i) {
      const bool h = held[static_cast<std::size_t>(i)];
      violation = std::max(violation, h ? std::abs(gap[i]) : std::max(0.0, -gap[i]));
      if (h) S.push_back(i);
    }
    out.residual = violation;
    out.iterations = k;
    if (violation <= tol) return finish(TimeStepStatus::kConverged);
    if (violation < bestViolation) {
      bestViolation = violation;
      best = f;
      best.conservativeResize(step.size());
    }
    if (k == 0) firstViolation = violation;
    // Newton is local: a violation ten times that of the start (and above the distance
    // tolerance) will not come back, and each such iterate finds spurious contacts far away.
    if (violation > std::max(10 * firstViolation, contactSim().distanceTol()))
      return finish(TimeStepStatus::kDiverged);
    if (k >= kMaxIterations) return finish(TimeStepStatus::kLimit);
    // Newton on the held contacts: dt^2 A_SS d = -delta_S.
    const Eigen::MatrixXd A = step.matrix();
    const Eigen::VectorXd d = Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd>(dt2 * A(S, S))
                                  .solve(-Eigen::VectorXd(gap(S)));
    f(S) += d;
    // Release what pulls; take back what penetrates.
    bool changed = false;
    for (int i = 0; i < step.size(); ++i) {
      const auto u = static_cast<std::size_t>(i);
      const bool joint = step.records()[u].joint;
      if (held[u] && !joint && f[i] < 0) {
        f[i] = 0;
        held[u] = false;
        changed = true;
      } else if (!held[u] && gap[i] < -tol) {
        held[u] = true;
        changed = true;
      }
    }
    if (tracing()) {
      TimeStepIteration it;
      it.index = firstIndex + k;
      it.residual = violation;
      it.stepLength = 1;
      it.change = d.size() > 0 ? d.cwiseAbs().maxCoeff() : 0.0;
      for (int i = 0; i < step.size(); ++i)
        if (held[static_cast<std::size_t>(i)]) it.active.push_back(i);
      it.f = f;
      it.gap = gap;
      it.records = step.size();
      report(it);
    }
    if (changed && !seen.insert(held).second) {
      out.iterations = k + 1;
      return finish(TimeStepStatus::kCycling);
    }
  }
}

}  // namespace cl
