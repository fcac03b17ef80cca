// The warm start's envelope order (envelope_order.h), the guess solve inside the envelope
// (guess_solve.h) and the vectorised finiteness test (all_finite.h): graphs whose orders and
// widths are known by hand (a path, a grid, parts apart, an irregular graph), the guess solve
// with and without the pattern on contact LCPs, and the warm start's placement of a guess.
#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <limits>
#include <numeric>
#include <vector>

#include "engine/math/all_finite.h"
#include "engine/solver/compute_forces.h"
#include "engine/solver/detail/envelope_order.h"
#include "engine/solver/detail/guess_solve.h"
#include "engine/solver/friction_forces.h"
#include "tests/support/contact_lcp_builder.h"

using namespace cl;

namespace {

// The compressed columns of a symmetric n x n pattern with the given edges and a full
// diagonal (as a contact matrix has).
struct Pattern {
  std::vector<int> start, row;
};
Pattern patternOf(int n, const std::vector<std::pair<int, int>>& edges) {
  std::vector<std::vector<int>> cols(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) cols[i].push_back(i);
  for (const auto& [i, j] : edges) {
    cols[i].push_back(j);
    cols[j].push_back(i);
  }
  Pattern p;
  p.start.push_back(0);
  for (auto& c : cols) {
    std::sort(c.begin(), c.end());
    p.row.insert(p.row.end(), c.begin(), c.end());
    p.start.push_back(static_cast<int>(p.row.size()));
  }
  return p;
}
Pattern patternOf(const Eigen::MatrixXd& A) {
  Pattern p;
  p.start.push_back(0);
  for (Eigen::Index c = 0; c < A.cols(); ++c) {
    for (Eigen::Index r = 0; r < A.rows(); ++r)
      if (A(r, c) != 0) p.row.push_back(static_cast<int>(r));
    p.start.push_back(static_cast<int>(p.row.size()));
  }
  return p;
}

// The widths r - t0(r) of `order` (t0: the first member in order adjacent to row r's, or r).
std::vector<int> widths(const std::vector<int>& order,
                        const std::vector<std::pair<int, int>>& edges, int n) {
  std::vector<int> at(static_cast<std::size_t>(n), -1);
  for (std::size_t r = 0; r < order.size(); ++r) at[order[r]] = static_cast<int>(r);
  std::vector<int> w(order.size(), 0);
  for (const auto& [i, j] : edges) {
    if (at[i] < 0 || at[j] < 0) continue;
    const int lo = std::min(at[i], at[j]), hi = std::max(at[i], at[j]);
    w[hi] = std::max(w[hi], hi - lo);
  }
  return w;
}

std::vector<int> scrambled(int n, std::uint32_t seed) {
  RandomLCG rng(seed);
  return rng.randomInts(n);
}

// The contacts that carry force in p's cold solve (independent: a guess that solves it).
std::vector<int> coldCarriers(const LcpProblem& p) {
  const LcpResult cold = ComputeForces().solve(p, {});
  REQUIRE(cold.ok());
  std::vector<int> carriers;
  for (int i = 0; i < p.size(); ++i)
    if (cold.f[i] > 0) carriers.push_back(i);
  return carriers;
}

bool isPermutationOf(std::vector<int> a, std::vector<int> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

}  // namespace

TEST_CASE("envelopeOrder: a path listed at random comes out as a path", "[envelope_order]") {
  // 0 - 1 - ... - 39: in envelope order each member's only earlier neighbour is the one just
  // before it (width 1), from whatever order the members are given in.
  const int n = 40;
  std::vector<std::pair<int, int>> edges;
  for (int i = 0; i + 1 < n; ++i) edges.emplace_back(i, i + 1);
  const Pattern p = patternOf(n, edges);
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    const std::vector<int> members = scrambled(n, seed);
    const std::vector<int> given = widths(members, edges, n);
    REQUIRE(*std::max_element(given.begin(), given.end()) > 1);
    const std::vector<int> order = envelopeOrder(members, p.start, p.row);
    REQUIRE(isPermutationOf(order, members));
    const std::vector<int> w = widths(order, edges, n);
    CHECK(*std::max_element(w.begin(), w.end()) == 1);
    CHECK((order.front() == 0 || order.front() == n - 1));  // an end: degree 1
  }
}

TEST_CASE("envelopeOrder: a grid is as narrow as its rows, a scrambled one is not",
          "[envelope_order]") {
  // A k x k grid (neighbours left-right and up-down). Row by row, every width is k; breadth
  // first from a corner the levels are anti-diagonals, at most k long, so no width exceeds
  // 2k - 1 and the sum of squared widths is below the row-by-row order's.
  const int k = 12, n = k * k;
  std::vector<std::pair<int, int>> edges;
  for (int r = 0; r < k; ++r)
    for (int c = 0; c < k; ++c) {
      if (c + 1 < k) edges.emplace_back(r * k + c, r * k + c + 1);
      if (r + 1 < k) edges.emplace_back(r * k + c, (r + 1) * k + c);
    }
  const Pattern p = patternOf(n, edges);
  const auto squares = [](const std::vector<int>& w) {
    long long s = 0;
    for (int x : w) s += static_cast<long long>(x) * x;
    return s;
  };
  std::vector<int> byRows(static_cast<std::size_t>(n));
  std::iota(byRows.begin(), byRows.end(), 0);
  const long long rows = squares(widths(byRows, edges, n));
  CHECK(rows == static_cast<long long>(n - k) * k * k + (k - 1));  // width k, first row 1
  const std::vector<int> members = scrambled(n, 5);
  const long long random = squares(widths(members, edges, n));
  const std::vector<int> order = envelopeOrder(members, p.start, p.row);
  REQUIRE(isPermutationOf(order, members));
  const std::vector<int> w = widths(order, edges, n);
  CHECK(*std::max_element(w.begin(), w.end()) <= 2 * k - 1);
  CHECK(squares(w) < rows);
  CHECK(random > 5 * rows);  // the scrambled order is far wider
}

TEST_CASE("envelopeOrder: parts apart stay apart, and non-members do not connect",
          "[envelope_order]") {
  // Two paths 0-1-2-3 and 4-5-6, joined only through 7, which is not a member: the order
  // holds each path whole, one after the other.
  const std::vector<std::pair<int, int>> edges = {{0, 1}, {1, 2}, {2, 3}, {3, 7},
                                                  {7, 4}, {4, 5}, {5, 6}};
  const Pattern p = patternOf(8, edges);
  const std::vector<int> members = {6, 2, 0, 5, 3, 1, 4};
  const std::vector<int> order = envelopeOrder(members, p.start, p.row);
  REQUIRE(isPermutationOf(order, members));
  const auto partOf = [](int i) { return i <= 3 ? 0 : 1; };
  int changes = 0;
  for (std::size_t r = 1; r < order.size(); ++r)
    changes += partOf(order[r]) != partOf(order[r - 1]);
  CHECK(changes == 1);
  const std::vector<int> w = widths(order, edges, 8);
  CHECK(*std::max_element(w.begin(), w.end()) == 1);
  CHECK(envelopeOrder(std::vector<int>{}, p.start, p.row).empty());
}

TEST_CASE("envelopeOrder: an irregular graph, worked by hand", "[envelope_order]") {
  // Edges 0-6, 1-5, 2-3, 2-4, 2-5, 3-5, 4-5, 4-6, 4-7; members listed 2 4 7 6 5 3 0 1, so a
  // member's place is its position in that list. Degrees: 0 1, 1 1, 2 3, 3 2, 4 4, 5 4, 6 2,
  // 7 1. The root: least degree, the earliest listed of 7, 0 and 1: 7. Breadth first: 7;
  // its neighbour 4; 4's unvisited 2, 5, 6 by degree, 6 (2) before 2 (3) before 5 (4);
  // 6's 0; 2's 3; 5's 1: 7 4 6 2 5 0 3 1, reversed 1 3 0 5 2 6 4 7. Without the reversal,
  // without the neighbours' sort (4's then come as 2 5 6) or from the first listed member
  // (2), the order differs.
  const std::vector<std::pair<int, int>> edges = {{0, 6}, {1, 5}, {2, 3}, {2, 4}, {2, 5},
                                                  {3, 5}, {4, 5}, {4, 6}, {4, 7}};
  const Pattern p = patternOf(8, edges);
  const std::vector<int> members = {2, 4, 7, 6, 5, 3, 0, 1};
  CHECK(envelopeOrder(members, p.start, p.row) == std::vector<int>{1, 3, 0, 5, 2, 6, 4, 7});
}

TEST_CASE("solveGuess inside the envelope: the same factor and forces as over whole rows",
          "[envelope_order][warm]") {
  // Contact LCPs of 100: G (the cold solve's carriers) in envelope order, solved with the
  // pattern and without it. Only the passes' dot products start elsewhere, so the kept
  // contacts agree exactly and the forces to rounding; both satisfy A_GG f_G = -b_G.
  for (LcpFamily family : {LcpFamily::kTower, LcpFamily::kPyramid, LcpFamily::kLeaningChain}) {
    RandomLCG rng(17);
    const LcpProblem p = randomContactLcp(family, 100, rng);
    std::vector<int> G = coldCarriers(p);
    REQUIRE(G.size() >= 32);
    const Pattern pat = patternOf(p.A);
    G = envelopeOrder(G, pat.start, pat.row);
    const ColumnPattern envelope{pat.start, pat.row};
    const double scale = p.b.cwiseAbs().maxCoeff();
    const GuessSolve whole = solveGuess(p.A, p.b, G, 1e-13, 1e-10 * scale);
    const GuessSolve inside = solveGuess(p.A, p.b, G, 1e-13, 1e-10 * scale, &envelope);
    INFO(familyName(family));
    CHECK(inside.kept == whole.kept);
    CHECK(inside.dropped == whole.dropped);
    // Each row of the factor comes from the same numbers by the same sums either way.
    const auto k = static_cast<Eigen::Index>(whole.kept.size());
    CHECK(inside.L.topLeftCorner(k, k).triangularView<Eigen::Lower>().toDenseMatrix() ==
          whole.L.topLeftCorner(k, k).triangularView<Eigen::Lower>().toDenseMatrix());
    CHECK((inside.f - whole.f).cwiseAbs().maxCoeff() <= 1e-12 * whole.f.cwiseAbs().maxCoeff());
    Eigen::VectorXd a = p.A * inside.f + p.b;
    for (int i : inside.kept) CHECK(std::abs(a[i]) <= 1e-10 * scale);
    for (int i = 0; i < p.size(); ++i)
      if (std::find(inside.kept.begin(), inside.kept.end(), i) == inside.kept.end())
        CHECK(inside.f[i] == 0);
  }
}

TEST_CASE("Warm start: a guess of 32 contacts or more is placed in envelope order",
          "[envelope_order][warm]") {
  // A tower of 100 with the cold solve's carriers as the guess: solved outright, the order
  // of the solve is the guess's placement, envelope_order's of the sorted carriers, then the
  // contacts in NC. A guess of fewer than 32 keeps its sorted order.
  RandomLCG rng(31);
  const LcpProblem p = randomContactLcp(LcpFamily::kTower, 100, rng);
  const std::vector<int> G = coldCarriers(p);
  REQUIRE(G.size() >= 32);
  const Pattern pat = patternOf(p.A);
  const std::vector<int> expected = envelopeOrder(G, pat.start, pat.row);
  REQUIRE(expected != G);  // the order matters here
  std::vector<int> shuffled = G;
  std::reverse(shuffled.begin(), shuffled.end());  // the guess's own order does not count
  const LcpResult warm = ComputeForces().solve(p, shuffled);
  REQUIRE(warm.ok());
  REQUIRE(warm.warmStarted);
  CHECK(std::vector<int>(warm.order.begin(),
                         warm.order.begin() + static_cast<std::ptrdiff_t>(expected.size())) ==
        expected);
  // A tower of 20: every guess is under 32 and is placed sorted.
  RandomLCG rng20(37);
  const LcpProblem q = randomContactLcp(LcpFamily::kTower, 20, rng20);
  const std::vector<int> few = coldCarriers(q);
  REQUIRE(few.size() >= 2);
  const LcpResult small = ComputeForces().solve(q, std::vector<int>(few.rbegin(), few.rend()));
  REQUIRE(small.warmStarted);
  CHECK(std::vector<int>(small.order.begin(),
                         small.order.begin() + static_cast<std::ptrdiff_t>(few.size())) == few);
}

TEST_CASE("Warm start in envelope order drops a duplicated contact and solves the rest",
          "[envelope_order][warm]") {
  // A tower of 60 with contact 10 listed twice (a coincident contact: A's row and column
  // repeated, so A[G, G] is singular): the guess holds both, the factor keeps one, and the
  // forces give the cold solve's accelerations.
  RandomLCG rng(23);
  const LcpProblem base = randomContactLcp(LcpFamily::kTower, 60, rng);
  const int n = base.size(), d = 10;
  LcpProblem p;
  p.A.resize(n + 1, n + 1);
  p.A.topLeftCorner(n, n) = base.A;
  p.A.block(0, n, n, 1) = base.A.col(d);
  p.A.block(n, 0, 1, n) = base.A.row(d);
  p.A(n, n) = base.A(d, d);
  p.b.resize(n + 1);
  p.b << base.b, base.b[d];
  p.joint.assign(static_cast<std::size_t>(n + 1), false);
  const LcpResult cold = ComputeForces().solve(p, {});
  REQUIRE(cold.ok());
  std::vector<int> guess;
  for (int i = 0; i < n; ++i)
    if (cold.f[i] > 0 || (cold.f[n] > 0 && i == d)) guess.push_back(i);
  REQUIRE(guess.size() >= 32);
  REQUIRE(std::find(guess.begin(), guess.end(), d) != guess.end());
  guess.push_back(n);
  const LcpResult warm = ComputeForces().solve(p, guess);
  REQUIRE(warm.ok());
  CHECK_FALSE(warm.warmRejected);
  CHECK((warm.f[d] == 0 || warm.f[n] == 0));  // one of the pair carries the load
  const double scale = p.b.cwiseAbs().maxCoeff();
  CHECK(warm.residuals.worst() <= 1e-9 * scale);
  CHECK((warm.a - cold.a).cwiseAbs().maxCoeff() <= 1e-8 * scale);
}

TEST_CASE("LcpProblem::validate finds a non-finite entry anywhere in a large A", "[lcp_problem]") {
  // validate tests finiteness by one vectorised sum of 0 A: every kind of non-finite value,
  // at the first, a middle and the last entry, and huge finite values that must pass.
  const int n = 300;
  LcpProblem p;
  p.A = Eigen::MatrixXd::Identity(n, n);
  p.b = Eigen::VectorXd::Constant(n, -1);
  p.joint.assign(n, false);
  p.A(7, 9) = std::numeric_limits<double>::max();
  p.A(9, 7) = -std::numeric_limits<double>::max();
  p.b[3] = std::numeric_limits<double>::denorm_min();
  CHECK(p.validate().empty());
  for (double bad :
       {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
        -std::numeric_limits<double>::infinity()})
    for (const auto& [i, j] : {std::pair{0, 0}, std::pair{150, 77}, std::pair{n - 1, n - 1}}) {
      LcpProblem q = p;
      q.A(i, j) = bad;
      CHECK(q.validate() == fmt::format("A[{}][{}] is not finite", i, j));
      LcpProblem r = p;
      r.b[j] = bad;
      CHECK(r.validate() == fmt::format("b[{}] is not finite", j));
      CHECK_FALSE(allFinite(q.A));
    }
  // allFinite itself: finite values of every size pass, and so does an empty matrix.
  CHECK(allFinite(p.A));
  CHECK(allFinite(p.b));
  CHECK(allFinite(Eigen::MatrixXd(0, 0)));
  // The friction problem's validate uses it too.
  FrictionProblem fp;
  fp.A = Eigen::MatrixXd::Identity(4, 4);
  fp.b = Eigen::VectorXd::Constant(4, -1);
  fp.mu = {0.5, 0.5};
  fp.joint = {false, false};
  CHECK(fp.validate().empty());
  fp.A(3, 2) = std::numeric_limits<double>::infinity();
  CHECK(fp.validate() == "A or b holds a number that is not finite");
}
