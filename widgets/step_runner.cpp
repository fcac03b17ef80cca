#include "widgets/step_runner.h"

#include "widgets/sim_worker.h"

namespace cl::widgets {

StepRecord recordStep(AdvanceStrategy& advance, const SimState& before, long long step,
                      quint64 generation, bool trace) {
  StepRun run = runStep(advance, before, trace ? StepTracing::kAll : StepTracing::kOff);
  StepRecord r;
  r.step = step;
  r.snapshot = SimWorker::snapshotOf(advance.sim(), step, generation);
  r.state = std::move(run.state);
  r.stats = run.stats;
  r.trace = std::move(run.trace);
  return r;
}

}  // namespace cl::widgets
