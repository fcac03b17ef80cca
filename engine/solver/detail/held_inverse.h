#pragma once
// HeldInverse: the friction pivoting's reduced system (friction_forces.h) solved by an
// updated inverse, kept up to date while the held rows change by one or two per pivot.
//
// The reduced system M x = rhs has the held rows H (C normals, C_F frictions) and the same
// columns, a normal's column tied to its friction where that is at the cone's edge:
//   M[r, c] = A[h_r, h_c] + tie_c mu_c A[h_r, n + h_c]   (tie_c = +-1 for NC+-, else 0).
//
// The members are a basis B, whose block M_BB is inverted, and deferred members D whose
// rows and columns depend on B's (a degenerate pile holds more contacts than its bodies
// have freedoms, so M is often singular). M is not symmetric, so the inverse is bordered as
// AccFactor's (Gill, Golub, Murray and Saunders 1974): a member j with u = M[B, j],
// v = M[j, B], p = M_BB^-1 u, q = M_BB^-T v and pivot s = M[j, j] - v.p joins B as
//   [M_BB u; v^T M_jj]^-1 = [M_BB^-1 + p q^T / s, -p / s; -q^T / s, 1 / s]
// when |s| > 1e-6 (|M_jj| + |v| |p|), else D. s cancels to rounding where j depends on B;
// a pivot between 1e-10 and 1e-6 of its terms is a weak one, independent but near
// dependent (two contacts of a pile a hair apart), held back in D: an inverse that took it
// would be as ill-conditioned, and the rounding of every later join's s would grow with
// it until dependent members passed the test (pile_100 with friction at rest: 332 to 336
// members in the basis of a system of rank 300, so that every solve failed its check and
// went to the decomposition; 21 user s for 0.1 simulated s, 0.13 s with weak members held
// back). A solve that fails its check offers D's members again at 1e-10: the weak ones
// the right side needs join then.
// A member leaves B by the same identity read backwards, M_BB^-1 = E11 - e12 e21 / e22 with
// E partitioned at it, and then the member of D likeliest to take its place (the largest
// pivot against the rest, s + p_t q_t / e22, from the inverse before the leave) is offered
// to B. A tie that changes is the normal's column leaving and joining.
//
// A solve is the minimum-norm solution, as the complete orthogonal decomposition gives it:
// the basic solution x0 = [M_BB^-1 rhs_B; 0], less its part in M's null space, whose
// basis is Z = [-W; I] with W = M_BB^-1 M_BD:
//   x = x0 - Z (Z^T Z)^-1 Z^T x0,   i.e.  y = (W^T W + I)^-1 (-W^T x0_B),
//   x_B = x0_B + W y,  x_D = -y,
// with W and then x refined once against M (x += the same of the residual), and x projected
// once more (the residual cannot see an error in the null space).
// A change costs O(k^2) for k members and a solve O(k^2 + k |B| |D|), where solving afresh
// costs O(k^3). A join's p and q run over the nonzeros of u and v where those are at most a
// quarter of them (a pile's contact shares a body with few others: on pile_20 with
// friction a seventh of u and v is nonzero), so a join costs mostly its rank-one update.
// A solve's basic solution M_BB^-1 rhs_B likewise runs over the right side's nonzeros where
// it is sparse (a pivot's driven column), with the dense product's bits (sparse_product.h).
// M's own products (the residuals) stay dense: over its nonzeros, listed afresh at every
// solve, they cost pile_20 with friction a sixth more (0.62 CPU s against 0.54) and gave
// pile_200 nothing measurable.
// A solve is checked against M: with no deferred member its residual must be within 1e-12
// (relative; else B is formed afresh once, member by member), with some, within the
// decomposition's own consistency bound 1e-9 (a right side outside M's range, or a
// deferred member that was not quite dependent, fails it). 1e-12 is there to catch the
// updated inverse's drift: a basis just formed afresh, or one that has just taken the weak
// members, has none to catch, and its solve is held to the decomposition's 1e-9 (a basis
// with weak members is as ill-conditioned as the system; the decomposition that the
// caller would try next solves it to that bound, from 49 rows afresh on pile_20, where
// this solve costs O(k^2)). A solve that passes with a weak
// member deferred is the minimum-norm solution of the system without it, whose part of the
// right side is within the bound: a numerical rank, as the decomposition's threshold gives
// one. A solve that fails the bound even after the weak members' second offer leaves the
// system to the caller's decomposition.
#include <Eigen/Dense>
#include <span>
#include <vector>

namespace cl {

class HeldInverse {
 public:
  // A work vector's leading entries (head()).
  using Segment = Eigen::Map<Eigen::VectorXd, Eigen::Aligned16>;

  // A of a problem of mu.size() contacts (2n x 2n: normals, then frictions); no members.
  // A and mu must outlive the use.
  void reset(const Eigen::MatrixXd& A, std::span<const double> mu);
  // x with M x = rhs, the minimum-norm one, for M of the held rows `held` (indices into A)
  // with normal i's column tied by tie[i] (+-1, or 0; one entry per contact); rhs and x in
  // the order of `held`. With `start` (in the same order), the solution nearest to it:
  // start + the minimum-norm solution of M dx = rhs - M start. False when the solve fails
  // its check (x is then not set).
  // x must have held.size() entries (false otherwise): the caller's, so that a solve
  // allocates nothing.
  bool solve(std::span<const int> held, std::span<const int> tie,
             Eigen::Ref<const Eigen::VectorXd> rhs, Eigen::Ref<Eigen::VectorXd> x,
             const Eigen::VectorXd* start = nullptr);
  // The same into x resized to held.size().
  bool solve(std::span<const int> held, std::span<const int> tie,
             Eigen::Ref<const Eigen::VectorXd> rhs, Eigen::VectorXd& x,
             const Eigen::VectorXd* start = nullptr) {
    x.resize(static_cast<Eigen::Index>(held.size()));
    return solve(held, tie, rhs, Eigen::Ref<Eigen::VectorXd>(x), start);
  }
  int members() const { return static_cast<int>(mIdx.size()); }
  // The members in the basis: M's rank as the pivots' test finds it, less the weak members
  // held back.
  int basis() const { return mBasis; }
  // How often the basis was formed afresh (a drift, or a leave whose block was singular).
  int rebuilds() const { return mRebuilds; }

 private:
  // M's entry at matrix row r and column c, the column tied by `tie`.
  double entry(int r, int c, int tie) const;
  void add(int j, int tie);
  void remove(int t);
  // Swaps members s and t in M (and in the inverse when both are in the basis).
  void swapMembers(int s, int t);
  // Moves deferred member t into the basis when its pivot is above `least` of its terms;
  // false otherwise.
  bool promote(int t, double least);
  // Offers each deferred member to the basis in turn.
  void promoteDeferred(double least);
  // Forms the basis afresh: every member offered in order to an empty one.
  void rebuild();
  // The work vectors: the right side and the start in member order, then scratch. They
  // are segments of one buffer of kWorkVectors times the capacity, sized by reset(), so
  // that no change or solve allocates (an Eigen vector reallocates at every change of its
  // size, and the held rows change at every pivot: on pile_20 with friction those
  // allocations took about 3 % of the run). The capacity 2n is even, so every segment
  // starts aligned as a vector of its own would, and its products and sums have the same
  // bits.
  enum Work { kV, kStart, kCol, kRow, kP, kQ, kB, kR, kX, kY, kY2, kWorkVectors };
  Segment work(Work w, Eigen::Index size) { return {mWork.data() + w * mCapacity, size}; }
  void project(Segment x);
  void minimumNorm(Segment v, Segment out);
  bool solveInMemberOrder(double basicBound);

  const Eigen::MatrixXd* mA = nullptr;
  std::span<const double> mMu;
  int mN = 0;
  double mScale = 1;       // max |A_ii|: the pivots' scale
  std::vector<int> mIdx;   // members (basis first, then deferred): their rows of A
  std::vector<int> mTie;   // members: their column's tie
  std::vector<int> mPos;   // row of A -> its member's position, or -1
  std::vector<int> mWant;  // scratch: row of A -> wanted tie + 2, or 0
  int mBasis = 0;
  bool mStale = false;             // the inverse must be formed afresh before the next solve
  Eigen::MatrixXd mM;              // capacity x capacity: top-left k x k is M in member order
  Eigen::MatrixXd mInv;            // capacity x capacity: top-left |B| x |B| is M_BB^-1
  Eigen::MatrixXd mW, mWr, mZz;    // M_BB^-1 M_BD, its residual, Z^T Z = W^T W + I
  Eigen::LLT<Eigen::MatrixXd> mG;  // Z^T Z's factor
  bool mHasStart = false;
  Eigen::Index mCapacity = 0;     // 2n
  Eigen::VectorXd mWork;          // work()
  std::vector<Eigen::Index> mNz;  // work: a vector's nonzeros
  int mRebuilds = 0;
};

}  // namespace cl
