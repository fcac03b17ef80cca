#pragma once
// LCP files: a problem (A, b, joint flags, optional pre-order), optionally its result and
// its pivot trace, as versioned JSON or as CSV. The formats are in docs/lcp-format.md.
// Reading validates everything before returning: a bad file throws LcpFileError naming the
// file and what is wrong where, and nothing is half-loaded. Writing is atomic.
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/solver/friction_forces.h"
#include "engine/solver/lcp_problem.h"
#include "engine/trace/solver_trace.h"

namespace cl {

class LcpFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr int kLcpFormatVersion = 1;
// The most rows of A a file may hold (JSON or CSV): A is then 32 MB, and one solve of it
// minutes. Larger files are refused with this limit named, before A is built.
inline constexpr std::size_t kMaxLcpRows = 2000;

// What a file holds; the result is read back when present (f, a, error, pivots). A file
// with friction coefficients ("mu", JSON only) holds a friction problem (friction_forces.h:
// A and b of 2n rows, normals then frictions); `problem` is then its frictionless normal
// block and `frictionResult` takes the place of `result`.
struct LcpFile {
  LcpProblem problem;
  std::optional<LcpResult> result;
  std::optional<FrictionProblem> friction;
  std::optional<FrictionResult> frictionResult;
};

// JSON text of a problem, with its result and trace when given.
std::string lcpToJson(const LcpProblem& p, const LcpResult* result = nullptr,
                      const std::vector<SolverPivot>* trace = nullptr);
// JSON text of a friction problem, with its result when given.
std::string frictionToJson(const FrictionProblem& p, const FrictionResult* result = nullptr);
// CSV text: one row per contact, i, joint, b, A's row, and f, a when a result is given.
std::string lcpToCsv(const LcpProblem& p, const LcpResult* result = nullptr);
// CSV text of a trace: one row per decision.
std::string traceToCsv(const std::vector<SolverPivot>& trace);

// `name` is used in error messages.
LcpFile parseLcpJson(const std::string& text, const std::string& name);
LcpFile parseLcpCsv(const std::string& text, const std::string& name);

// By content: a Siconos numerics LCP file (siconos_lcp_file.h: it opens with an integer)
// whatever its name; else CSV for a .csv name or a text opening with a '#' comment or the
// "i,joint,b" header; else JSON. Throws LcpFileError (also when the file cannot be read) or
// FileWriteError.
LcpFile readLcpFile(const std::filesystem::path& path);
// The LCP files of a folder (not its subfolders), by name: regular files (links followed)
// named .json, .csv or .dat, sorted. Throws LcpFileError when `dir` is not a folder.
std::vector<std::filesystem::path> lcpFilesIn(const std::filesystem::path& dir);
void writeLcpJson(const std::filesystem::path& path, const LcpProblem& p,
                  const LcpResult* result = nullptr,
                  const std::vector<SolverPivot>* trace = nullptr);
void writeFrictionJson(const std::filesystem::path& path, const FrictionProblem& p,
                       const FrictionResult* result = nullptr);
void writeLcpCsv(const std::filesystem::path& path, const LcpProblem& p,
                 const LcpResult* result = nullptr);
void writeTraceCsv(const std::filesystem::path& path, const std::vector<SolverPivot>& trace);
// The iterations of a solver other than ComputeForces: iteration, residual, merit,
// step_length, gradient_step, support_solve, entering, leaving, active (space-separated),
// f0..f(n-1).
std::string iterationsToCsv(const std::vector<SolverIteration>& trace);
void writeIterationsCsv(const std::filesystem::path& path,
                        const std::vector<SolverIteration>& trace);

}  // namespace cl
