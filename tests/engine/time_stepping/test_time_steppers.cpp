// The time steppers of Hotz et al. (engine/time_stepping): the paper's promises on scenes
// whose motion is known: a resting block stays at its contact distance, a pendulum on a joint
// keeps its length and swings with the small-angle period, a dropped block comes to rest
// without penetrating, free bodies keep their momentum, and every run repeats bit for bit.
#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <iterator>
#include <numbers>
#include <string>
#include <vector>

#include "engine/body/body_state.h"
#include "engine/run/advance_run.h"
#include "engine/run/step_run.h"
#include "engine/scene/scene.h"
#include "engine/time_stepping/advance_caveats.h"
#include "engine/time_stepping/make_advance.h"
#include "engine/time_stepping/time_stepper.h"

using cl::AdvanceKind;

namespace {

constexpr AdvanceKind kSteppers[] = {AdvanceKind::kNewtonRelease, AdvanceKind::kFischerBurmeister,
                                     AdvanceKind::kLcpFixpoint};

cl::Scene sceneWith(const std::string& file, AdvanceKind kind, double dt = 0) {
  cl::Scene s = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/" + file);
  cl::SimSettings settings = s.settings;
  settings.advance = kind;
  if (dt > 0) settings.timeStep = dt;
  return cl::rebuildScene(s, settings);
}

// The smallest contact distance of the latest step (NaN without contacts).
double smallestDistance(const cl::ContactSim& sim) {
  double d = NAN;
  for (const cl::RigidBodyCollision& c : sim.lastContacts())
    if (c.kind != cl::CollisionKind::kConnector)
      d = std::isnan(d) ? c.distance : std::min(d, c.distance);
  return d;
}

}  // namespace

TEST_CASE("The scene setting 'advance' makes the time stepper it names", "[time_stepping]") {
  for (const auto& n : cl::kAdvanceKindNames) {
    INFO(n.name);
    cl::Scene s = sceneWith("block_on_floor.json", n.value);
    CHECK(s.makeAdvance()->kind() == n.value);
    CHECK((dynamic_cast<cl::TimeStepper*>(s.makeAdvance().get()) != nullptr) ==
          (n.value != AdvanceKind::kCollisionAdvance));
  }
}

TEST_CASE("The fixpoint scheme keeps a resting block at its contact distance for 10 s",
          "[time_stepping]") {
  cl::Scene s = sceneWith("block_on_floor.json", AdvanceKind::kLcpFixpoint);
  auto advance = s.makeAdvance();
  auto& stepper = dynamic_cast<cl::TimeStepper&>(*advance);
  const double gap = s.contactSim()->distanceTol() / 2;
  const double y0 = s.sim->bodyState(0).y;
  for (int k = 0; k < 400; ++k) {
    advance->advance(advance->timeStep());
    REQUIRE(stepper.lastStatus() == cl::TimeStepStatus::kConverged);
    // The block starts at the target gap: it stays there (to rounding), never below.
    CHECK(smallestDistance(*s.contactSim()) >= gap - 1e-12);
    CHECK(std::abs(smallestDistance(*s.contactSim()) - gap) <= 1e-12);
  }
  CHECK(s.sim->time() == Approx(10.0));
  CHECK(std::abs(s.sim->bodyState(0).y - y0) <= 1e-12);
  CHECK(std::abs(s.sim->bodyState(0).vy) <= 1e-12);
}

TEST_CASE("The fixpoint and Fischer-Burmeister schemes bring the 10-block pile to rest",
          "[time_stepping]") {
  // Ten blocks dropped into the pit: hundreds of impacts and redundant contacts. Before, the
  // fixpoint (whose rounds then had the exact linearization at s', not symmetric) stopped at
  // t = 2.175 on an LCP Lemke could not solve, and Fischer-Burmeister from f = 0 ran but left
  // 251 of 480 steps unconverged.
  const cl::Scene s = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/pile_10.json");
  for (AdvanceKind kind : {AdvanceKind::kLcpFixpoint, AdvanceKind::kFischerBurmeister}) {
    INFO(cl::nameOf(kind));
    const cl::AdvanceRun run = cl::runWithAdvance(s, kind, 12.0);
    INFO(run.failure);
    REQUIRE(run.failure.empty());
    CHECK(run.reached == Approx(12.0));
    CHECK(run.penetration() == 0);
    // No more than 1e-3 of the distance tolerance below the target gap.
    CHECK(run.dip(s.contactSim()->distanceTol() / 2) <= 1e-5);
    CHECK(run.unconverged() <= 10);                    // of 480 steps
    CHECK(run.steps.back().energy.kinetic() <= 1e-9);  // at rest
  }
}

TEST_CASE("Newton with release holds a joint pendulum's length and swings with its period",
          "[time_stepping]") {
  // pendulum_joint: a 1 x 5 block of mass 1 hangs from the world origin by its body point
  // (0, 2) under gravity 5. Small-angle period 2 pi sqrt(I_pivot / (m g d)) with
  // I_pivot = (1 + 25) / 12 + 2^2 and d = 2: 3.2987 s.
  const double dt = 0.002;
  cl::Scene s = sceneWith("pendulum_joint.json", AdvanceKind::kNewtonRelease, dt);
  const double theta0 = 0.05;
  // Swing it out to theta0 about the pivot, at rest.
  s.sim->setBodyState(0, {2 * std::sin(theta0), 0, -2 * std::cos(theta0), 0, theta0, 0});
  auto advance = s.makeAdvance();
  auto& stepper = dynamic_cast<cl::TimeStepper&>(*advance);
  const double expected = 2 * std::numbers::pi * std::sqrt((26.0 / 12 + 4) / (1 * 5 * 2));
  std::vector<double> crossings;  // times the angle crosses 0 going down
  double previous = theta0, worstLength = 0;
  while (s.sim->time() < 3 * expected) {
    advance->advance(dt);
    REQUIRE(stepper.lastStatus() == cl::TimeStepStatus::kConverged);
    const cl::BodyState b = s.sim->bodyState(0);
    // The pivot: body point (0, 2) in world coordinates, which the joint holds at 0.
    const double px = b.x - 2 * std::sin(b.angle), py = b.y + 2 * std::cos(b.angle);
    worstLength = std::max(worstLength, std::hypot(px, py));
    if (previous > 0 && b.angle <= 0)
      crossings.push_back(s.sim->time() - dt * b.angle / (b.angle - previous));
    previous = b.angle;
  }
  CHECK(worstLength <= 1e-9);  // the joint's gap tolerance is 1e-10 m per record
  REQUIRE(crossings.size() >= 2);
  const double period =
      (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
  CHECK(period == Approx(expected).epsilon(0.01));
}

TEST_CASE("The Fischer-Burmeister scheme brings a dropped block to rest without penetrating",
          "[time_stepping]") {
  cl::Scene s = sceneWith("block_drop.json", AdvanceKind::kFischerBurmeister);
  auto advance = s.makeAdvance();
  const double tol = s.contactSim()->distanceTol();
  double smallest = INFINITY;
  for (int k = 0; k < 240; ++k) {
    advance->advance(advance->timeStep());
    const double d = smallestDistance(*s.contactSim());
    if (!std::isnan(d)) smallest = std::min(smallest, d);
  }
  REQUIRE(std::isfinite(smallest));  // it reached the floor
  CHECK(smallest >= 0);              // never through it
  // At rest at the target gap (half the distance tolerance), to the scheme's tolerance.
  CHECK(std::abs(smallestDistance(*s.contactSim()) - tol / 2) <= 1e-8 * tol);
  const cl::BodyState b = s.sim->bodyState(s.sim->findBody("block"));
  CHECK(std::hypot(b.vx, b.vy) <= 1e-6);  // at rest
  CHECK(std::abs(b.omega) <= 1e-6);
}

TEST_CASE("Each time stepper keeps momentum without contacts and repeats bit for bit",
          "[time_stepping]") {
  for (AdvanceKind kind : kSteppers) {
    INFO(cl::nameOf(kind));
    // Two balls held by mutual gravity: no contacts, no external net force.
    cl::Scene s = sceneWith("mutual_gravity_balls.json", kind);
    cl::Scene again = sceneWith("mutual_gravity_balls.json", kind);
    auto advance = s.makeAdvance();
    auto other = again.makeAdvance();
    const cl::MomentumInfo p0 = s.sim->momentum();
    for (int k = 0; k < 200; ++k) {
      advance->advance(advance->timeStep());
      other->advance(other->timeStep());
    }
    const cl::MomentumInfo p = s.sim->momentum();
    CHECK(std::abs(p.linear.x - p0.linear.x) <= 1e-12);
    CHECK(std::abs(p.linear.y - p0.linear.y) <= 1e-12);
    CHECK(s.sim->vars() == again.sim->vars());
  }
  for (AdvanceKind kind : kSteppers) {  // and with contacts: a pile, twice
    INFO(cl::nameOf(kind));
    cl::Scene a = sceneWith("stack_of_three.json", kind),
              b = sceneWith("stack_of_three.json", kind);
    auto advanceA = a.makeAdvance(), advanceB = b.makeAdvance();
    for (int k = 0; k < 40; ++k) {
      advanceA->advance(advanceA->timeStep());
      advanceB->advance(advanceB->timeStep());
    }
    CHECK(a.sim->vars() == b.sim->vars());
  }
}

TEST_CASE("A time stepper says, naming the bodies, that it cannot express restitution",
          "[time_stepping]") {
  cl::Scene s = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/ball_bounce.json");
  CHECK(cl::advanceCaveats(AdvanceKind::kCollisionAdvance, *s.sim).empty());
  for (AdvanceKind kind : kSteppers) {
    const std::vector<std::string> caveats = cl::advanceCaveats(kind, *s.sim);
    REQUIRE(caveats.size() == 1);
    CHECK(caveats[0].find("restitution") != std::string::npos);
    CHECK(caveats[0].find(cl::nameOf(kind)) != std::string::npos);
    CHECK(caveats[0].find("'" + s.sim->bodies()[0].name() + "'") != std::string::npos);
  }
  // A single body on a joint meets nothing it could bounce off: nothing to say.
  cl::Scene inelastic =
      cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/pendulum_joint.json");
  CHECK(cl::advanceCaveats(AdvanceKind::kLcpFixpoint, *inelastic.sim).empty());
}

TEST_CASE("Each time stepper with friction: one block held on a slope, one sliding",
          "[time_stepping][friction]") {
  // block_on_slope: a 20 degree slope; the upper block's pair coefficient 0.5 > tan 20 holds
  // it (friction m g sin 20 against gravity's pull along the slope), the lower one's 0.2
  // lets it slide at g (sin 20 - 0.2 cos 20). Semi-implicit Euler gets a constant
  // acceleration's velocity exactly, its distance to O(dt): after n steps s = a dt^2 n (n+1)/2.
  // Every scheme expresses the friction: no caveat but the restitution one.
  const double angle = 20 * std::numbers::pi / 180, g = 9.8, dt = 0.01;
  const AdvanceKind kind = GENERATE(from_range(std::begin(kSteppers), std::end(kSteppers)));
  CAPTURE(cl::nameOf(kind));
  cl::Scene s = sceneWith("block_on_slope.json", kind, dt);
  const std::vector<std::string> caveats = cl::advanceCaveats(kind, *s.sim);
  REQUIRE(caveats.size() == 1);
  CHECK(caveats[0].find("restitution") != std::string::npos);
  auto advance = s.makeAdvance();
  const cl::BodyState held0 = s.sim->bodyState(1), slid0 = s.sim->bodyState(2);
  const auto along = [&](const cl::BodyState& a, const cl::BodyState& b) {
    return (b.x - a.x) * std::cos(angle) + (b.y - a.y) * std::sin(angle);
  };
  const int n = 100;
  for (int k = 0; k < n; ++k) advance->advance(dt);
  const cl::BodyState held = s.sim->bodyState(1), slid = s.sim->bodyState(2);
  CHECK(std::abs(along(held0, held)) < 1e-6);
  CHECK(std::hypot(held.vx, held.vy) < 1e-6);
  const double a = g * (std::sin(angle) - 0.2 * std::cos(angle));
  CHECK(std::hypot(slid.vx, slid.vy) == Approx(a * n * dt).epsilon(1e-6));
  CHECK(-along(slid0, slid) == Approx(a * dt * dt * n * (n + 1) / 2).epsilon(1e-3));
  CHECK(std::abs(slid.angle - angle) < 1e-6);  // it slides without tipping
  // The friction forces: m g sin 20 holding the upper block (over its two corners), mu m g
  // cos 20 against the lower one.
  double holding = 0, sliding = 0;
  for (const cl::RigidBodyCollision& c : s.contactSim()->lastContacts())
    (c.primaryBody == 1 || c.normalBody == 1 ? holding : sliding) += c.frictionForce;
  const double m = s.sim->bodies()[1].mass();
  CHECK(std::abs(holding) == Approx(m * g * std::sin(angle)).epsilon(1e-6));
  CHECK(std::abs(sliding) == Approx(0.2 * m * g * std::cos(angle)).epsilon(1e-6));
  // The energy friction took: each step's impulse dt mu m g cos 20 against the mean of the
  // slips before and after it, a dt (k + 1/2) in step k, a dt^2 n^2 / 2 in all; the held
  // block's took nothing.
  CHECK(s.sim->frictionLoss() ==
        Approx(0.2 * m * g * std::cos(angle) * a * dt * dt * n * n / 2).epsilon(1e-6));

  // Traced, each of the fixpoint's rounds solves the friction problem, and each of the
  // Newton schemes' staggered rounds a start LCP (normal rows only) and then one: 2n rows
  // (normals, then the tangents), every contact's coefficient, A and b of that size.
  const cl::SimState before = cl::captureState(*advance, s.sim->clone(), {});
  const cl::StepRun run = cl::runStep(*advance, before, cl::StepTracing::kAll);
  REQUIRE(run.trace);
  int frictionSolves = 0;
  for (const cl::SolveTrace& solve : run.trace->solves) {
    const auto contacts = static_cast<Eigen::Index>(solve.solve.mu.size());
    if (contacts == 0 && kind != AdvanceKind::kLcpFixpoint) continue;  // a start LCP
    ++frictionSolves;
    CHECK(contacts == 4);  // two corners of each block
    CHECK(solve.context.contacts.size() == static_cast<std::size_t>(2 * contacts));
    CHECK(solve.solve.A.rows() == 2 * contacts);
    CHECK(solve.solve.b.size() == 2 * contacts);
  }
  CHECK(frictionSolves > 0);
}

TEST_CASE("A traced time step records its iterations and its outcome", "[time_stepping][trace]") {
  for (AdvanceKind kind : kSteppers) {
    INFO(cl::nameOf(kind));
    cl::Scene s = sceneWith("stack_of_three.json", kind);
    auto advance = s.makeAdvance();
    const cl::SimState before = cl::captureState(*advance, s.sim->clone(), {});
    const cl::StepRun run = cl::runStep(*advance, before, cl::StepTracing::kAll);
    REQUIRE(run.trace);
    REQUIRE(run.trace->timeStep);
    const cl::TimeStepSummary& summary = *run.trace->timeStep;
    CHECK(summary.scheme == static_cast<int>(kind));
    CHECK(summary.status == cl::TimeStepStatus::kConverged);
    CHECK(summary.records.size() == static_cast<std::size_t>(summary.f.size()));
    CHECK(run.stats.iterations == summary.iterations);
    CHECK(run.trace->timeStepIterations.size() == static_cast<std::size_t>(summary.iterations));
    if (kind == AdvanceKind::kLcpFixpoint) {  // one LCP per round, in the step's solves
      CHECK(summary.iterations == 2);
      CHECK(run.trace->solves.size() == run.trace->timeStepIterations.size());
      CHECK(run.trace->solves.front().context.purpose == cl::SolvePurpose::kTimeStep);
    } else {
      // The Newton schemes start at the forces of the start-of-step LCP, traced as a time-step
      // solve; on a resting stack they are the answer: no Newton iteration is needed.
      CHECK(summary.iterations == 0);
      REQUIRE(run.trace->solves.size() == 1);
      CHECK(run.trace->solves.front().context.purpose == cl::SolvePurpose::kTimeStep);
    }
    // The replay of the step repeats it bit for bit.
    CHECK(cl::sameState(cl::replayStep(before).state, run.state));
  }
}

TEST_CASE("runWithAdvance runs a scene one way, and compareRuns finds where two ways part",
          "[time_stepping][run]") {
  const cl::Scene s =
      cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/stack_of_three.json");
  const cl::AdvanceRun a = cl::runWithAdvance(s, AdvanceKind::kCollisionAdvance, 1.0);
  const cl::AdvanceRun again = cl::runWithAdvance(s, AdvanceKind::kCollisionAdvance, 1.0);
  const cl::AdvanceRun b = cl::runWithAdvance(s, AdvanceKind::kLcpFixpoint, 1.0);
  REQUIRE(a.failure.empty());
  REQUIRE(b.failure.empty());
  CHECK(a.reached == Approx(1.0));
  CHECK(a.steps.size() == 40);
  CHECK(b.steps.size() == 40);
  CHECK(b.iterations() == 80);  // two rounds a step on a resting stack
  CHECK(b.unconverged() == 0);
  CHECK(b.penetration() == 0);
  CHECK(b.dip(0.005) <= 1e-12);
  // The contacts carry the weights resting on them: the floor all three blocks (6 kg), the
  // bottom block the upper two (3 kg), the middle one the top (1 kg); 10 kg * 9.8 in all.
  for (const cl::AdvanceRun* run : {&a, &b}) {
    CHECK(run->steps.front().contactForce == Approx(98.0).epsilon(1e-9));
    CHECK(run->steps.back().contactForce == Approx(98.0).epsilon(1e-9));
  }
  // The same run twice does not part at all; the resting stack under the two advances stays
  // where it is, so they part by rounding only.
  const cl::RunDivergence same = cl::compareRuns(a, again, {1e-15});
  CHECK(*std::max_element(same.positionGap.begin(), same.positionGap.end()) == 0);
  CHECK(std::isnan(same.firstAbove[0].second));
  const cl::RunDivergence other = cl::compareRuns(a, b, {1e-9, 1e-3});
  REQUIRE(other.positionGap.size() == 40);
  CHECK(*std::max_element(other.positionGap.begin(), other.positionGap.end()) <= 1e-9);
  // A run that cannot go on ends with its message and where it stopped.
  const cl::Scene pile = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/pile_10.json");
  const cl::AdvanceRun stopped = cl::runWithAdvance(pile, AdvanceKind::kNewtonRelease, 3.0);
  CHECK_FALSE(stopped.failure.empty());
  CHECK(stopped.reached < 3.0);
  CHECK(stopped.failure.find("newton_release") != std::string::npos);
}

TEST_CASE("runWithAdvance shows its progress after each step and stops when told to",
          "[time_stepping][run]") {
  const cl::Scene s =
      cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/stack_of_three.json");
  const cl::AdvanceRun whole = cl::runWithAdvance(s, AdvanceKind::kCollisionAdvance, 1.0);
  REQUIRE(whole.steps.size() == 40);
  CHECK_FALSE(whole.cancelled);
  // Shown the run after each step: one step more each time, the newest at its time.
  std::vector<std::size_t> seen;
  const cl::AdvanceRun shown =
      cl::runWithAdvance(s, AdvanceKind::kCollisionAdvance, 1.0, [&](const cl::AdvanceRun& r) {
        seen.push_back(r.steps.size());
        return true;
      });
  REQUIRE(seen.size() == 40);
  for (std::size_t k = 0; k < seen.size(); ++k) CHECK(seen[k] == k + 1);
  CHECK_FALSE(shown.cancelled);
  CHECK(shown.positions == whole.positions);  // watching changes nothing
  // Told to stop after the 7th step: 7 steps, the same as the whole run's first 7, cancelled,
  // and reached is where it stopped.
  const cl::AdvanceRun stopped =
      cl::runWithAdvance(s, AdvanceKind::kCollisionAdvance, 1.0,
                         [](const cl::AdvanceRun& r) { return r.steps.size() < 7; });
  CHECK(stopped.cancelled);
  CHECK(stopped.failure.empty());
  REQUIRE(stopped.steps.size() == 7);
  CHECK(stopped.reached == whole.steps[6].time);
  for (std::size_t k = 0; k < 7; ++k) CHECK(stopped.positions[k] == whole.positions[k]);
}

TEST_CASE("A time step past its potential-contact bound fails at once, naming the bound",
          "[time_stepping]") {
  // pile_50 swept by a 2 s step: its blocks fall through each other's places, and the step
  // finds about 1900 potential contacts, whose solves would take minutes each. The step is
  // refused before the first, and the simulation stays at its start.
  for (const AdvanceKind kind : kSteppers) {
    INFO(cl::nameOf(kind));
    cl::Scene s = sceneWith("pile_50.json", kind, 2.0);
    auto advance = s.makeAdvance();
    const std::vector<double> before = s.sim->vars();
    CHECK_THROWS_WITH(advance->advance(2.0),
                      Catch::Contains("potential contacts, more than 1000") &&
                          Catch::Contains("a smaller time_step"));
    CHECK(s.sim->vars() == before);
    CHECK(s.sim->time() == 0.0);
  }
}

TEST_CASE("A time step counts its solves' work and stops at the bound", "[time_stepping]") {
  cl::Scene s = sceneWith("stack_of_three.json", AdvanceKind::kLcpFixpoint);
  auto* sim = s.contactSim();
  REQUIRE(sim);
  int asked = 0;
  cl::TimeStepContacts step(*sim, 0.025, [&] { ++asked; });
  const int n = step.size();
  REQUIRE(n > 0);
  // A matrix of n rows counts n^3, asking the cancel hook first.
  const Eigen::MatrixXd A = step.matrix();
  CHECK(A.rows() == n);
  CHECK(asked == 1);
  CHECK(step.work() == static_cast<double>(n) * n * n);
  // Work up to the bound is allowed; past it, refused with what it was for.
  step.charge(cl::kMaxTimeStepWork - step.work(), "a test's solve");
  CHECK_THROWS_WITH(step.charge(1, "a Lemke solve"),
                    Catch::Contains("more work than one time step may") &&
                        Catch::Contains("it needed a Lemke solve"));
  // The cancel hook is asked before anything is counted: its exception is what escapes.
  cl::TimeStepContacts cancelled(*sim, 0.025, [] { throw cl::StepCancelled("cancelled"); });
  CHECK_THROWS_AS(cancelled.matrix(), cl::StepCancelled);
}

TEST_CASE("A time stepper is cancelled between its solves", "[time_stepping]") {
  for (const AdvanceKind kind : kSteppers) {
    INFO(cl::nameOf(kind));
    cl::Scene s = sceneWith("pile_10.json", kind);
    auto advance = s.makeAdvance();
    // Asked to stop at its first solve of the step after the pile has landed.
    for (int k = 0; k < 80; ++k) advance->advance(0.025);
    const std::vector<double> before = s.sim->vars();
    int asked = 0;
    advance->setCancelCheck([&] { return ++asked >= 1; });
    CHECK_THROWS_AS(advance->advance(0.025), cl::StepCancelled);
    CHECK(asked >= 1);
    CHECK(s.sim->vars() == before);
  }
}
