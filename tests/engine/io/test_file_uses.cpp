// unwritableOutputProblem and sharedFileProblem: a command's files checked before it starts.
// Outputs that would overwrite an input or each other are found however the path is spelled;
// outputs that cannot be written are found before any work is done.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "engine/io/file_uses.h"

namespace fs = std::filesystem;
using cl::FileUse;
using Kind = cl::FileUse::Kind;

namespace {
fs::path freshDir(const char* name) {
  const fs::path d = fs::temp_directory_path() / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}
// The first problem of either check.
std::string problem(std::initializer_list<FileUse> uses) {
  const std::vector<FileUse> v(uses);
  const std::string unwritable = cl::unwritableOutputProblem(v);
  return unwritable.empty() ? cl::sharedFileProblem(v) : unwritable;
}
}  // namespace

TEST_CASE("File uses: finds an output that is an input or another output", "[io]") {
  const fs::path dir = freshDir("contactlab_file_uses_same");
  std::ofstream(dir / "scene.json") << "{}";
  const fs::path scene = dir / "scene.json";
  CHECK(problem({{"scene", scene, Kind::kInput}, {"--final-state", dir / "state.json"}}).empty());
  // Spelled differently: "./", "..", a symbolic link, a hard link.
  fs::create_directories(dir / "sub");
  fs::create_symlink(scene, dir / "link.json");
  fs::create_hard_link(scene, dir / "hard.json");
  for (const fs::path& same : {dir / "." / "scene.json", dir / "sub" / ".." / "scene.json",
                               dir / "link.json", dir / "hard.json"}) {
    INFO(same);
    const std::string why =
        problem({{"scene", scene, Kind::kInput}, {"--final-state", same, Kind::kOutput}});
    CHECK_THAT(why, Catch::Contains("scene '") && Catch::Contains("and --final-state '") &&
                        Catch::Contains("the output would overwrite the input"));
  }
  // Two outputs, neither there yet, one through a linked folder.
  fs::create_directory_symlink(dir / "sub", dir / "sublink");
  CHECK_THAT(problem({{"--record", dir / "sub" / "x"}, {"--final-state", dir / "sublink" / "x"}}),
             Catch::Contains("one output would overwrite the other"));
  // The order does not matter, nor does an input given after the output.
  CHECK_THAT(problem({{"--final-state", scene}, {"scene", scene, Kind::kInput}}),
             Catch::Contains("the output would overwrite the input"));
  // Two inputs may be one file.
  CHECK(
      problem({{"scene", scene, Kind::kInput}, {"--initial-state", scene, Kind::kInput}}).empty());
  fs::remove_all(dir);
}

TEST_CASE("File uses: finds outputs that cannot be written before work starts", "[io]") {
  const fs::path dir = freshDir("contactlab_file_uses_write");
  CHECK_THAT(problem({{"--record", ""}}), Catch::Contains("--record was given an empty file name"));
  CHECK_THAT(problem({{"--record", dir / "missing" / "run.clrun"}}),
             Catch::Contains("the folder '") && Catch::Contains("does not exist"));
  CHECK_THAT(problem({{"--record", dir}}), Catch::Contains("it is a directory"));
  CHECK_THAT(problem({{"--csv", dir / "none", Kind::kOutputFolder}}),
             Catch::Contains("is not a folder"));
  std::ofstream(dir / "file") << "x";
  CHECK_THAT(problem({{"--lcp-dir", dir / "file", Kind::kOutputFolder}}),
             Catch::Contains("is not a folder"));
  CHECK(problem({{"--lcp-dir", dir, Kind::kOutputFolder}}).empty());
  // A read-only folder (root may write anywhere: checked only when the mode is obeyed).
  fs::create_directories(dir / "ro");
  fs::permissions(dir / "ro", fs::perms::owner_read | fs::perms::owner_exec);
  if (::access((dir / "ro").c_str(), W_OK) != 0)
    CHECK_THAT(problem({{"--final-state", dir / "ro" / "s.json"}}),
               Catch::Contains("cannot be written"));
  fs::permissions(dir / "ro", fs::perms::owner_all);
  fs::remove_all(dir);
}

TEST_CASE("File uses: lets streams be shared", "[io]") {
  // Written in place, never replaced: two outputs to /dev/null lose nothing.
  if (fs::exists("/dev/null"))
    CHECK(problem({{"--record", "/dev/null"}, {"--final-state", "/dev/null"}}).empty());
}
