// Lemke with its basis as a sparse LU (LemkeOptions::sparseBasis, detail/sparse_lemke_basis.h)
// keeps the dense tableau's rules, so where the theory fixes the path it takes the same one:
// Murty's 2^n pivots, exact arithmetic's pivots on copositive-plus problems (through many
// refactorizations of its LU), the certificate of a problem without a solution. On the stored
// degenerate contact and friction problems of runs, where rounding may part the two paths,
// each ends where the dense tableau does and its answer meets the conditions.
#include <catch2/catch.hpp>

#include "engine/solver/detail/sparse_lemke_basis.h"
#include "engine/solver/exact_lemke.h"
#include "engine/solver/friction_lemke.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/lemke.h"
#include "tests/engine/solver/friction_test_problems.h"
#include "tests/support/lemke_problems.h"

using Catch::Contains;
using namespace cl;

namespace {

LcpResult sparseLemke(const LcpProblem& p, int maxIterations = 0) {
  LcpSolverOptions options;
  options.maxIterations = maxIterations;
  return Lemke(options, {.sparseBasis = true}).solve(p);
}

// max |min(f_i, a_i)| and the most negative f or a: complementarity and feasibility.
double lcpError(const LcpProblem& p, const Eigen::VectorXd& f) {
  const Eigen::VectorXd a = p.A * f + p.b;
  double e = 0;
  for (int i = 0; i < p.size(); ++i) e = std::max(e, std::abs(std::min(f[i], a[i])));
  return e;
}

}  // namespace

TEST_CASE("Sparse Lemke takes 2^n pivots on Murty's problems", "[solver][lemke]") {
  // As the dense tableau (test_lemke_theory.cpp): every complementary basis is visited, so
  // from n = 7 on the LU is made again every 64 pivots on the way (4 096 pivots at n = 12).
  for (int n = 1; n <= 12; ++n) {
    CAPTURE(n);
    const LcpResult r = sparseLemke(murtyLcp(n), 1 << 13);
    REQUIRE(r.ok());
    CHECK(r.pivots == 1 << n);
    CHECK((r.f - Eigen::VectorXd::Unit(n, 0)).cwiseAbs().maxCoeff() < 1e-12);
  }
}

TEST_CASE("Sparse Lemke's pivots are exact arithmetic's on copositive-plus problems",
          "[solver][lemke]") {
  // The families of test_lemke_theory.cpp: dense and semidefinite-plus-skew, integer ones
  // with many equal ratios, zero-sum games (degenerate from the start), and problems with
  // no solution, whose ray must carry the certificate y = 1 or another that holds.
  RandomLCG rng(2026);
  int problems = 0, refactored = 0;
  for (const int n : {8, 24, 60}) {
    for (int k = 0; k < 3; ++k) {
      for (const LcpProblem& p :
           {psdPlusSkewLcp(n, n, rng), psdPlusSkewLcp(n, n / 4 + 1, rng, true),
            zeroSumGameLcp(n / 2, rng), infeasibleCopositivePlusLcp(n, rng)}) {
        CAPTURE(n, k, problems);
        const LcpResult r = sparseLemke(p, 100 * n);
        const ExactLemkeResult x = exactLemke(p.A, p.b, 100 * n);
        CHECK((r.ok() || r.error == LcpError::kNoSolution));
        CHECK(r.ok() == (x.end == ExactLemkeResult::End::kSolution));
        CHECK(r.pivots == x.pivots);
        if (r.ok())
          CHECK((r.f - x.z).cwiseAbs().maxCoeff() <= 1e-9 * (1 + x.z.cwiseAbs().maxCoeff()));
        else
          CHECK_THAT(r.reason, Contains("certificate"));
        refactored += r.pivots > detail::SparseLemkeBasis::kRefactorEvery;
        ++problems;
      }
    }
  }
  CHECK(problems == 36);
  CHECK(refactored > 0);
}

TEST_CASE("Sparse Lemke on stored degenerate pile problems", "[solver][lemke]") {
  // Runs' contact LCPs on which the dense tableau needed its tie rule, its support re-solve
  // or its check of a repeated basis: the sparse basis solves each that the tableau solves,
  // to the tolerance, and fails where the tableau fails.
  for (const char* name : {"pile20_degenerate.json", "pile20_repeated_basis.json",
                           "pile20_small_pivot.json", "no_solution.json", "figure26.json"}) {
    CAPTURE(name);
    const LcpFile file =
        readLcpFile(std::filesystem::path(CONTACTLAB_TEST_DATA_DIR) / "lcp" / name);
    const LcpResult dense = Lemke().solve(file.problem);
    const LcpResult sparse = sparseLemke(file.problem);
    CHECK(sparse.ok() == dense.ok());
    if (sparse.ok()) {
      const double scale = std::max(1.0, file.problem.b.cwiseAbs().maxCoeff());
      CHECK(lcpError(file.problem, sparse.f) <= 1e-8 * scale);
    }
  }
}

TEST_CASE("Friction by Lemke with a sparse basis", "[friction][lemke]") {
  // The stored friction problems of pile_10 to pile_100: each that the dense tableau solves
  // the sparse basis solves, meeting (15) and (16) within the tolerance; from its own
  // solution as the guess it takes fewer pivots than from the cold start.
  for (const char* name : {"friction_pile_sliding.json", "friction_pile20_degenerate.json",
                           "friction_pile20_sliding_1e10.json", "friction_pile50_static.json"}) {
    CAPTURE(name);
    const FrictionProblem p = test::storedFrictionProblem(name);
    const double tol = 1e-10 * std::max(1.0, p.b.cwiseAbs().maxCoeff());
    const FrictionResult dense = frictionByLemke(p, 1e-10, {.exactLastResort = false});
    const FrictionResult sparse =
        frictionByLemke(p, 1e-10, {.exactLastResort = false, .sparseBasis = true});
    CHECK(sparse.ok() == dense.ok());
    if (!sparse.ok()) continue;
    CHECK(frictionViolation(p, sparse.f, p.A * sparse.f + p.b) <= 10 * tol);
    const FrictionResult warm =
        frictionByLemke(p, 1e-10, {.exactLastResort = false, .sparseBasis = true}, sparse.f);
    REQUIRE(warm.ok());
    CHECK(frictionViolation(p, warm.f, p.A * warm.f + p.b) <= 10 * tol);
    CHECK(warm.pivots < sparse.pivots);
  }
}

TEST_CASE("Sparse Lemke solves the problem the dense tableau ended in NaN on",
          "[friction][lemke]") {
  // pile_100 with mu 0.5 at t = 3.416 (147 contacts, 30 sliding): the dense tableau's Lemke
  // ends with f and a all NaN (test_friction_not_finite.cpp). The sparse basis, made again
  // from the data every 64 pivots, ends with a solution: finite, meeting the conditions.
  const FrictionProblem p = test::storedFrictionProblem("friction_pile100_nan_lemke.json");
  const FrictionResult r =
      frictionByLemke(p, 1e-10, {.exactLastResort = false, .sparseBasis = true});
  REQUIRE(r.ok());
  CHECK(r.f.allFinite());
  CHECK(frictionViolation(p, r.f, p.A * r.f + p.b) <= 1e-9 * p.b.cwiseAbs().maxCoeff());
}
