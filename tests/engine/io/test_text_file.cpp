// readTextFile, the one reader of every input file: its bytes, or FileReadError saying why not.
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
  // A file without end is refused at the limit instead of filling the memory.
  if (std::filesystem::exists("/dev/zero"))
    CHECK_THROWS_WITH(cl::readTextFile("/dev/zero"), Catch::Contains("larger than 256 MiB"));
}
