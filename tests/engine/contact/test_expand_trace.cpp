// Compact traces (engine/trace/compact_solve.h) expanded (engine/contact/expand_trace.h):
// the same steps taken with a full trace and with a compact one reach the same state, and
// the compact trace expanded equals the full one field by field, bit for bit, but for the
// solves' wall times, each solve it held whole at the place StepTrace::positionOf gives;
// the compact one holds fewer bytes and counts them. Opened (openTrace), its solves read by
// position are the full trace's too.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "engine/contact/contact_sim.h"
#include "engine/contact/expand_trace.h"
#include "engine/dynamics/state_hash.h"
#include "engine/run/step_marks.h"
#include "engine/run/step_run.h"
#include "engine/scene/scene.h"
#include "engine/solver/solve_state.h"
#include "tests/engine/solver/friction_test_problems.h"

namespace {

bool sameBits(double x, double y) {
  return std::memcmp(&x, &y, sizeof x) == 0;
}

bool sameBits(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y) {
  if (x.rows() != y.rows() || x.cols() != y.cols()) return false;
  for (Eigen::Index k = 0; k < x.size(); ++k)
    if (!sameBits(x.data()[k], y.data()[k])) return false;
  return true;
}

void checkSameContext(const cl::SolveContext& x, const cl::SolveContext& y) {
  CHECK(x.purpose == y.purpose);
  CHECK(sameBits(x.time, y.time));
  CHECK(x.subset == y.subset);
  REQUIRE(x.contacts.size() == y.contacts.size());
  for (std::size_t i = 0; i < x.contacts.size(); ++i) {
    const cl::SolveContact& a = x.contacts[i];
    const cl::SolveContact& b = y.contacts[i];
    CHECK(a.primaryBody == b.primaryBody);
    CHECK(a.normalBody == b.normalBody);
    CHECK(a.label == b.label);
    CHECK(std::string(a.kind) == std::string(b.kind));
    CHECK(sameBits(a.point.x, b.point.x));
    CHECK(sameBits(a.point.y, b.point.y));
    CHECK(sameBits(a.normal.x, b.normal.x));
    CHECK(sameBits(a.normal.y, b.normal.y));
    CHECK(sameBits(a.distance, b.distance));
    CHECK(sameBits(a.normalVelocity, b.normalVelocity));
    CHECK(a.joint == b.joint);
    CHECK(a.connector == b.connector);
  }
}

void checkSamePivot(const cl::SolverPivot& x, const cl::SolverPivot& y) {
  CHECK(x.index == y.index);
  CHECK(x.d == y.d);
  CHECK(x.j == y.j);
  CHECK(sameBits(x.step, y.step));
  CHECK(x.stepTaken == y.stepTaken);
  CHECK(x.zeroStep == y.zeroStep);
  CHECK(x.transition == y.transition);
  CHECK(x.C == y.C);
  CHECK(x.NC == y.NC);
  CHECK(x.R == y.R);
  CHECK(x.reRejects == y.reRejects);
  CHECK(x.CF == y.CF);
  CHECK(x.NCplus == y.NCplus);
  CHECK(x.NCminus == y.NCminus);
  CHECK(sameBits(x.f, y.f));
  CHECK(sameBits(x.a, y.a));
  CHECK(sameBits(x.deltaF, y.deltaF));
  CHECK(sameBits(x.deltaA, y.deltaA));
}

void checkSameIteration(const cl::SolverIteration& x, const cl::SolverIteration& y) {
  CHECK(x.index == y.index);
  CHECK(sameBits(x.residual, y.residual));
  CHECK(sameBits(x.merit, y.merit));
  CHECK(sameBits(x.stepLength, y.stepLength));
  CHECK(x.gradientStep == y.gradientStep);
  CHECK(x.entering == y.entering);
  CHECK(x.leaving == y.leaving);
  CHECK(x.supportSolve == y.supportSolve);
  CHECK(x.active == y.active);
  CHECK(sameBits(x.f, y.f));
}

// Every field but wallSeconds (the time the solve took, the re-solve's when expanded).
void checkSameSolve(const cl::SolverSolve& x, const cl::SolverSolve& y) {
  CHECK(sameBits(x.A, y.A));
  CHECK(sameBits(x.b, y.b));
  CHECK(x.joint == y.joint);
  CHECK(sameBits(x.f, y.f));
  CHECK(sameBits(x.a, y.a));
  CHECK(x.error == y.error);
  CHECK(x.reason == y.reason);
  CHECK(x.solver == y.solver);
  CHECK(x.iterations == y.iterations);
  CHECK(x.pivots == y.pivots);
  CHECK(x.deferrals == y.deferrals);
  CHECK(sameBits(x.maxComplementarityViolation, y.maxComplementarityViolation));
  CHECK(x.reference == y.reference);
  CHECK(x.policy == y.policy);
  CHECK(x.warmStarted == y.warmStarted);
  CHECK(x.warmPartial == y.warmPartial);
  CHECK(x.mu == y.mu);
  CHECK(x.slide == y.slide);
  CHECK(x.byLemke == y.byLemke);
  CHECK(sameBits(x.regularization, y.regularization));
}

void checkSameSolveTrace(const cl::SolveTrace& x, const cl::SolveTrace& y) {
  checkSameContext(x.context, y.context);
  REQUIRE(x.pivots.size() == y.pivots.size());
  for (std::size_t p = 0; p < y.pivots.size(); ++p) checkSamePivot(x.pivots[p], y.pivots[p]);
  REQUIRE(x.iterations.size() == y.iterations.size());
  for (std::size_t i = 0; i < y.iterations.size(); ++i)
    checkSameIteration(x.iterations[i], y.iterations[i]);
  checkSameSolve(x.solve, y.solve);
}

void checkSameTrace(const cl::StepTrace& expanded, const cl::StepTrace& full) {
  REQUIRE(expanded.solves.size() == full.solves.size());
  for (std::size_t k = 0; k < full.solves.size(); ++k) {
    INFO("solve " << k);
    checkSameSolveTrace(expanded.solves[k], full.solves[k]);
  }
  CHECK(expanded.waypoints.size() == full.waypoints.size());
  CHECK_FALSE(expanded.compact());
}

// The compact trace opened (what the workbench shows): each solve, read by its position,
// is the full trace's, the stored ones whole and the compact ones (one-contact; friction,
// which openTrace keeps compact unless asked) expanded one by one; the headers and
// purposes are the full solves' own; a compact friction solve's outcome is its record's;
// and so is the poor solve found.
void checkOpened(const cl::StepTrace& compact, const cl::StepTrace& full) {
  for (const cl::FrictionSolves friction :
       {cl::FrictionSolves::kKeepCompact, cl::FrictionSolves::kExpand}) {
    const cl::StepTrace opened = cl::openTrace(compact, friction);
    INFO("friction solves " << (friction == cl::FrictionSolves::kExpand ? "expanded" : "compact"));
    for (const cl::CompactLcpSolve& c : opened.compactLcpSolves) CHECK(c.isFriction());
    if (friction == cl::FrictionSolves::kExpand) CHECK(opened.compactLcpSolves.empty());
    CHECK(opened.compactSolves.size() == compact.compactSolves.size());
    CHECK(opened.bytes() == opened.countBytes());
    REQUIRE(opened.solveCount() == full.solves.size());
    const std::vector<cl::SolvePurpose> purposes = cl::solvePurposes(opened);
    REQUIRE(purposes.size() == full.solves.size());
    for (std::size_t k = 0; k < full.solves.size(); ++k) {
      INFO("solve " << k);
      const cl::SolveTrace& want = full.solves[k];
      const cl::SolveHeader h = cl::solveHeader(opened, k);
      CHECK(h.purpose == want.context.purpose);
      CHECK(sameBits(h.time, want.context.time));
      CHECK(h.subset == want.context.subset);
      CHECK(h.rows == want.solve.b.size());
      CHECK(purposes[k] == want.context.purpose);
      const cl::SolveTrace* stored = cl::storedSolve(opened, k);
      const cl::CompactSolve* one = cl::compactSolveAt(opened, k);
      const cl::CompactLcpSolve* lcp = cl::compactLcpSolveAt(opened, k);
      REQUIRE((stored != nullptr) + (one != nullptr) + (lcp != nullptr) == 1);
      if (lcp) {
        CHECK(lcp->error == want.solve.error);
        CHECK(sameBits(lcp->maxComplementarityViolation, want.solve.maxComplementarityViolation));
        CHECK(lcp->byLemke == want.solve.byLemke);
        CHECK(sameBits(lcp->regularization, want.solve.regularization));
        CHECK(lcp->compliant == want.solve.compliant);
      }
      checkSameSolveTrace(stored ? *stored
                          : one  ? cl::expandCompactSolve(opened, *one)
                                 : cl::expandCompactLcpSolve(*lcp),
                          want);
    }
    CHECK(cl::storedSolve(opened, full.solves.size()) == nullptr);
    CHECK(cl::poorSolveIndex(opened) == cl::poorSolveIndex(full));
  }
}

// The compact solves a run's compact traces held, of each kind (a test of nothing when none
// were).
struct CompactSeen {
  std::size_t oneContact = 0;  // CompactSolve: the serial loop's one-contact solves
  std::size_t lcp = 0;         // CompactLcpSolve: ContactSim::solveLcp's
  int largest = 0;             // the most rows one of them had
};

// Takes `steps` steps of `file` twice, fully traced and compactly traced, and compares;
// `solver` is the contact solver both use, `frictionWarmStart` whether both have the friction
// warm start on.
CompactSeen compareRuns(const std::string& file, int steps,
                        cl::LcpSolverKind solver = cl::LcpSolverKind::kComputeForces,
                        bool frictionWarmStart = false) {
  cl::Scene fullScene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/" + file);
  cl::Scene compactScene = cl::loadSceneFile(std::string(CONTACTLAB_SCENES_DIR) + "/" + file);
  REQUIRE(fullScene.contactSim());
  for (cl::Scene* scene : {&fullScene, &compactScene}) {
    scene->contactSim()->setContactSolver(solver);
    scene->contactSim()->setFrictionWarmStart(frictionWarmStart);
  }
  auto fullAdvance = fullScene.makeAdvance();
  auto compactAdvance = compactScene.makeAdvance();
  cl::SimState fullState = cl::captureState(*fullAdvance, fullScene.sim->clone(), {});
  cl::SimState compactState = cl::captureState(*compactAdvance, compactScene.sim->clone(), {});
  CompactSeen seen;
  std::size_t fullBytes = 0, compactBytes = 0;
  for (int k = 0; k < steps; ++k) {
    INFO(file << " step " << k + 1);
    cl::StepRun full = cl::runStep(*fullAdvance, fullState, cl::StepTracing::kAll);
    cl::StepRun compact = cl::runStep(*compactAdvance, compactState, cl::StepTracing::kCompact);
    REQUIRE(cl::stateHash(*fullScene.sim) == cl::stateHash(*compactScene.sim));
    REQUIRE(full.trace);
    REQUIRE(compact.trace);
    CHECK_FALSE(full.trace->compact());
    CHECK(compact.trace->solveCount() == full.trace->solves.size());
    seen.oneContact += compact.trace->compactSolves.size();
    // Each one-contact friction solve has its block, and only those.
    const auto withFriction =
        std::count_if(compact.trace->compactSolves.begin(), compact.trace->compactSolves.end(),
                      [](const cl::CompactSolve& c) { return c.friction >= 0; });
    CHECK(compact.trace->compactFrictionBlocks.size() == static_cast<std::size_t>(withFriction));
    seen.lcp += compact.trace->compactLcpSolves.size();
    for (const cl::CompactLcpSolve& c : compact.trace->compactLcpSolves) {
      seen.largest = std::max(seen.largest, c.size());
      // Its problem made again is the one the full trace's solve holds, bit for bit.
      REQUIRE(static_cast<std::size_t>(c.position) < full.trace->solves.size());
      const cl::SolverSolve& solved =
          full.trace->solves[static_cast<std::size_t>(c.position)].solve;
      const cl::LcpProblem p = cl::compactProblem(c);
      CHECK(sameBits(p.A, solved.A));
      CHECK(sameBits(p.b, solved.b));
      if (c.isFriction())
        CHECK(c.mu == solved.mu);
      else
        CHECK(p.joint == solved.joint);
    }
    // Truthfully counted: the recorder's count is a fresh count's. Fewer bytes over the
    // run (a single step of pile_10 may count a few hundred bytes more: its record of each
    // contact solved alone and the vectors' capacities).
    CHECK(compact.trace->bytes() == compact.trace->countBytes());
    fullBytes += full.trace->bytes();
    compactBytes += compact.trace->bytes();
    const cl::StepTrace expanded = cl::expandTrace(*compact.trace);
    CHECK(expanded.bytes() == expanded.countBytes());
    checkSameTrace(expanded, *full.trace);
    checkOpened(*compact.trace, *full.trace);
    // Each solve the compact trace held whole is at positionOf's place in the full list.
    for (std::size_t s = 0; s < compact.trace->solves.size(); ++s) {
      const std::size_t at = compact.trace->positionOf(s);
      REQUIRE(at < full.trace->solves.size());
      CHECK(sameBits(full.trace->solves[at].solve.b, compact.trace->solves[s].solve.b));
      CHECK(full.trace->solves[at].pivots.size() == compact.trace->solves[s].pivots.size());
    }
    fullState = std::move(full.state);
    compactState = std::move(compact.state);
  }
  CHECK(compactBytes < fullBytes);
  return seen;
}

}  // namespace

TEST_CASE("expandTrace: a compact trace expanded equals the full trace of the same step",
          "[trace][compact]") {
  // pile_10: frictionless serial impulses (ComputeForces' one-contact solves), and the
  // contact forces of the pile (ComputeForces' HYBRID order draws from the generator, so
  // each solve is expanded from the generator's state before it) with A's nonzeros known.
  const CompactSeen pile = compareRuns("pile_10.json", 100);
  CHECK(pile.oneContact > 0);
  CHECK(pile.lcp > 0);
  CHECK(pile.largest > 4);  // a subset of several contacts, not only pairs
  // pile_10_friction: the serial loop's 2x2 friction solves, and the contact forces' friction
  // solves (2n rows, A without a list of its nonzeros).
  const CompactSeen friction = compareRuns("pile_10_friction.json", 100);
  CHECK(friction.oneContact > 0);
  CHECK(friction.lcp > 0);
  // With the friction warm start: the guesses, and the held rows by the updated inverse in
  // the contact forces' friction solves and in the serial loop's one-contact ones alike.
  const CompactSeen warm =
      compareRuns("pile_10_friction.json", 160, cl::LcpSolverKind::kComputeForces, true);
  CHECK(warm.oneContact > 0);
  CHECK(warm.lcp > 0);
}

TEST_CASE("expandTrace: compact solves of A without its nonzeros and of other solvers",
          "[trace][compact]") {
  // engine2D's arithmetic builds A without a list of its nonzeros: every entry but +0 is
  // kept. Newton's cradle: simultaneous collisions of several records (impulse solves).
  CHECK(compareRuns("pile_10.json", 60, cl::LcpSolverKind::kComputeForcesEngine2D).lcp > 0);
  CHECK(compareRuns("newtons_cradle.json", 60).lcp > 0);
  // Another contact solver: Lemke's iterations are expanded as its own record.
  CHECK(compareRuns("pile_10.json", 100, cl::LcpSolverKind::kLemke).lcp > 0);
}

TEST_CASE("expandCompactLcpSolve: a friction solve is solved again with its own options",
          "[trace][compact]") {
  // A sliding pile_20 problem whose outcome turns on FrictionOptions::regularizeOnce
  // (test_friction_lemke.cpp): solved at 1e-10 without it, left failed with it. Expanded, each
  // compact solve must come out as its solve did.
  const cl::FrictionProblem p =
      cl::test::storedFrictionProblem("friction_pile20_sliding_1e10.json");
  for (const bool once : {false, true}) {
    INFO("regularizeOnce " << once);
    cl::FrictionOptions options;
    options.lemkeExact = false;
    options.regularizeOnce = once;
    options.updatedInverse = true;
    options.pivotsPerRow = 5;
    const cl::FrictionResult r = cl::computeFrictionForces(p, options);
    CHECK(r.ok() == !once);
    const cl::SolveTrace expanded =
        cl::expandCompactLcpSolve(cl::compactFrictionSolve(p, options, r));
    CHECK(expanded.solve.error == r.error);
    CHECK(sameBits(expanded.solve.regularization, r.regularization));
  }
}

TEST_CASE("expandCompactLcpSolve: a friction solve sent to the compliant solve first",
          "[trace][compact][compliance]") {
  // pile_50's static problem guessed with its own compliant forces (as the warm-start memory
  // guesses a held-static compliant solve's): with FrictionOptions::compliantFirst the
  // compliant solve comes before any exact pivoting, without it after the cold pivoting's
  // budget. Expanded, each compact solve must take the pivots its solve took.
  const cl::FrictionProblem p = cl::test::storedFrictionProblem("friction_pile50_static.json");
  cl::FrictionOptions options;
  options.pivotsPerRow = 1;
  options.lemkeExact = false;
  options.updatedInverse = true;
  options.regularizeOnce = true;
  options.compliantFallback = true;
  options.guess = cl::computeFrictionForces(p, options).f;
  std::vector<int> pivots;
  for (const bool first : {false, true}) {
    INFO("compliantFirst " << first);
    options.compliantFirst = first;
    const cl::FrictionResult r = cl::computeFrictionForces(p, options);
    REQUIRE(r.compliant);
    const cl::SolveTrace expanded =
        cl::expandCompactLcpSolve(cl::compactFrictionSolve(p, options, r));
    CHECK(expanded.solve.pivots == r.pivots);
    CHECK(expanded.solve.compliant);
    CHECK(expanded.solve.compliantFirst == first);
    // What the workbench says of it: no exact solve was tried, or none solved it.
    CHECK_THAT(cl::howSolved(expanded),
               Catch::Contains(first ? "before any exact pivoting" : "no exact solve solved it"));
    REQUIRE(expanded.solve.f.size() == r.f.size());
    CHECK(std::memcmp(expanded.solve.f.data(), r.f.data(), sizeof(double) * r.f.size()) == 0);
    pivots.push_back(r.pivots);
  }
  CHECK(pivots[1] < pivots[0]);
}

TEST_CASE("expandCompactLcpSolve: a friction solve by Lemke on a sparse basis",
          "[trace][compact]") {
  // pile_100's problem on which the dense tableau's Lemke once ended in NaN, with a pivot
  // budget of 100: the regularized pivoting's Lemke (at 1e-12) solves it, once on the dense
  // tableau and once on the sparse LU (FrictionOptions::lemkeSparseBasis). The two round
  // differently, and each compact solve expanded must come out with its own bits.
  const cl::FrictionProblem p = cl::test::storedFrictionProblem("friction_pile100_nan_lemke.json");
  cl::FrictionOptions options;
  options.pivotsPerRow = 0;
  options.lemkeExact = false;
  std::vector<Eigen::VectorXd> forces;
  for (const bool sparse : {false, true}) {
    INFO("lemkeSparseBasis " << sparse);
    options.lemkeSparseBasis = sparse;
    const cl::FrictionResult r = cl::computeFrictionForces(p, options);
    REQUIRE(r.ok());
    REQUIRE(r.byLemke);
    const cl::SolveTrace expanded =
        cl::expandCompactLcpSolve(cl::compactFrictionSolve(p, options, r));
    CHECK(expanded.solve.pivots == r.pivots);
    REQUIRE(expanded.solve.f.size() == r.f.size());
    CHECK(std::memcmp(expanded.solve.f.data(), r.f.data(), sizeof(double) * r.f.size()) == 0);
    forces.push_back(r.f);
  }
  CHECK(std::memcmp(forces[0].data(), forces[1].data(), sizeof(double) * forces[0].size()) != 0);
}
