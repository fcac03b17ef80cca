// LCP files: JSON and CSV round trips, and every kind of bad file refused with a message
// naming the file and the place.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "engine/solver/compute_forces.h"
#include "engine/solver/lcp_file.h"
#include "tests/support/contact_lcp_builder.h"
#include "tests/support/scratch_dir.h"

using namespace cl;
namespace fs = std::filesystem;

namespace {

// A fresh, empty scratch directory per test.
fs::path scratch(const std::string& name) {
  return cl::testing::scratchDir("lcp_file_" + name);
}

LcpProblem sample() {
  RandomLCG rng(99);
  LcpProblem p = randomContactLcp(LcpFamily::kJointChain, 7, rng, 1e-6);
  p.preOrder = {2, 0, 1};
  return p;
}

std::string errorOf(const std::string& text, bool csv = false) {
  try {
    if (csv)
      parseLcpCsv(text, "bad.csv");
    else
      parseLcpJson(text, "bad.json");
  } catch (const LcpFileError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("LCP file: JSON round trip is exact, with result and trace", "[lcp_file]") {
  const LcpProblem p = sample();
  ComputeForces cf;
  RecordingTraceSink sink;
  cf.setTraceSink(&sink);
  const LcpResult r = cf.solve(p);
  REQUIRE(r.ok());
  const fs::path path = scratch("json") / "p.json";
  writeLcpJson(path, p, &r, &sink.pivots);
  const LcpFile back = readLcpFile(path);
  CHECK(back.problem.A == p.A);
  CHECK(back.problem.b == p.b);
  CHECK(back.problem.joint == p.joint);
  CHECK(back.problem.preOrder == p.preOrder);
  REQUIRE(back.result);
  CHECK(back.result->f == r.f);
  CHECK(back.result->a == r.a);
  CHECK(back.result->pivots == r.pivots);
  CHECK(back.result->error == LcpError::kOk);
  // The stored problem solves to the same bits.
  const LcpResult again = ComputeForces().solve(back.problem);
  CHECK(again.f == r.f);
}

TEST_CASE("LCP file: CSV round trip is exact", "[lcp_file]") {
  LcpProblem p = sample();
  p.preOrder.clear();  // CSV does not store a pre-order
  const LcpResult r = ComputeForces().solve(p);
  const fs::path dir = scratch("csv");
  writeLcpCsv(dir / "p.csv", p, &r);
  const LcpFile back = readLcpFile(dir / "p.csv");
  CHECK(back.problem.A == p.A);
  CHECK(back.problem.b == p.b);
  CHECK(back.problem.joint == p.joint);
  REQUIRE(back.result);
  CHECK(back.result->f == r.f);
  writeLcpCsv(dir / "q.csv", p);
  CHECK_FALSE(readLcpFile(dir / "q.csv").result);
}

TEST_CASE("LCP file: the stored figure 26 problem reads in both formats", "[lcp_file]") {
  const fs::path dir = fs::path(CONTACTLAB_TEST_DATA_DIR) / "lcp";
  const LcpFile j = readLcpFile(dir / "figure26.json");
  const LcpFile c = readLcpFile(dir / "figure26.csv");
  CHECK(j.problem.A == c.problem.A);
  CHECK(j.problem.b == c.problem.b);
  CHECK(j.problem.size() == 5);
  const LcpResult r = ComputeForces().solve(j.problem);
  CHECK(r.ok());
  CHECK(r.f[4] == Approx(1.5 * 9.8).epsilon(1e-12));
}

TEST_CASE("LCP file: trace CSV has one row per decision", "[lcp_file]") {
  ComputeForces cf;
  RecordingTraceSink sink;
  cf.setTraceSink(&sink);
  cf.solve(sample());
  const std::string csv = traceToCsv(sink.pivots);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == static_cast<long>(sink.pivots.size()) + 1);
  CHECK(csv.rfind("decision,transition,d,j,step,step_taken,zero_step,C,NC,R,reRejects,f0,", 0) ==
        0);
}

TEST_CASE("LCP file: bad JSON files are refused with what and where", "[lcp_file]") {
  const std::string head = R"({"format": "contactlab-lcp", "version": 1, )";
  CHECK_THAT(errorOf("{"), Catch::Contains("bad.json: not valid JSON"));
  CHECK_THAT(errorOf(R"({"format": "x", "version": 1})"), Catch::Contains("\"format\""));
  CHECK_THAT(errorOf(R"({"format": "contactlab-lcp", "version": 7})"),
             Catch::Contains("version 7 is not supported"));
  CHECK_THAT(errorOf(head + R"("A": [[1, 2]], "b": [1], "joint": [false]})"),
             Catch::Contains("A[0] has 2 entries but A has 1 rows: A must be square"));
  CHECK_THAT(errorOf(head + R"("A": [[1]], "b": [1, 2], "joint": [false]})"),
             Catch::Contains("\"b\" has 2 entries, expected 1"));
  CHECK_THAT(errorOf(head + R"("A": [[1]], "b": [1], "joint": [false, true]})"),
             Catch::Contains("\"joint\" has 2 entries, expected 1"));
  CHECK_THAT(errorOf(head + R"("A": [["x"]], "b": [1], "joint": [false]})"),
             Catch::Contains("A[0][0] is not a number (string)"));
  CHECK_THAT(errorOf(head + R"("A": [[1]], "b": [1e999], "joint": [false]})"),
             Catch::Contains("bad.json: not readable JSON"));
  CHECK_THAT(errorOf(head + R"("A": [[1]], "b": [null], "joint": [false]})"),
             Catch::Contains("b[0] is not a number"));
  CHECK_THAT(errorOf(head + R"("A": [[1]], "b": [1], "joint": [1]})"),
             Catch::Contains("joint[0] is not true or false"));
  CHECK_THAT(errorOf(head + R"("A": [[1]], "b": [1], "joint": [false], "preOrder": [3]})"),
             Catch::Contains("preOrder[0] = 3 is out of range"));
  CHECK_THAT(errorOf(head + R"("A": [[1]], "b": [1], "joint": [false], "result": {"f": [1]}})"),
             Catch::Contains("\"a\" is missing"));
  CHECK_THAT(errorOf(head + R"("n": 2, "A": [[1]], "b": [1], "joint": [false]})"),
             Catch::Contains("\"n\" is 2 but A has 1 rows"));
  // The guarded JSON reader of every file: a repeated key is refused where it is, and a
  // value nested 70 000 levels deep is refused without overflowing the stack.
  CHECK_THAT(errorOf(head + R"("A": [[1]], "b": [1], "b": [2], "joint": [false]})"),
             Catch::Contains("not readable JSON: /b: field 'b' appears more than once"));
  const std::string deep = head + R"("x": )" + std::string(70000, '[') + std::string(70000, ']') +
                           R"(, "A": [[1]], "b": [-1], "joint": [false]})";
  CHECK_THAT(errorOf(deep), Catch::Contains("nested more than 64 levels deep"));
}

TEST_CASE("LCP file: integers out of range and unknown keys are refused, not wrapped or ignored",
          "[lcp_file]") {
  const std::string head = R"({"format": "contactlab-lcp", )";
  const std::string one = R"("A": [[1]], "b": [-1], "joint": [false])";
  // 2^32 + 1 read as an int is 1, and 2^32 is 0: both were accepted.
  CHECK_THAT(errorOf(head + R"("version": 4294967297, )" + one + "}"),
             Catch::Contains("version 4294967297 is not supported"));
  CHECK_THAT(errorOf(head + R"("version": -1, )" + one + "}"),
             Catch::Contains("version -1 is not supported"));
  const std::string v1 = head + R"("version": 1, )" + one;
  CHECK_THAT(errorOf(v1 + R"(, "preOrder": [4294967296]})"),
             Catch::Contains("preOrder[0] = 4294967296 is out of range"));
  CHECK_THAT(errorOf(v1 + R"(, "result": {"f": [1], "a": [0], "errorCode": 4294967299}})"),
             Catch::Contains("result.errorCode = 4294967299 is out of range"));
  CHECK_THAT(errorOf(v1 + R"(, "result": {"f": [1], "a": [0], "errorCode": 0}})"),
             Catch::Contains("result.errorCode 0 is no error this build knows"));
  CHECK_THAT(errorOf(v1 + R"(, "result": {"f": [1], "a": [0], "pivots": -3}})"),
             Catch::Contains("result.pivots = -3 is out of range"));
  // A misspelt key was ignored; now it is named. A long one is cut short in the message.
  CHECK_THAT(errorOf(v1 + R"(, "preorder": [0]})"), Catch::Contains("unknown key \"preorder\""));
  CHECK_THAT(errorOf(v1 + R"(, "result": {"f": [1], "a": [0], "pivot": 2}})"),
             Catch::Contains("unknown key \"pivot\" in \"result\""));
  const std::string huge = errorOf(v1 + ", \"" + std::string(1 << 20, 'k') + "\": 1}");
  CHECK_THAT(huge, Catch::Contains("... (1048576 characters)"));
  CHECK(huge.size() < 200);
}

TEST_CASE("LCP file: bad CSV files are refused with line and column", "[lcp_file]") {
  CHECK_THAT(errorOf("", true), Catch::Contains("bad.csv: no header line"));
  CHECK_THAT(errorOf("i,joint,b,A0,A1\n0,0,1,1,0\n", true),
             Catch::Contains("A has 2 columns but 1 rows: A must be square"));
  CHECK_THAT(errorOf("i,joint,b,A0\n0,0,1\n", true),
             Catch::Contains("line 2: 3 fields, expected 4"));
  CHECK_THAT(errorOf("i,joint,b,A0\n0,0,nan,1\n", true),
             Catch::Contains("line 2, column b: \"nan\" is not finite"));
  CHECK_THAT(errorOf("i,joint,b,A0\n0,0,1,abc\n", true),
             Catch::Contains("line 2, column A0: \"abc\" is not a number"));
  CHECK_THAT(errorOf("i,joint,b,A0\n0,2,1,1\n", true),
             Catch::Contains("column joint: \"2\" is not 0 or 1"));
  CHECK_THAT(errorOf("i,joint,b,A0,x\n0,0,1,1,2\n", true), Catch::Contains("column 5 is \"x\""));
}

TEST_CASE("LCP file: more rows than kMaxLcpRows are refused before A is built", "[lcp_file]") {
  static_assert(kMaxLcpRows == 2000);
  // CSV: the header alone names 2001 columns (a 256 MB file of them took 8 GB to read).
  std::string header = "i,joint,b";
  for (std::size_t c = 0; c <= kMaxLcpRows; ++c) header += ",A" + std::to_string(c);
  CHECK_THAT(
      errorOf(header + "\n", true),
      Catch::Contains("line 1: A has 2001 columns, more than the 2000 an LCP file may hold"));
  // JSON: 2001 rows, each empty.
  std::string rows;
  for (std::size_t r = 0; r <= kMaxLcpRows; ++r) rows += r ? ",[]" : "[]";
  CHECK_THAT(
      errorOf(R"({"format": "contactlab-lcp", "version": 1, "A": [)" + rows + R"(], "b": []})"),
      Catch::Contains("A has 2001 rows, more than the 2000 an LCP file may hold"));
}

TEST_CASE("LCP file: a missing file is an LcpFileError naming it", "[lcp_file]") {
  CHECK_THROWS_WITH(readLcpFile("/nonexistent/p.json"),
                    Catch::Contains("/nonexistent/p.json: cannot open the file for reading"));
}

TEST_CASE("LCP file: a friction problem round-trips with its result, and bad ones are refused",
          "[lcp_file][friction]") {
  FrictionProblem p;
  p.A.resize(4, 4);
  p.A << 2, 0.5, 0.25, -1, 0.5, 3, 0.125, 1e-17, 0.25, 0.125, 1, 0, -1, 1e-17, 0, 1.5;
  p.b = Eigen::Vector4d(-9.8, 0.1, 1.0 / 3, -2);
  p.mu = {0.5, 0.25};
  p.slide = {0, -1};
  p.joint = {false, false};
  const FrictionResult r = computeFrictionForces(p);
  const std::string text = frictionToJson(p, &r);
  const LcpFile back = parseLcpJson(text, "f.json");
  REQUIRE(back.friction);
  CHECK(back.friction->A == p.A);
  CHECK(back.friction->b == p.b);
  CHECK(back.friction->mu == p.mu);
  CHECK(back.friction->slide == p.slide);
  CHECK(back.problem.A == p.A.topLeftCorner(2, 2));  // the frictionless normal block
  REQUIRE(back.frictionResult);
  CHECK(back.frictionResult->f == r.f);
  CHECK(frictionToJson(*back.friction) == frictionToJson(p));

  const auto refused = [&](const std::string& from, const std::string& to) {
    std::string bad = text;
    const std::size_t at = bad.find(from);
    REQUIRE(at != std::string::npos);
    bad.replace(at, from.size(), to);
    try {
      parseLcpJson(bad, "f.json");
    } catch (const LcpFileError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(refused("\"mu\": [0.5,0.25]", "\"mu\": [0.5,-0.25]") ==
        "f.json: a friction coefficient must be finite and >= 0, got -0.25");
  CHECK(refused("\"slide\": [0,-1]", "\"slide\": [0,18446744073709551615]") ==
        "f.json: slide[1] is not -1, 0 or 1");
  CHECK(refused("\"mu\": [0.5,0.25]", "\"mu\": [0.5]") ==
        "f.json: \"mu\" has 1 entries, expected 2");
  CHECK(refused("\"n\": 2", "\"n\": 4") ==
        "f.json: \"n\" is 4 but A has 4 rows (2 contacts with friction)");
}
