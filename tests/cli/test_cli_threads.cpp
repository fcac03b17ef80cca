// run --threads: contact detection on two threads ends a pile's run on the same bits as one
// thread, and a thread count out of range is refused.
#include <catch2/catch.hpp>
#include <string>

#include "cli_test_support.h"

using namespace cl::test;

TEST_CASE("run --threads 2 ends on the same bits as one thread, and --threads 0 is refused",
          "[cli][threads]") {
  const fs::path dir = scratch("threads");
  // pile_100 by 4 s: its searches pass 256 candidate pairs once the rows pile up, so they
  // are split (the CPU of two threads exceeds one's in bench_threads).
  const std::string run =
      std::string("run '") + CONTACTLAB_SCENES_DIR + "/pile_100.json' --until 4 --final-state ";
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
