#include "engine/solver/lemke.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "engine/solver/detail/lcp_diagnosis.h"
#include "engine/solver/detail/lemke_ratio_test.h"
#include "engine/solver/detail/solver_result.h"
#include "engine/solver/detail/sparse_lemke_basis.h"
#include "engine/solver/exact_lemke.h"

namespace cl {

namespace {

// Rounding against the original data (Tableau::drift) past which the tableau is recomputed,
// measured every kDriftEvery pivots (a measure costs up to a pivot's m^2 multiply-adds, a
// recomputation about 2 m^3, so it is made only where rounding shows), and the reciprocal
// condition number of a basis below which it is lost (B^-1 has no correct digit left).
constexpr double kDrift = 1e-10;
constexpr int kDriftEvery = 10;
constexpr double kLostRcond = 1e-14;
// A guessed z_j enters the start basis only on an entry above this much of its column's
// largest (a degenerate pile's guessed forces are dependent: their later entries cancel to
// rounding).
constexpr double kGuessPivot = 1e-8;

// The LCP w = M z + q over the contacts, the joints (a_J = 0, f_J free) eliminated by their
// Schur complement (see lemke.h), and how to read f back from z. With A_JJ singular the
// joints are split instead, f_j = z_j - z_j', which always works but has a ray of its own:
// z_j and z_j' growing together.
struct ContactLcp {
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  std::vector<int> contacts, joints;  // the problem's indices
  bool split = false;
  Eigen::MatrixXd jointSolveA;  // A_JJ^-1 A_JC (eliminated)
  Eigen::VectorXd jointSolveB;  // A_JJ^-1 b_J (eliminated)

  explicit ContactLcp(const LcpProblem& p) {
    const int n = p.size();
    for (int i = 0; i < n; ++i)
      (p.joint[static_cast<std::size_t>(i)] ? joints : contacts).push_back(i);
    // Blocks of A and parts of b by index lists (Eigen's indexed views).
    const auto sub = [&](const std::vector<int>& rows, const std::vector<int>& cols) {
      return Eigen::MatrixXd(p.A(rows, cols));
    };
    const auto part = [&](const std::vector<int>& rows) { return Eigen::VectorXd(p.b(rows)); };
    if (joints.empty()) {  // the contacts are the problem's rows in order
      M = p.A;
      q = p.b;
      return;
    }
    const Eigen::MatrixXd ACC = sub(contacts, contacts);
    const Eigen::VectorXd bC = part(contacts);
    const Eigen::MatrixXd AJJ = sub(joints, joints);
    const Eigen::FullPivLU<Eigen::MatrixXd> lu(AJJ);
    if (lu.isInvertible()) {
      // a_J = 0: f_J = -A_JJ^-1 (A_JC f_C + b_J), and then a_C = M f_C + q.
      // (Eigen's solve of a right-hand side without columns binds a null reference.)
      jointSolveA = contacts.empty() ? Eigen::MatrixXd(joints.size(), 0)
                                     : Eigen::MatrixXd(lu.solve(sub(joints, contacts)));
      jointSolveB = lu.solve(part(joints));
      M = ACC - sub(contacts, joints) * jointSolveA;
      q = bC - sub(contacts, joints) * jointSolveB;
      return;
    }
    // Split: rows and columns in the problem's order, then one more per joint.
    split = true;
    const int m = n + static_cast<int>(joints.size());
    M.resize(m, m);
    q.resize(m);
    M.topLeftCorner(n, n) = p.A;
    q.head(n) = p.b;
    for (int k = 0; k < static_cast<int>(joints.size()); ++k) {
      const int j = joints[static_cast<std::size_t>(k)];
      M.col(n + k).head(n) = -p.A.col(j);
      M.row(n + k).head(n) = -p.A.row(j);
      q[n + k] = -p.b[j];
    }
    for (int k = 0; k < static_cast<int>(joints.size()); ++k)
      for (int l = 0; l < static_cast<int>(joints.size()); ++l)
        M(n + k, n + l) =
            p.A(joints[static_cast<std::size_t>(k)], joints[static_cast<std::size_t>(l)]);
  }

  // The LCP's index of the problem's contact `i`; -1 for an eliminated joint.
  int lcpIndex(int i) const {
    if (split || joints.empty()) return i;
    const auto at = std::lower_bound(contacts.begin(), contacts.end(), i);
    return at != contacts.end() && *at == i ? static_cast<int>(at - contacts.begin()) : -1;
  }

  Eigen::VectorXd forces(const Eigen::VectorXd& z, int n) const {
    if (split) {
      Eigen::VectorXd f = z.head(n);
      for (int k = 0; k < static_cast<int>(joints.size()); ++k)
        f[joints[static_cast<std::size_t>(k)]] -= z[n + k];
      return f;
    }
    Eigen::VectorXd f = Eigen::VectorXd::Zero(n);
    for (std::size_t c = 0; c < contacts.size(); ++c)
      f[contacts[c]] = z[static_cast<Eigen::Index>(c)];
    if (!joints.empty()) {
      const Eigen::VectorXd fJ = -(jointSolveA * z + jointSolveB);
      for (std::size_t k = 0; k < joints.size(); ++k)
        f[joints[k]] = fJ[static_cast<Eigen::Index>(k)];
    }
    return f;
  }

  // A certificate y of this LCP (y >= 0, M^T y <= 0, q^T y < 0) as one of the problem's
  // (lcp_diagnosis.h). Eliminated joints: y_J = -A_JJ^-T A_CJ^T y_C makes the joint rows of
  // A^T y zero and leaves M^T y_C and q^T y_C at the contacts. Split joints: y_j - y_j'.
  Eigen::VectorXd problemCertificate(const LcpProblem& p, const Eigen::VectorXd& y) const {
    const int n = p.size();
    if (split) {
      Eigen::VectorXd out = y.head(n);
      for (int k = 0; k < static_cast<int>(joints.size()); ++k)
        out[joints[static_cast<std::size_t>(k)]] -= y[n + k];
      return out;
    }
    Eigen::VectorXd out = Eigen::VectorXd::Zero(n);
    for (std::size_t c = 0; c < contacts.size(); ++c)
      out[contacts[c]] = y[static_cast<Eigen::Index>(c)];
    if (!joints.empty()) {
      const Eigen::MatrixXd AJJt = p.A(joints, joints).transpose();
      const Eigen::VectorXd yJ =
          -Eigen::FullPivLU<Eigen::MatrixXd>(AJJt).solve(p.A(contacts, joints).transpose() * y);
      for (std::size_t k = 0; k < joints.size(); ++k)
        out[joints[k]] = yJ[static_cast<Eigen::Index>(k)];
    }
    return out;
  }
};

// Where a tableau of `size` entries is stored: in the storage its thread keeps between
// solves (up to kKeptTableauBytes; grown to the largest tableau yet), else in `own`. A
// block this large (hundreds of kB) is otherwise fresh memory from the system at every
// solve, faulted in page by page as the tableau is filled: on pile_20 with friction the
// Lemke fallbacks' tableaus took half of the run's 6 000 page faults. The storage from
// its start, and a tableau's columns at the same stride as a matrix of its own, keep every
// entry's arithmetic (and so its bits).
constexpr std::size_t kKeptTableauBytes = std::size_t{64} << 20;

class TableauStorage {
 public:
  explicit TableauStorage(Eigen::Index size) {
    if (!kept().inUse && static_cast<std::size_t>(size) * sizeof(double) <= kKeptTableauBytes) {
      Kept& k = kept();
      if (k.storage.size() < size) k.storage.resize(size);
      k.inUse = mUsesKept = true;
      mData = k.storage.data();
    } else {
      mOwn.resize(size);
      mData = mOwn.data();
    }
  }
  ~TableauStorage() {
    if (mUsesKept) kept().inUse = false;
  }
  TableauStorage(const TableauStorage&) = delete;
  TableauStorage& operator=(const TableauStorage&) = delete;
  double* data() const { return mData; }

 private:
  struct Kept {
    Eigen::VectorXd storage;
    bool inUse = false;  // one tableau at a time; another (none today) gets its own
  };
  static Kept& kept() {
    thread_local Kept k;
    return k;
  }
  Eigen::VectorXd mOwn;
  double* mData = nullptr;
  bool mUsesKept = false;
};

// The tableau: row i reads basis[i] + sum_k T(i, k) x_k = T(i, rhs) over the nonbasic x.
// Columns 0..m-1 are w, m..2m-1 are z, 2m is z0, 2m+1 the right-hand side.
class Tableau {
 public:
  Tableau(const ContactLcp& lcp)
      : m(static_cast<int>(lcp.q.size())),
        mStorage(static_cast<Eigen::Index>(m) * (2 * m + 2)),
        T(mStorage.data(), m, 2 * m + 2),
        basis(m),
        rowOf(2 * m + 1, -1),
        lex(m),
        d(m),
        mLcp(lcp) {
    coldStart();
  }

  // The cold start: the basis w, whose B^-1 is I, and d = 1.
  void coldStart() {
    d.setOnes();
    T.setZero();
    T.leftCols(m).setIdentity();
    T.middleCols(m, m) = -mLcp.M;
    T.col(2 * m) = -d;
    T.col(2 * m + 1) = mLcp.q;
    std::fill(rowOf.begin(), rowOf.end(), -1);
    for (int i = 0; i < m; ++i)
      basis[static_cast<std::size_t>(i)] = rowOf[static_cast<std::size_t>(i)] =
          lex[static_cast<std::size_t>(i)] = i;
  }

  // Lemke from the present basis B_0 (lemke.h): the covering vector d = B_0 1, so that z0's
  // column B_0^-1 (-d) is -1, and the lexicographic rule on the columns of B_0's variables.
  // (z0 is not basic here.) True: the tableau is B_0's already.
  bool startFromBasis() {
    Eigen::VectorXd sum = Eigen::VectorXd::Zero(m);
    for (int i = 0; i < m; ++i) sum += originalColumn(basis[static_cast<std::size_t>(i)]);
    d = sum;
    T.col(2 * m).setConstant(-1.0);
    lex = basis;
    return true;
  }

  double rhs(int i) const { return T(i, 2 * m + 1); }
  double minRhs() const { return T.col(2 * m + 1).minCoeff(); }
  // B^-1 times variable v's column of [I | -M | -d]: the tableau's column.
  auto column(int v) const { return T.col(v); }
  // The tableau is recomputed only where its drift shows (Lemke::solve).
  bool dueForRefactor() const { return false; }

  // How far the basic solution x_B (the right-hand side) is from solving B x_B = q in the
  // original data, B the columns of [I | -M | -d] of the basic variables: max |q - B x_B|
  // over max |q| + sum |x_B,i| max |B_i|, a relative error of the pivots' rounding.
  double drift() const {
    Eigen::VectorXd r = mLcp.q;
    double scale = mLcp.q.cwiseAbs().maxCoeff();
    for (int i = 0; i < m; ++i) {
      const double x = T(i, 2 * m + 1);
      const int v = basis[static_cast<std::size_t>(i)];
      if (v < m) {
        r[v] -= x;
        scale += std::abs(x);
      } else if (v < 2 * m) {
        r += x * mLcp.M.col(v - m);
        scale += std::abs(x) * mLcp.M.col(v - m).cwiseAbs().maxCoeff();
      } else {
        r += x * d;
        scale += std::abs(x) * d.cwiseAbs().maxCoeff();
      }
    }
    return scale > 0 ? r.cwiseAbs().maxCoeff() / scale : 0.0;
  }

  // The tableau recomputed from the original data, B^-1 [I | -M | -d | q], with the basic
  // columns exact unit vectors: what the pivots lost to rounding is gone. Returns B's
  // reciprocal condition number (estimated, 1-norm); near zero the basis is lost.
  double refactor() {
    Eigen::MatrixXd B(m, m);
    for (int i = 0; i < m; ++i) B.col(i) = originalColumn(basis[static_cast<std::size_t>(i)]);
    const Eigen::PartialPivLU<Eigen::MatrixXd> lu(B);
    Eigen::MatrixXd C(m, 2 * m + 2);
    C.leftCols(m).setIdentity();
    C.middleCols(m, m) = -mLcp.M;
    C.col(2 * m) = -d;
    C.col(2 * m + 1) = mLcp.q;
    T = lu.solve(C);
    for (int i = 0; i < m; ++i) {
      T.col(basis[static_cast<std::size_t>(i)]).setZero();
      T(i, basis[static_cast<std::size_t>(i)]) = 1.0;
    }
    return lu.rcond();
  }

  // Row `row` divided by the pivot, then from every other row i, T(i, column) times it:
  // what those row operations compute entry by entry, done a column at a time because T is
  // stored by columns (row operations stride across it: on the 64 MB tableau of m = 2000 a
  // pivot took 80 ms), as one vector operation per column (c has a 0 in `row`, which so
  // keeps its quotient), and none where the column has a 0 in `row`. A basic variable's column is a
  // unit vector with a 0 in `row`, which the update leaves as it is (to the sign of a zero entry,
  // which no ratio, comparison or right-hand side sees): it is skipped, which halves the work.
  void pivot(int row, int column) {
    const double p = T(row, column);
    Eigen::VectorXd c = T.col(column);
    c(row) = 0.0;
    const int leaving = basis[static_cast<std::size_t>(row)];
    for (int j = 0; j < T.cols(); ++j) {
      if (j < 2 * m + 1 && rowOf[static_cast<std::size_t>(j)] >= 0 && j != leaving) continue;
      auto t = T.col(j);
      const double r = t(row) /= p;
      if (r != 0.0) t.noalias() -= r * c;  // a zero in `row` changes nothing of its column
    }
    basis[static_cast<std::size_t>(row)] = column;
    rowOf[static_cast<std::size_t>(leaving)] = -1;
    rowOf[static_cast<std::size_t>(column)] = row;
  }

  // The leaving row for entering `column` (lemke_ratio_test.h), the lexicographic rule on
  // the tableau's columns of `lex`.
  int leavingRow(int column, double tol) const {
    const int rhsColumn = 2 * m + 1, z0 = 2 * m;
    return detail::lemkeLeavingRow(
        m, [&](int i) { return T(i, column); }, [&](int i) { return T(i, rhsColumn); },
        [&](int i) { return basis[static_cast<std::size_t>(i)] == z0; },
        [&](int i, int k) { return T(i, lex[static_cast<std::size_t>(k)]); },
        static_cast<int>(lex.size()), tol);
  }

  const int m;

 private:
  TableauStorage mStorage;

 public:
  Eigen::Map<Eigen::MatrixXd, Eigen::Aligned16> T;
  std::vector<int> basis;  // variable code of row i's basic variable
  std::vector<int> rowOf;  // the row where variable k is basic, -1 when it is not
  // The lexicographic rule's columns, B^-1 B_0 (B_0 the start basis: w at a cold start,
  // whose columns hold B^-1), and the covering vector.
  std::vector<int> lex;
  Eigen::VectorXd d;

 private:
  Eigen::VectorXd originalColumn(int v) const {
    if (v < m) return Eigen::VectorXd::Unit(m, v);
    if (v < 2 * m) return -mLcp.M.col(v - m);
    return -d;
  }

  const ContactLcp& mLcp;
};

// Iterative refinement of a solution on its support: the pivots of a large degenerate
// tableau lose digits, so the basic set S (contacts with force, and joints) is solved again
// for the correction, A_SS delta = -(A f + b)_S (minimum norm where A_SS is singular), and
// the correction is kept while it lowers the residual. The result is judged by its
// residuals like any other (SolveRun::finish), so a wrong support cannot pass.
Eigen::VectorXd refine(const LcpProblem& p, Eigen::VectorXd f) {
  const int n = p.size();
  std::vector<int> S;
  for (int i = 0; i < n; ++i)
    if (p.joint[static_cast<std::size_t>(i)] || f[i] > 0) S.push_back(i);
  if (S.empty()) return f;
  const Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod(p.A(S, S));
  double residual = computeResiduals(p, f, p.A * f + p.b).worst();
  for (int round = 0; round < 3; ++round) {
    const Eigen::VectorXd a = p.A * f + p.b;
    const Eigen::VectorXd aS = a(S);
    Eigen::VectorXd g = f;
    const Eigen::VectorXd delta = cod.solve(-aS);
    g(S) += delta;
    const double next = computeResiduals(p, g, p.A * g + p.b).worst();
    if (!(next < residual)) break;
    f = std::move(g);
    residual = next;
  }
  return f;
}

// Lemke's pivots on `lcp`, the LCP of `problem` (lemke.h), in either storage of the basis:
// the dense tableau or the sparse LU (LemkeOptions::sparseBasis).
template <class Basis>
LcpResult pivotLemke(Basis& t, const LcpProblem& problem, const ContactLcp& lcp,
                     const detail::SolveRun& run, std::span<const int> guess,
                     const LemkeOptions& lemke) {
  const int n = problem.size();
  const int m = static_cast<int>(lcp.q.size());
  const int z0 = 2 * m;
  const double maxM = m > 0 ? lcp.M.cwiseAbs().maxCoeff() : 0.0;
  const double pivotTol = 1e-11 * std::max(1.0, maxM);
  // A pivot updates the m + 2 columns of the nonbasic variables and the right-hand side.
  const int limit = run.maxIterations(50 * m + 100, static_cast<double>(m) * (m + 2));

  const auto z = [&] {
    Eigen::VectorXd out = Eigen::VectorXd::Zero(m);
    for (int i = 0; i < m; ++i) {
      const int v = t.basis[static_cast<std::size_t>(i)];
      if (v >= m && v < 2 * m) out[v - m] = t.rhs(i);
    }
    return out;
  };
  const auto z0Value = [&] {
    for (int i = 0; i < m; ++i)
      if (t.basis[static_cast<std::size_t>(i)] == z0) return t.rhs(i);
    return 0.0;
  };
  // Lemke's variables as the traces number them: w_i = i, z_i = m + i, z0 = 2 m (from 1 here).
  const auto variableName = [m](int v) {
    return v < m ? fmt::format("w_{}", v + 1) : v < 2 * m ? fmt::format("z_{}", v - m + 1) : "z0";
  };
  int pivots = 0;
  const auto record = [&](int entering, int leaving) {
    ++pivots;
    if (!run.tracing()) return;
    SolverIteration it;
    it.index = pivots - 1;
    it.entering = entering;
    it.leaving = leaving;
    it.merit = z0Value();
    it.active = t.basis;
    it.f = lcp.forces(z(), n);
    it.residual = run.residual(it.f);
    run.emit(std::move(it));
  };
  // The support re-solve of the iterate, traced as an iteration of its own.
  const auto refined = [&](Eigen::VectorXd f) {
    f = refine(problem, std::move(f));
    if (run.tracing()) {
      SolverIteration it;
      it.index = pivots;
      it.supportSolve = true;
      it.merit = z0Value();
      it.active = t.basis;
      it.f = f;
      it.residual = run.residual(f);
      run.emit(std::move(it));
    }
    return f;
  };

  // A secondary ray: the entering variable grows without bound and so does every basic
  // variable whose entry in its column is negative. Its z part y proves that no solution
  // exists when it passes the certificate's check on the problem (as it must for a
  // copositive-plus M, Cottle, Pang and Stone 4.4.13); otherwise the ray proves nothing.
  const auto rayEnd = [&](const Eigen::VectorXd& zAt, const Eigen::VectorXd& y, int entering,
                          int at, bool exact) {
    const std::string where =
        fmt::format("a secondary ray after pivot {}{}: nothing limits the entering {}", at,
                    exact ? " (in exact arithmetic)" : "", variableName(entering));
    if (const auto certificate =
            detail::infeasibilityCertificate(problem, lcp.problemCertificate(problem, y))) {
      LcpResult r = run.finish(lcp.forces(zAt, n), LcpError::kNoSolution, at, at,
                               fmt::format("{}, and its z part y is a {}", where, *certificate));
      r.exactArithmetic = exact;
      return r;
    }
    LcpResult r = run.finish(
        lcp.forces(zAt, n), LcpError::kRayTermination, at, at,
        fmt::format("{}; its z part is no certificate that no solution exists, so A is not "
                    "copositive-plus and the ray proves nothing",
                    where));
    r.exactArithmetic = exact;
    return r;
  };
  // The last resort: the same pivoting from the start in exact arithmetic (small problems),
  // after `why` ended the floating-point pivots.
  const auto exactly = [&](LcpError status, const std::string& why) {
    if (!lemke.exactLastResort)
      return run.finish(lcp.forces(z(), n), status, pivots, pivots,
                        why + " (exact pivoting not asked for)");
    if (m > kExactLemkeMaxRows)
      return run.finish(lcp.forces(z(), n), status, pivots, pivots,
                        fmt::format("{} ({} rows: more than the {} of exact pivoting)", why, m,
                                    kExactLemkeMaxRows));
    if (const long bits = exactLemkeBits(lcp.M, lcp.q); m * bits > kExactLemkeMaxWork)
      return run.finish(lcp.forces(z(), n), status, pivots, pivots,
                        fmt::format("{} (not pivoted exactly: {} rows of {}-bit integers, more "
                                    "than the {} row-bits of exact pivoting)",
                                    why, m, bits, kExactLemkeMaxWork));
    const ExactLemkeResult x = exactLemke(lcp.M, lcp.q, limit);
    const std::string after =
        fmt::format("exact arithmetic (GMP integers) from the start after {}", why);
    LcpResult r;
    if (x.end == ExactLemkeResult::End::kRay)
      return rayEnd(x.z, x.ray, x.rayEntering, x.pivots, true);
    if (x.end == ExactLemkeResult::End::kSolution)
      r = run.finish(lcp.forces(x.z, n), LcpError::kOk, x.pivots, x.pivots, "solved in " + after);
    else
      r = run.finish(lcp.forces(x.z, n), LcpError::kIterationLimit, x.pivots, x.pivots,
                     "in " + after);
    r.exactArithmetic = true;
    return r;
  };

  // The iterate's forces, polished on their support where its residual exceeds the tolerance.
  const auto solution = [&](std::string reason) {
    Eigen::VectorXd f = lcp.forces(z(), n);
    if (run.residual(f) > run.relativeTolerance()) f = refined(std::move(f));
    return run.finish(std::move(f), LcpError::kOk, pivots, pivots, std::move(reason));
  };

  // Lemke's pivots from the tableau's present basis to their end: z0 enters where x_B (q at a
  // cold start) is most negative (the last such row on a tie, which keeps every row
  // lexicographically positive after the pivot), then each complement of the variable that
  // left, until z0 leaves (a solution) or another end.
  enum class End { kSolution, kLimit, kRay, kLostBasis, kRepeated };
  int entering = 0;      // at kRay: the variable nothing limits
  double lostRcond = 0;  // at kLostBasis: the basis's reciprocal condition number
  const auto pivotToEnd = [&](int limitAt) {
    std::set<std::vector<int>> seen;
    int row = 0;
    for (int i = 1; i < m; ++i)
      if (t.rhs(i) <= t.rhs(row)) row = i;
    int leaving = t.basis[static_cast<std::size_t>(row)];
    t.pivot(row, z0);
    // The basis as a sorted list (the key of `seen`), kept up to date pivot by pivot: one
    // variable leaves and one enters, so a sort at every pivot is not needed.
    std::vector<int> key = t.basis;
    std::sort(key.begin(), key.end());
    record(z0, leaving);
    int sinceCheck = 0;
    while (true) {
      if (leaving == z0) return End::kSolution;
      if (pivots >= limitAt) return End::kLimit;
      entering = leaving < m ? leaving + m : leaving - m;  // the complement
      row = t.leavingRow(entering, pivotTol);
      if (row < 0) return End::kRay;
      leaving = t.basis[static_cast<std::size_t>(row)];
      t.pivot(row, entering);
      // The pivots' rounding, measured against the original data: past kDrift the tableau is
      // recomputed from it. A basis that is singular to working precision cannot come from
      // exact pivots: it is lost.
      // (The sparse LU is made again every so many pivots besides, its etas' cost.)
      if (++sinceCheck >= kDriftEvery || t.dueForRefactor()) {
        sinceCheck = 0;
        if (t.dueForRefactor() || t.drift() > kDrift) {
          lostRcond = t.refactor();
          if (!(lostRcond > kLostRcond) || !(t.drift() <= kDrift)) {
            record(entering, leaving);
            return End::kLostBasis;
          }
        }
      }
      key.erase(std::lower_bound(key.begin(), key.end(), leaving));
      key.insert(std::lower_bound(key.begin(), key.end(), entering), entering);
      record(entering, leaving);
      if (!seen.insert(key).second) return End::kRepeated;
    }
  };
  // At kRay: the ray's z part (the entering variable at 1).
  const auto rayZ = [&] {
    Eigen::VectorXd y = Eigen::VectorXd::Zero(m);
    if (entering >= m) y[entering - m] = 1;
    for (int i = 0; i < m; ++i) {
      const int v = t.basis[static_cast<std::size_t>(i)];
      if (v >= m && v < 2 * m) y[v - m] = -t.column(entering)[i];
    }
    return y;
  };
  // Rounding brought a basis back. Near the end of a degenerate solve the iterate is often a
  // solution but for z0's last digits: its re-solve on its support, when its residuals say so.
  const auto repeatedSolution = [&]() -> std::optional<LcpResult> {
    Eigen::VectorXd f = refined(lcp.forces(z(), n));
    if (run.residual(f) <= run.relativeTolerance())
      return run.finish(std::move(f), LcpError::kOk, pivots, pivots);
    return std::nullopt;
  };

  // From a guessed basis (lemke.h): the guessed z_j pivoted in for w_j where its entry is a
  // pivot entry, and Lemke from that basis, which ends the solve if x_B >= 0 already. Rounding
  // past kDrift is undone as in the pivoting; a basis lost to it is left for the cold start.
  // Lemke from there is Lemke on a principal pivot transform of M, which need not be
  // copositive-plus where M is: it may end on a ray, or otherwise without a solution, where
  // the cold start would not. Then Lemke starts again, cold, with the limit afresh.
  std::string restart;
  End end = End::kSolution;
  if (lemke.startFromGuess && !guess.empty()) {
    for (const int g : guess) {
      const int j = g >= 0 && g < n ? lcp.lcpIndex(g) : -1;
      const int r = j >= 0 ? t.rowOf[static_cast<std::size_t>(j)] : -1;
      if (r < 0) continue;  // a joint, or guessed twice
      const auto& column = t.column(m + j);
      const double tol = std::max(pivotTol, kGuessPivot * column.cwiseAbs().maxCoeff());
      if (!(std::abs(column[r]) > tol)) continue;
      t.pivot(r, m + j);
      record(m + j, j);
      // The sparse LU's etas kept few, as in the pivots below (a guess pivots in about half
      // the rows); a basis lost here is judged after the crash.
      if (t.dueForRefactor()) t.refactor();
    }
    if (t.drift() > kDrift && !(t.refactor() > kLostRcond && t.drift() <= kDrift)) t.coldStart();
    if (!t.startFromBasis()) t.coldStart();
    if (t.minRhs() >= 0) return solution({});
    end = pivotToEnd(limit);
    if (end == End::kRepeated)
      if (auto r = repeatedSolution()) return std::move(*r);
    if (end == End::kSolution) return solution({});
    // A ray whose z part proves that nothing solves the problem ends it from any start.
    const bool proven = end == End::kRay && detail::infeasibilityCertificate(
                                                problem, lcp.problemCertificate(problem, rayZ()));
    if (!proven) {
      static constexpr const char* kEndName[] = {"a solution", "the pivot limit", "a ray",
                                                 "a lost basis", "a repeated basis"};
      restart = fmt::format(
          "from the cold start after the guessed basis's start ended on {} "
          "at pivot {}",
          kEndName[static_cast<int>(end)], pivots);
      t.coldStart();
      end = pivotToEnd(pivots + limit);
    }
  } else {
    end = pivotToEnd(limit);
  }
  const auto why = [&](std::string what) {
    if (restart.empty() || what.empty()) return what.empty() ? restart : what;
    return fmt::format("{} ({})", what, restart);
  };
  switch (end) {
    case End::kSolution:
      return solution(restart.empty() ? std::string() : "solved " + restart);
    case End::kLimit:
      return run.finish(lcp.forces(z(), n), LcpError::kIterationLimit, pivots, pivots, why({}));
    case End::kRay: {
      LcpResult r = rayEnd(z(), rayZ(), entering, pivots, false);
      // A ray that proves nothing may be rounding's: exact pivoting says.
      if (r.error == LcpError::kRayTermination && lemke.exactLastResort && m <= kExactLemkeMaxRows)
        return exactly(LcpError::kRayTermination,
                       fmt::format("a secondary ray after pivot {} without a certificate", pivots));
      return r;
    }
    case End::kLostBasis:
      return exactly(LcpError::kLostBasis,
                     why(fmt::format("the basis after pivot {} is singular to working "
                                     "precision (reciprocal condition {:.2g})",
                                     pivots, lostRcond)));
    case End::kRepeated:
      if (auto r = repeatedSolution()) return std::move(*r);
      return exactly(LcpError::kCycling,
                     why(fmt::format("the basis after pivot {} repeats an earlier one (by "
                                     "rounding: the lexicographic rule does not cycle exactly)",
                                     pivots)));
  }
  return run.finish(lcp.forces(z(), n), LcpError::kIterationLimit, pivots, pivots);
}

}  // namespace

LcpResult Lemke::solve(const LcpProblem& problem, std::span<const int> guess) {
  const detail::SolveRun run(problem, kind(), mOptions, mSink);
  if (auto refused = run.refuse()) return *refused;
  const int n = problem.size();
  const ContactLcp lcp(problem);
  const int m = static_cast<int>(lcp.q.size());
  // No contact pushing (or none at all): f_C = 0, and the joints' forces follow from it.
  if (m == 0 || lcp.q.minCoeff() >= 0)
    return run.finish(lcp.forces(Eigen::VectorXd::Zero(m), n), LcpError::kOk, 0);
  if (mLemke.sparseBasis) {
    detail::SparseLemkeBasis t(lcp.M, lcp.q);
    return pivotLemke(t, problem, lcp, run, guess, mLemke);
  }
  Tableau t(lcp);
  return pivotLemke(t, problem, lcp, run, guess, mLemke);
}

}  // namespace cl
