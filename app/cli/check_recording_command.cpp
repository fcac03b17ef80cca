// contactlab-cli check-recording: re-run a recording's steps from its first held state and
// compare each with the recorded one, bit for bit (engine/run/determinism_check.h). A
// recording made by one build and checked by another tells whether the engine still
// computes the same run: the first step and body that differ are where to look.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <limits>
#include <optional>
#include <vector>

#include "commands.h"
#include "engine/run/determinism_check.h"
#include "engine/run/run_recording.h"
#include "exit_codes.h"
#include "progress_bar.h"

namespace cl::cli {

int checkRecordingCommand(const CheckRecordingOptions& opt) {
  std::optional<Recording> recording;
  try {
    recording.emplace(readRecording(opt.file, opt.memoryMB << 20));
  } catch (const RecordingError& e) {
    std::cerr << "error: " << e.what() << '\n';
    return kExitBadInput;
  }
  const RunHistory& h = recording->history;
  fmt::print("recording {}: \"{}\", steps {} to {}, {} edit{}\n", opt.file, recording->scene.title,
             h.at(0).step, h.back().step, recording->edits.size(),
             recording->edits.size() == 1 ? "" : "s");
  if (h.droppedRecords() > 0)
    fmt::print(
        "note: the memory budget ({} MB) held the last {} records: the {} steps before step {} "
        "are not checked (raise --memory)\n",
        opt.memoryMB, h.size(), h.droppedRecords(), h.at(0).step);
  if (h.size() < 2) {
    fmt::print("nothing to check: the recording holds its first state and no step after it\n");
    return kExitBadInput;
  }
  const std::vector<RecordedState> states = recordedStates(h, recording->edits);
  ProgressBar bar(opt.progress);
  const DeterminismReport report = checkDeterminism(states, [&](long long done) {
    const int at = static_cast<int>(std::min<long long>(done, h.size() - 1));
    bar.update(static_cast<double>(at) / static_cast<double>(h.size() - 1), h.at(at).state.time,
               h.back().state.time);
    return true;
  });
  bar.finish();
  const std::string restarts =
      report.resyncs > 0 ? fmt::format(" ({} restart{} from the recorded state after an edit)",
                                       report.resyncs, report.resyncs == 1 ? "" : "s")
                         : std::string();
  if (!report.failure.empty()) {
    fmt::print("re-run failed after {} steps{}: {}\n", report.compared, restarts, report.failure);
    return kExitSimulationFailed;
  }
  if (report.divergedAt) {
    fmt::print("step {} did not reproduce (after {} that did{}): {}\n", *report.divergedAt,
               report.compared - 1, restarts, report.difference);
    return kExitSimulationFailed;
  }
  fmt::print("every step from {} to {} reproduced to the bit: {} steps re-run and compared{}\n",
             h.at(0).step + 1, h.back().step, report.compared, restarts);
  return kExitOk;
}

}  // namespace cl::cli
