// RunHistory's memory budget (engine/run/run_history.h): the byte count it keeps per record
// must stay the sum of its records' own counts through every change, and the traces the
// budget drops go, oldest first, to the disposer a front end may set.
#include <catch2/catch.hpp>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "engine/run/run_history.h"
#include "engine/scene/scene.h"

namespace {

std::size_t recountAll(const cl::RunHistory& h) {
  std::size_t n = 0;
  for (int i = 0; i < h.size(); ++i) n += h.at(i).bytes();
  return n;
}

}  // namespace

TEST_CASE(
    "RunHistory: its byte count is the sum of its records' through every change, and "
    "dropped traces go to the disposer oldest first",
    "[run][history]") {
  cl::Scene scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/stack_of_three.json");
  auto advance = scene.makeAdvance();
  cl::RunHistory history;
  std::vector<const cl::StepTrace*> disposed;
  history.setTraceDisposer(
      [&](std::shared_ptr<const cl::StepTrace> t) { disposed.push_back(t.get()); });
  history.append(cl::initialRecord(*scene.sim, scene.settings.advance, scene.settings.integrator,
                                   scene.settings.timeStep));
  std::vector<const cl::StepTrace*> traces;
  for (int k = 1; k <= 8; ++k) {
    cl::StepRecord r = cl::recordStep(*advance, history.back().state, k, true);
    REQUIRE(r.trace);
    traces.push_back(r.trace.get());
    history.append(std::move(r));
    CHECK(history.bytes() == recountAll(history));
  }
  CHECK(disposed.empty());

  // Room for about three traces less: the oldest traces go, to the disposer, in order.
  const std::size_t traceBytes = history.at(8).trace->bytes();
  history.setBudget(history.bytes() - 3 * traceBytes + traceBytes / 2);
  CHECK(history.bytes() == recountAll(history));
  CHECK(history.bytes() <= history.budget());
  REQUIRE(disposed.size() >= 3);
  for (std::size_t i = 0; i < disposed.size(); ++i) CHECK(disposed[i] == traces[i]);
  CHECK_FALSE(history.at(1).trace);
  CHECK(history.back().trace);

  // A re-derived trace set back, a state replaced, a truncation: the count follows.
  history.setBudget(cl::RunHistory::kDefaultBudget);
  cl::StepRecord again = cl::recordStep(*advance, history.at(0).state, 1, true);
  history.setTrace(1, again.trace);
  CHECK(history.at(1).trace);
  CHECK(history.bytes() == recountAll(history));
  cl::SimState bigger = history.at(2).state;
  bigger.vars.resize(bigger.vars.size() * 4, 0.0);
  history.replaceState(2, bigger);
  CHECK(history.bytes() == recountAll(history));
  const long long firstTaken = history.at(5).step;
  const int heldBefore = history.size();
  const std::vector<cl::StepRecord> taken = history.truncateAfter(4);
  CHECK(history.size() == 5);
  CHECK(history.bytes() == recountAll(history));
  // What was taken out comes back in order, whole: the caller may keep it.
  REQUIRE(static_cast<int>(taken.size()) == heldBefore - 5);
  for (std::size_t k = 0; k < taken.size(); ++k)
    CHECK(taken[k].step == firstTaken + static_cast<long long>(k));

  // Records dropped whole hand their traces over too.
  const std::size_t before = disposed.size();
  history.setBudget(history.at(4).bytes());
  CHECK(history.size() == 1);
  CHECK(history.bytes() == recountAll(history));
  CHECK(disposed.size() > before);
}
