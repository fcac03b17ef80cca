// planSteps: whole steps of dt to `until`, and a shorter last step only off their grid; a
// run shorter than one step is one step that lands on `until`, however short or however
// long the step.
#include <catch2/catch.hpp>

#include "engine/run/step_plan.h"

TEST_CASE("planSteps takes whole steps, and a short last one only off their grid", "[step_plan]") {
  const cl::StepPlan onGrid = cl::planSteps(0, 1, 0.025);
  CHECK(onGrid.whole == 40);
  CHECK_FALSE(onGrid.shortLast);
  const cl::StepPlan offGrid = cl::planSteps(0, 1.01, 0.025);
  CHECK(offGrid.whole == 40);
  CHECK(offGrid.shortLast);
  CHECK(offGrid.size(40, 1.0, 0.025, 1.01) == Approx(0.01));
  // Within 1e-9 dt of the grid: rounding, no extra step.
  CHECK_FALSE(cl::planSteps(0, 1 + 1e-12, 0.025).shortLast);
  CHECK(cl::planSteps(1, 1, 0.025).count() == 0);
  CHECK(cl::planSteps(1, 0.5, 0.025).count() == 0);
}

TEST_CASE("planSteps: a run shorter than one step is one step that lands on until", "[step_plan]") {
  // Both took no step at all before (the leftover was measured against 1e-9 dt).
  for (const auto& [until, dt] : {std::pair{1e-12, 0.025}, std::pair{1.0, 1e308}}) {
    INFO(until << " " << dt);
    const cl::StepPlan plan = cl::planSteps(0, until, dt);
    CHECK(plan.count() == 1);
    CHECK(plan.size(0, 0.0, dt, until) == until);
  }
}
