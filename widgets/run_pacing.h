#pragma once
// How many time steps a running Session asks its worker for at a frame. Simulation time
// follows the wall clock (times the rate) in whole steps, and each batch is drawn when it
// comes, so a batch is kept to about a frame's worth of time both ways:
// - of simulated time: at most frameSeconds * rate, so that a simulation faster than real
//   time is shown in frames, not in jumps;
// - of wall time: when the last batch's steps took stepWallSeconds each, at most as many
//   as fit in frameSeconds (at least one), so that a simulation slower than real time is
//   seen step by step (pile_200 with traces: four steps of 0.1 s took over a second).
// A simulation that cannot keep up falls behind the clock instead of being asked for ever
// larger batches: the caller moves its target time to where the batch ends.
namespace cl::widgets {

struct FrameSteps {
  int steps = 0;        // to ask for; 0 when the simulation is less than a step behind
  bool capped = false;  // fewer than the clock asks: the simulation falls behind it
};

// The steps to ask for when the clock says the simulation should be `behindSeconds` of
// simulated time further than it is. stepWallSeconds <= 0: no batch measured yet.
FrameSteps stepsForFrame(double behindSeconds, double timeStep, double rate, double frameSeconds,
                         double stepWallSeconds);

}  // namespace cl::widgets
