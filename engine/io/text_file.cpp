#include "engine/io/text_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace cl {

std::string readTextFile(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw FileReadError("this is a directory, not a file");
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw FileReadError(fmt::format("cannot open the file for reading: {}",
                                    errno ? std::strerror(errno) : "unknown reason"));
  // Read in chunks up to the limit: the size a special file reports says nothing.
  std::string text;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxInputFileBytes)
      throw FileReadError(
          fmt::format("the file is larger than {} MiB, more than any input "
                      "of ours: not read",
                      kMaxInputFileBytes >> 20));
  }
  if (in.bad()) throw FileReadError("cannot read the file");
  return text;
}

}  // namespace cl
