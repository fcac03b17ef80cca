#include "engine/solver/compute_forces_engine2d.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "engine/solver/compute_forces.h"
#include "engine/solver/detail/scaled_pivoting.h"
#include "engine/solver/detail/solver_result.h"
#include "engine/trace/solver_trace.h"

namespace cl {

namespace {

// engine2D's constants (ComputeForces.ts, UtilEngine.ts).
constexpr double kSmall = 1e-10;         // SMALL_POSITIVE: an acceleration or force this small is 0
constexpr double kSingularLimit = 2e-3;  // SINGULAR_MATRIX_LIMIT on the eliminated diagonal
constexpr double kEliminationZero = 1e-9;      // the elimination's zero tolerance
constexpr double kZeroStep = 1e-12;            // a step this short is a zero step
constexpr double kRatioSkip = 1e-14;           // the ratio test ignores smaller changes
constexpr double kHugeStep = 1e5;              // a step this long counts as none
constexpr double kNearZeroAccel = 1e-5;        // below this, a stuck d's tolerance is raised
constexpr double kRejectAccel = 100 * kSmall;  // deferred contacts are driven above this
constexpr double kCheck = 1e-4;                // ContactSim's check of the result
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kOwnTolerance = 1e-10;  // the verdict's, as ComputeForces' final check

// What drive() returns, as engine2D's drive_to_zero: done, or a contact to defer, or a
// failure.
constexpr int kDone = -1;
constexpr int kFailed = -2;

// An assertion of engine2D's that does not hold: engine2D throws there, the solve stops.
struct Engine2DStops {
  std::string what;
};

class Engine2DPivoting {
 public:
  Engine2DPivoting(const LcpProblem& p, NextContactPolicy policy, RandomLCG& rng,
                   SolverTraceSink* sink)
      : P(p), A(p.A), n(p.size()), policy(policy), rng(rng), sink(sink) {}

  // engine2D's return code: -1 done, -2 failed (drive or final check); throws Engine2DStops.
  int go();

  std::vector<double> f, a;
  std::vector<char> deferredEver;  // contacts that were in R at some point
  std::vector<int> order;
  int pivots = 0, deferrals = 0;
  LcpError error = LcpError::kOk;
  std::string reason;

 private:
  bool joint(int i) const { return P.joint[i]; }
  bool untreated(int i) const { return !C[i] && !NC[i] && !R[i]; }
  bool rerejected(int i) const {
    return std::find(reRejects.begin(), reRejects.end(), i) != reRejects.end();
  }
  static void expect(bool holds, const char* what) {
    if (!holds) throw Engine2DStops{what};
  }
  void toR(int i) {
    C[i] = NC[i] = false;
    R[i] = true;
    deferredEver[i] = 1;
    ++deferrals;
  }
  int next();
  int nextReject() const;
  bool checkLoop(int d);
  bool wouldBeSingular(int d, int e);
  void direction(int d);
  int maxStep(int d);
  int drive(int d);
  void record(PivotTransition t, int d, int j, double step, bool taken);

  const LcpProblem& P;
  const Eigen::MatrixXd& A;
  const int n;
  const NextContactPolicy policy;
  RandomLCG& rng;
  SolverTraceSink* sink;

  std::vector<char> C, NC, R, zeroSteps;
  std::vector<int> reRejects;
  std::vector<double> df, da;
  double stepSize = 0;
  int maxPivots = 0, decisions = 0;
  std::vector<std::vector<int>> states;  // checkLoop's states seen
  RandomLCG::OrderScratch orderScratch;
  AugmentedMatrix M;
};

void Engine2DPivoting::record(PivotTransition t, int d, int j, double step, bool taken) {
  if (!sink) return;
  SolverPivot p =
      SolverPivot::decision(decisions++, t, d, j, step, taken, taken && std::abs(step) < kZeroStep);
  for (int i = 0; i < n; ++i) {
    // A deferred contact found acceptable is in NC and R at once until its drive returns.
    if (C[i]) p.C.push_back(i);
    if (NC[i]) p.NC.push_back(i);
    if (R[i] && !rerejected(i)) p.R.push_back(i);
  }
  p.reRejects = reRejects;
  p.f = Eigen::Map<const Eigen::VectorXd>(f.data(), n);
  p.a = Eigen::Map<const Eigen::VectorXd>(a.data(), n);
  if (taken) {
    p.deltaF = Eigen::Map<const Eigen::VectorXd>(df.data(), n);
    p.deltaA = Eigen::Map<const Eigen::VectorXd>(da.data(), n);
  }
  sink->onPivot(std::move(p));
}

// The deferred contact to drive next: the largest unwanted acceleration (|a| at a joint),
// not among reRejects, when it exceeds 1e-8; else -1.
int Engine2DPivoting::nextReject() const {
  double worst = 0;
  int j = -1;
  for (int i = 0; i < n; ++i) {
    if (!R[i] || rerejected(i)) continue;
    if ((!joint(i) && a[i] < -worst) || (joint(i) && std::abs(a[i]) > worst)) {
      worst = std::abs(a[i]);
      j = i;
    }
  }
  return j > -1 && worst > kRejectAccel ? j : -1;
}

// The next contact by policy, joints first; when every contact is treated, nextReject().
int Engine2DPivoting::next() {
  const auto untreatedJoint = [&](int i) { return joint(i) && untreated(i); };
  const auto mostNegative = [&] {
    double least = kInf;
    int j = -1;
    for (int i = 0; i < n; ++i)
      if (!joint(i) && untreated(i) && a[i] < least) least = a[i], j = i;
    return j;
  };
  int d = -1;
  switch (policy) {
    case NextContactPolicy::HYBRID: {
      // A permutation of all n contacts is drawn whether or not a joint is left to take.
      bool jointLeft = false;
      for (int i = 0; i < n && !jointLeft; ++i) jointLeft = untreatedJoint(i);
      if (jointLeft)
        d = rng.firstInRandomOrder(n, untreatedJoint, orderScratch);
      else
        rng.discard(static_cast<std::uint64_t>(n));
      if (d < 0) d = mostNegative();
      break;
    }
    case NextContactPolicy::MIN_ACCEL: {
      double largest = -1;
      for (int i = 0; i < n; ++i)
        if (untreatedJoint(i) && std::abs(a[i]) > largest) largest = std::abs(a[i]), d = i;
      if (d < 0) d = mostNegative();
      break;
    }
    case NextContactPolicy::RANDOM: {
      const std::vector<int> perm = rng.randomInts(n);
      for (const bool wantJoint : {true, false}) {
        for (const int i : perm)
          if (joint(i) == wantJoint && untreated(i)) {
            d = i;
            break;
          }
        if (d >= 0) break;
      }
      break;
    }
    case NextContactPolicy::PRE_ORDERED:
      for (const bool wantJoint : {true, false}) {
        for (const int i : P.preOrder)
          if (joint(i) == wantJoint && untreated(i)) {
            d = i;
            break;
          }
        if (d >= 0) break;
      }
      break;
  }
  return d >= 0 ? d : nextReject();
}

// engine2D's loop detection: once every contact is in C, NC or R, the sets with the contact
// about to be driven form a state; true when that state was seen before in this solve.
bool Engine2DPivoting::checkLoop(int d) {
  for (int i = 0; i < n; ++i)
    if (untreated(i)) return false;
  std::vector<int> state(static_cast<std::size_t>(n) + 1);
  for (int i = 0; i < n; ++i) state[i] = C[i] ? 1 : NC[i] ? 2 : 3;
  state[n] = d;
  if (std::find(states.begin(), states.end(), state) != states.end()) return true;
  states.push_back(std::move(state));
  return false;
}

// engine2D's wouldBeSingular1 (e < 0) and wouldBeSingular2: [Acc | 1] for C with d (and e)
// added, in index order, eliminated; singular when a diagonal entry ends below 2e-3.
bool Engine2DPivoting::wouldBeSingular(int d, int e) {
  std::vector<int> rows;
  for (int i = 0; i < n; ++i)
    if (C[i] || i == d || i == e) rows.push_back(i);
  const auto c = static_cast<Eigen::Index>(rows.size());
  M.resize(c, c + 1);
  for (Eigen::Index p = 0; p < c; ++p) {
    for (Eigen::Index q = 0; q < c; ++q) M(p, q) = A(rows[p], rows[q]);
    M(p, c) = 1;
  }
  const ScaledPivoting s = solveScaledPivoting(M, kEliminationZero);
  return smallestDiagonalBelow(M, s.nrow, kSingularLimit);
}

// engine2D's fdirection: delta_f = 1 at d, 0 off C, and on C the x of Acc x = -A[C, d];
// delta_a = A delta_f, each row summed in column order.
void Engine2DPivoting::direction(int d) {
  std::fill(df.begin(), df.end(), 0.0);
  df[d] = 1;
  std::vector<int> rows;
  for (int i = 0; i < n; ++i)
    if (C[i]) rows.push_back(i);
  const auto c = static_cast<Eigen::Index>(rows.size());
  if (c > 0) {
    M.resize(c, c + 1);
    for (Eigen::Index p = 0; p < c; ++p) {
      for (Eigen::Index q = 0; q < c; ++q) M(p, q) = A(rows[p], rows[q]);
      M(p, c) = -A(rows[p], d);
    }
    const ScaledPivoting s = solveScaledPivoting(M, kEliminationZero);
    expect(s.ok(), "the elimination for delta_f found Acc x = -A[C, d] inconsistent");
    for (Eigen::Index p = 0; p < c; ++p) df[rows[p]] = s.x[p];
  }
  // Only d and C carry a nonzero delta_f: the products of the others are zeros, which leave
  // engine2D's running sum as it is.
  std::vector<int> nonzero = rows;
  nonzero.insert(std::upper_bound(nonzero.begin(), nonzero.end(), d), d);
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    for (const int j : nonzero) sum += A(i, j) * df[j];
    da[i] = sum;
  }
}

// engine2D's maxStep: the step that brings a_d to zero, shortened to where a contact in C
// reaches f = 0 or one in NC reaches a = 0 (joints in C never limit it); a joint with a > 0
// steps backwards. The first contact of the shortest step limits it; -1 when none does.
int Engine2DPivoting::maxStep(int d) {
  double s = joint(d) && a[d] > 0 ? -kInf : kInf;
  int j = -1;
  if (joint(d)) {
    j = d;
    s = -a[d] / da[d];
  } else if (da[d] > 0) {
    expect(a[d] < -kSmall, "a contact driven with a rising acceleration is not below -1e-10");
    j = d;
    s = -a[d] / da[d];
  }
  const double sign = s > 0 ? 1 : -1;
  for (int i = 0; i < n; ++i) {
    if (joint(i) || !C[i] || !(df[i] * sign < -kRatioSkip)) continue;
    double sp = -f[i] / df[i];
    if (sp * sign < 0) sp = 0;  // a force slightly negative by rounding: a zero step
    if (sp * sign < s * sign) s = sp, j = i;
  }
  for (int i = 0; i < n; ++i) {
    if (!NC[i]) continue;
    const bool limits = joint(i) ? std::abs(da[i] * sign) > kRatioSkip : da[i] * sign < -kRatioSkip;
    if (!limits) continue;
    double sp = -a[i] / da[i];
    if (sp * sign < 0) sp = 0;
    if (sp * sign < s * sign) s = sp, j = i;
  }
  stepSize = s;
  return j;
}

// engine2D's drive_to_zero: kDone (d in C or NC), a contact to defer (d itself), or kFailed.
int Engine2DPivoting::drive(int d) {
  if (joint(d) ? std::abs(a[d]) <= kSmall : a[d] >= -kSmall) {
    NC[d] = true;
    record(PivotTransition::kNcDirect, d, -1, 0, false);
    return kDone;
  }
  if (wouldBeSingular(d, -1) && !R[d]) {
    record(PivotTransition::kDeferSingular, d, -1, 0, false);
    return d;
  }
  std::fill(da.begin(), da.end(), 0.0);
  std::fill(df.begin(), df.end(), 0.0);
  std::fill(zeroSteps.begin(), zeroSteps.end(), 0);
  double accelTol = kSmall;
  // A step that d limits itself is recorded once d's set is known: after the loop, or at the
  // next pivot when rounding leaves a_d short of the tolerance.
  bool dStepPending = false;
  double dStep = 0;
  while (joint(d) ? std::abs(a[d]) > accelTol : a[d] < -accelTol) {
    if (dStepPending) {
      record(PivotTransition::kDAccepted, d, d, dStep, true);
      dStepPending = false;
    }
    if (pivots >= maxPivots) {
      error = LcpError::kTooManyPivots;
      reason = fmt::format("stopped at 1000 n + 100 = {} pivots (engine2D's drive has no bound)",
                           maxPivots);
      return kFailed;
    }
    direction(d);
    const int j = maxStep(d);
    if (j < 0 || std::abs(stepSize) > kHugeStep) {
      if (std::abs(f[d]) < kSmall) {
        record(PivotTransition::kDeferNoStep, d, j, stepSize, false);
        return d;
      }
      if (std::abs(a[d]) < kNearZeroAccel) {
        accelTol = 1.1 * std::abs(a[d]);
        record(PivotTransition::kToleranceRaised, d, j, stepSize, false);
        continue;
      }
      error = LcpError::kStalled;
      reason = fmt::format(
          "contact {} carries force {:.3g} and cannot be driven to a = 0 (a = {:.3g}): {}", d + 1,
          f[d], a[d], j < 0 ? "no contact limits the step" : "the step exceeds 1e5");
      return kFailed;
    }
    PivotTransition t = PivotTransition::kDAccepted;
    const bool zero = std::abs(stepSize) < kZeroStep;
    if (zero) {
      if (zeroSteps[j]) {  // a second zero step by j in this drive: flip-flop
        expect(std::abs(f[j]) < 10 * kSmall, "a flip-flop contact carries force");
        toR(j);
        t = PivotTransition::kCToRFlipFlop;
      }
      zeroSteps[j] = 1;
    }
    for (int i = 0; i < n; ++i) {
      f[i] += stepSize * df[i];
      a[i] += stepSize * da[i];
    }
    ++pivots;
    if (NC[j]) {
      expect(std::abs(f[j]) < kSmall, "a contact in NC carries force");
      if (wouldBeSingular(d, j) && !R[j]) {
        toR(j);
        record(PivotTransition::kNcToRSingular, d, j, stepSize, true);
        continue;
      }
    }
    if (C[j]) {
      expect(std::abs(f[j]) <= kSmall, "a contact leaving C carries force");
      if (std::abs(a[j]) > kSmall) {  // its a drifted from 0: to be driven again
        toR(j);
        t = PivotTransition::kCToRDrift;
      } else {
        C[j] = false, NC[j] = true;
        t = PivotTransition::kCToNc;
      }
    } else if (NC[j]) {
      expect(std::abs(a[j]) <= kSmall, "a contact leaving NC has an acceleration");
      if (std::abs(f[j]) > kSmall) {  // its f drifted from 0: to be driven again
        toR(j);
        t = PivotTransition::kNcToRDrift;
      } else {
        C[j] = true, NC[j] = false;
        t = PivotTransition::kNcToC;
      }
    } else if (j == d && t != PivotTransition::kCToRFlipFlop) {
      dStepPending = true;
      dStep = stepSize;
      continue;
    } else if (j != d) {
      expect(R[j], "the contact limiting the step is in no set");
    }
    record(t, d, j, stepSize, true);
  }
  // d joins C when it carries force, else NC.
  C[d] = std::abs(f[d]) > kSmall;
  NC[d] = !C[d];
  if (dStepPending)
    record(PivotTransition::kDAccepted, d, d, dStep, true);
  else
    record(C[d] ? PivotTransition::kDAcceptedNoStep : PivotTransition::kNcDirect, d, -1, 0, false);
  return kDone;
}

int Engine2DPivoting::go() {
  f.assign(n, 0.0);
  a.assign(P.b.data(), P.b.data() + n);
  C.assign(n, 0), NC.assign(n, 0), R.assign(n, 0), zeroSteps.assign(n, 0);
  deferredEver.assign(n, 0);
  df.assign(n, 0.0), da.assign(n, 0.0);
  maxPivots = 1000 * n + 100;
  for (;;) {
    const int d = next();
    if (d < 0) break;
    if (R[d]) reRejects.push_back(d);
    if (checkLoop(d)) {
      record(PivotTransition::kLoopDetected, d, -1, 0, false);
      break;
    }
    order.push_back(d);
    const int code = drive(d);
    if (code > -1) {
      toR(code);
    } else if (code < -1) {
      return code;
    } else {
      const bool retaken = !reRejects.empty();
      reRejects.clear();
      if (R[d]) {
        R[d] = false;
        record(PivotTransition::kRejectDriven, d, -1, 0, false);
      } else if (retaken) {
        record(PivotTransition::kReRejectsBack, d, -1, 0, false);
      }
    }
  }
  // ContactSim's check, on the accumulated a.
  for (int i = 0; i < n; ++i) {
    const bool held = joint(i) || std::abs(f[i]) > kSmall;
    if (held ? std::abs(a[i]) > kCheck : a[i] < -kCheck) {
      error = LcpError::kCheckFailed;
      reason = fmt::format("contact {}: f = {:.3g}, a = {:.3g}, outside engine2D's 1e-4", i + 1,
                           f[i], a[i]);
      return kFailed;
    }
  }
  return kDone;
}

}  // namespace

LcpResult ComputeForcesEngine2D::solve(const LcpProblem& problem, std::span<const int>) {
  const auto t0 = std::chrono::steady_clock::now();
  LcpResult res;
  const int n = problem.size();
  if (const std::string bad = problem.validate(); !bad.empty()) {
    res.error = LcpError::kBadInput;
    res.reason = bad;
    res.f = Eigen::VectorXd::Zero(n);
    res.a = problem.b;
    res.residuals = computeResiduals(problem, res.f, res.a);
    if (mSink) mSink->onSolve(detail::solveRecord(problem, res, kind(), t0));
    return res;
  }
  std::vector<char> deferredEver(static_cast<std::size_t>(n), 0);
  if (n == 1) {
    // engine2D's single contact: no tolerance, no draw.
    res.f = Eigen::VectorXd::Zero(1);
    if (problem.joint[0] || problem.b[0] < 0) res.f[0] = -problem.b[0] / problem.A(0, 0);
    res.order = {0};
    res.pivots = res.f[0] != 0;
  } else if (n > 1) {
    Engine2DPivoting run(problem, mPolicy, mRng ? *mRng : mOwnRng, mSink);
    try {
      run.go();
      res.error = run.error;
      res.reason = run.reason;
    } catch (const Engine2DStops& stop) {
      res.error = LcpError::kStalled;
      res.reason = fmt::format("engine2D would stop here: {} (its assertion)", stop.what);
    }
    res.f = Eigen::Map<const Eigen::VectorXd>(run.f.data(), n);
    res.order = std::move(run.order);
    res.pivots = run.pivots;
    res.deferrals = run.deferrals;
    deferredEver = std::move(run.deferredEver);
  } else {
    res.f = Eigen::VectorXd::Zero(0);
  }
  res.a = problem.A * res.f + problem.b;
  res.iterations = res.pivots;
  res.residuals = computeResiduals(problem, res.f, res.a);
  // engine2D's verdict is kept where it failed; where it passed, ours decides: the check
  // ComputeForces makes (100x at contacts that were deferred), on engine2D's absolute 1e-10
  // or, for a problem of larger scale, relative to max |b| and max (|A| |f|), since
  // engine2D's own check (1e-4, and blind to negative forces) would call wrong answers
  // right. The forces are engine2D's either way.
  if (res.ok()) {
    const double scale =
        std::max({1.0, n > 0 ? problem.b.cwiseAbs().maxCoeff() : 0.0,
                  n > 0 ? (problem.A.cwiseAbs() * res.f.cwiseAbs()).maxCoeff() : 0.0});
    const double tol = kOwnTolerance * scale;
    for (int i = 0; i < n && res.ok(); ++i) {
      const double t = (deferredEver[i] ? 100.0 : 1.0) * tol;
      if (forceAccelOk(t, res.f[i], res.a[i], problem.joint[i])) continue;
      res.error = std::isfinite(res.f[i]) && std::isfinite(res.a[i]) ? LcpError::kCheckFailed
                                                                     : LcpError::kNonFinite;
      res.reason = fmt::format(
          "engine2D's forces miss the LCP at contact {}: f = {:.3g}, a = {:.3g}, outside {:.3g}",
          i + 1, res.f[i], res.a[i], t);
    }
  }
  if (mSink) mSink->onSolve(detail::solveRecord(problem, res, kind(), t0));
  return res;
}

}  // namespace cl
