#pragma once
// AtomicFile: an output file that appears whole or not at all. Where the file system
// allows (Linux O_TMPFILE), the data goes to an unnamed file in the target's directory,
// given a name only by commit(): a kill at any moment before leaves nothing behind. Else it
// goes to a hidden temporary file beside the target (".NAME.tmp-PID-N"), which commit()
// renames over the target and an uncommitted AtomicFile removes. Either way commit() flushes
// and syncs before the target changes, so a failure half-way leaves any previous file
// untouched. Opening a target also removes the temporary files of earlier writers of it
// that were killed (their process no longer exists).
#include <filesystem>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <streambuf>
#include <string>

namespace cl {

class FileWriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class AtomicFile {
 public:
  // Throws FileWriteError when the file cannot be created.
  explicit AtomicFile(std::filesystem::path target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return mOut; }
  const std::filesystem::path& target() const { return mTarget; }
  // True when the data has no name yet (O_TMPFILE); false on the temporary-file fallback.
  bool unnamed() const { return mTemp.empty(); }
  // Throws FileWriteError when writing, flushing or naming failed.
  void commit();

 private:
  std::filesystem::path mTarget;
  std::filesystem::path mTemp;  // the fallback's temporary file; empty when unnamed
  int mFd = -1;
  std::unique_ptr<std::streambuf> mBuf;  // over mFd
  std::ostream mOut{nullptr};
  bool mCommitted = false;
};

// Writes `text` to `path` atomically.
void writeFileAtomically(const std::filesystem::path& path, const std::string& text);

}  // namespace cl
