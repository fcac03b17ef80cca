#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/io/atomic_file.h"

namespace fs = std::filesystem;
using cl::AtomicFile;

namespace {
std::string readAll(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
fs::path freshDir(const char* name) {
  const fs::path d = fs::temp_directory_path() / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}
}  // namespace

TEST_CASE("AtomicFile replaces the target only on commit", "[io]") {
  const fs::path dir = freshDir("contactlab_atomic_test");
  const fs::path target = dir / "out.txt";
  cl::writeFileAtomically(target, "old");
  {
    AtomicFile f(target);
    f.stream() << "new contents";
    CHECK(readAll(target) == "old");  // not visible before commit
    f.commit();
  }
  CHECK(readAll(target) == "new contents");
  {
    AtomicFile f(target);
    f.stream() << "abandoned";
  }  // no commit: as if the writer failed half-way
  CHECK(readAll(target) == "new contents");
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  fs::remove_all(dir);
}

TEST_CASE("AtomicFile reports a target it cannot write", "[io]") {
  CHECK_THROWS_AS(AtomicFile("/nonexistent-dir/sub/out.txt"), cl::FileWriteError);
}
