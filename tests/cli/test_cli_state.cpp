// run --initial-state: a run split in two at a saved state and continued goes on with the
// same bits as one that ran through, and a state file that is not the scene's, or not a
// state file, is refused with what is wrong and where.
#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "cli_test_support.h"

using namespace cl::test;

TEST_CASE("run --initial-state continues a run with the same bits as one that ran through",
          "[cli][state]") {
  const fs::path dir = scratch("state_split");
  // The pile (collisions, back-ups, contact forces with the warm start, the random choices of
  // ComputeForces), a time stepper, and the pile with friction (whose energy lost to
  // friction the state carries on), cold and with the friction warm start (whose remembered
  // forces the state carries on).
  for (const std::string& run :
       {"run " + scene("pile_10.json"), "run " + scene("pile_10.json") + " --advance lcp_fixpoint",
        "run " + scene("pile_10_friction.json"),
        "run " + scene("pile_10_friction.json") + " --set friction_warm_start=true"}) {
    INFO(run);
    const fs::path whole = dir / "whole.json", half = dir / "half.json", rest = dir / "rest.json";
    REQUIRE(runCli(run + " --until 4 --final-state " + quoted(whole), dir).exitCode == 0);
    REQUIRE(runCli(run + " --until 2 --final-state " + quoted(half), dir).exitCode == 0);
    const CliResult r = runCli(
        run + " --initial-state " + quoted(half) + " --until 4 --final-state " + quoted(rest), dir);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.out, Catch::Contains("steps 160"));  // counted on from the saved 80
    // Every number of the final state, to the last digit.
    CHECK(readAll(rest) == readAll(whole));
    const bool friction = run.find("friction") != std::string::npos;
    CHECK((readAll(whole).find("\"friction_loss\"") != std::string::npos) == friction);
    CHECK((r.out.find("lost to friction") != std::string::npos) == friction);
    const bool warmFriction = run.find("friction_warm_start") != std::string::npos;
    CHECK((readAll(half).find("\"friction\":") != std::string::npos) == warmFriction);
  }
}

TEST_CASE("run --initial-state refuses another scene's state and a file that is not one",
          "[cli][state]") {
  const fs::path dir = scratch("state_bad");
  const fs::path pile = dir / "pile.json";
  REQUIRE(runCli("run " + scene("pile_10.json") + " --until 0.5 --final-state " + quoted(pile), dir)
              .exitCode == 0);
  // Another scene's bodies.
  const CliResult other =
      runCli("run " + scene("free_fall.json") + " --until 1 --initial-state " + quoted(pile), dir);
  CHECK(other.exitCode == 1);
  CHECK_THAT(other.err, Catch::Contains("the state has 14 bodies but the scene has 1"));
  // Not a state file, with the JSON path of what is wrong.
  const auto bad = [&](const std::string& text) {
    const fs::path p = dir / "bad.json";
    std::ofstream(p) << text;
    return runCli("run " + scene("free_fall.json") + " --until 1 --initial-state " + quoted(p),
                  dir);
  };
  const std::string ball = R"({"name":"ball","x":0,"vx":1,"y":10,"vy":2,"angle":0,"omega":0})";
  const CliResult notJson = bad("{\"format\": ");
  CHECK(notJson.exitCode == 1);
  CHECK_THAT(notJson.err, Catch::Contains("not a usable state file"));
  const CliResult noRandom = bad(R"({"format":"contactlab-state","version":1,"time":0,)"
                                 R"("steps":0,"bodies":[)" +
                                 ball + "]}");
  CHECK(noRandom.exitCode == 1);
  CHECK_THAT(noRandom.err, Catch::Contains("random"));
  const CliResult badBody = bad(R"({"format":"contactlab-state","version":1,"time":0,)"
                                R"("steps":0,"random":1,"bodies":[{"name":"ball","x":"a"}]})");
  CHECK(badBody.exitCode == 1);
  CHECK_THAT(badBody.err, Catch::Contains("/bodies/0/x"));
  CHECK_THAT(badBody.err, Catch::Contains("missing required field 'omega'"));  // every problem
  const CliResult wrongFormat = bad(R"({"format":"contactlab-lcp","version":1,"time":0,)"
                                    R"("steps":0,"random":1,"bodies":[)" +
                                    ball + "]}");
  CHECK(wrongFormat.exitCode == 1);
  CHECK_THAT(wrongFormat.err, Catch::Contains("contactlab-state"));
  const CliResult unknown = bad(R"({"format":"contactlab-state","version":1,"time":0,)"
                                R"("steps":0,"random":1,"bodies":[)" +
                                ball + R"(],"tme":3})");
  CHECK(unknown.exitCode == 1);
  CHECK_THAT(unknown.err, Catch::Contains("tme"));
  // The same body under another name.
  const CliResult renamed = bad(R"({"format":"contactlab-state","version":1,"time":0,)"
                                R"("steps":0,"random":1,"bodies":[{"name":"bal","x":0,"vx":1,)"
                                R"("y":10,"vy":2,"angle":0,"omega":0}]})");
  CHECK(renamed.exitCode == 1);
  CHECK_THAT(renamed.err, Catch::Contains("'bal' but the scene's is 'ball'"));
  // A directory.
  const CliResult directory =
      runCli("run " + scene("free_fall.json") + " --until 1 --initial-state " + quoted(dir), dir);
  CHECK(directory.exitCode == 1);
  CHECK_THAT(directory.err, Catch::Contains("directory"));
  // A state that does load: free fall from (0, 10) at rest, saved as moving at (1, 2).
  const CliResult good = bad(R"({"format":"contactlab-state","version":1,"time":0.5,)"
                             R"("steps":20,"random":7,"bodies":[)" +
                             ball + "]}");
  INFO(good.err);
  CHECK(good.exitCode == 0);
  CHECK_THAT(good.out, Catch::Contains("steps 40"));
}
