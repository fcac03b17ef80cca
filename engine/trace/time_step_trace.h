#pragma once
// What a time stepper of Hotz et al. (engine/time_stepping) decided in one step, as plain
// data: one TimeStepIteration per iteration of its scheme (a Newton step, or a fixpoint
// round with its Lemke LCP) and a TimeStepSummary at the end. The records behind the rows
// of f are the step's potential contacts (and connector records), as SolveContacts.
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "engine/trace/solver_trace.h"

namespace cl {

// How a step's iteration ended. kOscillated: the fixpoint's |f' - f| stopped shrinking;
// kCycling: Newton with release came back to an active set it had left; kStalled: the line
// search found no decrease; kDiverged: Newton with release's violation grew tenfold past its
// start; kLimit: the iteration limit.
enum class TimeStepStatus { kConverged, kLimit, kOscillated, kCycling, kStalled, kDiverged };
const char* timeStepStatusName(TimeStepStatus s);

struct TimeStepIteration {
  int index = 0;
  double residual = 0;        // the scheme's own (see each stepper's header), after the iteration
  double stepLength = 0;      // Newton: the line search's t (1 for a full step); fixpoint: 0
  double change = 0;          // max |f' - f| over the iteration
  bool gradientStep = false;  // Fischer-Burmeister: the Newton direction was no descent
  std::vector<int> active;    // Newton with release: the contacts held as equalities
  Eigen::VectorXd f;          // forces after the iteration (N), per record
  Eigen::VectorXd gap;        // delta = distance - target gap at the iterate, per record
  int solve = -1;             // fixpoint: index of its LCP in StepTrace::solves
  int records = 0;            // how many records the iteration had (the set may grow)
};

struct TimeStepSummary {
  int scheme = 0;   // AdvanceKind as int (engine/dynamics/advance_kind.h)
  double time = 0;  // at the start of the step
  double dt = 0;
  TimeStepStatus status = TimeStepStatus::kConverged;
  int iterations = 0;
  double residual = 0;
  std::vector<SolveContact> records;  // the rows of f and gap, at the end of the step
  Eigen::VectorXd f, gap;             // final
};

class TimeStepSink {
 public:
  virtual ~TimeStepSink() = default;
  virtual void onTimeStepIteration(const TimeStepIteration& iteration) = 0;
  virtual void onTimeStep(const TimeStepSummary& summary) = 0;
};

}  // namespace cl
