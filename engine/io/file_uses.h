#pragma once
// The files a command reads and writes, checked together before it starts, so that a long
// run never ends by losing its work or destroying an input:
//   - a name is not empty;
//   - an output's folder exists and can be written, an output is not a folder, an output
//     folder (--csv, --lcp-dir) is one and can be written;
//   - no output is also an input or another output: the same file, however it is spelled
//     (compared by identity: device and inode, or for a file not yet there, its folder's
//     identity and its name; symbolic links followed). Streams (a device, a FIFO,
//     /dev/stdout) are written in place and may be shared.
// Each check returns the first problem it finds as a message naming the option(s); empty
// when none.
#include <filesystem>
#include <span>
#include <string>

namespace cl {

struct FileUse {
  enum class Kind { kInput, kOutput, kOutputFolder };
  std::string option;  // as the user gave it: "--final-state", "scene"
  std::filesystem::path path;
  Kind kind = Kind::kOutput;
};

// An empty name, or an output (file or folder) that cannot be written.
std::string unwritableOutputProblem(std::span<const FileUse> uses);
// Two uses, one of them an output, that are the same file.
std::string sharedFileProblem(std::span<const FileUse> uses);

}  // namespace cl
