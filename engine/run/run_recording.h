#pragma once
// A run's recording ("contactlab-recording", version 2; docs/recording-format.md): the scene
// as loaded, the edits made while it ran, and every step's record (step_record.h) but its
// trace: the state after the step, the step's statistics and what a view draws of it (the
// contact forces of the step's last evaluate cannot be computed again from the state, so
// they are stored). A trace is re-derived when a step is inspected, by re-running it from
// the record before (replayStep), which the engine's determinism makes exact; the
// structure each state runs with is rebuilt by building the scene and re-applying the
// edits in order.
//
// The workbench saves its history as one and reopens it; `contactlab-cli run --record`
// writes one as it runs. The file is a magic number, the format version, and frames, each
// with its length and an FNV-1a check of its bytes: a header (JSON text), one frame per
// step (binary, little-endian), and an end mark with the number of steps. A file cut
// short, damaged, or of a newer version is refused with a message that says which and
// where, and nothing of it is opened.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/edit/sim_edit.h"
#include "engine/io/atomic_file.h"
#include "engine/run/run_history.h"
#include "engine/scene/scene.h"

namespace cl {

// Written by this build; it reads every version from 1 (version 2 added each step's size,
// version 3 the friction warm start's forces in the warm-start memory, version 4 the
// compliant friction solves in each step's solve totals, version 5 the memory's held-static
// compliant solves and the solves they sent to the compliant solve first, version 6 the
// memory's held-static solves and the solves held static at once).
inline constexpr std::uint32_t kRecordingFormatVersion = 6;

// An edit made while the run ran, right after step `afterStep` (the state of that step's
// record already has it; the steps after run with it).
struct RecordedEdit {
  long long afterStep = 0;
  SimEdit edit;
};

class RecordingError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes a recording as the run goes: the header at construction, a frame per record
// appended, the end mark at commit(), when the file appears whole (AtomicFile); a writer
// destroyed before commit() leaves no file. Records must follow each other (step + 1), and
// `edits` must be those made up to the last record appended, ordered by step. Throws
// FileWriteError when the file cannot be written, RecordingError on records out of order.
class RecordingWriter {
 public:
  RecordingWriter(const std::filesystem::path& path, const SceneDoc& scene,
                  const std::string& source, std::span<const RecordedEdit> edits);
  void append(const StepRecord& record);
  void commit();
  long long records() const { return mRecords; }
  std::uint64_t bytes() const { return mBytes; }

 private:
  void frame(char kind, const std::string& payload);
  AtomicFile mFile;
  long long mRecords = 0;
  long long mLastStep = -1;
  long long mLastEdit = -1;  // after_step of the last edit (none after it may be appended)
  std::uint64_t mBytes = 0;
};

// A recording as read: the scene built from its document, the edits, and the records with
// their structures, held by a RunHistory of the given budget (which drops the oldest
// records' states when the file holds more than it can keep, as a run would have).
struct Recording {
  Scene scene;
  std::string source;  // the scene file the run was loaded from (may be empty)
  std::vector<RecordedEdit> edits;
  RunHistory history;
};

// A digest of all a recording holds of `record` (its step, state, statistics and picture, as
// written) but the wall time its step took, which no re-run repeats: FNV-1a 64 of those
// bytes. The determinism check compares a re-run step with its record by it, so that a
// changed force in the picture or a pivot count fails as a changed position does.
std::uint64_t recordDigest(const StepRecord& record);

// Whether the file at `path` begins with a recording's magic number (whatever its name says):
// a front end opens it as a recording rather than reading it as a scene.
bool isRecordingFile(const std::filesystem::path& path);

// Throws RecordingError naming `path` and, for a frame, its number and step.
Recording readRecording(const std::filesystem::path& path,
                        std::size_t budgetBytes = RunHistory::kDefaultBudget);
Recording readRecording(std::istream& in, const std::string& source,
                        std::size_t budgetBytes = RunHistory::kDefaultBudget);

}  // namespace cl
