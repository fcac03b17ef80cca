// contactlab-cli and the warm start of the contact-force solves: the summary's "solves"
// line, --no-warm-start, and the scene's warm_start setting.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <string>

#include "cli_test_support.h"

using namespace cl::test;

namespace {

// The counts of the summary's "solves" line.
struct SolveLine {
  long long solves = 0, pivots = 0, warm = 0, warmPivots = 0, coldRestarts = 0;
  std::string warmStart;  // "on" or "off"
};

std::optional<SolveLine> solveLine(const std::string& out) {
  static const std::regex line(
      R"(\nsolves +contact-force solves (\d+) +pivots (\d+) +worst violation \S+ +warm (\d+) +)"
      R"(warm \+ pivots (\d+) +cold restarts (\d+) +\(warm start (on|off)\)\n)");
  std::smatch m;
  if (!std::regex_search(out, m, line)) return std::nullopt;
  return SolveLine{std::stoll(m[1]), std::stoll(m[2]), std::stoll(m[3]),
                   std::stoll(m[4]), std::stoll(m[5]), m[6]};
}

nlohmann::json finalState(const fs::path& p) {
  return nlohmann::json::parse(readAll(p));
}

}  // namespace

TEST_CASE("run: the summary counts warm-started solves, none with --no-warm-start",
          "[cli][warm_start]") {
  const fs::path dir = scratch("warm_start");
  const fs::path warmState = dir / "warm.json", coldState = dir / "cold.json";
  const CliResult warm = runCli("run " + scene("stack_of_three.json") +
                                    " --until 1 --final-state '" + warmState.string() + "'",
                                dir);
  INFO(warm.out << warm.err);
  REQUIRE(warm.exitCode == 0);
  const auto w = solveLine(warm.out);
  REQUIRE(w);
  CHECK(w->warmStart == "on");
  CHECK(w->solves > 0);
  // A resting stack: after the first solve the same contacts carry the force every time.
  CHECK(w->warm > 0);
  CHECK(w->warm + w->warmPivots + w->coldRestarts <= w->solves);

  const CliResult cold =
      runCli("run " + scene("stack_of_three.json") + " --until 1 --no-warm-start --final-state '" +
                 coldState.string() + "'",
             dir);
  INFO(cold.out << cold.err);
  REQUIRE(cold.exitCode == 0);
  const auto c = solveLine(cold.out);
  REQUIRE(c);
  CHECK(c->warmStart == "off");
  CHECK(c->warm == 0);
  CHECK(c->warmPivots == 0);
  CHECK(c->coldRestarts == 0);
  CHECK(c->solves == w->solves);
  // Each solve pivots from C = {}: no fewer pivots than with the guess.
  CHECK(c->pivots > w->pivots);

  // The same LCP solutions to rounding: both runs end with the stack in the same place.
  const auto a = finalState(warmState)["bodies"], b = finalState(coldState)["bodies"];
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    for (const char* v : {"x", "y", "angle"}) {
      INFO(a[i]["name"] << " " << v);
      CHECK(a[i][v].get<double>() == Approx(b[i][v].get<double>()).margin(1e-9));
    }
}

TEST_CASE("run: a scene's warm_start false turns the warm start off", "[cli][warm_start]") {
  const fs::path dir = scratch("warm_start_scene");
  auto doc =
      nlohmann::json::parse(readAll(fs::path(CONTACTLAB_SCENES_DIR) / "stack_of_three.json"));
  doc["settings"]["warm_start"] = false;
  const fs::path file = dir / "cold_stack.json";
  std::ofstream(file) << doc.dump(2);
  const CliResult r = runCli("run '" + file.string() + "' --until 0.5", dir);
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  const auto s = solveLine(r.out);
  REQUIRE(s);
  CHECK(s->warmStart == "off");
  CHECK(s->solves > 0);
  CHECK(s->warm == 0);

  // A bad value is the scene's error, reported with its JSON path.
  doc["settings"]["warm_start"] = "yes";
  std::ofstream(file) << doc.dump(2);
  const CliResult bad = runCli("run '" + file.string() + "' --until 0.5", dir);
  CHECK(bad.exitCode == 1);
  CHECK_THAT(bad.err,
             Catch::Contains("/settings/warm_start") && Catch::Contains("must be true or false"));
}

TEST_CASE("run: --help lists --no-warm-start", "[cli][warm_start]") {
  const fs::path dir = scratch("warm_start_help");
  const CliResult help = runCli("run --help", dir);
  CHECK(help.exitCode == 0);
  CHECK_THAT(help.out, Catch::Contains("--no-warm-start"));
}
