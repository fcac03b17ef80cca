// Lemke's method in floating point (engine/solver/lemke.h) against the same pivoting rules
// in exact integer arithmetic (solver/exact_lemke.h) on LCPs whose outcome theory
// fixes (tests/support/lemke_problems.h: copositive-plus, so a solution or a certified ray).
// Per family and size: how many problems, on how many the floating-point Lemke took exactly
// the exact one's pivots, how it ended (solved; no-solution with a checked certificate;
// anything else counted as wrong), how many it finished in exact arithmetic (its last
// resort), and the median CPU milliseconds of a floating-point and of an exact solve.
// With --dir FOLDER, the LCP files of a folder instead (contact LCPs written by `run
// --lcp-dir`, or another collection), one row for all of them.
// With --friction-dir FOLDER, the friction problems of a folder (`run --lcp-dir` of a
// frictional scene), made compliant as friction_compliance's solve makes them (A + 1e-8
// max diag A I): Lemke on each with the dense tableau and with the sparse LU of its basis
// (LemkeOptions::sparseBasis), from the cold start and from the basis of the file's stored
// solution, median CPU ms over [problems per row] runs, and each answer's violation of
// (15) and (16).
//   build/bench/bench_lemke [problems per row] [--max N] [--dir FOLDER]
//   build/bench/bench_lemke [runs] --friction-dir FOLDER
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "bench/cpu_time.h"
#include "bench/median.h"
#include "engine/solver/exact_lemke.h"
#include "engine/solver/friction_lemke.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/lemke.h"
#include "tests/support/lemke_problems.h"

namespace {

struct Family {
  std::string name;
  int largest;  // rows
  std::function<cl::LcpProblem(int n, cl::RandomLCG&)> make;
};

// One row of the table, and the problems whose pivot counts differ from exact Lemke's.
class Row {
 public:
  void add(const cl::LcpProblem& p, const std::string& name) {
    cl::LcpSolverOptions options;
    options.maxIterations = 100 * p.size() + 100;
    double c0 = processCpuSeconds();
    const cl::LcpResult r = cl::Lemke(options).solve(p);
    mFloatMs.push_back(1e3 * (processCpuSeconds() - c0));
    c0 = processCpuSeconds();
    const cl::ExactLemkeResult x = cl::exactLemke(p.A, p.b, 100 * p.size() + 100);
    mExactMs.push_back(1e3 * (processCpuSeconds() - c0));
    ++mRuns;
    mSame += r.pivots == x.pivots;
    mExact += r.exactArithmetic;
    if (r.error == cl::LcpError::kOk)
      ++mSolved;
    else if (r.error == cl::LcpError::kNoSolution)
      ++mNoSolution;
    else
      ++mFailed;
    if (r.pivots != x.pivots)
      mismatches.push_back(fmt::format("{}: {} pivots ({}{}), exact {} ({})", name, r.pivots,
                                       cl::errorName(r.error), r.exactArithmetic ? ", exactly" : "",
                                       x.pivots,
                                       x.end == cl::ExactLemkeResult::End::kSolution ? "solution"
                                       : x.end == cl::ExactLemkeResult::End::kRay    ? "ray"
                                                                                     : "limit"));
  }
  void print(const std::string& family, const std::string& n) const {
    fmt::print("{:<22} {:>5} {:>5} {:>10} {:>7} {:>6} {:>6} {:>6} {:>10.3g} {:>10.3g}\n", family, n,
               mRuns, mSame, mSolved, mNoSolution, mFailed, mExact, median(mFloatMs),
               median(mExactMs));
    std::fflush(stdout);
  }
  inline static std::vector<std::string> mismatches;

 private:
  int mRuns = 0, mSame = 0, mSolved = 0, mNoSolution = 0, mFailed = 0, mExact = 0;
  std::vector<double> mFloatMs, mExactMs;
};

// The --friction-dir table: one row per friction problem and start.
void frictionTable(const std::string& dir, int runs) {
  fmt::print("{:<34} {:>5} {:>6} {:>8} {:>10} {:>8} {:>10} {:>7} {:>10} {:>10}\n", "problem",
             "rows", "start", "dense", "dense ms", "sparse", "sparse ms", "ratio", "dense viol",
             "sparse viol");
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() == ".json")  // friction: JSON only
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const std::filesystem::path& path : files) {
    const cl::LcpFile file = cl::readLcpFile(path);
    if (!file.friction) continue;
    cl::FrictionProblem p = *file.friction;
    p.A.diagonal().array() += 1e-8 * p.A.diagonal().cwiseAbs().maxCoeff();
    int statics = 0;
    for (int i = 0; i < p.contacts(); ++i)
      statics += p.mu[static_cast<std::size_t>(i)] > 0 &&
                 (p.slide.empty() || p.slide[static_cast<std::size_t>(i)] == 0);
    const int rows = p.contacts() + 3 * statics;
    const Eigen::VectorXd stored = file.frictionResult ? file.frictionResult->f : Eigen::VectorXd();
    for (const bool fromStored : {false, true}) {
      if (fromStored && stored.size() != 2 * p.contacts()) continue;
      const Eigen::VectorXd guess = fromStored ? stored : Eigen::VectorXd();
      std::string cells;
      double ms[2] = {0, 0}, violation[2] = {0, 0};
      for (const bool sparse : {false, true}) {
        std::vector<double> times;
        cl::FrictionResult r;
        for (int k = 0; k < runs; ++k) {
          const double c0 = processCpuSeconds();
          r = cl::frictionByLemke(p, 1e-10, {.exactLastResort = false, .sparseBasis = sparse},
                                  guess);
          times.push_back(1e3 * (processCpuSeconds() - c0));
        }
        ms[sparse] = median(times);
        violation[sparse] = r.f.size() ? cl::frictionViolation(p, r.f, p.A * r.f + p.b) : -1.0;
        cells += fmt::format(" {:>8} {:>10.1f}", r.ok() ? std::to_string(r.pivots) : "failed",
                             ms[sparse]);
      }
      fmt::print("{:<34} {:>5} {:>6}{} {:>7.2f} {:>10.2g} {:>10.2g}\n", path.filename().string(),
                 rows, fromStored ? "stored" : "cold", cells, ms[0] / ms[1], violation[0],
                 violation[1]);
      std::fflush(stdout);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  int problems = 5, maxN = 500;
  std::string dir, frictionDir;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--max") == 0 && i + 1 < argc)
      maxN = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--dir") == 0 && i + 1 < argc)
      dir = argv[++i];
    else if (std::strcmp(argv[i], "--friction-dir") == 0 && i + 1 < argc)
      frictionDir = argv[++i];
    else
      problems = std::atoi(argv[i]);
  }
  if (!frictionDir.empty()) {
    frictionTable(frictionDir, problems);
    return 0;
  }
  fmt::print("{:<22} {:>5} {:>5} {:>10} {:>7} {:>6} {:>6} {:>6} {:>10} {:>10}\n", "family", "n",
             "runs", "same count", "solved", "no-sol", "failed", "exact", "float ms", "exact ms");
  if (!dir.empty()) {
    Row row;
    int largest = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      const cl::LcpFile file = cl::readLcpFile(entry.path());
      if (file.friction) continue;
      largest = std::max(largest, file.problem.size());
      row.add(file.problem, entry.path().filename().string());
    }
    row.print(std::filesystem::path(dir).filename().string(), fmt::format("<={}", largest));
  }
  // Random doubles make the exact integers long (an exact solve of 100 rows takes about a
  // second), so that family stops at 200 rows; the integer families go to 500.
  const std::vector<Family> families = {
      {"psd+skew, doubles", 200,
       [](int n, cl::RandomLCG& r) { return cl::psdPlusSkewLcp(n, n, r); }},
      {"psd+skew, rank n/4", 200,
       [](int n, cl::RandomLCG& r) { return cl::psdPlusSkewLcp(n, std::max(1, n / 4), r); }},
      {"psd+skew, integers", 500,
       [](int n, cl::RandomLCG& r) { return cl::psdPlusSkewLcp(n, n / 4 + 1, r, true); }},
      {"zero-sum game LP", 500,
       [](int n, cl::RandomLCG& r) { return cl::zeroSumGameLcp(n / 2, r); }},
      {"no solution", 500,
       [](int n, cl::RandomLCG& r) { return cl::infeasibleCopositivePlusLcp(n, r); }},
  };
  for (const Family& family : dir.empty() ? families : std::vector<Family>{}) {
    for (const int n : {10, 40, 100, 200, 500}) {
      if (n > maxN || n > family.largest) continue;
      cl::RandomLCG rng(static_cast<std::uint32_t>(1000 + n));
      Row row;
      for (int k = 0; k < problems; ++k)
        row.add(family.make(n, rng), fmt::format("{} n = {} #{}", family.name, n, k));
      row.print(family.name, std::to_string(n));
    }
  }
  const std::vector<std::string>& mismatches = Row::mismatches;
  if (!mismatches.empty()) fmt::print("\nPivot counts that differ from exact Lemke's:\n");
  for (const std::string& line : mismatches) fmt::print("  {}\n", line);
}
