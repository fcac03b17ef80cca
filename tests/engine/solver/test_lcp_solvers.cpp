// Every registered LCP solver (engine/solver/lcp_solver.h) on LCPs whose solution is known
// by hand, on problems without a solution (a clear status, never a hang), on the random
// contact families against ComputeForces where the solution is unique, and the
// Fischer-Burmeister Newton's quadratic convergence.
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <set>
#include <string>

#include "engine/solver/detail/solver_result.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/lcp_solver.h"
#include "engine/trace/solver_trace.h"
#include "tests/support/contact_lcp_builder.h"

using cl::LcpError;
using cl::LcpProblem;
using cl::LcpResult;
using cl::LcpSolverKind;
using cl::problemOf;

namespace {

LcpResult solveWith(LcpSolverKind kind, const LcpProblem& p, cl::SolverTraceSink* sink = nullptr,
                    cl::LcpSolverOptions o = {}) {
  auto solver = cl::makeLcpSolver(kind, o);
  solver->setTraceSink(sink);
  return solver->solve(p);
}

}  // namespace

TEST_CASE("The registry lists each solver once, by name, and makes each", "[solver]") {
  std::vector<std::string> names;
  for (const auto& n : cl::kLcpSolverNames) {
    names.push_back(n.name);
    const auto solver = cl::makeLcpSolver(n.value, {});
    REQUIRE(solver);
    CHECK(solver->kind() == n.value);
    CHECK(std::string(cl::solverTitle(n.value)) != "?");
  }
  CHECK(names == std::vector<std::string>{"compute_forces", "compute_forces_engine2d", "lemke",
                                          "pgs", "fb_newton", "newton_release"});
  CHECK(cl::fromLooseName<LcpSolverKind>("FB-Newton") == LcpSolverKind::kFbNewton);
}

TEST_CASE("Every solver solves hand-built LCPs to their known solutions", "[solver]") {
  Eigen::MatrixXd A(2, 2);
  A << 2, 1, 1, 2;
  struct Case {
    const char* what;
    LcpProblem p;
    Eigen::Vector2d f;
  };
  Eigen::Vector2d bothPush(-1, -1), onePush(-2, 1), none(1, 3), jointB(1, -1);
  const Case cases[] = {
      // a = A f + b = 0 at both: f = A^-1 (1, 1) = (1/3, 1/3).
      {"both in contact", problemOf(A, bothPush), Eigen::Vector2d(1.0 / 3, 1.0 / 3)},
      // f = (1, 0): a_0 = 2 - 2 = 0, a_1 = 1 + 1 = 2 >= 0.
      {"one in contact", problemOf(A, onePush), Eigen::Vector2d(1, 0)},
      // b >= 0: no force.
      {"separating", problemOf(A, none), Eigen::Vector2d(0, 0)},
      // Row 0 a joint (a_0 = 0, f_0 free): 2 f0 + f1 + 1 = 0 and f0 + 2 f1 - 1 = 0 give
      // f = (-1, 1), a pulling joint and a pushing contact.
      {"a joint that pulls", problemOf(A, jointB, {true, false}), Eigen::Vector2d(-1, 1)},
  };
  for (const auto& n : cl::kLcpSolverNames)
    for (const Case& c : cases) {
      INFO(n.name << ": " << c.what);
      const LcpResult r = solveWith(n.value, c.p);
      CHECK(r.error == LcpError::kOk);
      REQUIRE(r.f.size() == 2);
      CHECK((r.f - c.f).cwiseAbs().maxCoeff() < 1e-9);
      CHECK((r.a - (c.p.A * c.f + c.p.b)).cwiseAbs().maxCoeff() < 1e-9);
      CHECK(r.residuals.relative() <= 1e-10);
    }
}

TEST_CASE("A degenerate LCP with many solutions ends in a valid one for every solver", "[solver]") {
  // A = 1 1^T (rank 1) with equal b: every f >= 0 with sum 1 solves it, and every ratio of
  // Lemke's first test ties. Two stacked copies of the same contact, as a tower's, are the
  // same degeneracy.
  const Eigen::MatrixXd A = Eigen::MatrixXd::Ones(4, 4);
  const Eigen::VectorXd b = -Eigen::VectorXd::Ones(4);
  for (const auto& n : cl::kLcpSolverNames) {
    INFO(n.name);
    const LcpResult r = solveWith(n.value, problemOf(A, b));
    CHECK(r.error == LcpError::kOk);
    CHECK(r.f.sum() == Approx(1.0).epsilon(1e-9));
    CHECK(r.residuals.relative() <= 1e-10);
  }
}

TEST_CASE("Lemke solves the textbook LCP on which a naive tie-break cycles", "[solver][lemke]") {
  // M = [1 2 0; 0 1 2; 2 0 1], q = (-1, -1, -1) (the degenerate example of Murty's and of
  // Cottle, Pang and Stone): every ratio ties at each pivot. Breaking ties by the first row,
  // in exact arithmetic, brings the basis {w1, z3, z0} (after z0, z3, z2, z1, z3 have entered)
  // back at the sixth pivot, forever. The one solution is z = (1/3, 1/3, 1/3), w = 0: by
  // symmetry, and M z = 3 z_i = 1.
  Eigen::MatrixXd M(3, 3);
  M << 1, 2, 0, 0, 1, 2, 2, 0, 1;
  const LcpProblem p = problemOf(M, -Eigen::Vector3d::Ones());
  cl::RecordingTraceSink sink;
  const LcpResult r = solveWith(LcpSolverKind::kLemke, p, &sink);
  REQUIRE(r.error == LcpError::kOk);
  CHECK(r.f.isApprox(Eigen::Vector3d::Constant(1.0 / 3.0), 1e-14));
  CHECK(r.a.cwiseAbs().maxCoeff() <= 1e-14);
  // No basis repeats on the way (the lexicographic test's promise), and it was pivots that
  // solved it, not the support re-solve.
  std::set<std::vector<int>> bases;
  for (const cl::SolverIteration& it : sink.iterations) {
    CHECK_FALSE(it.supportSolve);
    std::vector<int> basis = it.active;
    std::sort(basis.begin(), basis.end());
    CHECK(bases.insert(basis).second);
  }
  // Every other solver reaches it too, but PGS: M is not symmetric, and its sweeps (which
  // converge for symmetric positive definite M) do not here; it must say so, not answer.
  for (const auto& n : cl::kLcpSolverNames) {
    INFO(n.name);
    const LcpResult other = solveWith(n.value, p);
    if (n.value == LcpSolverKind::kPgs) {
      CHECK(other.error == LcpError::kIterationLimit);
      continue;
    }
    REQUIRE(other.ok());
    CHECK(other.f.isApprox(Eigen::Vector3d::Constant(1.0 / 3.0), 1e-9));
  }
}

TEST_CASE("LCPs without a solution end in a clear status, never a hang or a false success",
          "[solver]") {
  // a = -f - 1 < 0 for every f >= 0.
  Eigen::MatrixXd neg(1, 1);
  neg << -1;
  const LcpProblem none = problemOf(neg, Eigen::VectorXd::Constant(1, -1.0));
  // Two contacts pushing against each other: a_0 = f_1 - 1... with A = [[0, -1], [-1, 0]]
  // and b = (-1, -1): a_0 = -f_1 - 1 < 0 always.
  Eigen::MatrixXd cross(2, 2);
  cross << 0, -1, -1, 0;
  const LcpProblem crossed = problemOf(cross, Eigen::Vector2d(-1, -1));
  for (const auto& n : cl::kLcpSolverNames)
    for (const LcpProblem* p : {&none, &crossed}) {
      INFO(n.name << " n = " << p->size());
      const LcpResult r = solveWith(n.value, *p);
      CHECK(r.error != LcpError::kOk);
      CHECK(r.error != LcpError::kBadInput);
    }
  // Lemke's ray there is a certificate, y = 1: A^T y = -1 <= 0 and b^T y = -1 < 0.
  CHECK(solveWith(LcpSolverKind::kLemke, none).error == LcpError::kNoSolution);
}

TEST_CASE("Lemke solves the tridiagonal LCP in n + 1 pivots to its known solution",
          "[solver][lemke]") {
  // A = tridiag(-1, 2, -1), b = -1: every contact pushes, f solves A f = 1, which is
  // f_i = i (n + 1 - i) / 2 (i from 1): a second difference of -1 with f_0 = f_{n+1} = 0.
  const int n = 40;
  Eigen::MatrixXd A = 2 * Eigen::MatrixXd::Identity(n, n);
  for (int i = 0; i + 1 < n; ++i) A(i, i + 1) = A(i + 1, i) = -1;
  const LcpResult r = solveWith(LcpSolverKind::kLemke, problemOf(A, -Eigen::VectorXd::Ones(n)));
  CHECK(r.ok());
  CHECK(r.pivots == n + 1);  // z0 in, each z_i in for w_i, z0 out
  for (int i = 0; i < n; ++i) {
    const double want = (i + 1) * (n - i) / 2.0;
    CHECK(r.f[i] == Approx(want).epsilon(1e-12));
  }
}

TEST_CASE("A solve that stops at its iteration limit says which limit it was", "[solver]") {
  // PGS needs many sweeps on this coupled 2 x 2; three are allowed.
  Eigen::MatrixXd A(2, 2);
  A << 1, 0.99, 0.99, 1;
  const LcpProblem p = problemOf(A, Eigen::Vector2d(-1, -1));
  cl::LcpSolverOptions three;
  three.maxIterations = 3;
  const LcpResult r = solveWith(LcpSolverKind::kPgs, p, nullptr, three);
  CHECK(r.error == LcpError::kIterationLimit);
  CHECK(r.iterations == 3);
  CHECK(r.reason == "stopped at its limit of 3 iterations (as asked)");
  // The default limit is cut by the work bound of a solve where iterations are costly (a
  // pivot of a tableau at the row limit, a factorization), and the reason says so.
  const cl::detail::SolveRun run(p, LcpSolverKind::kLemke, {}, nullptr);
  CHECK(run.maxIterations(100, 1e3) == 100);
  CHECK(run.maxIterations(100, cl::detail::kSolveWorkBound / 40) == 40);
  const LcpResult cut = run.finish(Eigen::Vector2d::Zero(), LcpError::kIterationLimit, 40);
  CHECK_THAT(cut.reason, Catch::StartsWith("stopped at its limit of 40 iterations: the default "
                                           "limit cut to the work bound of a solve") &&
                             Catch::Contains("--max-iterations allows more"));
  CHECK(run.maxIterations(100, 1e300) == 1);
  // A limit asked for is never cut.
  const cl::detail::SolveRun asked(p, LcpSolverKind::kLemke, three, nullptr);
  CHECK(asked.maxIterations(100, 1e300) == 3);
  CHECK(solveWith(LcpSolverKind::kLemke, p).reason.empty());  // solved: nothing to explain
}

TEST_CASE("A problem that does not fit is bad input for every solver", "[solver]") {
  LcpProblem p = problemOf(Eigen::MatrixXd::Identity(2, 2), Eigen::Vector2d(-1, std::nan("")));
  for (const auto& n : cl::kLcpSolverNames) {
    INFO(n.name);
    CHECK(solveWith(n.value, p).error == LcpError::kBadInput);
  }
}

TEST_CASE("Fischer-Burmeister Newton converges quadratically on a positive-definite LCP",
          "[solver][fb_newton]") {
  cl::RandomLCG rng(7);
  const int n = 20;
  Eigen::MatrixXd R(n, n);
  Eigen::VectorXd b(n);
  for (int i = 0; i < n; ++i) {
    b[i] = rng.nextFloat() - 0.6;
    for (int j = 0; j < n; ++j) R(i, j) = rng.nextFloat() - 0.5;
  }
  const Eigen::MatrixXd A = R * R.transpose() + Eigen::MatrixXd::Identity(n, n);
  const LcpProblem p = problemOf(A, b);
  cl::RecordingTraceSink sink;
  const LcpResult r = solveWith(LcpSolverKind::kFbNewton, p, &sink);
  REQUIRE(r.error == LcpError::kOk);
  // The unique solution, from ComputeForces.
  const LcpResult exact = solveWith(LcpSolverKind::kComputeForces, p);
  REQUIRE(exact.ok());
  CHECK((r.f - exact.f).cwiseAbs().maxCoeff() < 1e-8);
  // Errors per iterate; near the solution each is at most a modest multiple of the square
  // of the one before (a linear method would shrink it by a constant factor only).
  std::vector<double> e;
  for (const cl::SolverIteration& it : sink.iterations) e.push_back((it.f - exact.f).norm());
  REQUIRE(e.size() >= 3);
  CHECK(e.size() <= 30);
  int quadratic = 0;
  for (std::size_t k = 0; k + 1 < e.size(); ++k)
    if (e[k] < 1e-2 && e[k + 1] > 1e-13) {
      CHECK(e[k + 1] <= 10 * e[k] * e[k]);
      ++quadratic;
    }
  CHECK(quadratic >= 1);
}

TEST_CASE("Every solver agrees with ComputeForces where the solution is unique",
          "[solver][families]") {
  cl::RandomLCG rng(11);
  int unique = 0;
  for (cl::LcpFamily family : {cl::LcpFamily::kTower, cl::LcpFamily::kPyramid,
                               cl::LcpFamily::kLeaningChain, cl::LcpFamily::kJointChain})
    for (int size : {4, 8, 16})
      for (int trial = 0; trial < 3; ++trial) {
        const LcpProblem p = cl::randomContactLcp(family, size, rng, 0.3);
        // Unique when A is positive definite.
        const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(p.A);
        if (!(eig.eigenvalues().minCoeff() > 1e-6 * eig.eigenvalues().maxCoeff())) continue;
        ++unique;
        const LcpResult exact = solveWith(LcpSolverKind::kComputeForces, p);
        REQUIRE(exact.ok());
        const double scale = std::max(1.0, exact.f.cwiseAbs().maxCoeff());
        for (const auto& n : cl::kLcpSolverNames) {
          INFO(cl::familyName(family) << " n = " << p.size() << " " << n.name);
          cl::LcpSolverOptions o;
          o.maxIterations = n.value == LcpSolverKind::kPgs ? 100000 : 0;
          const LcpResult r = solveWith(n.value, p, nullptr, o);
          if (n.value == LcpSolverKind::kNewtonRelease && r.error == LcpError::kCycling) continue;
          CHECK(r.error == LcpError::kOk);
          CHECK((r.f - exact.f).cwiseAbs().maxCoeff() <= 1e-6 * scale);
        }
      }
  CHECK(unique >= 6);
}

TEST_CASE("Each solver traces its iterations and the solve", "[solver][trace]") {
  Eigen::MatrixXd A(2, 2);
  A << 2, 1, 1, 2;
  const LcpProblem p = problemOf(A, Eigen::Vector2d(-1, -1));
  for (const auto& n : cl::kLcpSolverNames) {
    INFO(n.name);
    cl::RecordingTraceSink sink;
    const LcpResult r = solveWith(n.value, p, &sink);
    REQUIRE(sink.solves.size() == 1);
    CHECK(sink.solves[0].solver == n.value);
    CHECK(sink.solves[0].iterations == r.iterations);
    CHECK(sink.solves[0].f == r.f);
    if (n.value == LcpSolverKind::kComputeForces ||
        n.value == LcpSolverKind::kComputeForcesEngine2D)
      CHECK(static_cast<int>(sink.pivots.size()) >= r.pivots);
    else
      CHECK(static_cast<int>(sink.iterations.size()) >= r.iterations);
    if (!sink.iterations.empty()) CHECK(sink.iterations.back().f == r.f);
  }
}

TEST_CASE("A degenerate pile LCP: Lemke solves it, and no solver claims a wrong answer",
          "[solver][lemke]") {
  // A contact-force LCP of pile_20 (step 178, n = 56, A of low rank, many b_i equal): the
  // first version of our Lemke, which called ratios within 1e-12 of each other tied,
  // repeated a basis on it after 53 pivots; the exact lexicographic test does not.
  const cl::LcpFile file =
      cl::readLcpFile(std::string(CONTACTLAB_TEST_DATA_DIR) + "/lcp/pile20_degenerate.json");
  const LcpProblem& p = file.problem;
  REQUIRE(p.size() == 56);
  const LcpResult lemke = solveWith(LcpSolverKind::kLemke, p);
  CHECK(lemke.error == LcpError::kOk);
  CHECK(lemke.residuals.relative() <= 1e-10);
  CHECK(solveWith(LcpSolverKind::kComputeForces, p).ok());
  for (const auto& n : cl::kLcpSolverNames) {
    INFO(n.name);
    const LcpResult r = solveWith(n.value, p);
    if (r.ok())
      CHECK(r.residuals.relative() <= 1e-10);  // success is never claimed wrongly
    else
      CHECK(r.error != LcpError::kBadInput);
  }
}

TEST_CASE("Lemke on pile LCPs where rounding, not the problem, stood in its way",
          "[solver][lemke]") {
  const auto read = [](const char* name) {
    return cl::readLcpFile(std::string(CONTACTLAB_TEST_DATA_DIR) + "/lcp/" + name).problem;
  };
  SECTION("a pivot entry that is rounding of its column's large entries is not taken") {
    // pile_20 step 187, n = 63: with only the absolute pivot tolerance, pivot 44 took an
    // entry of 1.6e-6 in a column of entries near 10; two pivots later the right-hand side
    // was negative and the basis repeated, with f_57 = -3.56 and a residual of 1.43.
    const LcpProblem p = read("pile20_small_pivot.json");
    REQUIRE(p.size() == 63);
    cl::RecordingTraceSink sink;
    const LcpResult r = solveWith(LcpSolverKind::kLemke, p, &sink);
    CHECK(r.error == LcpError::kOk);
    CHECK(r.residuals.relative() <= 1e-10);
    CHECK(r.f.minCoeff() >= 0);
  }
  SECTION("a basis that rounding brought back near the end no longer comes back") {
    // pile_20 step 257, n = 70: the basis repeated after 99 pivots with z0 nearly 0 and a
    // residual of 3.5e-10, and only a re-solve on the iterate's support made it a solution.
    // With the tableau recomputed from the data when its rounding shows, no basis repeats:
    // the pivots end with z0 leaving, without a re-solve or exact arithmetic. (Exact
    // arithmetic on these doubles takes 111 pivots, not 85: A is singular only to rounding,
    // and exact ratios differ where floating point sees ties.)
    const LcpProblem p = read("pile20_repeated_basis.json");
    REQUIRE(p.size() == 70);
    cl::RecordingTraceSink sink;
    const LcpResult r = solveWith(LcpSolverKind::kLemke, p, &sink);
    CHECK(r.error == LcpError::kOk);
    CHECK(r.residuals.relative() <= 1e-10);
    CHECK_FALSE(r.exactArithmetic);
    REQUIRE_FALSE(sink.iterations.empty());
    CHECK_FALSE(sink.iterations.back().supportSolve);
    const LcpResult reference = solveWith(LcpSolverKind::kComputeForces, p);
    REQUIRE(reference.ok());
    CHECK((r.a - reference.a).cwiseAbs().maxCoeff() <= 1e-9 * p.b.cwiseAbs().maxCoeff());
  }
}
