// SetAsideFuture (engine/run/set_aside_future.h): the steps a run from a past step replaces
// are kept, and swapping them back twice returns to where one started, states, edits and all.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>

#include "engine/run/set_aside_future.h"
#include "engine/scene/scene.h"

namespace {

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(double) * a.size()) == 0;
}

// A history of `steps` traced steps of stack_of_three from its start.
cl::RunHistory runFor(int steps) {
  cl::Scene scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/stack_of_three.json");
  auto advance = scene.makeAdvance();
  cl::RunHistory history;
  history.append(cl::initialRecord(*scene.sim, scene.settings.advance, scene.settings.integrator,
                                   scene.settings.timeStep));
  for (int k = 1; k <= steps; ++k)
    history.append(cl::recordStep(*advance, history.back().state, k, true));
  return history;
}

cl::RecordedEdit gravityAfter(long long step, double g) {
  return {step, cl::SimEdit{cl::SetGravity{g}}};
}

double gravityOf(const cl::RecordedEdit& e) {
  return std::get<cl::SetGravity>(e.edit).g;
}

}  // namespace

TEST_CASE("A set-aside future comes back whole, and what replaced it is set aside in turn",
          "[run][set_aside]") {
  cl::RunHistory history = runFor(8);
  const cl::RunHistory original = history;
  std::vector<cl::RecordedEdit> edits{gravityAfter(2, -5), gravityAfter(3, -4),
                                      gravityAfter(6, -3)};
  int disposed = 0;
  const cl::RunHistory::TraceDisposer dispose = [&](std::shared_ptr<const cl::StepTrace> t) {
    disposed += t != nullptr;
  };

  // Going on from step 3: steps 4 to 8 and the edit after step 6 are set aside, their traces
  // handed to the disposer; the edits up to step 3 stay.
  cl::SetAsideFuture aside = cl::setAsideAfter(history, 3, edits, dispose);
  CHECK(aside.from == 3);
  CHECK(aside.steps() == 5);
  CHECK(disposed == 5);
  for (const cl::StepRecord& r : aside.records) CHECK_FALSE(r.trace);
  CHECK(history.size() == 4);
  REQUIRE(edits.size() == 2);
  REQUIRE(aside.edits.size() == 1);
  CHECK(gravityOf(aside.edits.front()) == -3);

  // The new branch: an edit at step 3 (it changes step 3's state), then two steps from it.
  cl::SimState edited = history.at(3).state;
  edited.vars[0] += 1.0;
  history.replaceState(3, edited);
  edits.push_back(gravityAfter(3, -9));
  cl::Scene scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/stack_of_three.json");
  auto advance = scene.makeAdvance();
  for (long long k = 4; k <= 5; ++k)
    history.append(cl::recordStep(*advance, history.back().state, k, false));
  const cl::RunHistory branch = history;

  // Swapping brings steps 4 to 8 back bit for bit with step 3's state as it was, and sets
  // the branch aside: its two steps, the edit at step 3 made for it, and its step 3.
  REQUIRE(cl::swapSetAside(history, edits, aside, dispose));
  REQUIRE(history.size() == original.size());
  for (int i = 0; i < history.size(); ++i) {
    CHECK(history.at(i).step == original.at(i).step);
    CHECK(sameBits(history.at(i).state.vars, original.at(i).state.vars));
  }
  REQUIRE(edits.size() == 3);
  CHECK(gravityOf(edits[0]) == -5);
  CHECK(gravityOf(edits[1]) == -4);
  CHECK(gravityOf(edits[2]) == -3);
  CHECK(aside.steps() == 2);
  REQUIRE(aside.edits.size() == 1);
  CHECK(gravityOf(aside.edits.front()) == -9);
  CHECK(sameBits(aside.fromState.vars, edited.vars));

  // Swapping again returns to the branch.
  REQUIRE(cl::swapSetAside(history, edits, aside, dispose));
  REQUIRE(history.size() == branch.size());
  for (int i = 0; i < history.size(); ++i)
    CHECK(sameBits(history.at(i).state.vars, branch.at(i).state.vars));
  REQUIRE(edits.size() == 3);
  CHECK(gravityOf(edits[2]) == -9);
  CHECK(aside.steps() == 5);

  // A future whose step the history no longer holds cannot come back: nothing changes.
  cl::SetAsideFuture lost = aside;
  lost.from = 99;
  CHECK_FALSE(cl::swapSetAside(history, edits, lost, dispose));
  CHECK(history.size() == branch.size());
  CHECK(edits.size() == 3);
}
