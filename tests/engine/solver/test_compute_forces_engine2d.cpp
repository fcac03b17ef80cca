// compute_forces_engine2d (engine/solver/compute_forces_engine2d.h) and its elimination
// (scaled_pivoting.h): systems and LCPs whose answers are known by hand, the rules of
// engine2D's pivoting that decide its rounding (deferral by the eliminated diagonal, the
// random draws). Agreement with ComputeForces where the solution is unique is the registry's
// test of every solver (test_lcp_solvers.cpp).
#include <catch2/catch.hpp>
#include <cmath>

#include "engine/solver/compute_forces.h"
#include "engine/solver/compute_forces_engine2d.h"
#include "engine/solver/detail/scaled_pivoting.h"
#include "engine/trace/solver_trace.h"
#include "tests/support/contact_lcp_builder.h"

using cl::AugmentedMatrix;
using cl::LcpError;
using cl::LcpProblem;
using cl::LcpResult;
using cl::problemOf;

namespace {

AugmentedMatrix augmented(const Eigen::MatrixXd& M, const Eigen::VectorXd& r) {
  AugmentedMatrix out(M.rows(), M.cols() + 1);
  out.leftCols(M.cols()) = M;
  out.col(M.cols()) = r;
  return out;
}

}  // namespace

TEST_CASE("Scaled pivoting solves a regular system to its known solution", "[solver][engine2d]") {
  // x = (1, 1, 1): the right side is each row's sum.
  Eigen::Matrix3d M;
  M << 2, 1, 1, 4, 3, 3, 8, 7, 9;
  AugmentedMatrix aug = augmented(M, Eigen::Vector3d(4, 10, 24));
  const cl::ScaledPivoting s = cl::solveScaledPivoting(aug, 1e-9);
  REQUIRE(s.ok());
  CHECK((s.x - Eigen::Vector3d::Ones()).cwiseAbs().maxCoeff() < 1e-14);
  // Column 0's scaled entries are 2/2, 4/4 and 8/9: the first of the largest, row 0, leads.
  std::vector<int> sorted = s.nrow;
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == std::vector<int>{0, 1, 2});
  CHECK(s.nrow[0] == 0);
  CHECK_FALSE(cl::smallestDiagonalBelow(aug, s.nrow, 2e-3));
}

TEST_CASE("Scaled pivoting solves a singular system whose right side is in its range",
          "[solver][engine2d]") {
  // Row 1 is twice row 0: rank 2. r = M (1, 1, 1) lies in the range, and any solution will
  // do; one with M x = r is found, and the eliminated diagonal shows the singularity.
  Eigen::Matrix3d M;
  M << 1, 2, 3, 2, 4, 6, 1, 1, 1;
  const Eigen::Vector3d r = M * Eigen::Vector3d::Ones();
  AugmentedMatrix aug = augmented(M, r);
  const cl::ScaledPivoting s = cl::solveScaledPivoting(aug, 1e-9);
  REQUIRE(s.ok());
  CHECK((M * s.x - r).cwiseAbs().maxCoeff() < 1e-12);
  CHECK(cl::smallestDiagonalBelow(aug, s.nrow, 2e-3));
  // Outside the range (row 1 no longer twice row 0's right side) it fails, naming the row.
  AugmentedMatrix bad = augmented(M, Eigen::Vector3d(6, 13, 3));
  const cl::ScaledPivoting f = cl::solveScaledPivoting(bad, 1e-9);
  CHECK_FALSE(f.ok());
  CHECK((f.failedRow == 0 || f.failedRow == 1));
  // A zero row fails at once.
  Eigen::Matrix2d Z;
  Z << 0, 0, 1, 1;
  AugmentedMatrix zero = augmented(Z, Eigen::Vector2d(0, 1));
  CHECK(cl::solveScaledPivoting(zero, 1e-9).failedRow == 0);
}

TEST_CASE("Scaled pivoting moves a column without a pivot to the end", "[solver][engine2d]") {
  // The first column is zero: elimination goes on with columns 1 and 2 and x_0 is set to 0.
  // M x = r with x = (0, 1, 2) (x_0 is free; the solution given sets it to 0).
  Eigen::Matrix3d M;
  M << 0, 1, 1, 0, 2, 1, 0, 1, 3;
  const Eigen::Vector3d r(3, 4, 7);
  AugmentedMatrix aug = augmented(M, r);
  const cl::ScaledPivoting s = cl::solveScaledPivoting(aug, 1e-9);
  REQUIRE(s.ok());
  CHECK(s.x[0] == 0);
  CHECK((M * s.x - r).cwiseAbs().maxCoeff() < 1e-14);
  CHECK(s.x[1] == Approx(1).epsilon(1e-14));
  CHECK(s.x[2] == Approx(2).epsilon(1e-14));
}

TEST_CASE("compute_forces_engine2d solves hand-built LCPs to their known solutions",
          "[solver][engine2d]") {
  cl::ComputeForcesEngine2D solver;
  // handSolvedLcp: f = (1/11, 7/11, 0), a = (0, 0, 18/11).
  const LcpResult r = solver.solve(cl::handSolvedLcp());
  REQUIRE(r.ok());
  CHECK(r.f[0] == Approx(1.0 / 11).epsilon(1e-14));
  CHECK(r.f[1] == Approx(7.0 / 11).epsilon(1e-14));
  CHECK(r.f[2] == 0);
  CHECK(r.a[2] == Approx(18.0 / 11).epsilon(1e-14));
  // Two copies of one contact: the first (most negative, lowest index) takes the whole
  // force; the second then has a = 0 and joins NC without a step.
  Eigen::Matrix2d twin;
  twin << 1, 1, 1, 1;
  const LcpResult t = solver.solve(problemOf(twin, Eigen::Vector2d(-1, -1)));
  REQUIRE(t.ok());
  CHECK(t.f[0] == 1);
  CHECK(t.f[1] == 0);
  CHECK(t.order == std::vector<int>{0, 1});
}

TEST_CASE("compute_forces_engine2d: a single contact as engine2D solves it", "[solver][engine2d]") {
  cl::ComputeForcesEngine2D solver;
  Eigen::MatrixXd A(1, 1);
  A << 4;
  CHECK(solver.solve(problemOf(A, Eigen::VectorXd::Constant(1, -2))).f[0] == 0.5);
  CHECK(solver.solve(problemOf(A, Eigen::VectorXd::Constant(1, 2))).f[0] == 0);
  // A joint pulls: f = -b / A whatever b's sign.
  const LcpResult j = solver.solve(problemOf(A, Eigen::VectorXd::Constant(1, 2), {true}));
  CHECK(j.ok());
  CHECK(j.f[0] == -0.5);
  // A < 0 gives engine2D a negative force with a = 0; its check would pass it, ours does not.
  Eigen::MatrixXd neg(1, 1);
  neg << -1;
  const LcpResult bad = solver.solve(problemOf(neg, Eigen::VectorXd::Constant(1, -1)));
  CHECK(bad.f[0] == -1);
  CHECK(bad.error == LcpError::kCheckFailed);
}

TEST_CASE("compute_forces_engine2d defers by the eliminated diagonal's absolute size",
          "[solver][engine2d]") {
  // A 2 x 1 block of mass 1e4 resting on its two bottom corners (x = -1, 1): with
  // I = m (2^2 + 1^2) / 12, A_ij = 1/m + x_i x_j / I, so A_00 = A_11 = 3.4e-4, below
  // engine2D's 2e-3: each contact in turn "would make Acc singular" and is deferred before
  // it is driven. Driven again as rejects (largest unwanted acceleration first), they carry
  // the weight equally by symmetry: f = m g / 2 each.
  const double m = 1e4, g = 9.8;
  cl::ContactLcpBuilder builder;
  const int block = builder.addBody(m, m * 5 / 12, 0, 0.5);
  builder.addContact(block, -1, -1, 0, 0, 1);
  builder.addContact(block, -1, 1, 0, 0, 1);
  const LcpProblem p = builder.buildWithGravity(g);
  REQUIRE(p.A(0, 0) < 2e-3);
  cl::RecordingTraceSink sink;
  cl::ComputeForcesEngine2D solver;
  solver.setTraceSink(&sink);
  const LcpResult r = solver.solve(p);
  REQUIRE(r.ok());
  CHECK(r.f[0] == Approx(m * g / 2).epsilon(1e-12));
  CHECK(r.f[1] == Approx(m * g / 2).epsilon(1e-12));
  CHECK(r.a.cwiseAbs().maxCoeff() < 1e-9);
  CHECK(r.deferrals == 2);
  int deferred = 0, retaken = 0;
  for (const cl::SolverPivot& pv : sink.pivots) {
    deferred += pv.transition == cl::PivotTransition::kDeferSingular;
    retaken += pv.transition == cl::PivotTransition::kRejectDriven;
  }
  CHECK(deferred == 2);
  CHECK(retaken == 2);
  REQUIRE(sink.solves.size() == 1);
  CHECK(sink.solves[0].solver == cl::LcpSolverKind::kComputeForcesEngine2D);
  // ComputeForces' relative test does not defer them.
  CHECK(cl::ComputeForces().solve(p).deferrals == 0);
}

TEST_CASE("compute_forces_engine2d draws a permutation of n at every choice",
          "[solver][engine2d]") {
  // Three independent contacts all pushed: three choices that drive, one that finds none
  // left: 4 permutations of 3 numbers, 12 draws.
  const LcpProblem p = problemOf(Eigen::Matrix3d::Identity(), Eigen::Vector3d(-1, -2, -3));
  cl::RandomLCG g(7), expected(7);
  cl::ComputeForcesEngine2D solver(&g);
  const LcpResult r = solver.solve(p);
  REQUIRE(r.ok());
  CHECK(r.f == Eigen::Vector3d(1, 2, 3));
  CHECK(r.order == std::vector<int>{2, 1, 0});  // the most negative a first
  expected.discard(12);
  CHECK(g.seed() == expected.seed());
}
