#include "engine/io/text_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace cl {

void requireRegularFile(const std::filesystem::path& path) {
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (ec) throw FileReadError(fmt::format("cannot open the file for reading: {}", ec.message()));
  switch (status.type()) {
    case std::filesystem::file_type::regular:
      return;
    case std::filesystem::file_type::directory:
      throw FileReadError("this is a directory, not a file");
    case std::filesystem::file_type::fifo:
      throw FileReadError("this is a FIFO (named pipe), not a file: inputs are read from files");
    default:
      throw FileReadError("this is a device or socket, not a file: inputs are read from files");
  }
}

std::string readTextFile(const std::filesystem::path& path) {
  requireRegularFile(path);
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw FileReadError(fmt::format("cannot open the file for reading: {}",
                                    errno ? std::strerror(errno) : "unknown reason"));
  // Read in chunks up to the limit: the file may grow while it is read.
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
