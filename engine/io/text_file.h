#pragma once
// Reading a whole input file (a scene, an LCP, a saved state) as text, once for every reader:
// a directory, a file that is not a regular file (a FIFO or a terminal, which could keep a
// reader waiting forever; a device), a file that cannot be opened or read, or one larger
// than kMaxInputFileBytes (a file that is not ours) is refused with FileReadError saying
// which and why, before anything of it is parsed.
#include <cstddef>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace cl {

class FileReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// 256 MiB: a 200-body scene is about 60 KB, the largest LCP file we write (n = 400, with its
// pivots) a few MB.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{256} << 20;

// Throws FileReadError unless `path` names a regular file (symbolic links followed): what
// every input must be. The message does not repeat the path.
void requireRegularFile(const std::filesystem::path& path);

// The file's bytes; throws FileReadError with a message that does not repeat the path
// (callers name the file as they name it elsewhere).
std::string readTextFile(const std::filesystem::path& path);

}  // namespace cl
