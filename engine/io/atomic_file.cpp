#include "engine/io/atomic_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace cl {
namespace {

std::filesystem::path temporaryPath(const std::filesystem::path& target) {
  static std::atomic<unsigned> counter{0};
  auto name = fmt::format(".{}.tmp-{}-{}", target.filename().string(), ::getpid(), counter++);
  return target.parent_path() / name;
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path target)
    : mTarget(std::move(target)), mTemp(temporaryPath(mTarget)) {
  mOut.open(mTemp, std::ios::binary | std::ios::trunc);
  if (!mOut)
    throw FileWriteError(
        fmt::format("cannot write '{}': {}", mTarget.string(), std::strerror(errno)));
}

AtomicFile::~AtomicFile() {
  if (mCommitted) return;
  mOut.close();
  std::error_code ec;
  std::filesystem::remove(mTemp, ec);
}

void AtomicFile::commit() {
  mOut.flush();
  const bool ok = static_cast<bool>(mOut);
  mOut.close();
  if (!ok || mOut.fail())
    throw FileWriteError(fmt::format("writing '{}' failed (disk full?)", mTarget.string()));
  // Put the data on disk before the rename makes it visible, so that even a crash
  // of the machine leaves the old file or the whole new one.
  if (const int fd = ::open(mTemp.c_str(), O_RDONLY); fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
  std::error_code ec;
  std::filesystem::rename(mTemp, mTarget, ec);
  if (ec)
    throw FileWriteError(
        fmt::format("cannot move the finished file to '{}': {}", mTarget.string(), ec.message()));
  mCommitted = true;
}

void writeFileAtomically(const std::filesystem::path& path, const std::string& text) {
  AtomicFile f(path);
  f.stream() << text;
  f.commit();
}

}  // namespace cl
