#include "engine/trace/solver_trace.h"

#include <algorithm>
#include <cmath>

namespace cl {

static const PivotTransitionText* textOf(PivotTransition t) {
  for (const PivotTransitionText& x : kPivotTransitionTexts)
    if (x.value == t) return &x;
  return nullptr;
}

const char* transitionName(PivotTransition t) {
  const PivotTransitionText* x = textOf(t);
  return x ? x->name : "?";
}

const char* transitionDescription(PivotTransition t) {
  const PivotTransitionText* x = textOf(t);
  return x ? x->description : "?";
}

Eigen::VectorXd complementarityViolation(const Eigen::VectorXd& f, const Eigen::VectorXd& a,
                                         const std::vector<bool>& joint) {
  Eigen::VectorXd v = Eigen::VectorXd::Zero(a.size());
  for (Eigen::Index i = 0; i < a.size() && i < f.size(); ++i) {
    const auto k = static_cast<std::size_t>(i);
    v(i) = k < joint.size() && joint[k]
               ? std::abs(a(i))
               : std::max({0.0, -f(i), -a(i), std::min(std::abs(f(i)), std::abs(a(i)))});
  }
  return v;
}

const char* solvePurposeName(SolvePurpose p) {
  switch (p) {
    case SolvePurpose::kContactForces:
      return "contact forces";
    case SolvePurpose::kImpulse:
      return "impulse";
    case SolvePurpose::kTimeStep:
      return "time step";
  }
  return "?";
}

}  // namespace cl
