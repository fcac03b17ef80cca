#pragma once
// AtomicFile: an output file that appears whole or not at all. Writing goes to a
// temporary file beside the target; commit() flushes it and renames it over the
// target. Destroying an uncommitted AtomicFile removes the temporary file, so a
// failure half-way leaves any previous file untouched.
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace cl {

class FileWriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class AtomicFile {
 public:
  // Throws FileWriteError when the temporary file cannot be created.
  explicit AtomicFile(std::filesystem::path target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return mOut; }
  const std::filesystem::path& target() const { return mTarget; }
  // Throws FileWriteError when writing, flushing or renaming failed.
  void commit();

 private:
  std::filesystem::path mTarget;
  std::filesystem::path mTemp;
  std::ofstream mOut;
  bool mCommitted = false;
};

// Writes `text` to `path` atomically.
void writeFileAtomically(const std::filesystem::path& path, const std::string& text);

}  // namespace cl
