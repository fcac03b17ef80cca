// The sparse side of ComputeForces and the friction pivoting: their products
// (sparse_product.h), A f (the friction pivoting's da = A df), A f + b and the largest row of |A|
// |f| over A's nonzeros, compared bit for bit with Eigen's dense products on matrices of every size
// around Eigen's blocking (128 columns), with zero and negative-zero entries, zeros in f, and rows
// or columns without a nonzero; a solve's a = A f + b, which ComputeForces forms sparse, equal to
// the dense product exactly; and A's nonzeros listed by the problem's builder
// (LcpProblem::nonzeros): the same solve, bit for bit, and validate's checks of the list.
// The friction pivoting's held rows: their dense inverse, the top-left of a larger matrix,
// times a sparse right side, bit for bit with Eigen's.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/math/random_lcg.h"
#include "engine/solver/compute_forces.h"
#include "engine/solver/detail/sparse_product.h"
#include "tests/support/contact_lcp_builder.h"

using namespace cl;

namespace {

// A's nonzeros by column, rows increasing (the layout AccFactor keeps).
struct Columns {
  std::vector<int> start, row;
  std::vector<double> value;
  SparseColumns view() const { return {{start, row}, value}; }
};
Columns columnsOf(const Eigen::MatrixXd& A) {
  Columns c;
  c.start.push_back(0);
  for (Eigen::Index j = 0; j < A.cols(); ++j) {
    for (Eigen::Index i = 0; i < A.rows(); ++i)
      if (A(i, j) != 0) {
        c.row.push_back(static_cast<int>(i));
        c.value.push_back(A(i, j));
      }
    c.start.push_back(static_cast<int>(c.row.size()));
  }
  return c;
}

bool sameBits(double x, double y) {
  return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
}
// The first entry whose bits differ, or -1.
Eigen::Index firstDifference(const Eigen::VectorXd& x, const Eigen::VectorXd& y) {
  if (x.size() != y.size()) return 0;
  for (Eigen::Index i = 0; i < x.size(); ++i)
    if (!sameBits(x[i], y[i])) return i;
  return -1;
}

// A random n x n matrix about `density` full, of values spread over several magnitudes
// (so that the order of a sum shows in its rounding), with some -0 entries, one row and
// one column left empty when n > 2.
Eigen::MatrixXd randomSparse(int n, double density, RandomLCG& rng) {
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const double u = rng.nextFloat();
      if (u < density)
        A(i, j) = (rng.nextFloat() - 0.5) * std::pow(10.0, 6 * rng.nextFloat() - 3);
      else if (u < density + 0.01)
        A(i, j) = -0.0;
    }
  if (n > 2) {
    A.row(n / 2).setZero();
    A.col(n / 3).setZero();
  }
  return A;
}

Eigen::VectorXd randomVector(int n, RandomLCG& rng, bool withZeros) {
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i)
    v[i] = withZeros && rng.nextFloat() < 0.3 ? 0.0 : (rng.nextFloat() - 0.5) * 100;
  return v;
}

}  // namespace

TEST_CASE("sparse A f and A f + b have the bits of Eigen's dense products at every size",
          "[sparse_product]") {
  RandomLCG rng(2026);
  std::vector<double> work;
  for (const int n : {1, 2, 3, 7, 31, 64, 127, 128, 129, 143, 144, 145, 200, 300, 401}) {
    for (const double density : {0.02, 0.2, 0.6}) {
      const Eigen::MatrixXd A = randomSparse(n, density, rng);
      const Columns cols = columnsOf(A);
      for (const bool zerosInF : {false, true}) {
        const Eigen::VectorXd f = randomVector(n, rng, zerosInF);
        const Eigen::VectorXd b = randomVector(n, rng, true);
        const Eigen::VectorXd dense = A * f + b;
        Eigen::VectorXd sparse;
        productPlus(cols.view(), f, b, sparse, work);
        INFO(fmt::format("n = {}, density {}, zeros in f {}", n, density, zerosInF));
        CHECK(firstDifference(sparse, dense) == -1);
        // A f alone (the friction pivoting's da = A df), into a vector that held other
        // values, as Eigen's noalias product writes it.
        Eigen::VectorXd denseAlone = b, sparseAlone = b;
        denseAlone.noalias() = A * f;
        product(cols.view(), f, sparseAlone, work);
        CHECK(firstDifference(sparseAlone, denseAlone) == -1);
        const double denseMax = (A.cwiseAbs() * f.cwiseAbs()).maxCoeff();
        CHECK(sameBits(absProductMax(cols.view(), f, work), denseMax));
      }
    }
  }
}

TEST_CASE("sparse products of an empty matrix", "[sparse_product]") {
  const Columns none = columnsOf(Eigen::MatrixXd(0, 0));
  std::vector<double> work;
  Eigen::VectorXd out(3);
  productPlus(none.view(), Eigen::VectorXd(0), Eigen::VectorXd(0), out, work);
  CHECK(out.size() == 0);
  CHECK(absProductMax(none.view(), Eigen::VectorXd(0), work) == 0.0);
}

TEST_CASE("a sparse product differs from a plain row sum where Eigen blocks the columns",
          "[sparse_product]") {
  // Row 0 of a 128 x 128 matrix: 1 at column 0, 1e-16 at columns 16 .. 31, -1 at column
  // 127; f = 1. One sum in column order loses each 1e-16 against the 1 (half its last place
  // is 1.1e-16) and ends at 0. Eigen sums blocks of 16 columns: the second block's sixteen
  // make 1.6e-15, which 1 keeps, and the total ends near 1.6e-15. A sparse product without
  // the blocks fails the comparison here.
  const int n = 128;
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
  A(0, 0) = 1;
  for (int j = 16; j < 32; ++j) A(0, j) = 1e-16;
  A(0, n - 1) = -1;
  const Eigen::VectorXd f = Eigen::VectorXd::Ones(n);
  const Eigen::VectorXd b = Eigen::VectorXd::Zero(n);
  const Eigen::VectorXd dense = A * f + b;
  double plain = 0;
  for (int j = 0; j < n; ++j) plain += A(0, j) * f[j];
  REQUIRE_FALSE(sameBits(plain, dense[0]));  // the case separates the two orders
  const Columns cols = columnsOf(A);
  std::vector<double> work;
  Eigen::VectorXd sparse;
  productPlus(cols.view(), f, b, sparse, work);
  CHECK(sameBits(sparse[0], dense[0]));
}

TEST_CASE("E v over v's nonzeros has the bits of Eigen's dense product", "[sparse_product]") {
  // HeldInverse's basic solve: its dense inverse times a right side that is a pivot's
  // driven column, a handful of nonzeros.
  RandomLCG rng(48);
  for (const int stride : {0, 4000}) {
    for (const int n : {1, 2, 17, 127, 128, 129, 160, 301}) {
      Eigen::MatrixXd big = Eigen::MatrixXd::Zero(std::max(n, stride), n);
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
          big(i, j) = (rng.nextFloat() - 0.5) * std::pow(10.0, 6 * rng.nextFloat() - 3);
      const auto E = big.topLeftCorner(n, n);
      for (const double share : {0.02, 0.3, 1.0}) {
        Eigen::VectorXd v = Eigen::VectorXd::Zero(n);
        for (int i = 0; i < n; ++i)
          if (rng.nextFloat() < share) v[i] = (rng.nextFloat() - 0.5) * 100;
        Eigen::VectorXd dense = Eigen::VectorXd::Constant(n, 3.0), sparse = dense;
        dense.noalias() = E * v;
        Eigen::VectorXd blockSum(n);
        productOfSparse(E, v, sparse, blockSum);
        INFO(fmt::format("n = {}, stride {}, share {}", n, big.outerStride(), share));
        CHECK(firstDifference(sparse, dense) == -1);
      }
    }
  }
}

TEST_CASE("ComputeForces' a = A f + b equals the dense product exactly on contact LCPs",
          "[sparse_product][compute_forces]") {
  RandomLCG rng(7);
  for (const LcpFamily family : {LcpFamily::kTower, LcpFamily::kPyramid, LcpFamily::kLeaningChain})
    for (const int contacts : {20, 60, 150}) {
      const LcpProblem p = randomContactLcp(family, contacts, rng, 0.3);
      ComputeForces cf;
      const LcpResult r = cf.solve(p, {});
      INFO(fmt::format("{} of {} contacts", familyName(family), p.size()));
      REQUIRE(r.ok());
      CHECK(firstDifference(r.a, p.A * r.f + p.b) == -1);
    }
}

namespace {

// A's nonzeros as an LcpProblem lists them, with `extra` listed zeros per column besides.
ColumnNonzeros listedNonzeros(const Eigen::MatrixXd& A, int extra, RandomLCG& rng) {
  ColumnNonzeros nz;
  nz.start.push_back(0);
  for (Eigen::Index j = 0; j < A.cols(); ++j) {
    std::vector<int> rows;
    for (Eigen::Index i = 0; i < A.rows(); ++i)
      if (A(i, j) != 0) rows.push_back(static_cast<int>(i));
    for (int k = 0; k < extra; ++k) rows.push_back(rng.nextInt(static_cast<int>(A.rows())));
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    nz.row.insert(nz.row.end(), rows.begin(), rows.end());
    nz.start.push_back(static_cast<int>(nz.row.size()));
  }
  return nz;
}

}  // namespace

TEST_CASE("ComputeForces with A's nonzeros listed gives the bits it gives scanning A",
          "[sparse_product][compute_forces]") {
  // From 32 contacts the warm start orders its guess by A's pattern, and from 256 the Schur
  // factor is built from it: every size and path of the solve sees the listed nonzeros.
  RandomLCG rng(11);
  for (const LcpFamily family : {LcpFamily::kTower, LcpFamily::kPyramid, LcpFamily::kJointChain})
    for (const int contacts : {8, 40, 300}) {
      LcpProblem scanned = randomContactLcp(family, contacts, rng, 0.3);
      LcpProblem listed = scanned;
      listed.nonzeros = listedNonzeros(listed.A, 2, rng);
      REQUIRE(listed.validate().empty());
      INFO(fmt::format("{} of {} contacts", familyName(family), scanned.size()));
      // Each solve by a fresh solver: its random generator (the joints' order) starts alike.
      const auto solve = [](const LcpProblem& q, std::span<const int> guess) {
        return ComputeForces().solve(q, guess);
      };
      const LcpResult a = solve(scanned, {});
      const LcpResult b = solve(listed, {});
      REQUIRE(a.ok());
      CHECK(firstDifference(a.f, b.f) == -1);
      CHECK(firstDifference(a.a, b.a) == -1);
      CHECK(a.pivots == b.pivots);
      // A warm start from the joints and the contacts that carry force, as ContactSim's next
      // solve has.
      std::vector<int> guess;
      for (int i = 0; i < scanned.size(); ++i)
        if (scanned.joint[i] || a.f[i] > 0) guess.push_back(i);
      const LcpResult wa = solve(scanned, guess);
      const LcpResult wb = solve(listed, guess);
      const bool joints =
          std::find(scanned.joint.begin(), scanned.joint.end(), true) != scanned.joint.end();
      CHECK(wa.warmStarted == !joints);  // ComputeForces warm-starts no problem with joints
      CHECK(firstDifference(wa.f, wb.f) == -1);
      CHECK(firstDifference(wa.a, wb.a) == -1);
    }
}

TEST_CASE("LcpProblem::validate checks listed nonzeros and their entries alone",
          "[sparse_product][lcp_problem]") {
  LcpProblem p;
  p.A = Eigen::MatrixXd::Identity(3, 3);
  p.A(0, 2) = p.A(2, 0) = 0.5;
  p.b = Eigen::VectorXd::Ones(3);
  p.joint.assign(3, false);
  p.nonzeros.start = {0, 2, 3, 5};
  p.nonzeros.row = {0, 2, 1, 0, 2};
  REQUIRE(p.validate().empty());
  const auto problemWith = [&](auto change) {
    LcpProblem q = p;
    change(q.nonzeros);
    return q.validate();
  };
  CHECK(problemWith([](ColumnNonzeros& z) { z.start.pop_back(); }) ==
        "nonzeros: 3 column starts for 3 columns (expected 4)");
  CHECK(problemWith([](ColumnNonzeros& z) { z.start.back() = 4; }) ==
        "nonzeros: column starts run from 0 to 4, expected 0 to 5");
  CHECK(problemWith([](ColumnNonzeros& z) { z.start[2] = 1; }) ==
        "nonzeros: column 1 starts after column 2");
  // A start past the rows listed, found before any row is read (column 0 would read row[5]).
  CHECK(problemWith([](ColumnNonzeros& z) { z.start[1] = 6; }) ==
        "nonzeros: column 1 starts after column 2");
  CHECK(problemWith([](ColumnNonzeros& z) { z.row[2] = 3; }) ==
        "nonzeros: column 1 lists row 3, outside 0..2");
  CHECK(problemWith([](ColumnNonzeros& z) { z.row[1] = 0; }) ==
        "nonzeros: column 0 lists row 0 after row 0");
  // A non-finite entry that is listed is found; with the pattern's promise that A is zero
  // elsewhere, one outside it is not looked for (the scan of all n x n is what it saves).
  LcpProblem listedNan = p;
  listedNan.A(2, 0) = std::numeric_limits<double>::infinity();
  CHECK(listedNan.validate() == "A[2][0] is not finite");
  LcpProblem unlistedNan = p;
  unlistedNan.A(1, 0) = std::numeric_limits<double>::quiet_NaN();
  CHECK(unlistedNan.validate().empty());
  unlistedNan.nonzeros = {};
  CHECK(unlistedNan.validate() == "A[1][0] is not finite");
}

TEST_CASE("appendNonzeros takes a column's nonzeros from the list or a scan, zeros left out",
          "[sparse_product]") {
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(4, 2);
  A(1, 0) = 2;
  A(3, 0) = -0.0;  // a zero, whatever its sign
  A(0, 1) = 5;
  A(2, 1) = 7;
  ColumnNonzeros listed;
  listed.start = {0, 2, 4};
  listed.row = {1, 3, 0, 2};                           // column 0's listed -0 is left out
  const ColumnNonzeros* lists[] = {nullptr, &listed};  // scanned, then listed
  for (const ColumnNonzeros* nz : lists) {
    std::vector<int> row;
    std::vector<double> value;
    appendNonzeros(A, 0, nz, row, value);
    appendNonzeros(A, 1, nz, row, value);
    CHECK(row == std::vector<int>{1, 0, 2});
    CHECK(value == std::vector<double>{2, 5, 7});
  }
  // A list is taken at its word: an entry it leaves out is not looked for.
  ColumnNonzeros partial;
  partial.start = {0, 0, 1};
  partial.row = {2};
  std::vector<int> row;
  std::vector<double> value;
  appendNonzeros(A, 1, &partial, row, value);
  CHECK(row == std::vector<int>{2});
}
