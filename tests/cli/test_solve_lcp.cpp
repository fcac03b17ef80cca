// contactlab-cli solve-lcp end to end.
#include <catch2/catch.hpp>
#include <string>

#include "cli_test_support.h"

using namespace cl::test;

namespace {

CliResult solveLcp(const std::string& args, const fs::path& dir) {
  return runCli("solve-lcp " + args, dir);
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
    CHECK_THAT(r.out, Catch::Contains("error: ok (-1)"));
    // f = g (1.125, 1.375, 0.5, 0.5, 1.5) with g = 9.8.
    CHECK_THAT(r.out, Catch::Contains("f: [11.025, 13.475, 4.9, 4.9, 14.7]"));
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

TEST_CASE("solve-lcp: a problem without solution exits 2", "[cli][solve_lcp]") {
  const CliResult r = solveLcp(data("no_solution.json"), scratch("solve_lcp_nosolution"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.out, Catch::Contains("error: infinite-loop"));
  CHECK_THAT(r.out, Catch::Contains("min a (contacts): -2"));
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
  CHECK_THAT(missing.err, Catch::Contains("cannot be opened"));
  const CliResult policy = solveLcp(data("figure26.json") + " --policy sideways", dir);
  CHECK(policy.exitCode == 1);
  CHECK_THAT(policy.err, Catch::Contains("unknown policy"));
}
