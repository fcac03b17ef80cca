#pragma once
// StepPlan: the steps a run takes from its time to `until`: whole steps of dt, as the
// workbench takes them (so a headless run repeats the workbench's bits), and one shorter
// step to land on `until` only when it is off their grid by more than 1e-9 dt (or, before
// the first whole step, off it at all: a run shorter than a step is one step). A run that
// stops on the grid and is continued from its saved state (--final-state, --initial-state)
// therefore takes the same steps, to the bit, as one that ran through.
namespace cl {

struct StepPlan {
  long long whole = 0;     // steps of dt
  bool shortLast = false;  // then one step of until - time
  long long count() const { return whole + (shortLast ? 1 : 0); }
  // The size of step k (0-based) when the simulation is at `time`.
  double size(long long k, double time, double dt, double until) const {
    return k < whole ? dt : until - time;
  }
};

// The plan from t0 to until (none when until <= t0). For finite inputs only: callers check
// stepsTo() against their own limit first.
StepPlan planSteps(double t0, double until, double dt);
// The whole steps of dt from t0 to until, as planSteps counts them, to refuse absurd runs
// before planning.
double stepsTo(double t0, double until, double dt);

}  // namespace cl
