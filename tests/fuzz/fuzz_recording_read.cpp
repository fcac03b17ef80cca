// Fuzz target: a run's recording read (readRecording), as it comes and again with every
// frame's check recomputed, so that mutations reach the header's JSON, the scene, the edits
// and the step records behind the checks. A RecordingError is a clear refusal. What is read
// is then checked as check-recording checks it (recordedStates, checkDeterminism): a
// mutated record is a divergence or a failure the check names, never a crash. The check is
// cancelled after kCpuSeconds of CPU time (between steps and within them), as
// fuzz_scene_step's steps are.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <sstream>
#include <string>

#include "engine/io/detail/byte_stream.h"
#include "engine/run/determinism_check.h"
#include "engine/run/run_recording.h"

namespace {

constexpr double kCpuSeconds = 2.0;

double cpuSeconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

// The frames' FNV-1a checks recomputed in place, as far as the frames' lengths allow.
std::string withChecksFixed(std::string bytes) {
  constexpr std::size_t kHead = 13;  // kind, length, check
  for (std::size_t at = 12; at + kHead <= bytes.size();) {
    std::uint32_t length = 0;
    std::memcpy(&length, bytes.data() + at + 1, 4);
    if (length > bytes.size() - at - kHead) break;
    const std::uint64_t check = cl::fnv1a64(std::string_view(bytes).substr(at + kHead, length));
    std::memcpy(bytes.data() + at + 5, &check, 8);
    at += kHead + length;
  }
  return bytes;
}

void read(const std::string& bytes) {
  std::istringstream in(bytes);
  try {
    const cl::Recording rec = cl::readRecording(in, "fuzz", std::size_t{64} << 20);
    const double start = cpuSeconds();
    const auto overTime = [start] { return cpuSeconds() - start > kCpuSeconds; };
    const cl::DeterminismReport report = cl::checkDeterminism(
        cl::recordedStates(rec.history, rec.edits), [&](long long) { return !overTime(); },
        overTime);
    // A report says something: steps compared, a divergence named, a failure, or a cancel.
    if (report.divergedAt && report.difference.empty()) __builtin_trap();
  } catch (const cl::RecordingError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  read(bytes);
  read(withChecksFixed(bytes));
  return 0;
}
