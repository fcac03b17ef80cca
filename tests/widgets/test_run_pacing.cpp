// The running Session's batches (run_pacing.h): about a frame of simulated time, and about a
// frame of wall time once a batch has been measured.
#include <catch2/catch.hpp>
#include <cmath>

#include "widgets/run_pacing.h"

using cl::widgets::stepsForFrame;

namespace {
constexpr double kDt = 0.025;   // pile_200's time step
constexpr double kFrame = 0.1;  // the Session's frame
}  // namespace

TEST_CASE("stepsForFrame: less than a step behind asks for nothing", "[pacing]") {
  CHECK(stepsForFrame(0.0, kDt, 1.0, kFrame, 0.0).steps == 0);
  CHECK(stepsForFrame(0.024, kDt, 1.0, kFrame, 0.0).steps == 0);
  CHECK(stepsForFrame(-1.0, kDt, 1.0, kFrame, 0.0).steps == 0);
  // A whole number of steps is not rounded below: 0.075 / 0.025 is 2.9999999999999996 in
  // doubles.
  CHECK(stepsForFrame(0.075, kDt, 1.0, kFrame, 0.0).steps == 3);
  CHECK(stepsForFrame(0.1, kDt, 1.0, kFrame, 0.0).steps == 4);
  // No time step (nothing to run), or one that is not a number.
  CHECK(stepsForFrame(1.0, 0.0, 1.0, kFrame, 0.0).steps == 0);
  CHECK(stepsForFrame(1.0, std::nan(""), 1.0, kFrame, 0.0).steps == 0);
}

TEST_CASE("stepsForFrame: a fast simulation gets a frame of simulated time", "[pacing]") {
  // Steps of 1 ms wall: the clock's frame of 0.1 s is four steps at 1x, forty at 10x, one at
  // 0.1x (ceil of 0.4); what the clock asks beyond that, the simulation falls behind.
  const auto at1x = stepsForFrame(0.05, kDt, 1.0, kFrame, 0.001);
  CHECK(at1x.steps == 2);
  CHECK_FALSE(at1x.capped);
  const auto behind = stepsForFrame(1.0, kDt, 1.0, kFrame, 0.001);
  CHECK(behind.steps == 4);
  CHECK(behind.capped);
  CHECK(stepsForFrame(10.0, kDt, 10.0, kFrame, 0.001).steps == 40);
  CHECK(stepsForFrame(1.0, kDt, 0.1, kFrame, 0.001).steps == 1);
  // Before any batch was measured, the same.
  CHECK(stepsForFrame(1.0, kDt, 1.0, kFrame, 0.0).steps == 4);
}

TEST_CASE("stepsForFrame: a slow simulation gets a frame of wall time, at least a step",
          "[pacing]") {
  // pile_200 with traces: 0.15 s a step, so one at a time, shown as each comes.
  const auto slow = stepsForFrame(1.0, kDt, 1.0, kFrame, 0.15);
  CHECK(slow.steps == 1);
  CHECK(slow.capped);
  // 30 ms a step: three fit in the frame's 0.1 s; 50 ms: two; 100 ms: one.
  CHECK(stepsForFrame(1.0, kDt, 1.0, kFrame, 0.03).steps == 3);
  CHECK(stepsForFrame(1.0, kDt, 1.0, kFrame, 0.05).steps == 2);
  CHECK(stepsForFrame(1.0, kDt, 1.0, kFrame, 0.1).steps == 1);
  // At 10x the clock asks for forty; 20 ms steps allow five.
  CHECK(stepsForFrame(10.0, kDt, 10.0, kFrame, 0.02).steps == 5);
  // Never more than the clock asks for, however cheap the steps.
  const auto exact = stepsForFrame(0.05, kDt, 1.0, kFrame, 0.03);
  CHECK(exact.steps == 2);
  CHECK_FALSE(exact.capped);
}
