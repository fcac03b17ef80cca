// The trace's plain data and its CSV form (engine/trace): the complementarity violation by
// its definition, and a hand-made solve written as solve_vectors.csv, read back field by field.
#include <catch2/catch.hpp>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/io/csv_field.h"
#include "engine/trace/trace_csv.h"

namespace {

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> splitFields(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, ',');) fields.push_back(field);
  return fields;
}

}  // namespace

TEST_CASE("complementarityViolation: max(0, -f, -a, min(|f|, |a|)), |a| at a joint", "[trace]") {
  Eigen::VectorXd f(5), a(5);
  f << 2, 0, -0.5, 0.3, 1;
  a << 0, 3, 0, 0.2, -0.25;
  const std::vector<bool> joint = {false, false, false, false, true};
  const Eigen::VectorXd v = cl::complementarityViolation(f, a, joint);
  CHECK(v(0) == 0);     // f > 0, a = 0: solved
  CHECK(v(1) == 0);     // f = 0, a > 0: solved
  CHECK(v(2) == 0.5);   // f < 0
  CHECK(v(3) == 0.2);   // both positive: min(|f|, |a|)
  CHECK(v(4) == 0.25);  // a joint wants a = 0, whatever its f
}

TEST_CASE("solve_vectors.csv: one row per contact, its origin first, numbers to the bit",
          "[trace][csv]") {
  cl::SolveTrace t;
  t.solve.A = Eigen::MatrixXd::Identity(2, 2);
  t.solve.b = Eigen::Vector2d(-1.0 / 3.0, 0.5);
  t.solve.f = Eigen::Vector2d(1.0 / 3.0, 0.0);
  t.solve.a = Eigen::Vector2d(0.0, 0.5);
  t.solve.joint = {false, false};
  t.context.contacts.resize(2);
  t.context.contacts[0].label = "block/floor";
  t.context.contacts[1].label = "a,b";  // a name with a comma is quoted
  std::ostringstream out;
  cl::writeSolveVectorsCsv(out, t, {.step = 7, .solve = 2});
  const std::vector<std::string> lines = splitLines(out.str());
  REQUIRE(lines.size() == 3);
  const std::vector<std::string> header = splitFields(lines[0]);
  REQUIRE(header.size() >= 12);
  CHECK(header[0] == "time_step");
  CHECK(header[1] == "solve");
  const auto column = [&](const char* name) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return i;
    FAIL("no column " << name);
    return std::size_t{0};
  };
  const std::vector<std::string> row = splitFields(lines[1]);
  CHECK(row[0] == "7");
  CHECK(row[1] == "2");
  CHECK(row[column("label")] == "block/floor");
  CHECK(std::stod(row[column("b")]) == -1.0 / 3.0);  // shortest round trip: the same double
  CHECK(std::stod(row[column("f")]) == 1.0 / 3.0);
  CHECK(std::stod(row[column("violation")]) == 0.0);
  CHECK(lines[2].find(cl::csvField("a,b")) != std::string::npos);
  CHECK(cl::csvField("a,b") == "\"a,b\"");
  CHECK(cl::csvField("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(cl::csvField("plain") == "plain");
}

TEST_CASE("Every pivot transition has one distinct name and a description", "[trace]") {
  std::set<std::string> names;
  const int count = static_cast<int>(cl::PivotTransition::kCompliant) + 1;
  CHECK(std::size(cl::kPivotTransitionTexts) == static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    const auto t = static_cast<cl::PivotTransition>(i);
    INFO(i);
    CHECK(names.insert(cl::transitionName(t)).second);
    CHECK(std::string(cl::transitionDescription(t)).size() > 20);
  }
}
