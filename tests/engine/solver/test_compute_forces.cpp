// ComputeForces on hand-built LCPs whose solutions are derived by hand in the comments, and
// on random contact-like LCPs, incremental and reference.
#include <catch2/catch.hpp>
#include <cstring>
#include <map>
#include <thread>

#include "engine/solver/compute_forces.h"
#include "engine/trace/solver_trace.h"
#include "tests/support/contact_lcp_builder.h"

using namespace cl;

namespace {

constexpr double g = 9.8;

LcpResult solveWith(const LcpProblem& p, NextContactPolicy policy, bool reference,
                    RandomLCG* rng = nullptr, SolverTraceSink* sink = nullptr) {
  ComputeForces cf(rng);
  ComputeForcesOptions o;
  o.policy = policy;
  o.reference = reference;
  cf.setOptions(o);
  cf.setTraceSink(sink);
  return cf.solve(p);
}

// Every policy ComputeForces knows.
const std::vector<NextContactPolicy> kPolicies = [] {
  std::vector<NextContactPolicy> all;
  for (const auto& named : cl::kNextContactPolicyNames) all.push_back(named.value);
  return all;
}();

// Baraff's figure 26: B (mass 2, 2 x 1 box centred at x = 0) on the ground at its corners
// p1 (x = -1) and p2 (x = 1); a plank A (mass 1) from x = 0.5 to x = 4, centre 2.25, whose
// ends rest on B (p3, x = 0.5) and on C (p4, x = 4); C (mass 1, centre x = 4) on the ground
// at one point p5 below its centre. All normals point up.
ContactLcpBuilder figure26() {
  ContactLcpBuilder B;
  const int b = B.addBody(2, 2 * (4 + 1) / 12.0, 0, 0.5);
  const int a = B.addBody(1, 1, 2.25, 1.1);
  const int c = B.addBody(1, 0.5, 4, 0.5);
  B.addContact(b, -1, -1, 0, 0, 1);  // p1
  B.addContact(b, -1, 1, 0, 0, 1);   // p2
  B.addContact(a, b, 0.5, 1, 0, 1);  // p3: A's corner on B's top edge
  B.addContact(a, c, 4, 1, 0, 1);    // p4: A's corner on C's top edge
  B.addContact(c, -1, 4, 0, 0, 1);   // p5
  return B;
}

}  // namespace

TEST_CASE("ComputeForces: one contact takes the n = 1 shortcut", "[compute_forces]") {
  // A block of mass 2 on the floor, contact below its centre: A = 1/m, b = -g, f = m g.
  LcpProblem p{Eigen::MatrixXd::Constant(1, 1, 0.5), Eigen::VectorXd::Constant(1, -g), {false}, {}};
  for (bool ref : {false, true}) {
    const LcpResult r = solveWith(p, NextContactPolicy::HYBRID, ref);
    CHECK(r.ok());
    CHECK(r.f[0] == Approx(2 * g).epsilon(1e-14));
    CHECK(r.a[0] == Approx(0).margin(1e-14));
    CHECK(r.pivots == 1);
  }
  // Separating already: no force.
  p.b[0] = 3;
  const LcpResult r = solveWith(p, NextContactPolicy::HYBRID, false);
  CHECK(r.ok());
  CHECK(r.f[0] == 0);
  CHECK(r.a[0] == 3);
  // A = 0, b < 0: nothing can push, no solution.
  p.A(0, 0) = 0;
  p.b[0] = -1;
  CHECK(solveWith(p, NextContactPolicy::HYBRID, false).error == LcpError::kNoSolution);
}

TEST_CASE("ComputeForces: two stacked blocks carry (m1 + m2) g and m2 g", "[compute_forces]") {
  // Block 1 (m1 = 1) on the floor, block 2 (m2 = 3) on block 1, contacts below the centres.
  // J = [[0 1 0 | 0 0 0], [0 -1 0 | 0 1 0]], so A = [[1/m1, -1/m1], [-1/m1, 1/m1 + 1/m2]],
  // b = J (0, -g, 0, 0, -g, 0) = (-g, 0). a = 0 gives f = ((m1 + m2) g, m2 g) = (4g, 3g).
  LcpProblem p;
  p.A.resize(2, 2);
  p.A << 1, -1, -1, 1 + 1.0 / 3;
  p.b = Eigen::Vector2d(-g, 0);
  p.joint = {false, false};
  for (auto policy : kPolicies)
    for (bool ref : {false, true}) {
      const LcpResult r = solveWith(p, policy, ref);
      CHECK(r.ok());
      CHECK(r.f[0] == Approx(4 * g).epsilon(1e-12));
      CHECK(r.f[1] == Approx(3 * g).epsilon(1e-12));
      CHECK(r.a.cwiseAbs().maxCoeff() < 1e-12);
    }
}

TEST_CASE("ComputeForces: Baraff's figure 26, three bodies and five contacts", "[compute_forces]") {
  // Statics by hand. A: f3 + f4 = g and torques about x = 2.25 give 1.75 f3 = 1.75 f4, so
  // f3 = f4 = g/2. C: f5 = f4 + g = 1.5 g. B: f1 + f2 = f3 + 2g = 2.5 g and torques about
  // x = 0, f2 - f1 - 0.5 f3 = 0, so f2 - f1 = 0.25 g: f1 = 1.125 g, f2 = 1.375 g. J has full
  // rank 5, so A is positive definite and this is the only solution.
  const LcpProblem p = figure26().buildWithGravity(g);
  // The sparsity pattern of the figure: p1, p2 see B only; p5 sees C only.
  CHECK(p.A(0, 3) == 0);
  CHECK(p.A(0, 4) == 0);
  CHECK(p.A(1, 3) == 0);
  CHECK(p.A(2, 4) == 0);
  CHECK(p.A(3, 0) == 0);
  CHECK(p.A(4, 2) == 0);
  CHECK(p.A(2, 3) != 0);
  CHECK(p.A(3, 4) != 0);
  const double expected[] = {1.125 * g, 1.375 * g, 0.5 * g, 0.5 * g, 1.5 * g};
  RandomLCG rng(7);
  for (auto policy : kPolicies)
    for (bool ref : {false, true}) {
      const LcpResult r = solveWith(p, policy, ref, &rng);
      INFO(nameOf(policy) << (ref ? " reference" : " incremental"));
      CHECK(r.ok());
      for (int i = 0; i < 5; ++i) CHECK(r.f[i] == Approx(expected[i]).epsilon(1e-12));
      CHECK(r.a.cwiseAbs().maxCoeff() < 1e-12);
    }
}

TEST_CASE("ComputeForces: redundant contacts, a block flat on two corners and a duplicate",
          "[compute_forces]") {
  // Block of mass 2, width 2, height 1 (I = 2 (4 + 1) / 12) on the floor at its corners
  // x = -1, x = 1, and contact 2 a copy of contact 0 (as when two edges lie flat on each
  // other and the corners of both make contacts). Rows of J: [0 1 -1], [0 1 1], [0 1 -1];
  // A is singular (rank 2). Statics: each side carries m g / 2 = g, shared by 0 and 2.
  ContactLcpBuilder B;
  const double m = 2, I = 2 * 5 / 12.0;
  const int k = B.addBody(m, I, 0, 0.5);
  B.addContact(k, -1, -1, 0, 0, 1);
  B.addContact(k, -1, 1, 0, 0, 1);
  B.addContact(k, -1, -1, 0, 0, 1);
  LcpProblem p = B.buildWithGravity(g);
  RandomLCG rng(3);
  for (auto policy : kPolicies)
    for (bool ref : {false, true}) {
      const LcpResult r = solveWith(p, policy, ref, &rng);
      CHECK(r.ok());
      CHECK(r.f[0] + r.f[2] == Approx(g).epsilon(1e-12));
      CHECK(r.f[1] == Approx(g).epsilon(1e-12));
    }
  // The duplicate's b differs by -delta (say an extra acceleration term), so with 0 and 1
  // in C, a_2 = -delta < 0 while row 2 lies in the span of C: contact 2 is deferred.
  // Driven afterwards, Acc + 2 is singular (delta_a_2 = 0 along (-1, 0, 1)); the step moves
  // f_0 onto f_2 until f_0 = 0 and 0 leaves C, after which 2 is driven to zero. By hand:
  // the block's accelerations (ay, alpha) = (-g + (f1 + f2) / m, (f1 - f2) / I) must give
  // a_1 = ay + alpha = 0 and a_2 = ay - alpha - delta = 0, so ay = delta / 2,
  // alpha = -delta / 2, f1 = (m (g + delta/2) - I delta/2) / 2,
  // f2 = (m (g + delta/2) + I delta/2) / 2, f0 = 0 and a_0 = ay - alpha = delta.
  const double delta = 1e-3;
  p.b[2] -= delta;
  p.preOrder = {0, 1, 2};
  const double f1 = (m * (g + delta / 2) - I * delta / 2) / 2;
  const double f2 = (m * (g + delta / 2) + I * delta / 2) / 2;
  for (auto policy : kPolicies)
    for (bool ref : {false, true}) {
      RecordingTraceSink sink;
      const LcpResult r = solveWith(p, policy, ref, &rng, &sink);
      INFO(nameOf(policy) << (ref ? " reference" : " incremental"));
      CHECK(r.ok());
      CHECK(r.f[0] == Approx(0).margin(1e-12));
      CHECK(r.f[1] == Approx(f1).epsilon(1e-12));
      CHECK(r.f[2] == Approx(f2).epsilon(1e-12));
      CHECK(r.a[0] == Approx(delta).epsilon(1e-9));
      if (policy == NextContactPolicy::PRE_ORDERED) {
        CHECK(r.deferrals == 1);
        bool deferred = false;
        for (const SolverPivot& pv : sink.pivots)
          deferred |= pv.transition == PivotTransition::kDeferSingular && pv.d == 2;
        CHECK(deferred);
      }
    }
}

TEST_CASE("ComputeForces: a joint pair holds a hanging body and may pull", "[compute_forces]") {
  // A body (m = 1, I = 1) hangs from a fixed pin 1 above its centre on a double joint
  // (normals x and y). Rows of J: n = (1,0): [1 0 -r_y] = [1 0 -1]; n = (0,1): [0 1 r_x] =
  // [0 1 0]. A = diag(1 + 1, 1). External acceleration u = (2, -g, 0): b = (2, -g).
  // a = 0: f = (-2/2, g) = (-1, g): the x joint pulls.
  ContactLcpBuilder B;
  const int k = B.addBody(1, 1, 0, 0);
  B.addContact(k, -1, 0, 1, 1, 0, true);
  B.addContact(k, -1, 0, 1, 0, 1, true);
  const LcpProblem p = B.build(Eigen::Vector3d(2, -g, 0));
  REQUIRE(p.A(0, 0) == Approx(2));
  for (auto policy : kPolicies)
    for (bool ref : {false, true}) {
      const LcpResult r = solveWith(p, policy, ref);
      CHECK(r.ok());
      CHECK(r.f[0] == Approx(-1).epsilon(1e-12));
      CHECK(r.f[1] == Approx(g).epsilon(1e-12));
      CHECK(r.residuals.maxJointAccel < 1e-12);
    }
}

TEST_CASE("ComputeForces: singular A with b in its column space", "[compute_forces]") {
  // A = [[1, 1], [1, 1]], b = (-1, -1): any f >= 0 with f0 + f1 = 1 solves it. HYBRID
  // treats contact 0 first (tie, lowest index): f0 = 1 makes a = (0, 0); contact 1 is then
  // acceptable and goes to NC. f = (1, 0).
  LcpProblem p;
  p.A = Eigen::MatrixXd::Ones(2, 2);
  p.b = Eigen::Vector2d(-1, -1);
  p.joint = {false, false};
  for (bool ref : {false, true}) {
    const LcpResult r = solveWith(p, NextContactPolicy::HYBRID, ref);
    CHECK(r.ok());
    CHECK(r.f[0] == Approx(1).epsilon(1e-14));
    CHECK(r.f[1] == 0);
    CHECK(r.a.cwiseAbs().maxCoeff() < 1e-14);
  }
  RandomLCG rng(11);
  for (auto policy : kPolicies) {
    const LcpResult r = solveWith(p, policy, false, &rng);
    CHECK(r.ok());
    CHECK(r.f.sum() == Approx(1).epsilon(1e-12));
  }
}

TEST_CASE("ComputeForces: a problem without solution is reported", "[compute_forces]") {
  // A = [[1, -1], [-1, 1]], b = (-1, -1): a0 + a1 = -2 whatever f is, so a >= 0 is
  // impossible. Contact 0 takes f0 = 1 (a = (0, -2)); contact 1 would make Acc singular
  // (s = 1 - 1 = 0) and is deferred; driven again it has delta_a_1 = 0 and nothing limits
  // the step. Its direction y = delta_f = (1, 1) has A^T y = 0 and b^T y = -2: a
  // certificate that there is no solution, which is what is reported (engine2D ends with an
  // infinite loop here, R exhausted).
  LcpProblem p;
  p.A.resize(2, 2);
  p.A << 1, -1, -1, 1;
  p.b = Eigen::Vector2d(-1, -1);
  p.joint = {false, false};
  for (auto policy : kPolicies)
    for (bool ref : {false, true}) {
      const LcpResult r = solveWith(p, policy, ref);
      CHECK_FALSE(r.ok());
      CHECK(r.error == LcpError::kNoSolution);
      CHECK_THAT(r.reason, Catch::Contains("b^T y = -2 < 0"));
      CHECK(r.residuals.minContactAccel == Approx(-2));
    }
}

TEST_CASE("ComputeForces: bad input is reported, not solved", "[compute_forces]") {
  LcpProblem p;
  p.A = Eigen::MatrixXd::Ones(2, 3);
  p.b = Eigen::Vector2d(-1, -1);
  p.joint = {false, false};
  CHECK(solveWith(p, NextContactPolicy::HYBRID, false).error == LcpError::kBadInput);
  p.A = Eigen::MatrixXd::Ones(2, 2);
  p.A(1, 0) = std::nan("");
  CHECK(solveWith(p, NextContactPolicy::HYBRID, false).error == LcpError::kBadInput);
}

TEST_CASE("ComputeForces: the trace records every pivot and the solve", "[compute_forces]") {
  const LcpProblem p = figure26().buildWithGravity(g);
  RecordingTraceSink sink;
  const LcpResult r = solveWith(p, NextContactPolicy::HYBRID, false, nullptr, &sink);
  REQUIRE(r.ok());
  REQUIRE(sink.solves.size() == 1);
  const SolverSolve& s = sink.solves[0];
  CHECK(s.pivots == r.pivots);
  CHECK(s.f == r.f);
  CHECK(s.A == p.A);
  CHECK(s.wallSeconds >= 0);
  int steps = 0;
  for (const SolverPivot& pv : sink.pivots) {
    steps += pv.stepTaken;
    CHECK(pv.C.size() + pv.NC.size() + pv.R.size() + pv.reRejects.size() <= 5);
    if (pv.stepTaken) CHECK(pv.deltaF.size() == 5);
  }
  CHECK(steps == r.pivots);
  CHECK(sink.pivots.back().C.size() == 5);
}

TEST_CASE("ComputeForces: random contact-like LCPs, every policy, incremental and reference",
          "[compute_forces][random]") {
  RandomLCG gen(12345);
  int solved = 0;
  for (LcpFamily family :
       {LcpFamily::kTower, LcpFamily::kPyramid, LcpFamily::kLeaningChain, LcpFamily::kJointChain})
    for (int trial = 0; trial < 12; ++trial) {
      const int contacts = 2 + static_cast<int>(gen.nextInt(40));
      const double jitter = trial % 2 ? 1e-6 : 0.0;
      LcpProblem p = randomContactLcp(family, contacts, gen, jitter);
      const double scale = p.b.cwiseAbs().maxCoeff();
      for (auto policy : kPolicies) {
        if (policy == NextContactPolicy::PRE_ORDERED) {
          p.preOrder.clear();
          for (int i = p.size() - 1; i >= 0; --i) p.preOrder.push_back(i);
        }
        RandomLCG r1(trial), r2(trial);
        const LcpResult inc = solveWith(p, policy, false, &r1);
        const LcpResult ref = solveWith(p, policy, true, &r2);
        INFO(familyName(family) << " n " << p.size() << " trial " << trial << " "
                                << nameOf(policy));
        CHECK(inc.ok());
        CHECK(ref.ok());
        CHECK(checkForceAccel(1e-8 * scale, inc.f, inc.a, p.joint));
        CHECK(checkForceAccel(1e-8 * scale, ref.f, ref.a, p.joint));
        CHECK(inc.residuals.worst() <= 1e-8 * scale);
        // A is symmetric positive semi-definite, so a = A f + b is the same at every
        // solution; f is unique too where A has full rank (all but the pyramids).
        CHECK((inc.a - ref.a).cwiseAbs().maxCoeff() <= 1e-8 * scale);
        if (family != LcpFamily::kPyramid) {
          const double fScale = std::max(1.0, ref.f.cwiseAbs().maxCoeff());
          CHECK((inc.f - ref.f).cwiseAbs().maxCoeff() <= 1e-7 * fScale);
        }
        solved += inc.ok();
      }
    }
  CHECK(solved == 4 * 12 * 4);
}

TEST_CASE("ComputeForces: deferral paths are taken on random pyramids and stay correct",
          "[compute_forces][random]") {
  // Exact pyramids are full of redundant contacts: contacts reach a = 0 in NC with a row
  // in the span of C (NC -> R singular), flip between NC and C by zero steps (C -> R
  // flip-flop), and are accepted from R at the end.
  RandomLCG gen(777);
  std::map<PivotTransition, int> seen;
  for (int t = 0; t < 40; ++t) {
    const int contacts = 20 + gen.nextInt(60);
    const LcpProblem p = randomContactLcp(LcpFamily::kPyramid, contacts, gen, t % 2 ? 1e-3 : 0);
    const double scale = p.b.cwiseAbs().maxCoeff();
    for (auto policy : {NextContactPolicy::HYBRID, NextContactPolicy::RANDOM})
      for (bool ref : {false, true}) {
        RandomLCG rng(t);
        RecordingTraceSink sink;
        const LcpResult r = solveWith(p, policy, ref, &rng, &sink);
        CHECK(r.ok());
        CHECK(checkForceAccel(1e-8 * scale, r.f, r.a, p.joint));
        for (const SolverPivot& pv : sink.pivots) ++seen[pv.transition];
      }
  }
  CHECK(seen[PivotTransition::kNcToRSingular] > 0);
  CHECK(seen[PivotTransition::kCToRFlipFlop] > 0);
  CHECK(seen[PivotTransition::kRejectAccepted] > 0);
  CHECK(seen[PivotTransition::kCToNc] > 0);
}

TEST_CASE("ComputeForces accepts a long chain whose forces dwarf b", "[compute_forces]") {
  // A = tridiag(-1, 2, -1), b = -1, n = 1000: every contact in C, f_i = i (n + 1 - i) / 2
  // (1-based), up to 1.25e5. Measured afresh, a = A f + b rounds to about 1e-10 while
  // max |b| = 1: the check, relative to |b| alone, called this solution check-failed.
  const int n = 1000;
  LcpProblem p;
  p.A = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < n; ++i) {
    p.A(i, i) = 2;
    if (i + 1 < n) p.A(i, i + 1) = p.A(i + 1, i) = -1;
  }
  p.b = Eigen::VectorXd::Constant(n, -1.0);
  p.joint.assign(n, false);
  const LcpResult r = ComputeForces().solve(p);
  CHECK(r.error == LcpError::kOk);
  double worst = 0;
  for (int i = 0; i < n; ++i) {
    const double k = i + 1;
    worst = std::max(worst, std::abs(r.f(i) - k * (n + 1 - k) / 2) / (k * (n + 1 - k) / 2));
  }
  CHECK(worst < 1e-9);
}

namespace {

// Every bit of f and a, and the pivot count.
bool sameSolve(const LcpResult& x, const LcpResult& y) {
  return x.pivots == y.pivots && x.f.size() == y.f.size() &&
         std::memcmp(x.f.data(), y.f.data(), sizeof(double) * x.f.size()) == 0 &&
         std::memcmp(x.a.data(), y.a.data(), sizeof(double) * x.a.size()) == 0;
}

LcpResult solveFresh(const LcpProblem& p, SolverTraceSink* sink = nullptr) {
  RandomLCG rng(3);
  ComputeForces cf(&rng);
  cf.setTraceSink(sink);
  return cf.solve(p);
}

// Solves `inner` at the first pivot of the outer solve: a solve started inside another on
// the same thread.
struct NestingSink : SolverTraceSink {
  const LcpProblem* inner = nullptr;
  LcpResult innerResult;
  bool done = false;
  void onPivot(SolverPivot) override {
    if (done) return;
    done = true;
    innerResult = solveFresh(*inner);
  }
  void onSolve(SolverSolve) override {}
};

}  // namespace

TEST_CASE("ComputeForces: a solve has the same bits whatever its thread solved before",
          "[compute_forces]") {
  // The factor's storage is kept per thread from one solve to the next (n x n for a large
  // problem): nothing of an earlier solve may reach a later one.
  RandomLCG gen(77);
  const LcpProblem tower = randomContactLcp(LcpFamily::kTower, 120, gen, 1e-6);
  const LcpProblem pyramid = randomContactLcp(LcpFamily::kPyramid, 300, gen, 0);
  const LcpProblem chain = randomContactLcp(LcpFamily::kJointChain, 9, gen, 0);
  LcpResult first;
  std::thread([&] { first = solveFresh(tower); }).join();  // a thread that solved nothing
  REQUIRE(first.ok());
  REQUIRE((first.f.array() > 0).count() > 32);  // C grew past 32: the Cholesky factor held it
  CHECK(solveFresh(pyramid).ok());
  CHECK(solveFresh(chain).ok());
  CHECK(sameSolve(solveFresh(tower), first));
  // A solve inside another (from its trace sink) changes neither.
  NestingSink sink;
  sink.inner = &pyramid;
  const LcpResult outer = solveFresh(tower, &sink);
  REQUIRE(sink.done);
  CHECK(sameSolve(outer, first));
  CHECK(sameSolve(sink.innerResult, solveFresh(pyramid)));
}
