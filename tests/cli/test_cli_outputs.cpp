// Outputs never destroy: an output naming an input or another output, an empty name, or a
// place that cannot be written is refused before the run, naming the options; a device or
// FIFO is written in place, a symbolic link followed (docs/cli.md, "Output files").
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <utility>

#include "cli_test_support.h"

using namespace cl::test;

TEST_CASE("run refuses an output that would overwrite an input or another output",
          "[cli][outputs]") {
  const fs::path dir = scratch("outputs_same");
  const fs::path scenePath = dir / "scene.json";
  fs::copy_file(std::string(CONTACTLAB_SCENES_DIR) + "/free_fall.json", scenePath);
  const std::string before = readAll(scenePath);
  const std::string run = "run " + quoted(scenePath) + " --until 0.1";
  // The scene itself, spelled another way.
  CliResult r = runCli(run + " --final-state " + quoted(dir / "." / "scene.json"), dir);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("scene '") && Catch::Contains("--final-state '") &&
                        Catch::Contains("the output would overwrite the input"));
  CHECK(readAll(scenePath) == before);
  // Two outputs of one run.
  for (const auto& [a, b] :
       {std::pair{"--record", "--final-state"}, std::pair{"--waypoints", "--record"}}) {
    INFO(a << " " << b);
    r = runCli(run + " " + a + " " + quoted(dir / "x") + " " + b + " " + quoted(dir / "x"), dir);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains(std::string(a) + " '") && Catch::Contains(b) &&
                          Catch::Contains("one output would overwrite the other"));
    CHECK_FALSE(fs::exists(dir / "x"));
  }
  // --csv's states.csv is an output too.
  r = runCli(run + " --csv " + quoted(dir) + " --final-state " + quoted(dir / "states.csv"), dir);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("one output would overwrite the other"));
}

TEST_CASE("run refuses an empty output name and an unwritable output before the first step",
          "[cli][outputs]") {
  const fs::path dir = scratch("outputs_refused");
  const std::string run = "run " + scene("free_fall.json") + " --until 1000";
  for (const char* option : {"--final-state", "--record", "--waypoints", "--csv", "--lcp-dir"}) {
    INFO(option);
    const CliResult r = runCli(run + " " + option + " ''", dir);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains(option) && Catch::Contains("empty name"));
  }
  // A directory, or a folder that is not there: refused at once, not after 40 000 steps
  // (no summary line: the run never started).
  fs::create_directories(dir / "folder");
  for (const std::string& output : {"--record " + quoted(dir / "folder"),
                                    "--final-state " + quoted(dir / "missing" / "s.json")}) {
    INFO(output);
    const CliResult r = runCli(run + " " + output, dir);
    CHECK(r.exitCode == 3);
    CHECK_THAT(r.err, Catch::Contains("is a directory") || Catch::Contains("does not exist"));
    CHECK(r.out.find("steps") == std::string::npos);
  }
}

TEST_CASE("run writes a device or FIFO in place and follows a symbolic link", "[cli][outputs]") {
  const fs::path dir = scratch("outputs_special");
  const std::string run = "run " + scene("free_fall.json") + " --until 0.1";
  // A symbolic link: the file it names gets the state, the link stays.
  std::ofstream(dir / "real.json") << "old";
  fs::create_symlink("real.json", dir / "link.json");
  REQUIRE(runCli(run + " --final-state " + quoted(dir / "link.json"), dir).exitCode == 0);
  CHECK(fs::is_symlink(dir / "link.json"));
  CHECK_THAT(readAll(dir / "real.json"), Catch::Contains("\"contactlab-state\""));
  // A FIFO with a reader (this test, holding it open: the state is smaller than the pipe's
  // buffer): the state goes through it, the FIFO stays.
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  const int reader = ::open((dir / "fifo").c_str(), O_RDONLY | O_NONBLOCK);
  REQUIRE(reader >= 0);
  CHECK(runCli(run + " --final-state " + quoted(dir / "fifo"), dir).exitCode == 0);
  std::string got(1 << 16, '\0');
  const ssize_t n = ::read(reader, got.data(), got.size());
  ::close(reader);
  REQUIRE(n > 0);
  got.resize(static_cast<std::size_t>(n));
  CHECK_THAT(got, Catch::Contains("\"contactlab-state\""));
  CHECK(fs::is_fifo(dir / "fifo"));
  // A FIFO nobody reads: a clear refusal, not a wait without end.
  fs::remove(dir / "fifo");
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  const CliResult unread = runCli(run + " --final-state " + quoted(dir / "fifo"), dir);
  CHECK(unread.exitCode == 3);
  CHECK_THAT(unread.err, Catch::Contains("FIFO (named pipe) that no process is reading"));
  // A device of our own (as root): written in place, still a device after.
  const fs::path device = dir / "null";
  if (::mknod(device.c_str(), S_IFCHR | 0666, ::makedev(1, 3)) == 0) {
    REQUIRE(runCli(run + " --final-state " + quoted(device) + " --record " + quoted(device), dir)
                .exitCode == 0);
    CHECK(fs::is_character_file(device));
  } else {
    WARN("not root (mknod refused): the device case is not checked here");
  }
  // An input that is a FIFO: refused, not waited on.
  const CliResult input = runCli("run " + quoted(dir / "fifo") + " --until 1", dir);
  CHECK(input.exitCode == 1);
  CHECK_THAT(input.err, Catch::Contains("a FIFO (named pipe), not a file"));
}
