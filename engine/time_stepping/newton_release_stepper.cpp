#include "engine/time_stepping/newton_release_stepper.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace cl {

TimeStepper::Outcome NewtonReleaseStepper::solveStep(TimeStepContacts& step) {
  const double tol = 1e-8 * contactSim().distanceTol();
  const double dt2 = step.dt() * step.dt();
  Eigen::VectorXd f = Eigen::VectorXd::Zero(step.size());
  std::vector<bool> held(static_cast<std::size_t>(step.size()), true);
  std::set<std::vector<bool>> seen{held};
  Outcome out;
  const auto finish = [&](TimeStepStatus status) {
    out.f = f;
    out.status = status;
    return out;
  };
  for (int k = 0;; ++k) {
    const std::vector<double> vars = step.stateAfter(f);
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
      it.index = k;
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
