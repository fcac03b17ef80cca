#include "engine/trace/solver_trace.h"

#include <algorithm>
#include <cmath>

namespace cl {

const char* transitionName(PivotTransition t) {
  switch (t) {
    case PivotTransition::kNcDirect:
      return "NC direct";
    case PivotTransition::kDeferSingular:
      return "->R singular";
    case PivotTransition::kNcToC:
      return "NC->C";
    case PivotTransition::kNcToRSingular:
      return "NC->R singular";
    case PivotTransition::kCToNc:
      return "C->NC";
    case PivotTransition::kCToRFlipFlop:
      return "C->R flip-flop";
    case PivotTransition::kDAccepted:
      return "d accepted";
    case PivotTransition::kDAcceptedNoStep:
      return "d accepted, no limit";
    case PivotTransition::kRejectAccepted:
      return "R accepted";
    case PivotTransition::kReReject:
      return "R->reRejects";
    case PivotTransition::kReRejectsBack:
      return "reRejects->R";
    case PivotTransition::kWarmStart:
      return "warm start";
    case PivotTransition::kWarmStartRejected:
      return "warm start rejected";
    case PivotTransition::kFrictionDirect:
      return "C_F direct";
    case PivotTransition::kFrictionHeld:
      return "d -> C_F";
    case PivotTransition::kFrictionAtEdge:
      return "d -> cone edge";
    case PivotTransition::kFrictionToEdge:
      return "C_F -> NC+-";
    case PivotTransition::kEdgeToFriction:
      return "NC+- -> C_F";
    case PivotTransition::kFrictionZeroed:
      return "friction zeroed";
    case PivotTransition::kGiveUp:
      return "given up";
    case PivotTransition::kLemkeFallback:
      return "Lemke fallback";
    case PivotTransition::kRegularized:
      return "regularized";
  }
  return "?";
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
