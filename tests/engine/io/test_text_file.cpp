// readTextFile, the one reader of every input file: its bytes, or FileReadError saying why not.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "engine/io/text_file.h"

TEST_CASE("readTextFile reads a file whole and refuses what is not a readable file", "[io]") {
  const auto dir = std::filesystem::temp_directory_path() / "contactlab_text_file";
  std::filesystem::create_directories(dir);
  const auto file = dir / "a.json";
  // More than one read chunk (64 KiB), with a NUL byte: every byte comes back.
  std::string text(200000, 'x');
  text[100000] = '\0';
  std::ofstream(file, std::ios::binary) << text;
  CHECK(cl::readTextFile(file) == text);
  CHECK_THROWS_WITH(cl::readTextFile(dir), Catch::Contains("a directory, not a file"));
  CHECK_THROWS_WITH(cl::readTextFile(dir / "none.json"),
                    Catch::Contains("cannot open the file for reading"));
  // A file larger than any input of ours (sparse: it takes no disk) is refused at the limit
  // instead of filling the memory.
  const auto huge = dir / "huge.json";
  std::ofstream(huge, std::ios::binary).close();
  std::filesystem::resize_file(huge, cl::kMaxInputFileBytes + 1);
  CHECK_THROWS_WITH(cl::readTextFile(huge), Catch::Contains("larger than 256 MiB"));
  std::filesystem::remove(huge);
}

TEST_CASE("readTextFile refuses a FIFO or a device at once instead of waiting on it", "[io]") {
  const auto dir = std::filesystem::temp_directory_path() / "contactlab_text_file_special";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  // A FIFO no process writes: opening it to read would wait forever.
  const auto fifo = dir / "scene.json";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THROWS_WITH(cl::readTextFile(fifo), Catch::Contains("a FIFO (named pipe), not a file"));
  // A link to it is the FIFO too.
  std::filesystem::create_symlink(fifo, dir / "link.json");
  CHECK_THROWS_WITH(cl::readTextFile(dir / "link.json"), Catch::Contains("FIFO"));
  // A device without end (or a terminal, which waits for a person).
  if (std::filesystem::exists("/dev/zero"))
    CHECK_THROWS_WITH(cl::readTextFile("/dev/zero"), Catch::Contains("a device or socket"));
  std::filesystem::remove_all(dir);
}
