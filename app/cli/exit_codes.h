#pragma once
// Exit codes of contactlab-cli (documented in README.md).
namespace cl::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 1;          // bad scene, bad arguments (message on stderr)
inline constexpr int kExitSimulationFailed = 2;  // the simulation could not go on
inline constexpr int kExitOutputFailed = 3;      // an output file could not be written
inline constexpr int kExitInterrupted = 130;     // Ctrl-C (128 + SIGINT, as a shell reports it)

}  // namespace cl::cli
