#include "engine/io/file_uses.h"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <vector>

#include "engine/io/atomic_file.h"

namespace cl {
namespace {

// What a path names: a file by its device and inode, or a file to be made by its folder's
// device and inode and its name.
struct Identity {
  dev_t device = 0;
  ino_t inode = 0;
  std::string name;  // empty for an existing file
  bool operator==(const Identity&) const = default;
};

std::filesystem::path folderOf(const std::filesystem::path& path) {
  return path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
}

std::optional<Identity> identityOf(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) return Identity{st.st_dev, st.st_ino, {}};
  if (::stat(folderOf(path).c_str(), &st) == 0)
    return Identity{st.st_dev, st.st_ino, path.filename().string()};
  return std::nullopt;
}

std::string quoted(const FileUse& use) {
  return fmt::format("{} '{}'", use.option, use.path.string());
}

// Why `path` cannot be written as an output, or empty.
std::string outputProblem(const FileUse& use) {
  OutputTarget target;
  try {
    target = outputTargetOf(use.path);
  } catch (const FileWriteError& e) {
    return fmt::format("{}: {}", use.option, e.what());
  }
  if (target.stream) {
    if (::access(target.path.c_str(), W_OK) != 0)
      return fmt::format("{} cannot be written: {}", quoted(use), std::strerror(errno));
    return {};
  }
  const std::filesystem::path folder = folderOf(target.path);
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec))
    return fmt::format("{}: the folder '{}' does not exist", quoted(use), folder.string());
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    return fmt::format("{}: the folder '{}' cannot be written: {}", quoted(use), folder.string(),
                       std::strerror(errno));
  if (::access(target.path.c_str(), F_OK) == 0 && ::access(target.path.c_str(), W_OK) != 0)
    return fmt::format("{} cannot be written: {}", quoted(use), std::strerror(errno));
  return {};
}

std::string folderProblem(const FileUse& use) {
  std::error_code ec;
  if (!std::filesystem::is_directory(use.path, ec))
    return fmt::format("{} is not a folder{}", quoted(use), ec ? ": " + ec.message() : "");
  if (::access(use.path.c_str(), W_OK | X_OK) != 0)
    return fmt::format("{} cannot be written: {}", quoted(use), std::strerror(errno));
  return {};
}

}  // namespace

std::string unwritableOutputProblem(std::span<const FileUse> uses) {
  for (const FileUse& use : uses)
    if (use.path.empty()) return fmt::format("{} was given an empty file name", use.option);
  for (const FileUse& use : uses) {
    std::string problem;
    if (use.kind == FileUse::Kind::kOutput) problem = outputProblem(use);
    if (use.kind == FileUse::Kind::kOutputFolder) problem = folderProblem(use);
    if (!problem.empty()) return problem;
  }
  return {};
}

std::string sharedFileProblem(std::span<const FileUse> uses) {
  // Every pair of files of which one is written: not the same file.
  std::vector<std::optional<Identity>> ids;
  for (const FileUse& use : uses) {
    std::optional<Identity> id;
    if (use.kind != FileUse::Kind::kOutputFolder) {
      bool stream = false;
      if (use.kind == FileUse::Kind::kOutput) try {
          stream = outputTargetOf(use.path).stream;
        } catch (const FileWriteError&) {  // unwritable: unwritableOutputProblem's to say
        }
      if (!stream) id = identityOf(use.path);
    }
    ids.push_back(id);
  }
  for (std::size_t j = 0; j < uses.size(); ++j)
    for (std::size_t i = 0; i < j; ++i) {
      const bool written =
          uses[i].kind == FileUse::Kind::kOutput || uses[j].kind == FileUse::Kind::kOutput;
      if (!written || !ids[i] || !ids[j] || !(*ids[i] == *ids[j])) continue;
      const bool input =
          uses[i].kind == FileUse::Kind::kInput || uses[j].kind == FileUse::Kind::kInput;
      return fmt::format(
          "{} and {} name the same file: {}", quoted(uses[i]), quoted(uses[j]),
          input ? "the output would overwrite the input" : "one output would overwrite the other");
    }
  return {};
}

}  // namespace cl
