// contactlab-cli and collisions: the counters in the summary, --waypoints and --events,
// and a stuck run that fails with its waypoints kept.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_test_support.h"

using namespace cl::test;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("run: collisions are counted and every waypoint written", "[cli][collisions]") {
  const fs::path dir = scratch("waypoints");
  const fs::path csv = dir / "waypoints.csv";
  // engine2D's test1_0: one back-up, both corners handled at once, 82 integrator steps.
  const CliResult r = runCli(
      "run " + scene("ref_one_hits_wall.json") + " --until 2 --waypoints '" + csv.string() + "'",
      dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("collisions 2") && Catch::Contains("back-ups 1") &&
                        Catch::Contains("ode steps 82"));
  const auto rows = lines(readAll(csv));
  REQUIRE(rows.size() > 80 * 6);
  CHECK(rows[0].rfind("step,waypoint,name,time,step_size", 0) == 0);
  int pre = 0, post = 0;
  for (const std::string& row : rows) {
    // Every row has the header's 24 columns (no field here holds a comma).
    CHECK(std::count(row.begin(), row.end(), ',') == 23);
    pre += row.find(",PRE_COLLISION,") != std::string::npos;
    // Each of the two handled corners gets a row with its impulse.
    if (row.find(",POST_COLLISION,") != std::string::npos) ++post;
  }
  CHECK(pre == 2);  // the two corner collisions, one row each
  CHECK(post == 2);
}

TEST_CASE("run: --waypoints-backups and a time range narrow the waypoints written",
          "[cli][collisions]") {
  // pile_10's first 3 s: thousands of waypoint rows; of them, only the back-ups' between
  // 1 and 2 s.
  const fs::path dir = scratch("waypoints_filter");
  const fs::path all = dir / "all.csv", some = dir / "some.csv";
  REQUIRE(
      runCli("run " + scene("pile_10.json") + " --until 3 --waypoints '" + all.string() + "'", dir)
          .exitCode == 0);
  const CliResult r =
      runCli("run " + scene("pile_10.json") + " --until 3 --waypoints '" + some.string() +
                 "' --waypoints-backups --waypoints-from 1 --waypoints-until 2",
             dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const auto rows = lines(readAll(some));
  const auto allRows = lines(readAll(all));
  REQUIRE(rows.size() > 10);
  CHECK(rows.size() * 4 < allRows.size());
  CHECK(rows[0] == allRows[0]);  // the same header
  std::size_t expected = 0;
  for (std::size_t i = 1; i < allRows.size(); ++i) {
    std::vector<std::string> f;
    std::istringstream in(allRows[i]);
    for (std::string cell; std::getline(in, cell, ',');) f.push_back(cell);
    const double t = std::stod(f[3]);
    const bool backup = f[2] == "PRE_COLLISION" || f[2] == "ADVANCE_SIM_COLLIDING" ||
                        f[2] == "ADVANCE_SIM_FAIL" || f[2] == "MAYBE_STUCK" || f[2] == "STUCK";
    if (backup && t >= 1 && t <= 2) {
      // Every such row of the full file is in the narrow one, in order.
      REQUIRE(expected + 1 < rows.size());
      CHECK(rows[++expected] == allRows[i]);
    }
  }
  CHECK(expected + 1 == rows.size());  // and nothing else
}

TEST_CASE("run: --events prints the waypoints as they happen", "[cli][collisions]") {
  const fs::path dir = scratch("events");
  const CliResult r = runCli("run " + scene("ref_one_hits_wall.json") + " --until 1 --events", dir);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("START") && Catch::Contains("PRE_COLLISION") &&
                        Catch::Contains("NEXT_STEP_ESTIMATE") && Catch::Contains("FINISH"));
}

TEST_CASE("run: a stuck collision exits 2 and keeps the waypoints", "[cli][collisions]") {
  const fs::path dir = scratch("stuck");
  // A block that starts sunk into the floor can never be backed up out of it.
  std::ofstream(dir / "sunk.json") << R"({
    "format": "contactlab-scene", "version": 3,
    "bodies": [{"name": "floor", "shape": "wall", "width": 10, "height": 1, "position": [0, -0.5]},
               {"name": "sunk", "shape": "block", "width": 1, "height": 1, "position": [0, 0.4]}],
    "forces": [{"kind": "gravity", "g": 9.8}]
  })";
  const fs::path csv = dir / "w.csv";
  const fs::path state = dir / "final.json";
  const CliResult r = runCli("run '" + (dir / "sunk.json").string() + "' --until 1 --waypoints '" +
                                 csv.string() + "' --final-state '" + state.string() + "'",
                             dir);
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.err, Catch::Contains("stuck") && Catch::Contains("'sunk' on 'floor'"));
  CHECK_FALSE(fs::exists(state));
  REQUIRE(fs::exists(csv));
  CHECK_THAT(readAll(csv), Catch::Contains(",STUCK,"));
}
