// contactlab-cli solve-lcp end to end.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_test_support.h"

using namespace cl::test;

namespace {

CliResult solveLcp(const std::string& args, const fs::path& dir) {
  return runCli("solve-lcp " + args, dir);
}

// The numbers of the printed line "<name>: [x, y, ...]".
std::vector<double> printedVector(const std::string& out, const std::string& name) {
  const std::size_t start = out.find("\n" + name + ": [");
  REQUIRE(start != std::string::npos);
  const std::size_t open = out.find('[', start), close = out.find(']', open);
  std::vector<double> v;
  std::istringstream in(out.substr(open + 1, close - open - 1));
  for (std::string item; std::getline(in, item, ',');) v.push_back(std::stod(item));
  return v;
}

std::string data(const std::string& name) {
  return std::string("'") + CONTACTLAB_TEST_DATA_DIR + "/lcp/" + name + "'";
}

}  // namespace

TEST_CASE("solve-lcp: the stored figure 26 problem solves", "[cli][solve_lcp]") {
  const fs::path dir = scratch("solve_lcp_figure26");
  for (const char* opts :
       {"", " --reference", " --policy min_accel", " --policy random --seed 5"}) {
    const CliResult r = solveLcp(data("figure26.json") + opts, dir);
    INFO(opts << "\n" << r.err);
    CHECK(r.exitCode == 0);
    CHECK_THAT(r.out, Catch::Contains("status: ok"));
    // f = g (1.125, 1.375, 0.5, 0.5, 1.5) with g = 9.8 (Baraff's figure 26), printed in
    // full precision: to the solver's rounding.
    const std::vector<double> f = printedVector(r.out, "f");
    const double expected[] = {1.125, 1.375, 0.5, 0.5, 1.5};
    REQUIRE(f.size() == 5);
    for (int i = 0; i < 5; ++i) CHECK(f[i] == Approx(9.8 * expected[i]).epsilon(1e-14));
    for (double a : printedVector(r.out, "a")) CHECK(std::abs(a) < 1e-13);
    CHECK_THAT(r.out, Catch::Contains("max |f_i a_i|:"));
    CHECK_THAT(r.out, Catch::Contains("max |a_j| (joints): 0"));
  }
  const CliResult csv =
      solveLcp(data("figure26.csv") + " --trace '" + (dir / "t.csv").string() + "'", dir);
  CHECK(csv.exitCode == 0);
  const std::string trace = readAll(dir / "t.csv");
  CHECK_THAT(trace, Catch::StartsWith("decision,transition,d,j,step"));
  CHECK_THAT(trace, Catch::Contains("d accepted"));
}

TEST_CASE("solve-lcp: a problem without solution exits 2 and says why", "[cli][solve_lcp]") {
  // A = [[1, -1], [-1, 1]], b = (-1, -1): y = (1, 1) has A^T y = 0 and b^T y = -2 < 0, so
  // no f >= 0 gives a >= 0; ComputeForces' failed drive finds that y and says so.
  const CliResult r = solveLcp(data("no_solution.json"), scratch("solve_lcp_nosolution"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.out, Catch::Contains("status: no-solution"));
  CHECK_THAT(r.out, Catch::Contains("reason: ") && Catch::Contains("b^T y = -2 < 0"));
  CHECK_THAT(r.out, Catch::Contains("min a (contacts): -2"));
}

TEST_CASE("solve-lcp: residuals print 0 and nan, never -0 or -nan", "[cli][solve_lcp]") {
  // Murty's problem of order 2 ([[1, 0], [2, 1]], b = -1) is solved exactly, f = (1, 0):
  // residual sums of exact zeros, some of them -0.
  const fs::path dir = scratch("solve_lcp_zero");
  {
    std::ofstream(dir / "murty.json") << R"({"format": "contactlab-lcp", "version": 1, "n": 2,
      "A": [[1, 0], [2, 1]], "b": [-1, -1], "joint": [false, false]})";
  }
  const CliResult r = solveLcp("'" + (dir / "murty.json").string() + "' --solver all", dir);
  INFO(r.out);
  CHECK_THAT(r.out, !Catch::Contains(": -0\n") && !Catch::Contains("-nan"));
  CHECK_THAT(r.out, Catch::Contains("residual (ours, / max|b|): 0\n"));
}

TEST_CASE("solve-lcp: a bad file exits 1 with a message", "[cli][solve_lcp]") {
  const fs::path dir = scratch("solve_lcp_bad");
  std::ofstream(dir / "bad.json")
      << R"({"format": "contactlab-lcp", "version": 1, "A": [[1, 2], [3]], "b": [1, 2], "joint": [false, false]})";
  const CliResult r = solveLcp("'" + (dir / "bad.json").string() + "'", dir);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("bad.json: A[1] has 1 entries but A has 2 rows"));
  std::ofstream(dir / "nan.csv") << "i,joint,b,A0\n0,0,NaN,1\n";
  const CliResult n = solveLcp("'" + (dir / "nan.csv").string() + "'", dir);
  CHECK(n.exitCode == 1);
  CHECK_THAT(n.err, Catch::Contains("nan.csv: line 2, column b: \"NaN\" is not finite"));
  const CliResult missing = solveLcp("'" + (dir / "none.json").string() + "'", dir);
  CHECK(missing.exitCode == 1);
  CHECK_THAT(missing.err, Catch::Contains("cannot open the file for reading"));
  const CliResult policy = solveLcp(data("figure26.json") + " --policy sideways", dir);
  CHECK(policy.exitCode == 1);
  CHECK_THAT(policy.err, Catch::Contains("unknown policy"));
}

TEST_CASE("solve-lcp --solver: each registered solver, or all, on figure 26", "[cli][solve_lcp]") {
  const fs::path dir = scratch("solve_lcp_solvers");
  const CliResult all = solveLcp(data("figure26.json") + " --solver all", dir);
  INFO(all.err);
  CHECK(all.exitCode == 0);  // every solver solves it
  for (const char* name : {"compute_forces", "lemke", "pgs", "fb_newton", "newton_release"}) {
    INFO(name);
    const CliResult one = solveLcp(data("figure26.json") + " --solver " + name, dir);
    REQUIRE(one.exitCode == 0);
    CHECK_THAT(one.out, Catch::Contains(std::string("solver: ") + name));
    CHECK_THAT(one.out, Catch::Contains("status: ok"));
    // The printed f and a are the solver's to the last bit (shortest round trip), so the
    // residual recomputed from them agrees with the printed one: a = A f + b with Baraff's
    // figure 26 solution f = 9.8 (1.125, 1.375, 0.5, 0.5, 1.5).
    const std::vector<double> f = printedVector(one.out, "f");
    const double expected[] = {1.125, 1.375, 0.5, 0.5, 1.5};
    REQUIRE(f.size() == 5);
    for (int i = 0; i < 5; ++i) CHECK(f[i] == Approx(9.8 * expected[i]).epsilon(1e-9));
    CHECK_THAT(all.out, Catch::Contains(std::string("solver: ") + name));
  }
  const CliResult trace = solveLcp(
      data("figure26.json") + " --solver lemke --trace '" + (dir / "l.csv").string() + "'", dir);
  CHECK(trace.exitCode == 0);
  CHECK_THAT(readAll(dir / "l.csv"), Catch::StartsWith("iteration,residual,merit,step_length"));
  const CliResult bad = solveLcp(data("figure26.json") + " --solver simplex", dir);
  CHECK(bad.exitCode == 1);
  CHECK_THAT(bad.err, Catch::Contains("unknown solver \"simplex\"") && Catch::Contains("'lemke'"));
  // A = [1 -1; -1 1] is positive semidefinite, so Lemke's ray is a certificate: y = (1, 1)
  // gives A^T y = 0 and b^T y = -2.
  const CliResult none = solveLcp(data("no_solution.json") + " --solver lemke", dir);
  CHECK(none.exitCode == 2);
  CHECK_THAT(none.out, Catch::Contains("status: no-solution"));
  CHECK_THAT(none.out, Catch::Contains("secondary ray") && Catch::Contains("certificate"));
}

TEST_CASE("compare: a folder of LCPs, the table, the CSV read back and the profile",
          "[cli][compare]") {
  const fs::path dir = scratch("compare");
  const fs::path lcps = dir / "lcps";
  fs::create_directories(lcps);
  fs::copy_file(std::string(CONTACTLAB_TEST_DATA_DIR) + "/lcp/figure26.json", lcps / "a.json");
  fs::copy_file(std::string(CONTACTLAB_TEST_DATA_DIR) + "/lcp/no_solution.json", lcps / "b.json");
  const CliResult r =
      runCli("compare '" + lcps.string() + "' --repeats 1 --csv '" + (dir / "runs.csv").string() +
                 "' --profile '" + (dir / "profile.csv").string() + "'",
             dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("2 problems"));
  // No solver solves the problem without a solution: each solves 1 of 2.
  for (const char* name :
       {"compute_forces", "compute_forces_engine2d", "lemke", "pgs", "fb_newton", "newton_release"})
    CHECK_THAT(r.out, Catch::Contains(name) && Catch::Contains("1/2"));
  // Each failure is listed with its status and reason.
  CHECK_THAT(r.out, Catch::Contains("compute_forces did not solve 1 of 2:\n  b.json (n = 2): "
                                    "no-solution: "));
  // The CSV: one row per problem and solver, with the solver's status, residual and reason.
  std::istringstream csv(readAll(dir / "runs.csv"));
  std::string line;
  std::getline(csv, line);
  CHECK(line ==
        "file,n,solver,status,solved,iterations,pivots,residual,natural_map,seconds,reason");
  int rows = 0, solved = 0;
  while (std::getline(csv, line)) {
    ++rows;
    // The reason, last, may hold commas (quoted): the ten cells before it hold none.
    std::vector<std::string> cells;
    std::istringstream in(line);
    for (std::string c; cells.size() < 10 && std::getline(in, c, ',');) cells.push_back(c);
    std::string reason;
    std::getline(in, reason);
    REQUIRE(cells.size() == 10);
    if (cells[0] == "a.json") {
      CHECK(cells[3] == "ok");
      CHECK(std::stod(cells[7]) <= 1e-9);
      CHECK(reason.empty());
    } else {
      CHECK(cells[3] != "ok");
      CHECK_FALSE(reason.empty());
    }
    solved += cells[4] == "1";
  }
  CHECK(rows == 12);  // 2 problems, 6 solvers
  CHECK(solved == 6);
  // The profile: at every tau a fraction of at most 1/2 (one problem is solved by nobody),
  // non-decreasing in tau, reaching 1/2 for every solver at the largest tau.
  const std::string profile = readAll(dir / "profile.csv");
  CHECK_THAT(profile, Catch::StartsWith("tau,compute_forces,compute_forces_engine2d,lemke,pgs,"
                                        "fb_newton,newton_release"));
  CHECK_THAT(profile, Catch::Contains("\n1000,0.5,0.5,0.5,0.5,0.5,0.5\n"));

  const CliResult empty = runCli("compare '" + dir.string() + "/nothing'", dir);
  CHECK(empty.exitCode == 1);
  fs::create_directories(dir / "bad");
  { std::ofstream(dir / "bad" / "x.json") << "{"; }
  const CliResult bad = runCli("compare '" + (dir / "bad").string() + "'", dir);
  CHECK(bad.exitCode == 1);
  CHECK_THAT(bad.err, Catch::Contains("x.json"));
}

TEST_CASE("solve-lcp: a friction problem solves by friction pivoting and its Lemke fallback",
          "[cli][solve_lcp][friction]") {
  const fs::path dir = scratch("solve_lcp_friction");
  const CliResult r = solveLcp(data("friction_pile_sliding.json"), dir);
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("n = 14 (0 joints, 9 sliding), with friction"));
  CHECK_THAT(r.out, Catch::Contains("solved by the Lemke fallback"));
  CHECK_THAT(r.out, Catch::Contains("status: ok"));
  const std::vector<double> fN = printedVector(r.out, "f_N"), fF = printedVector(r.out, "f_F");
  REQUIRE(fN.size() == 14);
  REQUIRE(fF.size() == 14);
  for (int i = 0; i < 14; ++i) {
    CHECK(fN[i] >= 0);
    CHECK(std::abs(fF[i]) <= 0.5 * fN[i] * (1 + 1e-12) + 1e-12);  // inside the cone
  }
  const CliResult other = solveLcp(data("friction_pile_sliding.json") + " --solver lemke", dir);
  CHECK(other.exitCode == 1);
  CHECK_THAT(other.err, Catch::Contains("is a friction problem"));
}

TEST_CASE("run: --lcp-dir writes a friction solve that solve-lcp solves again",
          "[cli][solve_lcp][friction]") {
  const fs::path dir = scratch("lcp_dir_friction");
  const CliResult run = runCli(
      std::string("run '") + CONTACTLAB_SCENES_DIR +
          "/stack_on_slope.json' --until 0.05 --lcp-steps 2:2 --lcp-dir '" + dir.string() + "'",
      dir);
  INFO(run.err);
  REQUIRE(run.exitCode == 0);
  const CliResult again = solveLcp("'" + (dir / "step2_solve1.json").string() + "'", dir);
  INFO(again.err);
  CHECK(again.exitCode == 0);
  // The stack's 10 corner contacts, all sticking on the 15 degree slope.
  CHECK_THAT(again.out, Catch::Contains("n = 10 (0 joints, 0 sliding), with friction"));
  CHECK_THAT(again.out, Catch::Contains("status: ok"));
  CHECK_THAT(again.out, Catch::Contains("friction sets: [C_F, C_F, C_F, C_F, C_F, C_F, C_F, "
                                        "C_F, C_F, C_F]"));
}

TEST_CASE("compare: problems from elsewhere, each failure listed with its reason",
          "[cli][compare]") {
  // tests/data/lcp/others: Murty's P-matrices (n = 8, 16), bimatrix games (2 x 2, symmetric,
  // 20 x 20), a non-symmetric zero-diagonal A with a solution, a perturbed skew-symmetric A,
  // a convex QP's KKT system and a skew-symmetric problem without a solution.
  const fs::path dir = scratch("compare_others");
  const CliResult r =
      runCli(std::string("compare '") + CONTACTLAB_TEST_DATA_DIR +
                 "/lcp/others' --repeats 1 --csv '" + (dir / "runs.csv").string() + "'",
             dir);
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("9 problems"));
  // Every listed failure: "  file (n = N): status: reason".
  std::istringstream out(r.out);
  int listed = 0;
  for (std::string line; std::getline(out, line);) {
    if (line.rfind("  ", 0) != 0 || line.find("(n = ") == std::string::npos) continue;
    ++listed;
    const std::size_t status = line.find("): ");
    REQUIRE(status != std::string::npos);
    CHECK(line.find(": ", status + 3) != std::string::npos);  // the reason after the status
  }
  CHECK(listed >= 10);
  // ComputeForces does not claim no-solution where there is one (zero_diagonal_3 has f =
  // (1, 1, 0)); it names the assumption A breaks.
  const std::string csv = readAll(dir / "runs.csv");
  CHECK_THAT(csv, !Catch::Contains("zero_diagonal_3.json,3,compute_forces,no-solution"));
  CHECK_THAT(csv, Catch::Contains("zero_diagonal_3.json,3,compute_forces,outside-assumptions"));
  CHECK_THAT(csv, Catch::Contains("game_2x2.json,4,compute_forces,outside-assumptions"));
  CHECK_THAT(csv, Catch::Contains("murty_8.json,8,lemke,ok,1,256,"));
}

TEST_CASE("solve-lcp: a Siconos numerics .dat file is read by its content and solved",
          "[cli][solve_lcp][siconos]") {
  // hand_solved.dat: A = [4 1 0; 1 3 1; 0 1 2], b = (-1, -2, 1), dense, column by column. With
  // C = {0, 1}: 4 f0 + f1 = 1 and f0 + 3 f1 = 2 give f = (1/11, 7/11, 0), a2 = 18/11.
  const fs::path dir = scratch("solve_lcp_siconos");
  const CliResult r = solveLcp(data("siconos/hand_solved.dat"), dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("n = 3 (0 joints)"));
  CHECK_THAT(r.out, Catch::Contains("status: ok"));
  const std::vector<double> f = printedVector(r.out, "f");
  REQUIRE(f.size() == 3);
  CHECK(f[0] == Approx(1.0 / 11).epsilon(1e-14));
  CHECK(f[1] == Approx(7.0 / 11).epsilon(1e-14));
  CHECK(f[2] == 0);
  // The same file under a name that says nothing of its format.
  fs::copy_file(std::string(CONTACTLAB_TEST_DATA_DIR) + "/lcp/siconos/hand_solved.dat",
                dir / "hand_solved.txt");
  const CliResult txt = solveLcp("'" + (dir / "hand_solved.txt").string() + "'", dir);
  CHECK(txt.exitCode == 0);
  CHECK(printedVector(txt.out, "f") == f);
}

TEST_CASE("solve-lcp --export: a JSON problem written as Siconos .dat solves to the same f",
          "[cli][solve_lcp][siconos]") {
  const fs::path dir = scratch("solve_lcp_export");
  const fs::path dat = dir / "figure26.dat";
  const CliResult json = solveLcp(data("figure26.json") + " --export '" + dat.string() + "'", dir);
  INFO(json.err);
  REQUIRE(json.exitCode == 0);
  CHECK_THAT(json.out, Catch::Contains("exported: " + dat.string() + " (siconos)"));
  // By its extension: Siconos' dense form, size 5, storage type 0.
  CHECK_THAT(readAll(dat), Catch::StartsWith("5\n0\n5\n5\n5\t5\n"));
  const CliResult again = solveLcp("'" + dat.string() + "'", dir);
  INFO(again.err);
  REQUIRE(again.exitCode == 0);
  // Every number round-trips to the bit, so the solve repeats to the bit: the same text.
  CHECK(printedVector(again.out, "f") == printedVector(json.out, "f"));
  CHECK(printedVector(again.out, "a") == printedVector(json.out, "a"));
  // --export-format over the extension: CSV into a .txt, read back by its content.
  const fs::path txt = dir / "figure26.txt";
  const CliResult csv =
      solveLcp(data("figure26.json") + " --export '" + txt.string() + "' --export-format csv", dir);
  REQUIRE(csv.exitCode == 0);
  CHECK_THAT(readAll(txt), Catch::StartsWith("# contactlab-lcp csv version 1\n"));
  CHECK(printedVector(solveLcp("'" + txt.string() + "'", dir).out, "f") ==
        printedVector(json.out, "f"));
}

TEST_CASE("solve-lcp --export-format siconos refuses a problem with joints, naming them",
          "[cli][solve_lcp][siconos]") {
  const fs::path dir = scratch("solve_lcp_export_joints");
  {
    std::ofstream(dir / "joint.json") << R"({"format": "contactlab-lcp", "version": 1, "n": 2,
      "A": [[2, 1], [1, 2]], "b": [-1, -1], "joint": [false, true]})";
  }
  const std::string problem = "'" + (dir / "joint.json").string() + "'";
  const CliResult r = solveLcp(
      problem + " --export '" + (dir / "joint.out").string() + "' --export-format siconos", dir);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("cannot hold joints") && Catch::Contains("row 1 is a joint"));
  CHECK_THAT(r.out, !Catch::Contains("status:"));  // refused before solving
  CHECK_FALSE(fs::exists(dir / "joint.out"));
  const CliResult byName = solveLcp(problem + " --export '" + (dir / "j.dat").string() + "'", dir);
  CHECK(byName.exitCode == 1);
  CHECK_THAT(byName.err, Catch::Contains("row 1 is a joint"));
  // The format without a file, and one that is no format.
  const CliResult alone = solveLcp(problem + " --export-format siconos", dir);
  CHECK(alone.exitCode == 1);
  CHECK_THAT(alone.err, Catch::Contains("--export-format goes with --export"));
  const CliResult bogus = solveLcp(
      problem + " --export '" + (dir / "x.dat").string() + "' --export-format fortran", dir);
  CHECK(bogus.exitCode == 1);
  CHECK_THAT(bogus.err, Catch::Contains("--export-format"));
}

TEST_CASE("compare: a folder of .json and Siconos .dat problems reads both",
          "[cli][compare][siconos]") {
  const fs::path dir = scratch("compare_siconos");
  const fs::path lcps = dir / "lcps";
  fs::create_directories(lcps);
  const std::string lcp = std::string(CONTACTLAB_TEST_DATA_DIR) + "/lcp/";
  fs::copy_file(lcp + "figure26.json", lcps / "figure26.json");
  fs::copy_file(lcp + "siconos/hand_solved.dat", lcps / "hand_solved.dat");
  fs::copy_file(lcp + "siconos/sparse_block.dat", lcps / "sparse_block.dat");
  const CliResult r = runCli("compare '" + lcps.string() + "' --solver lemke --repeats 1 --csv '" +
                                 (dir / "runs.csv").string() + "'",
                             dir);
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("3 problems"));
  const std::string csv = readAll(dir / "runs.csv");
  CHECK_THAT(csv, Catch::Contains("\nfigure26.json,5,lemke,ok,1,"));
  CHECK_THAT(csv, Catch::Contains("\nhand_solved.dat,3,lemke,ok,1,"));
  CHECK_THAT(csv, Catch::Contains("\nsparse_block.dat,4,lemke,"));
}

TEST_CASE("run --export-format: --lcp-dir's solves as Siconos .dat, those with joints left out",
          "[cli][lcp][siconos]") {
  const fs::path dir = scratch("lcp_dir_siconos");
  const fs::path lcp = dir / "lcp";
  fs::create_directories(lcp);
  // block_on_floor's first step: four contact-force solves (Runge-Kutta), no joints.
  const CliResult r = runCli("run " + scene("block_on_floor.json") + " --until 1 --lcp-dir '" +
                                 lcp.string() + "' --lcp-steps 1:1 --export-format siconos",
                             dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("4 solves of steps 1:1"));
  CHECK_THAT(r.err, !Catch::Contains("left out"));
  for (int m = 1; m <= 4; ++m) {
    const fs::path file = lcp / fmt::format("step1_solve{}.dat", m);
    INFO(file);
    REQUIRE(fs::exists(file));
    const CliResult solved = runCli("solve-lcp '" + file.string() + "'", dir);
    CHECK(solved.exitCode == 0);
    CHECK_THAT(solved.out, Catch::Contains("n = 2 (0 joints)") && Catch::Contains("status: ok"));
  }
  // pendulum_joint's first step: four solves, each of its joint's two rows, which no Siconos
  // LCP holds: none written, one note saying so.
  const fs::path joints = dir / "joints";
  fs::create_directories(joints);
  const CliResult j = runCli("run " + scene("pendulum_joint.json") + " --until 0.05 --lcp-dir '" +
                                 joints.string() + "' --lcp-steps 1:1 --export-format siconos",
                             dir);
  INFO(j.err);
  REQUIRE(j.exitCode == 0);
  CHECK_THAT(j.out, Catch::Contains("0 solves of steps 1:1"));
  CHECK_THAT(j.err, Catch::Contains("note: --export-format siconos left out 4 solves it cannot "
                                    "hold (4 with joints)"));
  CHECK(fs::is_empty(joints));
  // Without --lcp-dir the format is bad input, as --lcp-kinds is.
  const CliResult alone =
      runCli("run " + scene("block_on_floor.json") + " --until 0.1 --export-format csv", dir);
  CHECK(alone.exitCode == 1);
  CHECK_THAT(alone.err, Catch::Contains("--export-format"));
}
