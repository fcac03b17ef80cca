#include "engine/contact/contact_sim.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/contact/detail/contact_matrix.h"
#include "engine/contact/detail/contact_subsets.h"
#include "engine/contact/detail/engine2d_lcp.h"
#include "engine/contact/detail/friction_problem.h"
#include "engine/contact/detail/impulse_lcp.h"
#include "engine/contact/detail/solve_context.h"
#include "engine/contact/expand_trace.h"
#include "engine/dynamics/advance_strategy.h"

namespace cl {

namespace {

// See solveSubset: engine2D's absolute 1e-4, made relative to max |b| when that is
// smaller than 1 so that a small-scale scene is not judged by a large absolute number.
constexpr double kAcceptTolerance = 1e-4;

// The friction pivoting's budget with the friction warm start (FrictionOptions::pivotsPerRow).
constexpr int kWarmFrictionPivotsPerRow = 5;

// With the friction warm start, Lemke's fallback starts from the guess's basis
// (FrictionOptions::lemkeFromGuess) from this many contacts (a Lemke tableau of about four
// rows a contact). On pile_200 with friction near rest (370 to 410 contacts, about 2 cold
// pivots a row at 1.5 ms each) it took a quarter second's CPU from 940 to 777 s and from 1 212
// to 866 s; on pile_20 (at most 50 contacts) it took 10 % more pivots, 5.3x the frictionless
// run's CPU against 4.6x (docs/performance.md, the seventeenth friction pass).
constexpr int kLemkeFromGuessContacts = 300;
// And Lemke's basis is a sparse LU (FrictionOptions::lemkeSparseBasis) from this many: the
// same pivots at 1.2 to 2.8 times less CPU on pile_100's problems of 140 contacts (560
// rows), 8 to 13 times less on pile_200's of 420 (1 700 rows), but 0.7 times (slower) on
// pile_20's of 47 (`bench_lemke --friction-dir`, the eighteenth friction pass).
constexpr int kSparseLemkeContacts = 100;

std::string describe(const RigidBodySim& sim, const RigidBodyCollision& c) {
  return fmt::format(
      "{} '{}' on '{}' at ({:.6g}, {:.6g}) normal ({:.6g}, {:.6g}) "
      "distance {:.6g} normal velocity {:.6g}{}",
      collisionKindName(c.kind), sim.bodyName(c.primaryBody), sim.bodyName(c.normalBody),
      c.impact1.x, c.impact1.y, c.normal.x, c.normal.y, c.distance, c.normalVelocity,
      c.joint ? " (joint)" : "");
}

}  // namespace

ContactSim::SolveTotals& ContactSim::SolveTotals::operator+=(const SolveTotals& later) {
  solves += later.solves;
  pivots += later.pivots;
  maxViolation = std::max(maxViolation, later.maxViolation);
  warmStarts += later.warmStarts;
  warmPartials += later.warmPartials;
  warmRejects += later.warmRejects;
  frictionHeld += later.frictionHeld;
  frictionRegularized += later.frictionRegularized;
  frictionByLemke += later.frictionByLemke;
  frictionCompliant += later.frictionCompliant;
  frictionCompliantFirst += later.frictionCompliantFirst;
  frictionHeldAtOnce += later.frictionHeldAtOnce;
  compliantViolation = std::max(compliantViolation, later.compliantViolation);
  return *this;
}

ContactSim& ContactSim::operator=(const ContactSim& other) {
  if (this != &other) {
    ContactSim copy(other);
    *this = std::move(copy);
  }
  return *this;
}

void ContactSim::addConnector(std::unique_ptr<Connector> connector) {
  if (!connector) throw std::invalid_argument("addConnector: null connector");
  connector->checkBodies(bodies());
  const int b1 = connector->body1();
  const int b2 = connector->body2();
  if (connector->disablesCollision() && !isScrim(b1) && !isScrim(b2)) {
    const std::string n1 = bodies()[b1].name();
    const std::string n2 = bodies()[b2].name();
    body(b1).addNonCollide(n2);
    body(b2).addNonCollide(n1);
  }
  mConnectors.push_back(std::move(connector));
}

void ContactSim::alignConnectors() {
  for (const auto& c : mConnectors) c->align(*this, mTolerances);
}

void ContactSim::setExtraAccelTimeStep(double h) {
  if (!(h > 0.0)) throw std::invalid_argument("the extra acceleration time step must be > 0");
  mExtraAccelTimeStep = h;
}

void ContactSim::setCollisionAccuracy(double accuracy) {
  if (!(accuracy > 0.0 && accuracy <= 1.0))
    throw std::invalid_argument(
        fmt::format("the collision accuracy must be in (0, 1], got {}", accuracy));
  mCollisionAccuracy = accuracy;
}

std::vector<RigidBodyCollision> ContactSim::findCollisions(std::span<const double> vars,
                                                           std::span<const double> oldVars) const {
  std::vector<RigidBodyCollision> out;
  if (mEngineMode == EngineMode::kRigidBody) return out;  // RigidBodySim: nothing collides
  addConnectorRecords(vars, out);
  std::vector<RigidBodyCollision> found = findCloseCollisions(*this, vars, mTolerances, oldVars);
  out.insert(out.end(), std::make_move_iterator(found.begin()),
             std::make_move_iterator(found.end()));
  return out;
}

void ContactSim::addConnectorRecords(std::span<const double> vars,
                                     std::vector<RigidBodyCollision>& out) const {
  const ConnectorContext ctx = connectorContext(vars);
  const std::size_t first = out.size();
  for (std::size_t k = 0; k < mConnectors.size(); ++k) {
    const std::size_t before = out.size();
    mConnectors[k]->addCollisions(ctx, out);
    for (std::size_t i = before; i < out.size(); ++i) out[i].connector = static_cast<int>(k);
  }
  // engine2D puts each connector's record at the front of the list (Joint.addCollision's
  // unshift): the last connector's first.
  if (mTolerances.engine2dArithmetic)
    std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

bool ContactSim::remeasureConnector(RigidBodyCollision& c, std::span<const double> vars) const {
  if (c.connector < 0 || c.connector >= static_cast<int>(mConnectors.size())) return false;
  const int index = c.connector;
  const double impulse = c.impulse, force = c.force;
  c = mConnectors[static_cast<std::size_t>(index)]->collision(connectorContext(vars));
  c.connector = index;
  c.impulse = impulse;
  c.force = force;
  return true;
}

void ContactSim::evaluate(std::span<const double> vars, double t, std::span<double> change) {
  RigidBodySim::evaluate(vars, t, change);
  mLastSubsetSizes.clear();
  mFrictionLossRate = 0.0;
  // RigidBodySim, and ImpulseSim (which does not override evaluate: collisions are found by
  // CollisionAdvance between steps only, findCollisions): the force laws alone.
  if (mEngineMode != EngineMode::kContact) {
    mLastContacts.clear();
    mLastPenetrations.clear();
    return;
  }
  // A later stage of a CollisionAdvance step (the old state is set) that already met a
  // penetration: the step will be discarded, and this state, built without contact
  // forces, is not worth solving for them (engine2D's integrator stops at that stage).
  if (mPenetrationLog && !mOldVars.empty()) return;
  const std::span<const double> oldVars = mOldVars.size() == vars.size()
                                              ? std::span<const double>(mOldVars)
                                              : std::span<const double>();
  ContactSearch found = findContacts(*this, vars, mTolerances, oldVars);
  if (found.hasPenetration()) {
    // engine2D's evaluate reports the whole search, in its order (its joints' records first):
    // the records that are not penetrating but colliding (fast and close) are kept too when
    // it backs up, and the order decides the serial handling's.
    if (!mPenetrationLog)
      mPenetrationLog = PenetrationLog{
          t, mTolerances.engine2dArithmetic ? findCollisions(vars, oldVars) : found.penetrations};
    mLastPenetrations = std::move(found.penetrations);
    mLastContacts.clear();
    return;
  }
  mLastPenetrations.clear();
  mLastContacts.clear();
  addConnectorRecords(vars, mLastContacts);
  mLastContacts.insert(mLastContacts.end(), std::make_move_iterator(found.contacts.begin()),
                       std::make_move_iterator(found.contacts.end()));
  for (RigidBodyCollision& c : mLastContacts) c.force = 0.0;
  mWarmStart.begin();
  if (!mLastContacts.empty())
    for (const std::vector<int>& subset : contactSubsets(mLastContacts, bodies())) {
      mLastSubsetSizes.push_back(static_cast<int>(subset.size()));
      solveSubset(subset, vars, t, change);
    }
  mWarmStart.commit();
}

LcpResult ContactSim::solveLcp(const LcpProblem& problem, std::span<const int> guess) {
  if (!mTraceSink || !mTraceSink->keepsSolvesCompact())
    return solveContactLcp(problem, guess, mContactSolver, mSolverOptions, &random(), mTraceSink);
  // A compact trace: solved untraced, as an untraced run solves it, and kept as what solving
  // it again takes (compact_solve.h), the generator's state before it included.
  const std::uint32_t seed = random().seed();
  LcpResult result =
      solveContactLcp(problem, guess, mContactSolver, mSolverOptions, &random(), nullptr);
  mTraceSink->onCompactLcpSolve(
      compactLcpSolve(problem, guess, compactOptions(mContactSolver, mSolverOptions), seed));
  return result;
}

bool ContactSim::jamImpulseExists(const std::vector<RigidBodyCollision>& cs,
                                  std::span<const double> vars) const {
  // With the arithmetic of handleJam's solveFriction: under the friction warm start, the
  // cold arithmetic here cost pile_100 near rest a third of its time (every held system by
  // the decomposition), and could disagree with the impulse handleJam then computes.
  const FrictionProblem p = jamProblem(cs, bodies(), vars);
  const FrictionResult r = computeFrictionForces(p, frictionOptions(p, jamOptions()));
  return r.ok() && r.f.size() > 0 && r.f.cwiseAbs().maxCoeff() > kTinyImpulse;
}

FrictionOptions ContactSim::frictionOptions(const FrictionProblem& p,
                                            FrictionOptions options) const {
  options.compliantFallback = mFrictionCompliance;
  // The friction warm start's arithmetic; the cold solve keeps its bits. Lemke's exact last
  // resort took two thirds of pile_20's CPU there and changed no bit
  // (FrictionOptions::lemkeExact); on large problems it holds its basis as a sparse LU
  // (FrictionOptions::lemkeSparseBasis) and, larger still, starts from the guess's basis
  // (FrictionOptions::lemkeFromGuess); the held rows' systems are solved by an updated
  // inverse (FrictionOptions::updatedInverse); a sliding problem, and any with
  // friction_compliance on, is regularized at one level (FrictionOptions::regularizeOnce).
  if (mFrictionWarmStartOn) {
    options.lemkeExact = false;
    options.lemkeFromGuess = p.contacts() >= kLemkeFromGuessContacts;
    options.lemkeSparseBasis = p.contacts() >= kSparseLemkeContacts;
    options.updatedInverse = true;
    options.regularizeOnce = mFrictionCompliance || p.sliding();
  }
  return options;
}

FrictionResult ContactSim::solveFriction(const FrictionProblem& p, FrictionOptions options) {
  options = frictionOptions(p, std::move(options));
  // A sink that keeps solves compact: solved untraced and kept as what solving it again
  // takes (compact_solve.h), as solveLcp's solves.
  SolverTraceSink* const compactSink =
      options.sink && options.sink->keepsSolvesCompact() ? options.sink : nullptr;
  if (compactSink) options.sink = nullptr;
  FrictionResult r = computeFrictionForces(p, options);
  if (compactSink) compactSink->onCompactLcpSolve(compactFrictionSolve(p, options, r));
  mSolveTotals.frictionRegularized += r.regularization > 0 && !r.compliant;
  mSolveTotals.frictionByLemke += r.byLemke && r.regularization == 0;
  if (r.compliant) {
    ++mSolveTotals.frictionCompliant;
    mSolveTotals.compliantViolation =
        std::max(mSolveTotals.compliantViolation, frictionViolation(p, r.f, r.a));
  }
  return r;
}

void ContactSim::solveWithFriction(const std::vector<int>& subset,
                                   const std::vector<RigidBodyCollision>& cs,
                                   const LcpProblem& normal, std::vector<double> mu,
                                   std::span<const double> vars, double t,
                                   std::span<double> change) {
  FrictionProblem problem = frictionProblem(cs, bodies(), vars, change, normal.A, normal.b,
                                            std::move(mu), mExtraAccel, mExtraAccelTimeStep);
  FrictionOptions options;
  options.sink = mTraceSink;
  const bool sliding = problem.sliding();
  bool holdAtOnce = false;  // the held problem (below) first, its sliding solve skipped
  if (mFrictionWarmStartOn) {
    // The previous solve's forces where it had the same contacts; and a shorter pivoting
    // where the guess fails: a degenerate pile's pivoting that runs long mostly ends in a
    // fallback anyway (pile_20 with friction, 12 s: 41 927 pivots instead of 79 375).
    options.pivotsPerRow = kWarmFrictionPivotsPerRow;
    const std::vector<const WarmStart::Carrier*> remembered =
        mWarmStart.match(cs, mTolerances.distanceTol);
    if (std::any_of(remembered.begin(), remembered.end(), [](auto* c) { return c; })) {
      const auto n = static_cast<Eigen::Index>(cs.size());
      options.guess = Eigen::VectorXd::Zero(2 * n);
      for (Eigen::Index i = 0; i < n; ++i)
        if (const WarmStart::Carrier* c = remembered[static_cast<std::size_t>(i)])
          options.guess(i) = c->force, options.guess(n + i) = c->friction;
      // Where these contacts' last solve was held static and ended compliant (every
      // remembered carrier among them says so), a problem of them without a sliding contact
      // (the held one below) is solved compliant first, from the guess: on pile_100's
      // collapse (4.0 to 4.15 s) their held solves took 27.5 s instead of 71.8.
      const auto allRemembered = [&](bool WarmStart::Carrier::*mark) {
        return std::all_of(remembered.begin(), remembered.end(),
                           [mark](const WarmStart::Carrier* c) { return !c || c->*mark; });
      };
      options.compliantFirst =
          mFrictionCompliance && allRemembered(&WarmStart::Carrier::heldCompliant);
      // Where their last solve had no sliding solution and held them static, a sliding
      // problem of them is held static at once, its sliding solve skipped: a choice of
      // model (the held friction stops the slip within the time step or opposes it at the
      // cone's edge, as velocity-level friction does), so only with friction_compliance. On
      // pile_200's collapse such a sliding problem failed again in 6 of 14 evaluations
      // (4.1 to 4.15 s; 3 jams, 5 solved), each failure a chain of exact solves on hundreds
      // of rows, and holding at once took that span from 25.9 to 15.8 user s
      // (docs/performance.md, the sixteenth friction pass). Counted (frictionHeldAtOnce);
      // where the held problem has no solution, the sliding one is solved as usual.
      holdAtOnce = mFrictionCompliance && sliding && mExtraAccel != ExtraAccel::NONE &&
                   allRemembered(&WarmStart::Carrier::heldStatic);
    }
  }

  // Each solve of the subset is traced as one (a re-solve shows as the next solve).
  const auto solveWith = [&](const FrictionProblem& p, const FrictionOptions& o) {
    if (mTraceSink)
      mTraceSink->onSolveContext(
          makeFrictionSolveContext(*this, cs, SolvePurpose::kContactForces, t,
                                   static_cast<int>(mLastSubsetSizes.size()) - 1));
    FrictionResult r = solveFriction(p, o);
    mSolveTotals.frictionCompliantFirst += r.compliantFirst;
    mSolveTotals.pivots += r.pivots;
    mSolveTotals.warmStarts += r.warmStarted;
    mSolveTotals.warmPartials += r.warmPartial;
    mSolveTotals.warmRejects += r.warmRejected;
    return r;
  };
  // With the shorter budget, a static problem whose pivoting ran out of it (and that no
  // fallback solved) is solved again with the full one and no guess. Not one without a
  // solution (kNoSolution), nor a sliding one: its contacts are held static next (below),
  // and on pile_100 with friction 21 of 21 sliding retries failed (4.0 to 4.05 s and 5.5 to
  // 6 s), 66 of the 156 s of the second. The retry is the pivoting's: Lemke has just failed
  // on this very problem and takes neither the budget nor the guess (it would fail again,
  // bit for bit).
  const auto solve = [&](const FrictionProblem& p) {
    FrictionResult r = solveWith(p, options);
    if (r.ok() || r.error != LcpError::kTooManyPivots || p.sliding() ||
        options.pivotsPerRow == FrictionOptions{}.pivotsPerRow)
      return r;
    FrictionOptions full = options;
    full.pivotsPerRow = FrictionOptions{}.pivotsPerRow;
    full.guess.resize(0);
    full.lemkeFallback = false;
    return solveWith(p, full);
  };
  // The sliding contacts held as static ones. Their b_F carries v_t / h (ExtraAccel), so at
  // the cone's edge their friction opposes the slip as sliding friction does, and within it
  // stops the slip in one time step.
  const auto solveHeld = [&] {
    FrictionProblem held = problem;
    held.slide.assign(held.mu.size(), 0);
    return solve(held);
  };
  FrictionResult result;
  bool heldStatic = false;  // the solution used is the held problem's: no contact slides
  std::optional<FrictionResult> heldFailed;  // held at once without a solution: not again
  if (holdAtOnce) {
    result = solveHeld();
    heldStatic = result.ok();
    mSolveTotals.frictionHeld += heldStatic;
    mSolveTotals.frictionHeldAtOnce += heldStatic;
    if (!heldStatic) heldFailed = std::move(result);
  }
  if (!heldStatic) result = solve(problem);
  ++mSolveCount;
  mSolveTotals.solves += 1;
  if (!heldStatic && result.ok() &&
      stickingSlides(problem, cs, bodies(), vars, result.a, mExtraAccelTimeStep))
    result = solve(problem);
  std::string heldFailure;
  const bool jam = result.error == LcpError::kNoSolution && sliding && mJamImpulses &&
                   jamImpulseExists(cs, vars);
  if (!result.ok() && sliding && !jam && mExtraAccel != ExtraAccel::NONE) {
    // Sliding friction without a solution (neither the pivoting nor Lemke found one) and no
    // jam to end by an impulse: the sliding contacts are held static. Counted
    // (frictionHeld); where even that has no solution the run fails (below).
    FrictionResult heldResult = heldFailed ? std::move(*heldFailed) : solveHeld();
    if (heldResult.ok()) {
      ++mSolveTotals.frictionHeld;
      result = std::move(heldResult);
      heldStatic = true;
    } else {
      heldFailure = fmt::format(
          " (sliding friction has no solution, and with the sliding "
          "contacts held static: {})",
          errorName(heldResult.error));
    }
  }
  if (!result.ok()) {
    std::string list;
    for (const RigidBodyCollision& c : cs) list += "\n  " + describe(*this, c);
    if (jam)
      throw FrictionJam(
          fmt::format("contact forces with friction failed at time {}: no set of contact and "
                      "friction forces exists with {} contacts (sliding friction needs an "
                      "impulse, Painleve's paradox):{}",
                      t, cs.size(), list),
          cs);
    // Where the failed problem had no sliding contact, friction_compliance may solve it to
    // a compliance's error: a user who meets this failure should learn that it exists.
    const bool compliable = !mFrictionCompliance && (!sliding || !heldFailure.empty());
    throw SimulationError(fmt::format(
        "contact forces with friction failed ({}){} at time {} with {} contacts{}:{}",
        errorName(result.error), heldFailure, t, cs.size(),
        compliable ? " (friction_compliance is off: on, a problem like this one is solved "
                     "with a small contact compliance, and counted)"
                   : "",
        list));
  }
  const auto n = static_cast<Eigen::Index>(cs.size());
  if (mFrictionWarmStartOn)
    mWarmStart.collect(cs, std::span<const double>(result.f.data(), cs.size()),
                       std::span<const double>(result.f.data() + n, cs.size()), heldStatic,
                       result.compliant);
  for (Eigen::Index i = 0; i < n; ++i) {
    RigidBodyCollision& shown = mLastContacts[subset[static_cast<std::size_t>(i)]];
    shown.force = result.f(i);
    shown.frictionForce = result.f(n + i);
    shown.sliding = !heldStatic && problem.slide[static_cast<std::size_t>(i)] != 0;
    applyContactForce(cs[i], result.f(i), bodies(), vars, change);
    applyFrictionForce(cs[i], result.f(n + i), bodies(), vars, change);
    mFrictionLossRate -= result.f(n + i) * tangentialSlip(cs[i], bodies(), vars);
  }
}

void ContactSim::solveSubset(const std::vector<int>& subset, std::span<const double> vars, double t,
                             std::span<double> change) {
  std::vector<RigidBodyCollision> cs;
  cs.reserve(subset.size());
  for (int k : subset) cs.push_back(mLastContacts[k]);

  LcpProblem problem;
  problem.A = contactMatrix(cs, bodies(), &problem.nonzeros);
  if (mTolerances.engine2dArithmetic) problem.A = contactMatrixEngine2D(cs, bodies());
  problem.b =
      mTolerances.engine2dArithmetic
          ? contactBVectorEngine2D(cs, bodies(), vars, change, mExtraAccel, mExtraAccelTimeStep)
          : contactBVector(cs, bodies(), vars, change, mExtraAccel, mExtraAccelTimeStep);
  problem.joint.reserve(cs.size());
  for (const RigidBodyCollision& c : cs) problem.joint.push_back(c.joint);

  // With friction at some contact the 2n problem; frictionless subsets are solved exactly
  // as before.
  std::vector<double> mu = contactFriction(cs, bodies());
  if (std::any_of(mu.begin(), mu.end(), [](double m) { return m > 0; })) {
    solveWithFriction(subset, cs, problem, std::move(mu), vars, t, change);
    return;
  }

  if (mTraceSink)
    mTraceSink->onSolveContext(makeSolveContext(*this, cs, SolvePurpose::kContactForces, t,
                                                static_cast<int>(mLastSubsetSizes.size()) - 1));
  const std::vector<int> guess =
      mWarmStartOn ? mWarmStart.guess(cs, mTolerances.distanceTol) : std::vector<int>();
  const LcpResult result = solveLcp(problem, guess);
  ++mSolveCount;
  mSolveTotals.solves += 1;
  mSolveTotals.warmStarts += result.warmStarted;
  mSolveTotals.warmPartials += result.warmPartial;
  mSolveTotals.warmRejects += result.warmRejected;
  mSolveTotals.pivots += result.pivots;
  mSolveTotals.maxViolation = std::max(mSolveTotals.maxViolation, result.residuals.worst());
  // As engine2D: a solve that ended with an error code still stands when its forces
  // satisfy the LCP to kAcceptTolerance (see there) (a near-degenerate contact set where the pivots
  // ran out of exact progress); only a result that fails that check stops the simulation.
  const double scale = problem.b.size() > 0 ? problem.b.cwiseAbs().maxCoeff() : 0.0;
  const double accept = kAcceptTolerance * std::min(1.0, std::max(scale, 1e-300));
  if (!result.ok() && (result.a.size() != result.f.size() ||
                       !checkForceAccel(accept, result.f, result.a, problem.joint))) {
    std::string list;
    for (const RigidBodyCollision& c : cs) list += "\n  " + describe(*this, c);
    throw SimulationError(fmt::format("contact forces failed ({}) at time {} with {} contacts:{}",
                                      errorName(result.error), t, cs.size(), list));
  }
  if (mWarmStartOn) mWarmStart.collect(cs, std::span<const double>(result.f.data(), cs.size()));
  for (std::size_t i = 0; i < cs.size(); ++i) {
    const double f = result.f(static_cast<Eigen::Index>(i));
    mLastContacts[subset[i]].force = f;
    applyContactForce(cs[i], f, bodies(), vars, change);
  }
}

}  // namespace cl
