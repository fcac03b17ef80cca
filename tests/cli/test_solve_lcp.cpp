// contactlab-cli solve-lcp end to end.
#include <catch2/catch.hpp>
#include <cmath>
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
    CHECK_THAT(r.out, Catch::Contains("error: ok (-1)"));
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
