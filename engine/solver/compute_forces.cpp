#include "engine/solver/compute_forces.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <numeric>
#include <optional>
#include <utility>

#include "engine/math/all_finite.h"
#include "engine/solver/detail/acc_factor.h"
#include "engine/solver/detail/envelope_order.h"
#include "engine/solver/detail/guess_solve.h"
#include "engine/solver/detail/lcp_diagnosis.h"
#include "engine/solver/detail/solver_result.h"
#include "engine/solver/detail/sparse_product.h"
#include "engine/trace/solver_trace.h"

namespace cl {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kDeferredFactor = 100.0;  // deferred contacts: 100x the tolerance
// A deferred contact is driven again while its unwanted acceleration exceeds this
// (engine2D's nextReject: 100 x its SMALL_POSITIVE 1e-10), or 100x the tolerance when
// that is smaller (a problem of small scale).
constexpr double kRejectAccel = 1e-8;
constexpr double kDirEps = 1e-12;    // entries of delta_f, delta_a below this (relative) are 0
constexpr double kZeroStep = 1e-14;  // a step changing a by less than this * scale is zero

using Set = ContactSet;  // Baraff's sets (lcp_problem.h)
enum class Drive { kAccepted, kDeferred, kFailed, kAbort };

// One ComputeForces solve: the sets C, NC, R, the factor of A[C, C], f and a as the
// decisions move them, and what is sent to the trace.
class PivotingSolve {
 public:
  PivotingSolve(const LcpProblem& p, const ComputeForcesOptions& o, RandomLCG& rng,
                SolverTraceSink* sink, std::span<const int> guess, AccFactor& acc)
      : P(p), A(p.A), n(p.size()), opt(o), rng(rng), sink(sink), guess(guess), acc(acc) {}

  LcpResult go();

 private:
  bool acceptable(int i, double factor) const {
    return P.joint[i] ? std::abs(a[i]) <= factor * tol : a[i] >= -factor * tol;
  }
  double unwanted(int i) const { return P.joint[i] ? std::abs(a[i]) : -a[i]; }
  bool drawsPerChoice() const;
  int nextContact();
  void solveOne();
  bool guessUsable() const;
  void warmStart();
  void treat(int d);
  void treatRejects();
  void direction(int d, Eigen::Map<const Eigen::VectorXd> x);
  Drive drive(int d, bool allowSingular);
  void defer(int i) {
    set[i] = Set::kR;
    deferredEver[i] = true;
    ++deferrals;
  }
  void record(PivotTransition t, int d, int j, double step, bool taken, bool zero);
  // A drive that cannot go on: no contact limits the step and a_d does not rise with f_d.
  // Its direction delta_f is kept: for a symmetric positive semidefinite A it is a
  // certificate that the LCP has no solution (lcp_diagnosis.h).
  Drive fail(int d);
  // Names what ended a solve that is not ok (reason), and what it means for the problem:
  // no-solution only with a checked certificate; outside-assumptions when A breaks Baraff's
  // (measured); stalled when neither.
  void explain();
  // A x + b, and max_i (|A| |x|)_i (the final check's scale), over A's nonzeros when
  // AccFactor keeps them: the same bits as the dense products (sparse_product.h).
  void product(const Eigen::VectorXd& x, Eigen::VectorXd& out);
  double acceptanceScale(const Eigen::VectorXd& x);
  std::optional<SparseColumns> columns(const Eigen::VectorXd& x);

  const LcpProblem& P;
  const Eigen::MatrixXd& A;
  const int n;
  const ComputeForcesOptions& opt;
  RandomLCG& rng;
  SolverTraceSink* sink;
  std::span<const int> guess;

  Eigen::VectorXd f, a, df, da;
  std::vector<Set> set;
  std::vector<bool> deferredEver, zeroFlag;
  AccFactor& acc;
  double scale = 1, tol = 0;
  int pivots = 0, deferrals = 0, decisions = 0, maxPivots = 0;
  bool progress = false, warmStarted = false, warmPartial = false, warmRejected = false;
  std::vector<int> order;
  RandomLCG::OrderScratch orderScratch;
  std::vector<int> dfRows, daRows;  // the entries of df, da that may be nonzero
  std::vector<char> daMark;         // r in daRows (bytes: tested in the hot loop)
  std::vector<double> productWork;  // the sparse products' sums
  LcpError error = LcpError::kOk;
  std::string reason;
  int failedContact = -1;           // the contact whose drive failed
  double failedPivot = 0;           // delta a_d there
  Eigen::VectorXd failedDirection;  // delta_f there
};

// A's nonzeros by column, when A is sparse and x finite (0 inf is not the zero the sparse
// products leave out).
std::optional<SparseColumns> PivotingSolve::columns(const Eigen::VectorXd& x) {
  if (!acc.sparse() || !allFinite(x)) return std::nullopt;
  return SparseColumns{{acc.colStart(), acc.nzRow()}, acc.nzVal()};
}

void PivotingSolve::product(const Eigen::VectorXd& x, Eigen::VectorXd& out) {
  if (const auto cols = columns(x))
    productPlus(*cols, x, P.b, out, productWork);
  else
    out.noalias() = A * x + P.b;
}

double PivotingSolve::acceptanceScale(const Eigen::VectorXd& x) {
  if (n == 0) return 0.0;
  if (const auto cols = columns(x)) return absProductMax(*cols, x, productWork);
  return (A.cwiseAbs() * x.cwiseAbs()).maxCoeff();
}

void PivotingSolve::record(PivotTransition t, int d, int j, double step, bool taken, bool zero) {
  SolverPivot p = SolverPivot::decision(decisions++, t, d, j, step, taken, zero);
  // Each set's vector is sized once (counted first): grown by push_back, a pile's sets of
  // hundreds took a dozen reallocations each at every pivot of a traced solve, and kept
  // up to twice the capacity they need.
  std::size_t count[4] = {0, 0, 0, 0};
  for (int i = 0; i < n; ++i) {
    switch (set[i]) {
      case Set::kC:
        ++count[0];
        break;
      case Set::kNC:
        ++count[1];
        break;
      case Set::kR:
        ++count[2];
        break;
      case Set::kReReject:
        ++count[3];
        break;
      default:
        break;
    }
  }
  p.C.reserve(count[0]);
  p.NC.reserve(count[1]);
  p.R.reserve(count[2]);
  p.reRejects.reserve(count[3]);
  for (int i = 0; i < n; ++i) {
    switch (set[i]) {
      case Set::kC:
        p.C.push_back(i);
        break;
      case Set::kNC:
        p.NC.push_back(i);
        break;
      case Set::kR:
        p.R.push_back(i);
        break;
      case Set::kReReject:
        p.reRejects.push_back(i);
        break;
      default:  // untreated (the friction sets are not ComputeForces')
        break;
    }
  }
  p.f = f;
  p.a = a;
  if (taken) {
    p.deltaF = df;
    p.deltaA = da;
  }
  sink->onPivot(std::move(p));
}

// engine2D's HYBRID and RANDOM policies draw a random permutation of all n contacts (n
// draws) at every choice of the next contact, whether or not it is used: the generator is
// the simulation's, so the count decides what its later draws (the serial collision
// order) are. A choice is made for each contact driven, each deferred one taken up again,
// and once more when nothing is left.
bool PivotingSolve::drawsPerChoice() const {
  return opt.policy == NextContactPolicy::HYBRID || opt.policy == NextContactPolicy::RANDOM;
}

// The next untreated contact by policy; -1 when none is left. HYBRID: the first untreated
// joint in a random permutation, else the first contact of smallest a; RANDOM: the first
// untreated joint in a random permutation, else the first untreated contact in it;
// MIN_ACCEL: the first joint of largest |a|, else the first contact of smallest a.
int PivotingSolve::nextContact() {
  if (opt.policy == NextContactPolicy::PRE_ORDERED) {
    for (int i : P.preOrder)
      if (set[i] == Set::kUntreated) return i;
    for (int i = 0; i < n; ++i)
      if (set[i] == Set::kUntreated) return i;
    return -1;
  }
  int joints = 0, contacts = 0, bestJoint = -1, bestContact = -1;
  for (int i = 0; i < n; ++i) {
    if (set[i] != Set::kUntreated) continue;
    if (P.joint[i]) {
      if (joints++ == 0 || std::abs(a[bestJoint]) < std::abs(a[i])) bestJoint = i;
    } else {
      if (contacts++ == 0 || a[i] < a[bestContact]) bestContact = i;
    }
  }
  const auto untreated = [&](bool joint) {
    return [&, joint](int i) { return set[i] == Set::kUntreated && P.joint[i] == joint; };
  };
  switch (opt.policy) {
    case NextContactPolicy::MIN_ACCEL:
      return joints > 0 ? bestJoint : bestContact;
    case NextContactPolicy::RANDOM: {
      const std::vector<int> order = rng.randomInts(n);
      for (const bool joint : {true, false})
        for (const int i : order)
          if (untreated(joint)(i)) return i;
      return -1;
    }
    case NextContactPolicy::HYBRID:
    default: {
      if (joints == 0) {
        rng.discard(static_cast<std::uint64_t>(n));
        return bestContact;
      }
      return rng.firstInRandomOrder(n, untreated(true), orderScratch);
    }
  }
}

// delta_f = (-x, 1) for x = Acc^-1 A[C, d] in C's order, and delta_a = A delta_f.
void PivotingSolve::direction(int d, Eigen::Map<const Eigen::VectorXd> x) {
  // Only d and C's entries of delta_f are nonzero (dfRows), and on a sparse A only the rows
  // of their columns' nonzeros in delta_a (daRows): the loops below visit those alone, and
  // the next pivot zeroes them (as do drive's ratio test and updates). Every entry left out
  // is an exact zero, whose product or sum would change no result (a full-vector update
  // would only have turned an a_i of -0 into +0).
  const std::vector<int>& C = acc.members();
  for (const int i : dfRows) df[i] = 0;
  dfRows.assign(C.begin(), C.end());
  dfRows.push_back(d);
  df[d] = 1;
  for (std::size_t k = 0; k < C.size(); ++k) df[C[k]] = -x[k];
  // da = A[:, d] + sum over C in order of df_c A[:, c], skipping A's zeros.
  if (acc.sparse()) {
    const int* colStart = acc.colStart().data();
    const int* nzRow = acc.nzRow().data();
    const double* nzVal = acc.nzVal().data();
    for (const int i : daRows) {
      da[i] = 0;
      daMark[i] = 0;
    }
    daRows.clear();
    const auto touch = [&](int r) {
      if (!daMark[r]) {
        daMark[r] = 1;
        daRows.push_back(r);
      }
    };
    for (int e = colStart[d]; e < colStart[d + 1]; ++e) {
      touch(nzRow[e]);
      da[nzRow[e]] = nzVal[e];
    }
    for (const int c : C) {
      const double w = df[c];
      for (int e = colStart[c]; e < colStart[c + 1]; ++e) {
        touch(nzRow[e]);
        da[nzRow[e]] += w * nzVal[e];
      }
    }
  } else {
    da = A.col(d);
    for (std::size_t k = 0; k < C.size(); ++k) da.noalias() += df[C[k]] * A.col(C[k]);
    if (daRows.size() != static_cast<std::size_t>(n)) {
      daRows.resize(n);
      std::iota(daRows.begin(), daRows.end(), 0);
    }
  }
}

// Drives a_d to zero. Each loop is one pivot: direction, largest valid step, one change of
// membership.
Drive PivotingSolve::drive(int d, bool allowSingular) {
  for (;;) {
    if (pivots >= maxPivots) {
      error = LcpError::kTooManyPivots;
      return Drive::kAbort;
    }
    // delta_f = (-Acc^-1 A[C, d], 1), delta_a = A delta_f; s = delta_a_d is the pivot. The
    // Cholesky factor leaves its residual check to delta_a, whose entries on C are minus the
    // residual: when they are not at rounding level, d's column is solved again, checked.
    bool checkLeft = false;
    direction(d, acc.solveColumn(d, &checkLeft));
    if (checkLeft && !acc.atRounding(da, d)) direction(d, acc.solveColumn(d));
    const double s = da[d];
    const double pivotTol = opt.singularPivot * std::abs(A(d, d));
    bool singularD;
    if (P.joint[d]) {
      singularD = !(std::abs(s) > pivotTol);
      if (!singularD && a[d] * s > 0) {  // push the other way: a joint's force is free
        for (const int i : dfRows) df[i] = -df[i];
        for (const int i : daRows) da[i] = -da[i];
      }
    } else {
      singularD = !(s > pivotTol);
    }
    if (singularD && !allowSingular && f[d] == 0) {
      defer(d);
      if (sink) record(PivotTransition::kDeferSingular, d, -1, 0, false, false);
      return Drive::kDeferred;
    }
    // Largest step keeping C's forces >= 0 and NC's accelerations >= 0; d limits itself
    // where a_d reaches 0.
    double best = kInf;
    int j = -1;
    if (!singularD) {
      best = std::max(0.0, -a[d] / da[d]);
      j = d;
    }
    double dfMax = 0, daMax = 0;
    for (const int i : dfRows) dfMax = std::max(dfMax, std::abs(df[i]));
    for (const int i : daRows) daMax = std::max(daMax, std::abs(da[i]));
    const double epsF = kDirEps * dfMax;
    const double epsA = kDirEps * daMax;
    // The smallest step wins; on a tie, d, else the lowest index.
    const auto consider = [&](int i, double st) {
      if (st < best || (st == best && j != d && i < j)) {
        best = st;
        j = i;
      }
    };
    for (const int i : dfRows)
      if (i != d && set[i] == Set::kC && !P.joint[i] && df[i] < -epsF)
        consider(i, std::max(0.0, -f[i] / df[i]));
    for (const int i : daRows)
      if (i != d && set[i] == Set::kNC && da[i] < -epsA) consider(i, std::max(0.0, -a[i] / da[i]));
    if (j < 0) {
      if (acceptable(d, deferredEver[d] ? kDeferredFactor : 1.0)) {
        if (P.joint[d] || f[d] != 0) {
          acc.add(d);
          set[d] = Set::kC;
        } else {
          set[d] = Set::kNC;
        }
        if (sink) record(PivotTransition::kDAcceptedNoStep, d, -1, 0, false, false);
        return Drive::kAccepted;
      }
      return fail(d);
    }
    bool finite = true;
    for (const int i : dfRows) finite &= std::isfinite(f[i] += best * df[i]);
    for (const int i : daRows) finite &= std::isfinite(a[i] += best * da[i]);
    ++pivots;
    if (!finite) {
      error = LcpError::kNonFinite;
      reason = fmt::format("{} at pivot {}, a step of {:.3g} driving contact {}",
                           detail::firstNonFinite(f, a), pivots, best, d + 1);
      return Drive::kAbort;
    }
    const bool zero = best * daMax <= kZeroStep * scale;
    if (!zero) {
      progress = true;
      std::fill(zeroFlag.begin(), zeroFlag.end(), false);
    }
    if (j == d) {
      a[d] = 0;
      acc.add(d, true);
      set[d] = Set::kC;
      if (sink) record(PivotTransition::kDAccepted, d, j, best, true, zero);
      return Drive::kAccepted;
    }
    if (set[j] == Set::kC) {
      f[j] = 0;
      acc.remove(j);
      if (zero && zeroFlag[j]) {
        defer(j);
        if (sink) record(PivotTransition::kCToRFlipFlop, d, j, best, true, zero);
      } else {
        set[j] = Set::kNC;
        if (sink) record(PivotTransition::kCToNc, d, j, best, true, zero);
      }
    } else {
      a[j] = 0;
      const auto xj = acc.solveColumn(j);
      double sj = A(j, j);
      const std::vector<int>& Cj = acc.members();
      for (std::size_t k = 0; k < Cj.size(); ++k) sj -= A(j, Cj[k]) * xj[k];
      const double tolJ = opt.singularPivot * std::abs(A(j, j));
      const bool singularJ = P.joint[j] ? !(std::abs(sj) > tolJ) : !(sj > tolJ);
      if (singularJ) {
        defer(j);
        if (sink) record(PivotTransition::kNcToRSingular, d, j, best, true, zero);
      } else {
        acc.add(j, true);
        set[j] = Set::kC;
        zeroFlag[j] = zero;
        if (sink) record(PivotTransition::kNcToC, d, j, best, true, zero);
      }
    }
  }
}

Drive PivotingSolve::fail(int d) {
  failedContact = d;
  failedPivot = da[d];
  failedDirection = df;
  return Drive::kFailed;
}

void PivotingSolve::explain() {
  switch (error) {
    case LcpError::kNoSolution:
      reason = fmt::format(
          "contact {} cannot be driven to a = 0: a_{} = {:.3g} does not rise with its force "
          "(delta a = {:.3g}) and nothing limits the step",
          failedContact + 1, failedContact + 1, a[failedContact], failedPivot);
      break;
    case LcpError::kInfiniteLoop: {
      int left = 0, worst = -1;
      for (int i = 0; i < n; ++i)
        if (set[i] == Set::kReReject) {
          ++left;
          if (worst < 0 || unwanted(i) > unwanted(worst)) worst = i;
        }
      reason = fmt::format(
          "{} rejected contacts cannot be driven after {} pivots and {} deferrals (the largest "
          "unwanted acceleration {:.3g} at contact {})",
          left, pivots, deferrals, worst >= 0 ? unwanted(worst) : 0.0, worst + 1);
      break;
    }
    case LcpError::kTooManyPivots:
      reason = fmt::format("stopped at its guard of 50 n + 100 = {} pivots", maxPivots);
      break;
    default:
      break;  // check-failed says which contact where it is found
  }
  // The direction of a drive that could not go on proves there is no solution when it
  // checks out as a certificate, whatever A is.
  if (failedContact >= 0 && (error == LcpError::kNoSolution || error == LcpError::kInfiniteLoop)) {
    if (const auto certificate = detail::infeasibilityCertificate(P, failedDirection)) {
      reason += "; " + *certificate;
      error = LcpError::kNoSolution;
      return;
    }
  }
  const bool spectrum = n <= detail::kMaxEigenRows;
  if (const std::string broken = detail::brokenComputeForcesAssumption(P, spectrum);
      !broken.empty()) {
    reason = fmt::format("{}, which ComputeForces (Baraff 1994) assumes; it stopped: {} ({})",
                         broken, nameOf(error), reason);
    error = LcpError::kOutsideAssumptions;
  } else if (error == LcpError::kNoSolution) {
    reason += ", and that direction is no certificate that no solution exists";
    error = LcpError::kStalled;
  }
}

void PivotingSolve::treat(int d) {
  if (!P.joint[d] && a[d] >= -tol) {
    set[d] = Set::kNC;
    if (sink) record(PivotTransition::kNcDirect, d, -1, 0, false, false);
    return;
  }
  const Drive r = drive(d, false);
  // Before a single step d can always be deferred; a failure afterwards means the pivot
  // became singular while d carried force and nothing limits the step.
  if (r == Drive::kFailed) error = LcpError::kNoSolution;
}

void PivotingSolve::treatRejects() {
  for (;;) {
    std::vector<int> R;
    const double limit = std::min(kRejectAccel, kDeferredFactor * tol);
    for (int i = 0; i < n; ++i)
      if (set[i] == Set::kR) {
        if (unwanted(i) <= limit) {
          set[i] = Set::kNC;
          if (sink) record(PivotTransition::kRejectAccepted, i, -1, 0, false, false);
        } else {
          R.push_back(i);
        }
      }
    if (R.empty()) {
      bool left = false;
      for (int i = 0; i < n; ++i) {
        if (set[i] != Set::kReReject) continue;
        if (acceptable(i, kDeferredFactor)) {
          set[i] = Set::kNC;
          if (sink) record(PivotTransition::kRejectAccepted, i, -1, 0, false, false);
        } else {
          left = true;
        }
      }
      if (left) error = LcpError::kInfiniteLoop;
      return;
    }
    if (drawsPerChoice()) rng.discard(static_cast<std::uint64_t>(n));  // engine2D's choice
    const int d = *std::max_element(R.begin(), R.end(),
                                    [&](int x, int y) { return unwanted(x) < unwanted(y); });
    order.push_back(d);
    progress = false;
    set[d] = Set::kUntreated;
    const Drive r = drive(d, true);
    if (r == Drive::kAbort) return;
    if (r == Drive::kFailed) {
      if (f[d] != 0) {
        error = LcpError::kNoSolution;
        return;
      }
      set[d] = Set::kReReject;
      if (sink) record(PivotTransition::kReReject, d, -1, 0, false, false);
    }
    if (progress) {
      bool moved = false;
      for (int i = 0; i < n; ++i)
        if (set[i] == Set::kReReject) {
          set[i] = Set::kR;
          moved = true;
        }
      if (moved && sink) record(PivotTransition::kReRejectsBack, d, -1, 0, false, false);
    }
  }
}

// A guess is tried only without joints and under a policy that draws nothing for contacts
// (see compute_forces.h), and only when it names valid, distinct contacts.
bool PivotingSolve::guessUsable() const {
  if (guess.empty() || opt.policy == NextContactPolicy::RANDOM || opt.reference) return false;
  if (std::find(P.joint.begin(), P.joint.end(), true) != P.joint.end()) return false;
  std::vector<bool> seen(n, false);
  for (const int i : guess) {
    if (i < 0 || i >= n || seen[i]) return false;
    seen[i] = true;
  }
  return true;
}

// The warm start of compute_forces.h: turns the guess into a valid starting point of the
// pivoting. f_G is solved for G (guess_solve.h, which drops contacts dependent on the
// others); while some force is negative those contacts leave G and it is solved again (G
// shrinks, so this ends). Then C = G (a = 0, f >= 0), every other contact whose acceleration
// is acceptable is in NC, and the rest stay untreated for the usual loop to drive, each
// drive keeping C and NC valid as always. When nothing is left untreated the guess solved
// the LCP outright (warmStarted, no pivot). An inaccurate solve (|a| > tol in C) gives the
// guess up: f = 0, a = b, every contact untreated, a cold start.
void PivotingSolve::warmStart() {
  std::vector<int> G(guess.begin(), guess.end());
  for (;;) {
    // G's order is the factor's: sorted, or, for a guess of 32 contacts or more (the
    // Cholesky factor's size; smaller guesses keep their bits) on a sparse A, the envelope
    // order, which narrows the guess's factor (envelope_order.h). The factor of C that the
    // pivots continue from keeps that order where it is the Cholesky factor (from 32 kept
    // contacts to the Schur factor's 256, on a symmetric A).
    std::sort(G.begin(), G.end());
    std::optional<ColumnPattern> envelope;
    if (static_cast<int>(G.size()) >= acc.choleskyFrom() && acc.sparse()) {
      G = envelopeOrder(G, acc.colStart(), acc.nzRow());
      envelope = ColumnPattern{acc.colStart(), acc.nzRow()};
    }
    GuessSolve gs = solveGuess(A, P.b, G, opt.singularPivot, tol, envelope ? &*envelope : nullptr);
    f = gs.f;
    product(f, a);
    std::vector<int> positive;
    bool accurate = f.allFinite() && a.allFinite();
    int worst = -1;
    for (const int i : gs.kept) {
      if (!(std::abs(a[i]) <= tol)) accurate = false;
      if (f[i] >= 0)
        positive.push_back(i);
      else if (worst < 0 || f[i] < f[worst])
        worst = i;
    }
    if (!accurate) break;
    if (worst >= 0) {
      if (sink) {
        std::fill(set.begin(), set.end(), Set::kUntreated);
        for (const int i : gs.kept) set[i] = Set::kC;
        record(PivotTransition::kWarmStartRejected, -1, worst, 0, false, false);
      }
      G = std::move(positive);
      continue;
    }
    std::fill(set.begin(), set.end(), Set::kUntreated);
    for (const int i : gs.kept) set[i] = Set::kC;
    bool untreatedLeft = false;
    for (int i = 0; i < n; ++i) {
      if (set[i] == Set::kC) continue;
      if (a[i] >= -tol)
        set[i] = Set::kNC;
      else
        untreatedLeft = true;
    }
    order = gs.kept;
    for (int i = 0; i < n; ++i)
      if (set[i] == Set::kNC) order.push_back(i);
    // The cold sequence would have chosen each contact the guess placed: its draws.
    if (drawsPerChoice())
      rng.discard(static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(order.size()));
    if (untreatedLeft) acc.assign(gs.kept, gs.L);
    warmStarted = !untreatedLeft;
    warmPartial = untreatedLeft;
    if (sink) record(PivotTransition::kWarmStart, -1, -1, 0, false, false);
    return;
  }
  if (sink) {
    std::fill(set.begin(), set.end(), Set::kUntreated);
    record(PivotTransition::kWarmStartRejected, -1, -1, 0, false, false);
  }
  f.setZero();
  a = P.b;
  std::fill(set.begin(), set.end(), Set::kUntreated);
  order.clear();
  warmRejected = true;
}

// n = 1: a = A_00 f + b is solved directly.
void PivotingSolve::solveOne() {
  order.push_back(0);
  const double a00 = A(0, 0);
  if (P.joint[0] ? std::abs(a[0]) <= tol : a[0] >= -tol) {
    set[0] = P.joint[0] ? Set::kC : Set::kNC;
  } else if (P.joint[0] ? a00 != 0 : a00 > 0) {
    f[0] = -P.b[0] / a00;
    a[0] = 0;
    ++pivots;
    set[0] = Set::kC;
  } else {
    failedContact = 0;
    failedPivot = a00;
    failedDirection = Eigen::VectorXd::Ones(1);
    error = LcpError::kNoSolution;
  }
}

LcpResult PivotingSolve::go() {
  const auto t0 = std::chrono::steady_clock::now();
  LcpResult res;
  f = Eigen::VectorXd::Zero(n);
  a = P.b;
  if (!P.validate().empty()) {
    error = LcpError::kBadInput;
  } else {
    df = Eigen::VectorXd::Zero(n);
    da = Eigen::VectorXd::Zero(n);
    daMark.assign(n, 0);
    set.assign(n, Set::kUntreated);
    deferredEver.assign(n, false);
    zeroFlag.assign(n, false);
    scale = n > 0 ? P.b.cwiseAbs().maxCoeff() : 0.0;
    if (!(scale > 0)) scale = 1;
    tol = opt.tolerance * scale;
    maxPivots = 50 * n + 100;
    acc.reset(A, opt.reference, P.nonzeros.known() ? &P.nonzeros : nullptr);
    if (n == 1) {
      solveOne();
    } else if (n > 1) {
      if (guessUsable()) warmStart();
      for (int d; error == LcpError::kOk && (d = nextContact()) >= 0;) {
        order.push_back(d);
        treat(d);
      }
      if (error == LcpError::kOk) treatRejects();
    }
  }
  res.f = f;
  if (error != LcpError::kBadInput) {
    product(f, res.a);
    res.residuals = computeResiduals(P, res.f, res.a);
    if (error == LcpError::kOk) {
      // The final check measures a = A f + b afresh, whose rounding grows with the terms
      // summed, |A| |f| beside |b|: relative to the larger (a 1000-contact chain's forces
      // reach 1.25e5 and its a rounds to 1e-10 where max |b| = 1). Deferred contacts were
      // accepted at 100x the tolerance; everything else at 1x.
      const double checkTol = opt.tolerance * std::max(scale, acceptanceScale(f));
      for (int i = 0; i < n && error == LcpError::kOk; ++i) {
        const double t = (deferredEver[i] ? kDeferredFactor : 1.0) * checkTol;
        if (forceAccelOk(t, res.f[i], res.a[i], P.joint[i])) continue;
        error = LcpError::kCheckFailed;
        reason = fmt::format("contact {}: f = {:.3g}, a = {:.3g}, outside the tolerance {:.3g}",
                             i + 1, res.f[i], res.a[i], t);
      }
      if (const std::string where = detail::firstNonFinite(res.f, res.a); !where.empty()) {
        error = LcpError::kNonFinite;
        reason = where + " at the end";
      }
    }
    if (error != LcpError::kOk && error != LcpError::kNonFinite) explain();
  } else {
    res.a = a;
  }
  res.error = error;
  res.reason = reason;
  res.pivots = pivots;
  res.iterations = pivots;
  res.deferrals = deferrals;
  res.order = order;
  res.warmStarted = warmStarted;
  res.warmPartial = warmPartial;
  res.warmRejected = warmRejected;
  if (sink) {
    SolverSolve s = detail::solveRecord(P, res, LcpSolverKind::kComputeForces, t0);
    s.reference = opt.reference;
    s.policy = opt.policy;
    s.warmStarted = warmStarted;
    s.warmPartial = warmPartial;
    sink->onSolve(std::move(s));
  }
  return res;
}

}  // namespace

LcpResult ComputeForces::solve(const LcpProblem& problem, std::span<const int> guess) {
  // The factor's storage (n x n for the Cholesky factor of a large problem) is kept from one
  // solve to the next on each thread: allocated and first touched at every solve it cost
  // about 7 % of pile_200's run in page faults. reset() leaves nothing of the last solve that
  // a solve reads. A solve started inside another on the same thread (from a trace sink)
  // takes a factor of its own.
  thread_local AccFactor kept;
  thread_local bool keptInUse = false;
  std::optional<AccFactor> own;
  AccFactor& acc = keptInUse ? own.emplace() : kept;
  const bool usesKept = !keptInUse;
  keptInUse = true;
  struct Release {
    bool active;
    ~Release() {
      if (active) keptInUse = false;
    }
  } release{usesKept};
  PivotingSolve run(problem, mOptions, mRng ? *mRng : mOwnRng, mSink, guess, acc);
  return run.go();
}

std::optional<double> ComputeForces::solveSingleContact(double A00, double b) const {
  // As PivotingSolve::go() with n = 1: validate, scale and tolerance, solveOne(), a = A f + b,
  // check.
  if (!std::isfinite(A00) || !std::isfinite(b)) return std::nullopt;
  double scale = std::abs(b);
  if (!(scale > 0)) scale = 1;
  const double tol = mOptions.tolerance * scale;
  double f = 0;
  if (!(b >= -tol)) {
    if (!(A00 > 0)) return std::nullopt;
    f = -b / A00;
  }
  const double a = A00 * f + b;
  if (!forceAccelOk(tol, f, a, false)) return std::nullopt;
  return f;
}

bool forceAccelOk(double tolerance, double f, double a, bool joint) {
  if (!std::isfinite(f) || !std::isfinite(a)) return false;
  if (joint) return std::abs(a) <= tolerance;
  if (f < -tolerance || a < -tolerance) return false;
  return !(f > tolerance && std::abs(a) > tolerance);
}

bool checkForceAccel(double tolerance, const Eigen::VectorXd& f, const Eigen::VectorXd& a,
                     const std::vector<bool>& joint) {
  for (Eigen::Index i = 0; i < f.size(); ++i)
    if (!forceAccelOk(tolerance, f[i], a[i], joint[static_cast<std::size_t>(i)])) return false;
  return true;
}

double maxUnwantedAccel(const Eigen::VectorXd& a, const std::vector<bool>& joint) {
  double m = 0;
  for (Eigen::Index i = 0; i < a.size(); ++i) m = std::max(m, joint[i] ? std::abs(a[i]) : -a[i]);
  return m;
}

LcpResult solveContactLcp(const LcpProblem& problem, std::span<const int> guess, LcpSolverKind kind,
                          const ComputeForcesOptions& options, RandomLCG* rng,
                          SolverTraceSink* sink) {
  if (kind == LcpSolverKind::kComputeForces) {  // on the stack: the usual case
    ComputeForces solver(rng);
    solver.setOptions(options);
    solver.setTraceSink(sink);
    return solver.solve(problem, guess);
  }
  LcpSolverOptions o;
  o.tolerance = options.tolerance;
  o.policy = options.policy;
  const std::unique_ptr<LcpSolver> solver = makeLcpSolver(kind, o, rng);
  solver->setTraceSink(sink);
  return solver->solve(problem, guess);
}

}  // namespace cl
