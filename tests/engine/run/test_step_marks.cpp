// What makes a step worth looking at (engine/run/step_marks.h): the marks read off a step's
// statistics, and the search over a history in both directions.
#include <catch2/catch.hpp>
#include <string>

#include "engine/run/step_marks.h"
#include "engine/run/step_record.h"
#include "engine/scene/scene.h"
#include "engine/trace/step_trace.h"

using cl::StepMark;

TEST_CASE("A poor solve is a violation above 1e-8, a friction fallback or an unconverged step",
          "[run][marks]") {
  cl::StepStats clean;
  clean.solves.maxViolation = 1e-9;
  CHECK_FALSE(cl::poorSolve(clean));
  CHECK_FALSE(cl::hasMark(clean, StepMark::kAny));
  cl::StepStats s = clean;
  s.solves.maxViolation = 2e-8;
  CHECK(cl::poorSolve(s));
  s = clean;
  s.solves.frictionRegularized = 1;
  CHECK(cl::poorSolve(s));
  s = clean;
  s.solves.frictionByLemke = 1;
  CHECK(cl::poorSolve(s));
  s = clean;
  s.solves.frictionHeld = 1;
  CHECK(cl::poorSolve(s));
  s = clean;
  s.timeStepStatus = cl::TimeStepStatus::kLimit;
  CHECK(cl::hasMark(s, StepMark::kPoorSolve));
  CHECK(cl::hasMark(s, StepMark::kAny));
  CHECK_FALSE(cl::hasMark(s, StepMark::kBackup));
}

TEST_CASE("A poor step's reason names each cause with its count", "[run][marks]") {
  cl::StepStats s;
  s.solves.frictionHeld = 3;
  const std::string held = cl::poorSolveReason(s);
  CHECK_THAT(held, Catch::Contains("3 friction solves with no solution while sliding"));
  CHECK_THAT(held, !Catch::Contains("at once"));
  // Held at once by the warm-start memory (friction_compliance): said, with its count.
  s.solves.frictionHeldAtOnce = 2;
  CHECK_THAT(cl::poorSolveReason(s),
             Catch::Contains("held static (2 of them at once, their sliding solve skipped"));
  s = {};
  s.solves.frictionCompliant = 1;
  s.solves.compliantViolation = 2.5e-6;
  s.solves.frictionCompliantFirst = 1;
  const std::string compliant = cl::poorSolveReason(s);
  CHECK_THAT(compliant, Catch::Contains("1 friction solve solved only with a contact compliance"));
  CHECK_THAT(compliant, Catch::Contains("violation up to 2.5e-06"));
  CHECK_THAT(compliant, Catch::Contains("1 of them compliant first"));
}

namespace {

cl::SolveTrace solveOf(cl::SolvePurpose purpose, double violation,
                       cl::LcpError error = cl::LcpError::kOk) {
  cl::SolveTrace t;
  t.context.purpose = purpose;
  t.solve.maxComplementarityViolation = violation;
  t.solve.error = error;
  return t;
}

}  // namespace

TEST_CASE("poorSolveIndex points at the solve whose forces made the step poor", "[run][marks]") {
  using cl::SolvePurpose;
  cl::StepTrace trace;
  // An impulse's violation is not a contact force's; a clean contact-force solve is not poor.
  trace.solves.push_back(solveOf(SolvePurpose::kImpulse, 1.0));
  trace.solves.push_back(solveOf(SolvePurpose::kContactForces, 1e-12));
  CHECK(cl::poorSolveIndex(trace) == -1);
  // A friction solve that failed (its violation is where it stopped), then the same subset
  // solved with a contact compliance: the compliant one is what the step used.
  cl::SolveTrace failed = solveOf(SolvePurpose::kContactForces, 3.0, cl::LcpError::kTooManyPivots);
  failed.solve.mu = {0.5};
  trace.solves.push_back(failed);
  CHECK(cl::poorSolveIndex(trace) == 2);  // the failed one, while nothing else is poor
  cl::SolveTrace compliant = solveOf(SolvePurpose::kContactForces, 5e-9);
  compliant.solve.mu = {0.5};
  compliant.solve.regularization = 1e-8;
  compliant.solve.compliant = true;
  trace.solves.push_back(compliant);
  CHECK(cl::poorSolveIndex(trace) == 3);
  // A used solve violating by more than kPoorViolation comes first, the worst of them.
  trace.solves.push_back(solveOf(SolvePurpose::kContactForces, 2e-8));
  trace.solves.push_back(solveOf(SolvePurpose::kContactForces, 7e-8));
  trace.solves.push_back(solveOf(SolvePurpose::kContactForces, 3e-8));
  CHECK(cl::poorSolveIndex(trace) == 5);
  // With one-contact solves left compact before it (an opened trace), the index is the
  // solve's position among all the step's solves: two placed before it move it by two.
  trace.compactSolves.push_back({.position = 0, .rows = 0, .friction = -1, .A = 1, .b = -1});
  trace.compactSolves.push_back({.position = 4, .rows = 0, .friction = -1, .A = 1, .b = -1});
  CHECK(cl::poorSolveIndex(trace) == 7);
}

TEST_CASE("findMarkedStep finds the nearest marked step of a pile's history either way",
          "[run][marks]") {
  cl::Scene scene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/pile_10.json");
  auto advance = scene.makeAdvance();
  cl::RunHistory history;
  history.append(cl::initialRecord(*scene.sim, scene.settings.advance, scene.settings.integrator,
                                   scene.settings.timeStep));
  cl::CollisionCounters total;
  for (int k = 1; k <= 120; ++k) {
    cl::StepRecord r = cl::recordStep(*advance, history.back().state, k, false);
    total.binarySteps += r.stats.binarySteps;
    total.stuck += r.stats.stuck;
    history.append(std::move(r));
  }
  // The step's own counts add up to the run's counters.
  CHECK(total.binarySteps == history.back().state.counters.binarySteps);
  CHECK(total.stuck == history.back().state.counters.stuck);

  // The blocks fall for a while before the first collision (pile_10's first is at 1.2 s).
  int first = -1;
  for (int i = 1; i < history.size() && first < 0; ++i)
    if (history.at(i).stats.collisions > 0) first = i;
  REQUIRE(first > 1);
  CHECK(cl::findMarkedStep(history, 0, +1, StepMark::kCollision) == first);
  CHECK(cl::findMarkedStep(history, first, -1, StepMark::kCollision) == -1);
  // From a marked step, the next is strictly later.
  const int second = cl::findMarkedStep(history, first, +1, StepMark::kCollision);
  REQUIRE(second > first);
  for (int i = first + 1; i < second; ++i) CHECK(history.at(i).stats.collisions == 0);
  CHECK(cl::findMarkedStep(history, second, -1, StepMark::kCollision) == first);
  // Backwards from past the end: the last marked step.
  int last = -1;
  for (int i = 1; i < history.size(); ++i)
    if (history.at(i).stats.backups > 0) last = i;
  REQUIRE(last > 0);
  CHECK(cl::findMarkedStep(history, history.size(), -1, StepMark::kBackup) == last);
  // "Any" stops at the first step with any mark; a back-up needs a collision to back up for.
  CHECK(cl::findMarkedStep(history, 0, +1, StepMark::kAny) <= first);
  CHECK(cl::findMarkedStep(history, 0, +1, StepMark::kBackup) >= first);
  // A clean frictionless pile has no poor solve.
  CHECK(cl::findMarkedStep(history, 0, +1, StepMark::kPoorSolve) == -1);
}
