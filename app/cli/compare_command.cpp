// contactlab-cli compare: every LCP file of a folder solved by each chosen solver; a table
// of problems solved, worst residual and median time per solver, the Dolan-Moré
// performance profile, and both as CSV on request.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>
#include <vector>

#include "checked_files.h"
#include "commands.h"
#include "engine/io/atomic_file.h"
#include "engine/io/csv_field.h"
#include "engine/io/number_text.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/lcp_solver.h"
#include "engine/solver/solver_comparison.h"
#include "exit_codes.h"
#include "named_list.h"

namespace cl::cli {

namespace {

double median(std::vector<double> v) {
  if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

std::string runsCsv(const std::vector<ComparedProblem>& problems) {
  std::string s =
      "file,n,solver,status,solved,iterations,pivots,residual,natural_map,seconds,reason\n";
  for (const ComparedProblem& p : problems)
    for (const SolverRun& r : p.runs)
      s += fmt::format(
          "{},{},{},{},{},{},{},{},{},{},{}\n", csvField(p.name), p.size, nameOf(r.solver),
          errorName(r.result.error), r.solved ? 1 : 0, r.result.iterations, r.result.pivots,
          measureText(r.result.residuals.relative()), measureText(r.result.residuals.naturalMap),
          numberText(r.seconds), csvField(r.result.reason));
  return s;
}

// Each solver's problems not solved, with the status and the reason: at most kListed each
// (the CSV has them all).
void printFailures(const std::vector<ComparedProblem>& problems,
                   const std::vector<LcpSolverKind>& solvers) {
  constexpr int kListed = 12;
  for (std::size_t s = 0; s < solvers.size(); ++s) {
    std::vector<const ComparedProblem*> failed;
    for (const ComparedProblem& p : problems)
      if (!p.runs[s].solved) failed.push_back(&p);
    if (failed.empty()) continue;
    fmt::print("\n{} did not solve {} of {}:\n", nameOf(solvers[s]), failed.size(),
               problems.size());
    for (std::size_t k = 0; k < failed.size() && k < kListed; ++k) {
      const SolverRun& r = failed[k]->runs[s];
      const std::string why = r.result.ok()
                                  ? fmt::format("residual {} above the threshold",
                                                measureText(r.result.residuals.relative()))
                                  : r.result.reason;
      fmt::print("  {} (n = {}): {}{}\n", failed[k]->name, failed[k]->size,
                 errorName(r.result.error), why.empty() ? std::string() : ": " + why);
    }
    if (failed.size() > kListed)
      fmt::print("  and {} more (--csv lists every run)\n", failed.size() - kListed);
  }
}

std::string profileCsv(const std::vector<ProfilePoint>& profile,
                       const std::vector<LcpSolverKind>& solvers) {
  std::string s = "tau";
  for (const LcpSolverKind k : solvers) s += fmt::format(",{}", nameOf(k));
  s += '\n';
  for (const ProfilePoint& p : profile) {
    s += numberText(p.tau);
    for (const double f : p.fraction) s += "," + numberText(f);
    s += '\n';
  }
  return s;
}

}  // namespace

int compareCommand(const CompareOptions& cliOptions) {
  const std::optional<std::vector<LcpSolverKind>> solvers =
      valuesNamed<LcpSolverKind>(cliOptions.solver, "solver");
  if (!solvers) return kExitBadInput;
  std::vector<std::filesystem::path> files;
  try {
    files = lcpFilesIn(cliOptions.dir);
  } catch (const LcpFileError& e) {
    std::cerr << "error: " << e.what() << '\n';
    return kExitBadInput;
  }
  if (files.empty()) {
    std::cerr << fmt::format("error: no LCP files (.json, .csv, .dat) in '{}'\n", cliOptions.dir);
    return kExitBadInput;
  }
  // The outputs must not overwrite a problem file, nor each other.
  std::vector<FileUse> uses{{"--csv", cliOptions.csv, FileUse::Kind::kOutput},
                            {"--profile", cliOptions.profile, FileUse::Kind::kOutput}};
  for (const auto& path : files) uses.push_back({"the LCP file", path, FileUse::Kind::kInput});
  if (const int code = checkFiles(uses)) return code;
  // Every file is read before anything is solved or written: one bad file stops the run.
  std::vector<LcpFile> lcps;
  for (const auto& path : files) {
    try {
      lcps.push_back(readLcpFile(path));
    } catch (const LcpFileError& e) {
      std::cerr << "error: " << e.what() << '\n';
      return kExitBadInput;
    }
  }
  cl::CompareOptions options;
  options.solvedBelow = cliOptions.solvedBelow;
  options.repeats = cliOptions.repeats;
  options.solver.maxIterations = cliOptions.maxIterations;
  std::vector<ComparedProblem> problems;
  int smallest = std::numeric_limits<int>::max(), largest = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    problems.push_back(
        compareSolvers(files[i].filename().string(), lcps[i].problem, *solvers, options));
    smallest = std::min(smallest, problems.back().size);
    largest = std::max(largest, problems.back().size);
  }
  const std::vector<ProfilePoint> profile = performanceProfile(problems, defaultProfileTaus());

  fmt::print("{} problems from {} (n {} to {}); solved: status ok and residual <= {}\n",
             problems.size(), cliOptions.dir, smallest, largest, numberText(options.solvedBelow));
  fmt::print("{:<16} {:>9} {:>15} {:>13} {:>11} {:>8} {:>8} {:>8}\n", "solver", "solved",
             "worst residual", "median time", "median its", "rho(1)", "rho(2)", "rho(10)");
  const auto rhoAt = [&](double tau, std::size_t s) {
    for (const ProfilePoint& p : profile)
      if (p.tau == tau) return p.fraction[s];
    return 0.0;
  };
  for (std::size_t s = 0; s < solvers->size(); ++s) {
    int solved = 0;
    double worst = 0;
    std::vector<double> times, iterations;
    for (const ComparedProblem& p : problems) {
      const SolverRun& r = p.runs[s];
      solved += r.solved ? 1 : 0;
      worst = std::max(worst, std::isfinite(r.result.residuals.relative())
                                  ? r.result.residuals.relative()
                                  : std::numeric_limits<double>::infinity());
      times.push_back(r.seconds);
      iterations.push_back(r.result.iterations);
    }
    fmt::print("{:<16} {:>9} {:>15.3g} {:>11.3g} s {:>11} {:>8.3f} {:>8.3f} {:>8.3f}\n",
               nameOf((*solvers)[s]), fmt::format("{}/{}", solved, problems.size()), worst,
               median(times), median(iterations), rhoAt(1, s), rhoAt(2, s), rhoAt(10, s));
  }
  printFailures(problems, *solvers);
  try {
    if (!cliOptions.csv.empty()) writeFileAtomically(cliOptions.csv, runsCsv(problems));
    if (!cliOptions.profile.empty())
      writeFileAtomically(cliOptions.profile, profileCsv(profile, *solvers));
  } catch (const FileWriteError& e) {
    std::cerr << "error: " << e.what() << '\n';
    return kExitOutputFailed;
  }
  return kExitOk;
}

}  // namespace cl::cli
