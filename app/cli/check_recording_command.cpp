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
    recording.emplace(readRecording(opt.file, std::numeric_limits<std::size_t>::max()));
  } catch (const RecordingError& e) {
    std::cerr << "error: " << e.what() << '\n';
    return kExitBadInput;
  }
  const RunHistory& h = recording->history;
  fmt::print("recording {}: \"{}\", steps {} to {}, {} edit{}\n", opt.file, recording->scene.title,
             h.at(0).step, h.back().step, recording->edits.size(),
             recording->edits.size() == 1 ? "" : "s");
  std::vector<RecordedState> states;
  states.reserve(static_cast<std::size_t>(h.size()));
  for (int i = 0; i < h.size(); ++i) states.push_back({h.at(i).step, h.at(i).state});
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
  fmt::print("every step from {} to {} reproduced to the bit{}\n", h.at(0).step + 1, h.back().step,
             restarts);
  return kExitOk;
}

}  // namespace cl::cli
