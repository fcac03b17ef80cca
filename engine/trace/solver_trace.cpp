#include "engine/trace/solver_trace.h"

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
  }
  return "?";
}

const char* solvePurposeName(SolvePurpose p) {
  switch (p) {
    case SolvePurpose::kContactForces:
      return "contact forces";
    case SolvePurpose::kImpulse:
      return "impulse";
  }
  return "?";
}

}  // namespace cl
