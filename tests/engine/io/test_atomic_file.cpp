#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <memory>
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

namespace {
long entries(const fs::path& dir) {
  return std::distance(fs::directory_iterator(dir), fs::directory_iterator());
}
}  // namespace

TEST_CASE("AtomicFile: an unfinished file has no name, so a kill leaves nothing", "[io]") {
  const fs::path dir = freshDir("contactlab_atomic_kill");
  const fs::path target = dir / "states.csv";
  {
    AtomicFile f(target);
    f.stream() << "half a file";
    f.stream().flush();
    // Unnamed (O_TMPFILE) on this machine's file systems: nothing in the directory yet. On
    // the fallback, the hidden temporary file is there until the end of the scope.
    CHECK(entries(dir) == (f.unnamed() ? 0 : 1));
  }
  CHECK(entries(dir) == 0);
  // A writer killed half-way (SIGKILL: no destructor runs).
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    AtomicFile f(target);
    f.stream() << std::string(1 << 16, 'x');
    f.stream().flush();
    ::raise(SIGKILL);
    ::_exit(0);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  CHECK(WIFSIGNALED(status));
  { AtomicFile reopened(target); }
  // Unnamed: nothing was ever in the directory. Fallback: the killed writer's temporary
  // file stayed, and the AtomicFile opened since removed it (its process is gone).
  CHECK(entries(dir) == 0);
  fs::remove_all(dir);
}

TEST_CASE("AtomicFile removes what killed writers of its target left behind", "[io]") {
  const fs::path dir = freshDir("contactlab_atomic_stale");
  // A process that has ended: its pid names no process now.
  const pid_t gone = ::fork();
  REQUIRE(gone >= 0);
  if (gone == 0) ::_exit(0);
  REQUIRE(::waitpid(gone, nullptr, 0) == gone);
  const fs::path stale = dir / (".states.csv.tmp-" + std::to_string(gone) + "-0");
  const fs::path live = dir / (".states.csv.tmp-" + std::to_string(::getpid()) + "-7");
  const fs::path otherTarget = dir / (".w.csv.tmp-" + std::to_string(gone) + "-1");
  for (const fs::path& p : {stale, live, otherTarget}) std::ofstream(p) << "left over";
  cl::writeFileAtomically(dir / "states.csv", "rows");
  CHECK_FALSE(fs::exists(stale));  // a dead writer's, of this target: removed
  CHECK(fs::exists(live));         // a running process's: left alone
  CHECK(fs::exists(otherTarget));  // another target's: left for its own writer
  CHECK(readAll(dir / "states.csv") == "rows");
  fs::remove_all(dir);
}

// ---- What the target is decides how it is written (atomic_file.h).

TEST_CASE("AtomicFile follows a symbolic link and keeps it, and keeps a file's permissions",
          "[io]") {
  const fs::path dir = freshDir("contactlab_atomic_link");
  cl::writeFileAtomically(dir / "real.json", "old");
  fs::permissions(dir / "real.json", fs::perms::owner_read | fs::perms::owner_write);
  fs::create_symlink("real.json", dir / "link.json");  // relative, as `ln -s` makes it
  cl::writeFileAtomically(dir / "link.json", "new");
  CHECK(fs::is_symlink(dir / "link.json"));
  CHECK(readAll(dir / "real.json") == "new");
  CHECK(fs::status(dir / "real.json").permissions() ==
        (fs::perms::owner_read | fs::perms::owner_write));
  // A link to nothing yet: the file is made where it points.
  fs::create_symlink(dir / "later.json", dir / "dangling.json");
  cl::writeFileAtomically(dir / "dangling.json", "made");
  CHECK(fs::is_symlink(dir / "dangling.json"));
  CHECK(readAll(dir / "later.json") == "made");
  // A loop of links is refused with a message, not followed forever.
  fs::create_symlink("loop_b", dir / "loop_a");
  fs::create_symlink("loop_a", dir / "loop_b");
  CHECK_THROWS_WITH(cl::writeFileAtomically(dir / "loop_a", "x"),
                    Catch::Contains("too many levels of symbolic links"));
  fs::remove_all(dir);
}

TEST_CASE("AtomicFile refuses an empty name and a directory", "[io]") {
  const fs::path dir = freshDir("contactlab_atomic_refused");
  CHECK_THROWS_WITH(AtomicFile(""), Catch::Contains("no file name given"));
  CHECK_THROWS_WITH(AtomicFile(dir), Catch::Contains("it is a directory"));
  CHECK(fs::is_directory(dir));
  fs::remove_all(dir);
}

TEST_CASE("AtomicFile writes a FIFO in place and refuses one that no process reads", "[io]") {
  const fs::path dir = freshDir("contactlab_atomic_fifo");
  const fs::path fifo = dir / "out.json";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // No reader: refused at once (a writer would wait for one forever).
  CHECK_THROWS_WITH(AtomicFile(fifo), Catch::Contains("FIFO (named pipe) that no process"));
  // A reader (a child process) gets the data; the FIFO stays a FIFO.
  const fs::path got = dir / "got.txt";
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    std::ifstream in(fifo);
    std::stringstream ss;
    ss << in.rdbuf();
    std::ofstream(got) << ss.str();
    ::_exit(0);
  }
  // The child opens the FIFO when it runs: try until it does (ENXIO until then).
  std::unique_ptr<AtomicFile> f;
  for (int tries = 0; !f && tries < 500; ++tries) {
    try {
      f = std::make_unique<AtomicFile>(fifo);
    } catch (const cl::FileWriteError&) {
      ::usleep(10000);
    }
  }
  REQUIRE(f);
  CHECK(f->streamed());
  f->stream() << "through the pipe";
  f->commit();
  f.reset();  // closes: the reader sees the end
  REQUIRE(::waitpid(child, nullptr, 0) == child);
  CHECK(readAll(got) == "through the pipe");
  CHECK(fs::is_fifo(fifo));
  fs::remove_all(dir);
}

TEST_CASE("AtomicFile writes a device in place and never replaces it", "[io]") {
  const fs::path dir = freshDir("contactlab_atomic_device");
  // A null device of our own (as root, which CI is): the machine's /dev/null is not put at
  // risk by a failing test.
  const fs::path device = dir / "null";
  if (::mknod(device.c_str(), S_IFCHR | 0666, ::makedev(1, 3)) != 0) {
    WARN("not root (mknod refused): the device case is not checked here");
    return;
  }
  for (const fs::path& target : {device, dir / "link_to_null"}) {
    if (target != device) fs::create_symlink(device, target);
    AtomicFile f(target);
    CHECK(f.streamed());
    f.stream() << "gone into the device";
    f.commit();
    CHECK(fs::is_character_file(device));
  }
  CHECK(fs::is_symlink(dir / "link_to_null"));
  fs::remove_all(dir);
}

TEST_CASE("AtomicFile continues a descriptor named /dev/fd/N where the process left it", "[io]") {
  const fs::path dir = freshDir("contactlab_atomic_fd");
  const fs::path file = dir / "stdout.txt";
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  REQUIRE(fd >= 0);
  REQUIRE(::write(fd, "printed first\n", 14) == 14);
  {
    AtomicFile f("/dev/fd/" + std::to_string(fd));
    CHECK(f.streamed());
    f.stream() << "then the state\n";
    f.commit();
  }
  ::close(fd);
  CHECK(readAll(file) == "printed first\nthen the state\n");
  fs::remove_all(dir);
}
