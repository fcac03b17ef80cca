#pragma once
// AtomicFile: an output file that appears whole or not at all. Where the file system
// allows (Linux O_TMPFILE), the data goes to an unnamed file in the target's directory,
// given a name only by commit(): a kill at any moment before leaves nothing behind. Else it
// goes to a hidden temporary file beside the target (".NAME.tmp-PID-N"), which commit()
// renames over the target and an uncommitted AtomicFile removes. Either way commit() flushes
// and syncs before the target changes, so a failure half-way leaves any previous file
// untouched. Opening a target also removes the temporary files of earlier writers of it
// that were killed (their process no longer exists).
//
// What the target is decides how it is written (outputTargetOf below):
//   - absent or a regular file: as above, whole or not at all;
//   - a symbolic link: followed to the file it names, which is written as above (the link
//     stays); a link through /proc (/dev/stdout, /dev/fd/N) is a stream, as below;
//   - a character device, a FIFO or a socket (/dev/null, a terminal, a pipe): written in
//     place, as a stream, never replaced. A FIFO that no process reads is refused at once
//     rather than waited on. A stream cannot be taken back: what was written before a
//     failure has gone.
//   - a directory or an empty name: refused (FileWriteError).
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

// How an output path is written: the file to write and whether it is a stream.
struct OutputTarget {
  std::filesystem::path path;  // the symbolic links followed (the given path for a stream)
  bool stream = false;         // a device, FIFO or socket: written in place
};
// Throws FileWriteError for an empty name, a directory, or a chain of links that does not end.
OutputTarget outputTargetOf(const std::filesystem::path& given);

class AtomicFile {
 public:
  // Throws FileWriteError when the file cannot be created.
  explicit AtomicFile(std::filesystem::path target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return mOut; }
  const std::filesystem::path& target() const { return mTarget; }
  // True when the data has no name yet (O_TMPFILE); false on the temporary-file fallback
  // and for a stream.
  bool unnamed() const { return !mStream && mTemp.empty(); }
  // True when the target is a device, FIFO or socket, written in place.
  bool streamed() const { return mStream; }
  // Throws FileWriteError when writing, flushing or naming failed.
  void commit();

 private:
  std::filesystem::path mTarget;  // as given, for messages
  std::filesystem::path mPath;    // where the data goes (links followed)
  bool mStream = false;
  std::filesystem::path mTemp;  // the fallback's temporary file; empty when unnamed
  int mFd = -1;
  std::unique_ptr<std::streambuf> mBuf;  // over mFd
  std::ostream mOut{nullptr};
  bool mCommitted = false;
};

// Writes `text` to `path` atomically.
void writeFileAtomically(const std::filesystem::path& path, const std::string& text);

}  // namespace cl
