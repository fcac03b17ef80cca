#include "engine/solver/friction_forces.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <optional>
#include <utility>

#include "engine/math/all_finite.h"
#include "engine/solver/detail/held_inverse.h"
#include "engine/solver/detail/sparse_product.h"
#include "engine/solver/friction_lemke.h"
#include "engine/solver/lcp_solver.h"

namespace cl {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kZeroStep = 1e-14;     // a step this short counts as zero (cycling rule)
constexpr double kConsistency = 1e-9;   // relative residual of a consistent direction solve
constexpr double kCheckFactor = 100.0;  // the final check allows 100x the tolerance
constexpr int kWarmRounds = 16;         // the warm start's solves before it gives up
constexpr double kWarmEdge = 1e-9;      // a guessed friction this close to mu f_N is at the edge
// The pivoting from a warm start's partial sets gives up after 2 pivots a row (and 100):
// a start that does not finish soon is a poor one, and the cold pivoting follows it. pile_100
// with friction from 3.5 to 3.6 s: 60.5 user s, against 105 s with the whole budget (5 a row
// with the warm start) and 82 s before partial starts.
constexpr int kPartialPivotsPerRow = 2;

// What ends a step: the driven condition holding (the drive ends), or another condition
// changing set.
enum class Move {
  kNormalHeld,    // driven normal: a_N reached 0, into C
  kFrictionHeld,  // driven friction: a_F reached 0, into C_F
  kFrictionEdge,  // driven friction: |f_F| reached mu f_N, into NC+-
  kForceZero,     // driven given-up friction: f_F reached 0
  kCToNC,         // a normal's force reached 0
  kNCToC,         // a normal's acceleration reached 0
  kCFToNCPlus,    // a held friction reached +mu f_N
  kCFToNCMinus,   // a held friction reached -mu f_N
  kNCToCF         // a friction at the cone's edge: its acceleration reached 0
};

// What a drive is for: to make the condition hold, or to bring a given-up friction's force
// back to zero before it is established again.
enum class Goal { kEstablish, kZeroForce };

// One friction solve by pivoting (sections 5 and 6): the normal and friction sets, f and a
// as the drives move them, and what is sent to the trace.
class FrictionPivoting {
 public:
  // lemkeGuess: the guess of the Lemke fallback (FrictionOptions::lemkeFromGuess), o.guess
  // unless given: a regularized pivoting from no sets keeps the outer guess for its Lemke.
  FrictionPivoting(const FrictionProblem& p, const FrictionOptions& o,
                   const Eigen::VectorXd* lemkeGuess = nullptr)
      : P(p), A(p.A), n(p.contacts()), opt(o), lemkeGuess(lemkeGuess ? *lemkeGuess : o.guess) {}

  FrictionResult go();

 private:
  int friction(int i) const { return n + i; }
  bool hasFriction(int i) const { return P.mu[i] > 0; }
  int slideOf(int i) const { return P.slide.empty() ? 0 : P.slide[i]; }
  bool isJoint(int i) const { return !P.joint.empty() && P.joint[i]; }
  // Normal i's column tie: +-1 with its friction at the cone's edge (NC+-), else 0.
  int tieOf(int i) const {
    return fs[i] == ContactSet::kNCPlus ? 1 : fs[i] == ContactSet::kNCMinus ? -1 : 0;
  }
  // Entry `row` of the column by which f_N,i moves the accelerations, its friction tied to
  // it in NC+-.
  double normalColumnAt(int row, int i) const {
    const int tie = tieOf(i);
    if (tie > 0) return A(row, i) + P.mu[i] * A(row, friction(i));
    if (tie < 0) return A(row, i) - P.mu[i] * A(row, friction(i));
    return A(row, i);
  }
  Eigen::VectorXd normalColumn(int i) const {
    Eigen::VectorXd c(A.rows());
    for (Eigen::Index r = 0; r < A.rows(); ++r) c(r) = normalColumnAt(static_cast<int>(r), i);
    return c;
  }
  // Sets force k, keeping a = A f + b: the snaps onto a set's boundary after a step.
  void setForce(int k, double value) {
    a += A.col(k) * (value - f(k));
    f(k) = value;
  }
  bool nextDrive(int& d, Goal& goal);
  // The rows whose acceleration is held and force free (C normals, then C_F frictions),
  // without `except`, into `held`.
  void heldRows(int except, std::vector<int>& held) const;
  // x with M x = rhs, M the held rows of the held columns (a normal's column with its NC+-
  // friction tied): the minimum-norm solution; false when rhs is not in M's range.
  // With `start` (one entry per held row): the solution nearest to it. With
  // FrictionOptions::updatedInverse: by the updated inverse, the decomposition only where
  // that fails its check (not for a sliding problem's warm rounds, which take the
  // inverse's verdict).
  // x has held.size() entries.
  bool solveHeld(const std::vector<int>& held, Eigen::Ref<const Eigen::VectorXd> rhs,
                 Eigen::Ref<Eigen::VectorXd> x, const Eigen::VectorXd* start = nullptr);
  // Sets each NC+- friction of v (forces, or their changes) to +-mu times its normal's.
  void tieEdgeFrictions(Eigen::VectorXd& v) const {
    for (int i = 0; i < n; ++i) {
      if (fs[i] == ContactSet::kNCPlus) v(friction(i)) = P.mu[i] * v(i);
      if (fs[i] == ContactSet::kNCMinus) v(friction(i)) = -P.mu[i] * v(i);
    }
  }
  // What the warm start came to: its sets solve the problem, or they hold a consistent
  // start (f and a solve the held rows) whose failing conditions were taken out of their
  // sets for the pivoting to finish, or there is nothing to start from.
  enum class Warm { kSolved, kPartial, kNone };
  Warm warm();
  // Takes out of their sets the conditions that f and a break beyond the tolerance, keeping
  // f: a held normal that pulls (its force driven back to zero first), a normal in NC pushed
  // into its surface, a held friction outside the cone and a friction at the edge that does
  // not oppose its acceleration (both keep their force, driven back to zero first).
  void releaseBroken();
  void startCold();
  // Where the regularized pivoting starts: from no sets, from the guess, or from the guess
  // with a token budget (100 pivots from its partial sets, 100 from no sets) before its Lemke
  // fallback: the compliant solve first (FrictionOptions::compliantFirst), where on pile_100's
  // frictional collapse the pivoting from the guess failed 12 times of 12 at its 2 000
  // pivots and Lemke then solved the compliant problem every time.
  enum class From { kNoSets, kGuess, kGuessThenLemke };
  // The pivoting on A + eps I, eps = rel max diag A: ok when its f solves the problem itself
  // to the final check, or (`compliant`) when it solves the regularized one.
  FrictionResult regularized(double rel, bool compliant = false, From from = From::kNoSets);
  // Tells the sink (if any) of a decision: d driven, j limiting (-1: none), the step s
  // (taken when `stepped`, with df and da).
  void report(PivotTransition t, int d, int j, double s, bool stepped);
  bool direction(int d, double sigma);
  void drive(int d, Goal goal);
  void giveUp(int index);

  const FrictionProblem& P;
  const Eigen::MatrixXd& A;
  const int n;
  const FrictionOptions& opt;
  const Eigen::VectorXd& lemkeGuess;

  Eigen::VectorXd f, a, df, da;
  // A's nonzeros by column, for da = A df at every pivot: a pile's contact touches a few
  // others, so a column of its 2n x 2n A holds a handful of nonzeros.
  std::vector<int> colStart, colRow;
  std::vector<double> colValue, productWork;
  HeldInverse inverse;  // FrictionOptions::updatedInverse
  // direction()'s held rows, right side and solution (2n entries: sized once by go()).
  std::vector<int> heldList;
  Eigen::VectorXd heldRhs, heldX;
  std::vector<int> ties;  // each normal's column tie (+-1 in NC+-), for `inverse`
  std::vector<ContactSet> ns;
  std::vector<ContactSet> fs;
  double tol = 0;
  int pivots = 0, gaveUp = 0, maxPivots = 0;
  int decisions = 0;  // reported to the sink
  LcpError error = LcpError::kOk;
  // The last set change of a condition other than the driven one, for the cycling rule:
  // its index (0..2n-1), whether it left C (normal) or C_F (friction), and the step's size.
  int lastIndex = -1;
  bool lastLeftHeld = false;
  bool lastZero = false;
};

void FrictionPivoting::report(PivotTransition t, int d, int j, double s, bool stepped) {
  if (!opt.sink) return;
  SolverPivot p =
      SolverPivot::decision(decisions++, t, d, j, s, stepped, stepped && s <= kZeroStep);
  for (int i = 0; i < n; ++i) {
    if (ns[i] == ContactSet::kC) p.C.push_back(i);
    if (ns[i] == ContactSet::kNC) p.NC.push_back(i);
    if (fs[i] == ContactSet::kCF) p.CF.push_back(n + i);
    if (fs[i] == ContactSet::kNCPlus) p.NCplus.push_back(n + i);
    if (fs[i] == ContactSet::kNCMinus) p.NCminus.push_back(n + i);
  }
  p.f = f;
  p.a = a;
  if (stepped) {
    p.deltaF = df;
    p.deltaA = da;
  }
  opt.sink->onPivot(std::move(p));
}

// The next condition that does not hold, every normal before any friction; false when all
// hold. A normal that holds with no force joins NC, a friction that holds with a_F = 0
// joins C_F, so that later steps keep them.
bool FrictionPivoting::nextDrive(int& d, Goal& goal) {
  for (int i = 0; i < n; ++i) {
    if (ns[i] != ContactSet::kUntreated) continue;
    if (f[i] != 0) {  // a warm start's pulling normal: back to zero first
      d = i, goal = Goal::kZeroForce;
      return true;
    }
    if (isJoint(i) ? std::abs(a[i]) <= tol : a[i] >= -tol) {
      const bool held = isJoint(i) || (opt.touchingHeld && a[i] <= tol);
      ns[i] = held ? ContactSet::kC : ContactSet::kNC;
      report(held ? PivotTransition::kDAcceptedNoStep : PivotTransition::kNcDirect, i, -1, 0,
             false);
      continue;
    }
    d = i, goal = Goal::kEstablish;
    return true;
  }
  for (int i = 0; i < n; ++i) {
    const int k = friction(i);
    if (!hasFriction(i) || slideOf(i) != 0 || fs[i] != ContactSet::kUntreated) continue;
    if (f[k] != 0) {  // given up with a force: back to zero first
      d = k, goal = Goal::kZeroForce;
      return true;
    }
    // With no normal force, f_F = 0 satisfies (16) whatever a_F is (unless touching
    // contacts are held: then the drive may raise the normal force with it).
    if (ns[i] != ContactSet::kC || (f[i] <= 0 && !opt.touchingHeld)) continue;
    if (std::abs(a[k]) <= tol) {
      fs[i] = ContactSet::kCF;
      report(PivotTransition::kFrictionDirect, k, -1, 0, false);
      continue;
    }
    d = k, goal = Goal::kEstablish;
    return true;
  }
  return false;
}

// df and da for driving condition d (a normal, or friction k = n + i with sign sigma):
// the driven force moves by 1 (sigma), every held acceleration (C normals, C_F frictions)
// stays, NC forces stay at zero, NC+- frictions follow their normals (+-mu df_N).
void FrictionPivoting::heldRows(int except, std::vector<int>& held) const {
  held.clear();
  for (int i = 0; i < n; ++i)
    if (ns[i] == ContactSet::kC && i != except) held.push_back(i);
  for (int i = 0; i < n; ++i)
    if (fs[i] == ContactSet::kCF && friction(i) != except) held.push_back(friction(i));
}

bool FrictionPivoting::solveHeld(const std::vector<int>& held,
                                 Eigen::Ref<const Eigen::VectorXd> rhs,
                                 Eigen::Ref<Eigen::VectorXd> x, const Eigen::VectorXd* start) {
  if (opt.updatedInverse) {
    for (int i = 0; i < n; ++i) ties[i] = tieOf(i);
    if (inverse.solve(held, ties, rhs, x, start)) return true;
    // A sliding problem's warm round (the solve from a start) without a solution rejects
    // the warm start (it keeps no partial sets), and the pivoting starts from none. The
    // decomposition, afresh on up to 2n rows, seldom finds a solution the inverse did not:
    // on pile_20 with friction (trajectory 0) in 72 of 285 such rounds, which were two
    // thirds of the run's decompositions; leaving it out took the perturbed median from
    // 5.0x to 4.7x. A static problem's rounds keep it: a pile near rest guessed from
    // compliant forces (test_friction_compliance.cpp) has its rounds solved only by it.
    if (start && P.sliding()) return false;
  }
  const auto m = static_cast<int>(held.size());
  Eigen::MatrixXd M(m, m);
  for (int c = 0; c < m; ++c) {
    const int j = held[c];
    const Eigen::VectorXd col = j < n ? normalColumn(j) : Eigen::VectorXd(A.col(j));
    for (int r = 0; r < m; ++r) M(r, c) = col(held[r]);
  }
  // The minimum-norm solution: A is singular wherever a body has more contacts than
  // freedoms, and the reduced system is then consistent (Baraff 94, section 4.5).
  // From a start: x = start + the minimum-norm correction, the solution nearest to it.
  const Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod(M);
  if (start)
    x = *start + cod.solve(rhs - M * *start);
  else
    x = cod.solve(rhs);
  const double scale = rhs.norm() + M.norm() * x.norm();
  return x.allFinite() && (M * x - rhs).norm() <= kConsistency * std::max(scale, 1e-300);
}

bool FrictionPivoting::direction(int d, double sigma) {
  const std::vector<int>& held = heldList;
  heldRows(d, heldList);  // acceleration held, force free
  const int m = static_cast<int>(held.size());
  // The driven column at the held rows, into buffers of 2n (a vector sized afresh at every
  // pivot would allocate at every pivot).
  const auto drivenAt = [&](int row) {
    return sigma * (d < n ? normalColumnAt(row, d) : A(row, d));
  };
  auto x = heldX.head(m);
  if (m > 0) {
    auto rhs = heldRhs.head(m);
    for (int r = 0; r < m; ++r) rhs(r) = -drivenAt(held[r]);
    if (!solveHeld(held, rhs, x)) {
      error = LcpError::kNoSolution;
      return false;
    }
  }
  df.setZero();
  for (int c = 0; c < m; ++c) df(held[c]) = x(c);
  df(d) = sigma;
  tieEdgeFrictions(df);
  // Over A's nonzeros, with the bits of the dense product (sparse_product.h); a non-finite
  // df (0 inf is not zero) takes the dense one.
  if (colStart.empty()) {  // the first pivot: the solves that take none never scan A
    colStart.push_back(0);
    for (Eigen::Index c = 0; c < A.cols(); ++c) {
      appendNonzeros(A, c, nullptr, colRow, colValue);
      colStart.push_back(static_cast<int>(colRow.size()));
    }
  }
  if (allFinite(df))
    product(SparseColumns{{colStart, colRow}, colValue}, df, da, productWork);
  else
    da.noalias() = A * df;
  return true;
}

// Takes a condition out of its sets (Baraff's remedy for zero steps that cycle): a normal
// back to untreated (its force is zero: it had just left C), a friction to no set keeping
// its force, which is driven back to zero before it is established again.
void FrictionPivoting::giveUp(int index) {
  ++gaveUp;
  if (index < n) {
    ns[index] = ContactSet::kUntreated;
    setForce(index, 0);
  } else {
    fs[index - n] = ContactSet::kUntreated;
  }
}

void FrictionPivoting::drive(int d, Goal goal) {
  const bool normal = d < n;
  const int i = normal ? d : d - n;  // the contact
  // A normal pushes; a joint pulls or pushes towards zero acceleration; a friction
  // pushes against the tangential acceleration, or towards zero force.
  const double sigma = goal == Goal::kZeroForce ? (f(d) > 0 ? -1.0 : 1.0)
                       : normal                 ? (isJoint(d) && a(d) > 0 ? -1.0 : 1.0)
                                                : (a(d) < 0 ? 1.0 : -1.0);
  lastIndex = -1;
  for (;;) {
    if (++pivots > maxPivots) {
      error = LcpError::kTooManyPivots;
      return;
    }
    if (!direction(d, sigma)) return;
    double s = kInf;
    int j = -1;
    Move move = Move::kNormalHeld;
    const auto consider = [&](double step, int index, Move m) {
      if (step < s) s = std::max(step, 0.0), j = index, move = m;
    };
    // The driven condition.
    if (goal == Goal::kZeroForce) {
      consider(-f(d) / df(d), d, Move::kForceZero);
    } else if (normal) {
      if (a(d) * da(d) < 0) consider(-a(d) / da(d), d, Move::kNormalHeld);
    } else {
      if (sigma * da(d) > 0) consider(-a(d) / da(d), d, Move::kFrictionHeld);
      const double closing = df(d) - sigma * P.mu[i] * df(i);
      if (sigma * closing > 0)
        consider((sigma * P.mu[i] * f(i) - f(d)) / closing, d, Move::kFrictionEdge);
    }
    // Every established condition that the step would break.
    for (int c = 0; c < n; ++c) {
      if (c == d) continue;
      if (ns[c] == ContactSet::kC && !isJoint(c) && df(c) < 0)
        consider(-f(c) / df(c), c, Move::kCToNC);
      if (ns[c] == ContactSet::kNC && da(c) < 0) consider(-a(c) / da(c), c, Move::kNCToC);
    }
    for (int c = 0; c < n; ++c) {
      const int k = friction(c);
      if (k == d) continue;
      const double mu = P.mu[c];
      switch (fs[c]) {
        case ContactSet::kCF:
          if (df(k) - mu * df(c) > 0)
            consider((mu * f(c) - f(k)) / (df(k) - mu * df(c)), k, Move::kCFToNCPlus);
          if (-df(k) - mu * df(c) > 0)
            consider((mu * f(c) + f(k)) / (-df(k) - mu * df(c)), k, Move::kCFToNCMinus);
          break;
        case ContactSet::kNCPlus:
          if (slideOf(c) == 0 && da(k) > 0) consider(-a(k) / da(k), k, Move::kNCToCF);
          break;
        case ContactSet::kNCMinus:
          if (slideOf(c) == 0 && da(k) < 0) consider(-a(k) / da(k), k, Move::kNCToCF);
          break;
        default:  // in no set (untreated)
          break;
      }
    }
    if (j < 0) {  // nothing ends the step: no static solution along this direction
      error = LcpError::kNoSolution;
      return;
    }
    f += s * df;
    a += s * da;
    const bool zero = s <= kZeroStep;
    switch (move) {
      case Move::kNormalHeld:
        ns[d] = ContactSet::kC;
        a(d) = 0;
        report(PivotTransition::kDAccepted, d, j, s, true);
        return;
      case Move::kFrictionHeld:
        fs[i] = ContactSet::kCF;
        a(d) = 0;
        report(PivotTransition::kFrictionHeld, d, j, s, true);
        return;
      case Move::kFrictionEdge:
        fs[i] = sigma > 0 ? ContactSet::kNCPlus : ContactSet::kNCMinus;
        setForce(d, sigma * P.mu[i] * f(i));
        report(PivotTransition::kFrictionAtEdge, d, j, s, true);
        return;
      case Move::kForceZero:
        setForce(d, 0);
        report(PivotTransition::kFrictionZeroed, d, j, s, true);
        return;
      default:
        break;
    }
    // Another condition changes set. Going straight back to the set it just left by a
    // zero step would cycle: it is given up instead.
    const bool leavesHeld =
        move == Move::kCToNC || move == Move::kCFToNCPlus || move == Move::kCFToNCMinus;
    if (j == lastIndex && lastZero && zero && leavesHeld != lastLeftHeld) {
      giveUp(j);
      lastIndex = -1;
      report(PivotTransition::kGiveUp, d, j, s, true);
      continue;
    }
    lastIndex = j, lastLeftHeld = leavesHeld, lastZero = zero;
    switch (move) {
      case Move::kCToNC:
        ns[j] = ContactSet::kNC;
        setForce(j, 0);
        // With no normal force an established friction is zero (its cone closed with it)
        // and in no set; if it was the one driven, its condition now holds. A given-up
        // friction keeps its force, to be driven back to zero continuously later.
        if (fs[j] != ContactSet::kUntreated && slideOf(j) == 0) {
          fs[j] = ContactSet::kUntreated;
          setForce(friction(j), 0);
        }
        report(PivotTransition::kCToNc, d, j, s, true);
        if (!normal && j == i) return;
        break;
      case Move::kNCToC:
        ns[j] = ContactSet::kC;
        a(j) = 0;
        report(PivotTransition::kNcToC, d, j, s, true);
        break;
      case Move::kCFToNCPlus:
        fs[j - n] = ContactSet::kNCPlus;
        setForce(j, P.mu[j - n] * f(j - n));
        report(PivotTransition::kFrictionToEdge, d, j, s, true);
        break;
      case Move::kCFToNCMinus:
        fs[j - n] = ContactSet::kNCMinus;
        setForce(j, -P.mu[j - n] * f(j - n));
        report(PivotTransition::kFrictionToEdge, d, j, s, true);
        break;
      case Move::kNCToCF:
        fs[j - n] = ContactSet::kCF;
        a(j) = 0;
        report(PivotTransition::kEdgeToFriction, d, j, s, true);
        break;
      default:
        break;
    }
  }
}

// The warm start (FrictionOptions::guess): the sets of the guessed forces solved directly,
// nearest to them, the sets corrected where they break a condition and solved again, a few
// rounds at most. Solved when the sets hold and solve the problem to the final check; else
// the last sets whose held rows were solved are the start, their broken conditions released.
FrictionPivoting::Warm FrictionPivoting::warm() {
  const Eigen::VectorXd& g = opt.guess;
  if (g.size() != 2 * n || !g.allFinite()) return Warm::kNone;
  for (int i = 0; i < n; ++i) {
    const bool held = g(i) > 0 || isJoint(i);
    ns[i] = held ? ContactSet::kC : ContactSet::kNC;
    if (!hasFriction(i) || slideOf(i) != 0) continue;
    const int k = friction(i);
    const bool edge = std::abs(g(k)) >= (1 - kWarmEdge) * P.mu[i] * g(i);
    fs[i] = !held  ? ContactSet::kUntreated
            : edge ? (g(k) > 0 ? ContactSet::kNCPlus : ContactSet::kNCMinus)
                   : ContactSet::kCF;
  }
  f = g;
  // The last round's sets, whose held rows f and a solve (a failed solve leaves f and a).
  // Not with a sliding contact: there the pivoting from no sets costs less than from the
  // sets kept (pile_20 with friction, 12 s: 61 of 248 such partial starts failed, after 9 610
  // of the run's 50 386 pivots, and were started again cold; over 9 perturbed trajectories
  // the runs took a fifth fewer pivots without them).
  std::vector<ContactSet> solvedNs, solvedFs;
  const auto partial = [&] {
    if (solvedNs.empty() || P.sliding()) return Warm::kNone;
    ns = std::move(solvedNs), fs = std::move(solvedFs);
    releaseBroken();
    return Warm::kPartial;
  };
  for (int round = 0; round < kWarmRounds; ++round) {
    // f on the held rows solves (A f + b)_held = 0, nearest to the last f; NC forces and
    // untreated frictions are 0, NC+- frictions +-mu f_N.
    const std::vector<int>& held = heldList;
    heldRows(-1, heldList);
    const auto m = static_cast<int>(held.size());
    Eigen::VectorXd x(m);
    if (m > 0) {
      Eigen::VectorXd rhs(m), start(m);
      for (int r = 0; r < m; ++r) rhs(r) = -P.b(held[r]), start(r) = f(held[r]);
      if (!solveHeld(held, rhs, x, &start)) return partial();  // f, a: the last round's
    }
    f.setZero();
    for (int c = 0; c < m; ++c) f(held[c]) = x(c);
    tieEdgeFrictions(f);
    a.noalias() = A * f;
    a += P.b;
    solvedNs = ns, solvedFs = fs;
    // A held normal that pulls (f_N < 0) leaves C, its friction with it; only when none
    // does, the other conditions that fail change set (changing them together with a pull
    // makes the rounds oscillate).
    bool changed = false;
    for (int i = 0; i < n; ++i) {
      if (isJoint(i) || ns[i] != ContactSet::kC || f(i) >= -tol) continue;
      ns[i] = ContactSet::kNC;
      if (hasFriction(i) && slideOf(i) == 0) fs[i] = ContactSet::kUntreated;
      changed = true;
    }
    if (changed) continue;
    for (int i = 0; i < n; ++i) {
      if (isJoint(i)) continue;
      const bool staticFriction = hasFriction(i) && slideOf(i) == 0;
      if (ns[i] == ContactSet::kNC && a(i) < -tol) {  // pushed into its surface: held
        ns[i] = ContactSet::kC;
        if (staticFriction) fs[i] = ContactSet::kCF;
        changed = true;
      } else if (ns[i] == ContactSet::kC && staticFriction) {
        const int k = friction(i);
        if (fs[i] == ContactSet::kCF && std::abs(f(k)) > P.mu[i] * f(i) + tol) {
          fs[i] = f(k) > 0 ? ContactSet::kNCPlus : ContactSet::kNCMinus;  // out of the cone
          changed = true;
        } else if ((fs[i] == ContactSet::kNCPlus && a(k) > tol) ||
                   (fs[i] == ContactSet::kNCMinus && a(k) < -tol)) {
          fs[i] = ContactSet::kCF;  // at the edge but not against a_F
          changed = true;
        }
      }
    }
    if (!changed && frictionViolation(P, f, a) <= kCheckFactor * tol) return Warm::kSolved;
    if (!changed) break;
  }
  return partial();
}

void FrictionPivoting::releaseBroken() {
  for (int i = 0; i < n; ++i) {
    if (isJoint(i)) continue;
    const bool staticFriction = hasFriction(i) && slideOf(i) == 0;
    const int k = friction(i);
    if ((ns[i] == ContactSet::kC && f(i) < -tol) || (ns[i] == ContactSet::kNC && a(i) < -tol)) {
      ns[i] = ContactSet::kUntreated;
      if (staticFriction) fs[i] = ContactSet::kUntreated;
    } else if (staticFriction && ((fs[i] == ContactSet::kCF &&
                                   std::abs(f(k)) > P.mu[i] * std::max(f(i), 0.0) + tol) ||
                                  (fs[i] == ContactSet::kNCPlus && a(k) > tol) ||
                                  (fs[i] == ContactSet::kNCMinus && a(k) < -tol))) {
      fs[i] = ContactSet::kUntreated;
    }
  }
}

// Every condition untreated, f = 0 and a = b: where the pivoting starts without a guess.
void FrictionPivoting::startCold() {
  f.setZero();
  a = P.b;
  ns.assign(n, ContactSet::kUntreated);
  fs.assign(n, ContactSet::kUntreated);
  for (int i = 0; i < n; ++i)
    if (hasFriction(i) && slideOf(i) != 0)
      fs[i] = slideOf(i) > 0 ? ContactSet::kNCPlus : ContactSet::kNCMinus;
}

FrictionResult FrictionPivoting::go() {
  FrictionResult res;
  if (!P.validate().empty()) {
    res.error = LcpError::kBadInput;
    return res;
  }
  const int m = 2 * n;
  f.resize(m);  // startCold zeroes it
  df.resize(m);
  da.resize(m);
  heldRhs.resize(m);
  heldX.resize(m);
  if (opt.updatedInverse) {
    inverse.reset(A, P.mu);
    ties.assign(n, 0);
  }
  startCold();
  const double scale = m > 0 ? P.b.cwiseAbs().maxCoeff() : 0.0;
  tol = opt.tolerance * (scale > 0 ? scale : 1.0);
  maxPivots = opt.pivotsPerRow * m + 100;
  bool warmStarted = false, warmPartial = false, warmRejected = false;
  if (opt.guess.size() > 0) {
    const Warm w = warm();
    warmStarted = w == Warm::kSolved;
    warmPartial = w == Warm::kPartial;
    warmRejected = w == Warm::kNone;
    report(w == Warm::kNone ? PivotTransition::kWarmStartRejected : PivotTransition::kWarmStart, -1,
           -1, 0, false);
    if (warmRejected) startCold();
  }
  const auto finish = [&](FrictionResult r) {
    r.warmStarted = warmStarted;
    r.warmPartial = warmPartial;
    r.warmRejected = warmRejected;
    return r;
  };
  const auto pivoting = [&] {
    int d = -1;
    Goal goal = Goal::kEstablish;
    while (error == LcpError::kOk && nextDrive(d, goal)) drive(d, goal);
    if (error == LcpError::kOk) {
      a = A * f + P.b;  // the accumulated a, recomputed for the check and the caller
      if (frictionViolation(P, f, a) > kCheckFactor * tol) error = LcpError::kCheckFailed;
    }
  };
  // The pivoting on A + eps I for each eps (relative) in turn, the first that is ok kept
  // and reported as `t` (`compliant`: ok when it solves the regularized problem): the
  // fallbacks below, and the compliant solve first where the options ask for it.
  const auto regularizing = [&](std::initializer_list<double> rels, bool compliant,
                                PivotTransition t,
                                From from = From::kNoSets) -> std::optional<FrictionResult> {
    for (const double rel : rels) {
      FrictionResult r = regularized(rel, compliant, from);
      if (!r.ok()) continue;
      r.pivots += pivots;
      r.gaveUp += gaveUp;
      report(t, -1, -1, rel, false);
      return r;
    }
    return std::nullopt;
  };
  const bool sliding = P.sliding();
  if (!warmStarted && opt.compliantFirst && opt.compliantFallback && !sliding &&
      opt.guess.size() > 0)
    if (std::optional<FrictionResult> r =
            regularizing({1e-8}, true, PivotTransition::kCompliant, From::kGuessThenLemke)) {
      r->compliantFirst = true;
      return finish(std::move(*r));
    }
  if (warmPartial) maxPivots = std::min(maxPivots, kPartialPivotsPerRow * m + 100);
  if (!warmStarted) pivoting();
  const bool heldButInexact = warmPartial && error == LcpError::kCheckFailed && pivots == 0;
  // A warm start's pivoting that failed is not the problem's verdict: the pivoting again
  // from no sets, with a budget of its own.
  if (warmPartial && error != LcpError::kOk) {
    warmPartial = false, warmRejected = true;
    report(PivotTransition::kWarmStartRejected, -1, -1, 0, false);
    startCold();
    error = LcpError::kOk;
    maxPivots = pivots + opt.pivotsPerRow * m + 100;
    pivoting();
  }
  // The fallbacks, when the pivoting failed: Lemke, then the regularized pivoting.
  const auto byLemke = [&]() -> std::optional<FrictionResult> {
    if (!opt.lemkeFallback) return std::nullopt;
    // Lemke's own verdict is not needed: what it ends with stands when it satisfies the
    // problem (it can report a ray where its last basis already solves it).
    static const Eigen::VectorXd kNoGuess;  // both lvalues: the guess is not copied
    FrictionResult lemke = frictionByLemke(
        P, opt.tolerance, {.exactLastResort = opt.lemkeExact, .sparseBasis = opt.lemkeSparseBasis},
        opt.lemkeFromGuess ? lemkeGuess : kNoGuess);
    if (lemke.f.size() != m || frictionViolation(P, lemke.f, lemke.a) > kCheckFactor * tol)
      return std::nullopt;
    lemke.error = LcpError::kOk;
    lemke.byLemke = true;
    lemke.pivots += pivots;
    lemke.gaveUp = gaveUp;
    f = lemke.f, a = lemke.a, ns = lemke.normalSets, fs = lemke.frictionSets;
    report(PivotTransition::kLemkeFallback, -1, -1, 0, false);
    return lemke;
  };
  const auto byRegularizing = [&]() -> std::optional<FrictionResult> {
    if (!opt.regularizedFallback) return std::nullopt;
    if (opt.regularizeOnce) return regularizing({1e-12}, false, PivotTransition::kRegularized);
    return regularizing({1e-12, 1e-10}, false, PivotTransition::kRegularized);
  };
  const auto byCompliance = [&]() -> std::optional<FrictionResult> {
    // Not with a sliding contact: where sliding friction has no solution an impulse or the
    // contact held static is the answer, not forces of order 1 / eps.
    if (!opt.compliantFallback || sliding) return std::nullopt;
    return regularizing({1e-8, 1e-6}, true, PivotTransition::kCompliant);
  };
  // The warm start's sets held without a pivot but failed the final check (as the last
  // evaluation's compliant forces do on a degenerate pile near rest), and the pivoting from
  // no sets failed too: the exact fallbacks have just failed on nearly this problem, so the
  // compliant solve comes first, warm-started from the guess.
  const auto byWarmCompliance = [&]() -> std::optional<FrictionResult> {
    if (!opt.compliantFallback || sliding || !heldButInexact) return std::nullopt;
    return regularizing({1e-8}, true, PivotTransition::kCompliant, From::kGuess);
  };
  if (error != LcpError::kOk) {
    std::optional<FrictionResult> r = byWarmCompliance();
    if (!r) r = byLemke();
    if (!r) r = byRegularizing();
    if (!r) r = byCompliance();
    if (r) return finish(std::move(*r));
  }
  res.f = f;
  res.a = a;
  res.normalSets = ns;
  res.frictionSets = fs;
  res.pivots = pivots;
  res.gaveUp = gaveUp;
  res.error = error;
  return finish(std::move(res));
}

// The pivoting on A + eps I, eps = rel max diag A, from the guess only as `from` says, and
// with no regularized or compliant fallback of its own (Lemke's, when asked, on the regularized
// problem): ok only when its f solves the problem itself to the final check, or with `compliant`
// when it solves the regularized problem (then f, a and the sets are its, a of the problem itself).
FrictionResult FrictionPivoting::regularized(double rel, bool compliant, From from) {
  const double scale = P.A.diagonal().cwiseAbs().maxCoeff();
  FrictionOptions inner = opt;
  inner.sink = nullptr;
  if (from == From::kNoSets) inner.guess.resize(0);
  if (from == From::kGuessThenLemke) inner.pivotsPerRow = 0;
  inner.regularizedFallback = false;
  inner.compliantFallback = false;
  FrictionProblem Q = P;
  Q.A.diagonal().array() += rel * scale;
  FrictionResult r = FrictionPivoting(Q, inner, &lemkeGuess).go();
  if (!r.ok()) return r;
  const Eigen::VectorXd own = P.A * r.f + P.b;
  if (!compliant && frictionViolation(P, r.f, own) > kCheckFactor * tol) {
    r.error = LcpError::kCheckFailed;
    return r;
  }
  r.a = own;
  r.regularization = rel;
  r.compliant = compliant;
  f = r.f, a = r.a, ns = r.normalSets, fs = r.frictionSets;
  return r;
}

}  // namespace

std::string FrictionProblem::validate() const {
  const auto n = static_cast<Eigen::Index>(mu.size());
  if (A.rows() != 2 * n || A.cols() != 2 * n || b.size() != 2 * n)
    return fmt::format(
        "a problem of {} contacts needs A {} x {} and b of {}, got A {} x {} and "
        "b of {}",
        n, 2 * n, 2 * n, 2 * n, A.rows(), A.cols(), b.size());
  if (!allFinite(A) || !allFinite(b)) return "A or b holds a number that is not finite";
  for (const double m : mu)
    if (!(m >= 0) || !std::isfinite(m))
      return fmt::format("a friction coefficient must be finite and >= 0, got {}", m);
  if (!slide.empty() && slide.size() != mu.size())
    return fmt::format("slide has {} entries for {} contacts", slide.size(), mu.size());
  for (const int s : slide)
    if (s < -1 || s > 1) return fmt::format("slide must be -1, 0 or +1, got {}", s);
  if (!joint.empty() && joint.size() != mu.size())
    return fmt::format("joint has {} entries for {} contacts", joint.size(), mu.size());
  for (std::size_t i = 0; i < joint.size(); ++i)
    if (joint[i] && mu[i] != 0)
      return fmt::format("joint {} has friction coefficient {}: joints have none", i, mu[i]);
  return {};
}

FrictionResult computeFrictionForces(const FrictionProblem& problem,
                                     const FrictionOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  FrictionResult r = FrictionPivoting(problem, options).go();
  if (SolverTraceSink* sink = options.sink) {
    SolverSolve s;
    s.A = problem.A;
    s.b = problem.b;
    s.joint.assign(problem.b.size(), false);
    for (std::size_t i = 0; i < problem.joint.size(); ++i) s.joint[i] = problem.joint[i];
    s.f = r.f;
    s.a = r.a;
    s.error = r.error;
    s.solver = LcpSolverKind::kComputeForces;
    s.iterations = r.pivots;
    s.pivots = r.pivots;
    if (r.f.size() == problem.b.size())
      s.maxComplementarityViolation = frictionViolation(problem, r.f, r.a);
    s.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    s.mu = problem.mu;
    s.slide = problem.slide.empty() ? std::vector<int>(problem.mu.size(), 0) : problem.slide;
    s.byLemke = r.byLemke;
    s.regularization = r.regularization;
    s.compliant = r.compliant;
    s.compliantFirst = r.compliantFirst;
    sink->onSolve(std::move(s));
  }
  return r;
}

FrictionProblem frictionProblemOf(const SolverSolve& solve) {
  FrictionProblem p;
  p.A = solve.A;
  p.b = solve.b;
  p.mu = solve.mu;
  p.slide = solve.slide;
  const std::size_t n = solve.mu.size();
  p.joint.assign(solve.joint.begin(),
                 solve.joint.begin() + static_cast<long>(std::min(n, solve.joint.size())));
  return p;
}

Eigen::VectorXd frictionViolations(const FrictionProblem& problem, const Eigen::VectorXd& f,
                                   const Eigen::VectorXd& a) {
  const int n = problem.contacts();
  // f and a of the wrong size hold no solution: infinitely violated.
  if (f.size() != 2 * n || a.size() != 2 * n)
    return Eigen::VectorXd::Constant(2 * n, std::numeric_limits<double>::infinity());
  Eigen::VectorXd v = Eigen::VectorXd::Zero(2 * n);
  for (int i = 0; i < n; ++i) {
    const double fN = f(i), aN = a(i), fF = f(n + i), aF = a(n + i), mu = problem.mu[i];
    // A number that is not finite solves nothing, and would pass every test below (a
    // comparison with NaN is false): pile_100 with friction at 3.416 s had a Lemke fallback
    // whose f and a were all NaN accepted as ok, and the state became NaN.
    if (!std::isfinite(fN) || !std::isfinite(aN) || !std::isfinite(fF) || !std::isfinite(aF)) {
      v(i) = v(n + i) = std::numeric_limits<double>::infinity();
      continue;
    }
    if (!problem.joint.empty() && problem.joint[i]) {  // bilateral: a = 0, no friction
      v(i) = std::abs(aN);
      v(n + i) = std::abs(fF);
      continue;
    }
    // (15): both non-negative, one of them zero.
    v(i) = std::max({0.0, -fN, -aN, std::min(std::max(fN, 0.0), std::max(aN, 0.0))});
    if (mu == 0) {
      v(n + i) = std::abs(fF);
    } else if (const int s = problem.slide.empty() ? 0 : problem.slide[i]; s != 0) {
      // Sliding: the friction is exactly s mu f_N, whatever a_F is.
      v(n + i) = std::abs(fF - s * mu * std::max(fN, 0.0));
    } else {
      // (16): inside the cone; where a_F is not zero, at its edge and against a_F.
      const double slack = mu * std::max(fN, 0.0) - std::abs(fF);
      const bool opposing = fF * aF < 0;
      v(n + i) = std::max(-slack,
                          std::min(std::abs(aF), opposing ? std::max(slack, 0.0)
                                                          : mu * std::max(fN, 0.0) + std::abs(fF)));
      v(n + i) = std::max(v(n + i), 0.0);
    }
  }
  return v;
}

double frictionViolation(const FrictionProblem& problem, const Eigen::VectorXd& f,
                         const Eigen::VectorXd& a) {
  const Eigen::VectorXd v = frictionViolations(problem, f, a);
  return v.size() > 0 ? v.maxCoeff() : 0.0;
}

}  // namespace cl
