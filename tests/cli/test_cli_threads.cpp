// run --threads: contact detection on two threads ends a pile's run on the same bits as one
// thread, and a thread count out of range is refused.
#include <catch2/catch.hpp>
#include <string>

#include "cli_test_support.h"

using namespace cl::test;

TEST_CASE("run --threads 2 ends on the same bits as one thread, and --threads 0 is refused",
          "[cli][threads]") {
  const fs::path dir = scratch("threads");
  // The option reaches the engine and changes no bit. (pile_50's searches stay under the
  // split's 256 pairs; the engine's test splits every search of the same pile.)
  const std::string run =
      std::string("run '") + CONTACTLAB_SCENES_DIR + "/pile_50.json' --until 2.5 --final-state ";
  const fs::path one = dir / "one.json", two = dir / "two.json";
  REQUIRE(runCli(run + "'" + one.string() + "' --threads 1", dir).exitCode == 0);
  const CliResult r = runCli(run + "'" + two.string() + "' --threads 2", dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(readAll(one) == readAll(two));
  const CliResult bad = runCli(run + "'" + two.string() + "' --threads 0", dir);
  CHECK(bad.exitCode != 0);
  CHECK_THAT(bad.err, Catch::Contains("--threads"));
}
