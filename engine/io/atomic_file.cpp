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

OutputTarget outputTargetOf(const std::filesystem::path& given) {
  if (given.empty()) throw FileWriteError("no file name given (an empty path)");
  std::filesystem::path path = given;
  for (int links = 0;; ++links) {
    // A link through /proc names an open file of a process (/dev/stdout, /dev/fd/3), not
    // a place in a directory: it can only be written as a stream. (/dev/fd is itself a
    // link to /proc/self/fd: the folder is looked at with its links followed.)
    std::error_code folderError;
    const std::filesystem::path folder = std::filesystem::weakly_canonical(
        std::filesystem::absolute(path, folderError).parent_path(), folderError);
    if (!folderError && (folder == "/proc" || folder.string().rfind("/proc/", 0) == 0))
      return {given, true};
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) break;
    if (links == 40)
      throw FileWriteError(
          fmt::format("cannot write '{}': too many levels of symbolic links", given.string()));
    std::error_code ec;
    const std::filesystem::path next = std::filesystem::read_symlink(path, ec);
    if (ec)
      throw FileWriteError(fmt::format("cannot write '{}': {}", given.string(), ec.message()));
    path = next.is_absolute() ? next : path.parent_path() / next;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      throw FileWriteError(fmt::format("cannot write '{}': it is a directory", given.string()));
    if (!S_ISREG(st.st_mode)) return {path, true};
  }
  return {path, false};
}

namespace {

// The descriptor N that "/dev/stdout", "/dev/stderr", "/dev/fd/N" or "/proc/self/fd/N"
// names, or -1. Writing to a copy of it continues where the process's own writes are
// (reopening the path would start a redirected file over at its beginning).
int descriptorNamed(const std::filesystem::path& path) {
  const std::string s = path.lexically_normal().string();
  if (s == "/dev/stdout") return 1;
  if (s == "/dev/stderr") return 2;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (s.rfind(prefix, 0) != 0) continue;
    int fd = -1;
    const char* first = s.c_str() + prefix.size();
    const char* last = s.c_str() + s.size();
    const auto [end, err] = std::from_chars(first, last, fd);
    if (err == std::errc() && end == last && first != last) return fd;
  }
  return -1;
}

// Opens a device, FIFO or socket for writing in place. A FIFO with no reader fails at once
// (ENXIO, from the non-blocking open) instead of waiting for one forever.
int openStream(const std::filesystem::path& path, const std::filesystem::path& given) {
  if (const int named = descriptorNamed(path); named >= 0) {
    const int fd = ::fcntl(named, F_DUPFD_CLOEXEC, 0);
    if (fd < 0)
      throw FileWriteError(
          fmt::format("cannot write '{}': {}", given.string(), std::strerror(errno)));
    return fd;
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    const int e = errno;
    if (e == ENXIO)
      throw FileWriteError(
          fmt::format("cannot write '{}': it is a FIFO (named pipe) that no process is reading",
                      given.string()));
    throw FileWriteError(fmt::format("cannot write '{}': {}", given.string(), std::strerror(e)));
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);  // writes wait for the reader
  return fd;
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path target) : mTarget(std::move(target)) {
  const OutputTarget out = outputTargetOf(mTarget);
  mPath = out.path;
  mStream = out.stream;
  if (mStream) {
    mFd = openStream(mPath, mTarget);
  } else {
    removeStaleTemporaries(mPath);
    // A new file gets 0666 less the umask; a file replaced keeps its permissions.
    mode_t mode = 0666;
    struct stat old {};
    const bool replacing = ::stat(mPath.c_str(), &old) == 0;
    if (replacing) mode = old.st_mode & 07777;
    // Naming an unnamed file goes through /proc/self/fd (linkat): without /proc, the
    // fallback.
    if (::access("/proc/self/fd", X_OK) == 0)
      mFd = ::open(directoryOf(mPath).c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
    if (mFd < 0) {
      // No unnamed files here (an older kernel or a file system without them): a named
      // temporary file instead, removed unless committed.
      mTemp = temporaryPath(mPath);
      mFd = ::open(mTemp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
      if (mFd < 0) {
        const int e = errno;
        mTemp.clear();
        throw FileWriteError(
            fmt::format("cannot write '{}': {}", mTarget.string(), std::strerror(e)));
      }
    }
    if (replacing) ::fchmod(mFd, mode);  // in full: open applied the umask
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
  if (mStream) {  // written in place: nothing to name
    mCommitted = true;
    return;
  }
  // Put the data on disk before it gets its name, so that even a crash of the machine
  // leaves the old file or the whole new one.
  if (::fsync(mFd) != 0 && errno != EINVAL)
    throw FileWriteError(
        fmt::format("writing '{}' failed: {}", mTarget.string(), std::strerror(errno)));
  std::filesystem::path named = mTemp;
  if (named.empty()) {
    // linkat cannot replace an existing file: the unnamed file is linked under a
    // temporary name, then renamed over the target (the name lives for that instant).
    named = temporaryPath(mPath);
    const std::string self = fmt::format("/proc/self/fd/{}", mFd);
    if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, named.c_str(), AT_SYMLINK_FOLLOW) != 0)
      throw FileWriteError(fmt::format("cannot name the finished file '{}': {}", mTarget.string(),
                                       std::strerror(errno)));
  }
  std::error_code ec;
  std::filesystem::rename(named, mPath, ec);
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
