#include "engine/io/atomic_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <ext/stdio_filebuf.h>

namespace cl {
namespace {

using FdBuf = __gnu_cxx::stdio_filebuf<char>;

std::filesystem::path directoryOf(const std::filesystem::path& target) {
  return target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
}

// ".NAME.tmp-" : the prefix of a temporary file of ours for NAME.
std::string temporaryPrefix(const std::filesystem::path& target) {
  return fmt::format(".{}.tmp-", target.filename().string());
}

std::filesystem::path temporaryPath(const std::filesystem::path& target) {
  static std::atomic<unsigned> counter{0};
  return directoryOf(target) /
         fmt::format("{}{}-{}", temporaryPrefix(target), ::getpid(), counter++);
}

// Removes ".NAME.tmp-PID-N" files beside the target whose process PID is gone: the
// leftovers of a writer killed on the fallback path (or of an older version).
void removeStaleTemporaries(const std::filesystem::path& target) {
  const std::string prefix = temporaryPrefix(target);
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator(directoryOf(target), ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const char* digits = name.c_str() + prefix.size();
    long pid = 0;
    const auto [end, err] = std::from_chars(digits, name.c_str() + name.size(), pid);
    if (err != std::errc() || end == digits || *end != '-' || pid <= 0) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH)
      continue;  // alive (or not ours to know)
    std::error_code ignored;
    std::filesystem::remove(it->path(), ignored);
  }
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path target) : mTarget(std::move(target)) {
  removeStaleTemporaries(mTarget);
  const mode_t mode = 0666;  // less the umask, as for any new file
  // Naming an unnamed file goes through /proc/self/fd (linkat): without /proc, the fallback.
  if (::access("/proc/self/fd", X_OK) == 0)
    mFd = ::open(directoryOf(mTarget).c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
  if (mFd < 0) {
    // No unnamed files here (an older kernel or a file system without them): a named
    // temporary file instead, removed unless committed.
    mTemp = temporaryPath(mTarget);
    mFd = ::open(mTemp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (mFd < 0) {
      const int e = errno;
      mTemp.clear();
      throw FileWriteError(
          fmt::format("cannot write '{}': {}", mTarget.string(), std::strerror(e)));
    }
  }
  mBuf = std::make_unique<FdBuf>(mFd, std::ios::out | std::ios::binary);
  mOut.rdbuf(mBuf.get());
}

AtomicFile::~AtomicFile() {
  mOut.rdbuf(nullptr);
  mBuf.reset();  // closes mFd: an unnamed file is gone with it
  if (!mCommitted && !mTemp.empty()) {
    std::error_code ec;
    std::filesystem::remove(mTemp, ec);
  }
}

void AtomicFile::commit() {
  mOut.flush();
  if (!mOut || mBuf->pubsync() != 0)
    throw FileWriteError(fmt::format("writing '{}' failed (disk full?)", mTarget.string()));
  // Put the data on disk before it gets its name, so that even a crash of the machine
  // leaves the old file or the whole new one.
  if (::fsync(mFd) != 0 && errno != EINVAL)
    throw FileWriteError(
        fmt::format("writing '{}' failed: {}", mTarget.string(), std::strerror(errno)));
  std::filesystem::path named = mTemp;
  if (named.empty()) {
    // linkat cannot replace an existing file: the unnamed file is linked under a
    // temporary name, then renamed over the target (the name lives for that instant).
    named = temporaryPath(mTarget);
    const std::string self = fmt::format("/proc/self/fd/{}", mFd);
    if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, named.c_str(), AT_SYMLINK_FOLLOW) != 0)
      throw FileWriteError(fmt::format("cannot name the finished file '{}': {}", mTarget.string(),
                                       std::strerror(errno)));
  }
  std::error_code ec;
  std::filesystem::rename(named, mTarget, ec);
  if (ec) {
    std::error_code ignored;
    if (mTemp.empty()) std::filesystem::remove(named, ignored);
    throw FileWriteError(
        fmt::format("cannot move the finished file to '{}': {}", mTarget.string(), ec.message()));
  }
  mCommitted = true;
}

void writeFileAtomically(const std::filesystem::path& path, const std::string& text) {
  AtomicFile f(path);
  f.stream() << text;
  f.commit();
}

}  // namespace cl
