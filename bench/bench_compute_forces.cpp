// ComputeForces, incremental and reference, against Bullet's Dantzig (on the problem as built
// and with its contacts shuffled), Lemke and projected Gauss-Seidel solvers on contact-like
// LCPs: towers of boxes (A full rank), brick pyramids (A of rank about n/2, many redundant
// contacts) and leaning chains (A usually singular), each with exact b (flat box-on-box contacts
// have b_i = 0 exactly) and with the external accelerations jittered by 1e-6 g. Every solver gets
// the same problems in the same run and is judged by the same residuals of a = A f + b relative to
// max |b|, whatever it reports. Prints markdown tables (ComputeForces; the pivoting baselines and
// projected Gauss-Seidel with their time ratios to the incremental solve), the growth exponents of
// the solve times, and every ComputeForces failure with its seed; progress goes to stderr.
// ContactLab's other registered solvers (Lemke, PGS, FB Newton, Newton with release) get a
// table of their own (--no-ours leaves them out); at the end, every solver's summary over all
// instances: problems solved, wrong answers, worst residual, median time and the Dolan-Moré
// profile at tau = 1, 2, 10.
//   bench_compute_forces [max_n] [--instances K] [--no-reference] [--no-lemke] [--no-bullet]
//                        [--no-ours] [--lemke-loops K] [--lcp-dir DIR]
// With --lcp-dir every solver solves the stored LCPs of DIR (run --lcp-dir writes them from a
// scene) instead of the families, and the summary is the one table.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bench/lcp_solver_under_test.h"
#include "bench/median.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/solver_comparison.h"
#include "tests/support/contact_lcp_builder.h"
#ifdef CONTACTLAB_HAVE_BULLET
#include "bench/bullet_lcp.h"
#include "bench/shuffled_rows.h"
#endif

using namespace cl;
using namespace cl::bench;

namespace {

constexpr double kJitter = 1e-6;         // jittered b: external accelerations +- 1e-6 g
constexpr double kTarget = 1e-9;         // the target residual, relative to max |b|
constexpr double kWrongResidual = 1e-6;  // a reported success above this is a wrong answer
constexpr double kRepeatBudgetMs = 200;  // repeat a solve until this much time is spent...
constexpr int kMaxRepeats = 15;          // ...or this many runs (the median is reported)

enum Column {
  kIncremental,
  kReference,
  kDantzig,
  kDantzigShuffled,
  kLemke,
  kPgs100,
  kPgs1000,
  kOurLemke,  // ContactLab's other registered solvers
  kOurPgs,
  kFbNewton,
  kNewtonRelease,
  kColumns
};
constexpr std::array<const char*, kColumns> kColumnNames = {
    "incremental", "reference", "Dantzig", "Dantzig-shuffled", "Lemke",         "PGS-100",
    "PGS-1000",    "lemke",     "pgs",     "fb_newton",        "newton_release"};
// The column of each of ContactLab's solvers but ComputeForces.
constexpr std::array<std::pair<Column, LcpSolverKind>, 4> kOurColumns = {
    {{kOurLemke, LcpSolverKind::kLemke},
     {kOurPgs, LcpSolverKind::kPgs},
     {kFbNewton, LcpSolverKind::kFbNewton},
     {kNewtonRelease, LcpSolverKind::kNewtonRelease}}};

struct Options {
  int maxN = 400;
  int instances = 5;
  // Lemke's pivot cap, per row: the instances it fails on cycle, and a cap of 20 per row
  // (5x the time) solved none of them more than 4 does.
  int lemkeLoopsPerRow = 4;
  bool reference = true, bullet = true, lemke = true, ours = true;
  std::string lcpDir;  // --lcp-dir: the stored LCPs of a folder instead of the families
};

// One solver on one instance.
struct Run {
  double ms = 0;  // median over repeats
  SolveOutcome out;
  double resid = 0;     // LcpResiduals::worst() / max |b|
  double minAccel = 0;  // min a over contacts, m/s^2
  bool wrong() const { return out.reportedOk && !(resid <= kWrongResidual); }
  bool solved() const { return out.reportedOk && resid <= kWrongResidual; }
};

struct Instance {
  std::uint32_t seed;
  LcpProblem problem;
};

double scaleOf(const LcpProblem& p) {
  const double s = p.b.size() ? p.b.cwiseAbs().maxCoeff() : 0.0;
  return s > 0 ? s : 1.0;
}

Run measure(SolverUnderTest& solver, const LcpProblem& p) {
  Run run;
  std::vector<double> times;
  double total = 0;
  do {
    solver.load(p);  // untimed: a fresh copy for solvers that overwrite their input
    const auto t0 = std::chrono::steady_clock::now();
    solver.solve();
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    times.push_back(ms);
    total += ms;
  } while (total < kRepeatBudgetMs && static_cast<int>(times.size()) < kMaxRepeats);
  run.ms = median(times);
  run.out = solver.outcome();
  const Eigen::VectorXd& f = run.out.f;
  if (f.size() != p.size() || !f.allFinite()) {
    run.resid = std::numeric_limits<double>::infinity();
    run.minAccel = -std::numeric_limits<double>::infinity();
    return run;
  }
  const Eigen::VectorXd a = p.A * f + p.b;
  const LcpResiduals r = computeResiduals(p, f, a);
  run.resid = r.worst() / scaleOf(p);
  run.minAccel = r.minContactAccel;
  return run;
}

std::vector<std::unique_ptr<SolverUnderTest>> makeSolvers(const Options& o) {
  std::vector<std::unique_ptr<SolverUnderTest>> s(kColumns);
  LcpSolverOptions options;
  s[kIncremental] = std::make_unique<LcpSolverUnderTest>(LcpSolverKind::kComputeForces, options);
  if (o.reference) {
    LcpSolverOptions reference = options;
    reference.reference = true;
    s[kReference] = std::make_unique<LcpSolverUnderTest>(LcpSolverKind::kComputeForces, reference);
  }
  if (o.ours)
    for (const auto& [column, kind] : kOurColumns)
      s[column] = std::make_unique<LcpSolverUnderTest>(kind, options);
#ifdef CONTACTLAB_HAVE_BULLET
  if (o.bullet) {
    s[kDantzig] = makeBulletDantzig();
    s[kDantzigShuffled] = std::make_unique<ShuffledRows>(makeBulletDantzig(), /*seed=*/12345);
    if (o.lemke) s[kLemke] = makeBulletLemke(o.lemkeLoopsPerRow);
    s[kPgs100] = makeBulletPgs(100);
    s[kPgs1000] = makeBulletPgs(1000);
  }
#endif
  return s;
}

// Every wrapper must reproduce a hand-solved LCP before its numbers mean anything (a sign
// convention, the solution layout or a float/double ABI mismatch would all show here):
//   A = [4 1 0; 1 3 1; 0 1 2], b = (-1, -2, 1):  f = (1/11, 7/11, 0), a = (0, 0, 18/11).
bool selfCheck(std::vector<std::unique_ptr<SolverUnderTest>>& solvers) {
  const LcpProblem p = handSolvedLcp();
  const Eigen::Vector3d expected(1.0 / 11, 7.0 / 11, 0);
  bool ok = true;
  for (int c = 0; c < kColumns; ++c) {
    if (!solvers[c]) continue;
    const Run r = measure(*solvers[c], p);
    const bool good = r.out.reportedOk && r.out.f.size() == 3 &&
                      (r.out.f - expected).cwiseAbs().maxCoeff() < 1e-9;
    if (!good) {
      fmt::print(stderr, "self-check failed: {} returned f = ({}) ok = {}\n", kColumnNames[c],
                 fmt::join(r.out.f.data(), r.out.f.data() + r.out.f.size(), ", "),
                 r.out.reportedOk);
      ok = false;
    }
  }
  return ok;
}

// Median time over the instances `keep` selects, and the median of the incremental times
// over the same instances: their quotient is the ratio column.
struct Timing {
  double ms = std::numeric_limits<double>::quiet_NaN();
  double ratio = std::numeric_limits<double>::quiet_NaN();
};
Timing timing(const std::vector<Run>& runs, const std::vector<Run>& incremental,
              const std::function<bool(const Run&)>& keep) {
  std::vector<double> mine, base;
  for (size_t k = 0; k < runs.size(); ++k)
    if (keep(runs[k])) {
      mine.push_back(runs[k].ms);
      base.push_back(incremental[k].ms);
    }
  Timing t;
  if (mine.empty()) return t;
  t.ms = median(mine);
  t.ratio = t.ms / median(base);
  return t;
}

bool anyRun(const Run&) {
  return true;
}
double medianMs(const std::vector<Run>& runs) {
  return timing(runs, runs, anyRun).ms;
}
bool solvedRun(const Run& r) {
  return r.solved();
}
// Failures the solver reported.
int failures(const std::vector<Run>& runs) {
  return static_cast<int>(
      std::count_if(runs.begin(), runs.end(), [](const Run& r) { return !r.out.reportedOk; }));
}
// Reported successes that are not solutions.
int wrongAnswers(const std::vector<Run>& runs) {
  return static_cast<int>(
      std::count_if(runs.begin(), runs.end(), [](const Run& r) { return r.wrong(); }));
}
double worstResid(const std::vector<Run>& runs,
                  const std::function<bool(const Run&)>& keep = anyRun) {
  double w = std::numeric_limits<double>::quiet_NaN();
  for (const Run& r : runs)
    if (keep(r)) w = std::isnan(w) ? r.resid : std::max(w, r.resid);
  return w;
}
double worstNegAccel(const std::vector<Run>& runs) {
  double w = 0;
  for (const Run& r : runs) w = std::max(w, -r.minAccel);
  return w;
}

std::string num(double v, const char* spec) {
  return std::isnan(v) ? std::string("-") : fmt::format(fmt::runtime(spec), v);
}
std::string ms(double v) {
  return num(v, v < 10 ? "{:.3f}" : "{:.1f}");
}
std::string ratio(double v) {
  return num(v, "{:.2f}");
}
std::string sci(double v) {
  return num(v, "{:.1e}");
}

// One configuration: a family, exact or jittered b, a size; all instances, all solvers.
struct Cell {
  LcpFamily family;
  bool jittered;
  int requested;  // the n asked for
  int size;       // n of the first instance (the family decides the exact count)
  std::vector<std::uint32_t> seeds;
  std::array<std::vector<Run>, kColumns> runs;  // empty for a disabled solver
};

void printRowStart(const Cell& c) {
  fmt::print("| {} | {} | {} |", familyName(c.family), c.jittered ? "jitter" : "exact", c.size);
}

void printComputeForcesTable(const std::vector<Cell>& cells) {
  fmt::print("\n### ComputeForces\n\n");
  fmt::print(
      "| family | b | n | incr ms | pivots | defer | incr resid | fail | wrong "
      "| ref ms | ref resid | fail | wrong | ref/incr |\n");
  fmt::print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  for (const Cell& c : cells) {
    const std::vector<Run>& inc = c.runs[kIncremental];
    double pivots = 0, deferrals = 0;
    for (const Run& r : inc) {
      pivots += r.out.pivots;
      deferrals += r.out.deferrals;
    }
    printRowStart(c);
    fmt::print(" {} | {:.0f} | {:.1f} |", ms(medianMs(inc)), pivots / inc.size(),
               deferrals / inc.size());
    for (Column col : {kIncremental, kReference}) {
      const std::vector<Run>& runs = c.runs[col];
      if (runs.empty()) {
        fmt::print(" - | - | - | - | - |");
        continue;
      }
      if (col == kReference) fmt::print(" {} |", ms(medianMs(runs)));
      fmt::print(" {} | {} | {} |", sci(worstResid(runs)), failures(runs), wrongAnswers(runs));
    }
    fmt::print(" {} |\n", c.runs[kReference].empty()
                              ? std::string("-")
                              : ratio(timing(c.runs[kReference], inc, anyRun).ratio));
  }
}

// Pivoting baselines: times and worst residual over the instances they solved; failures
// they reported and wrong answers they did not report, separately.
void printPivotingTable(const std::vector<Cell>& cells) {
  fmt::print(
      "\n### Pivoting baselines (x/incr: baseline ms / incremental ms on the instances "
      "the baseline solved)\n\n");
  fmt::print(
      "| family | b | n | Dantzig ms | fail | wrong | resid | Dz/incr | shuffled: Dantzig ms "
      "| fail | wrong | Dz/incr | Lemke ms | fail | wrong | Lk/incr |\n");
  fmt::print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  for (const Cell& c : cells) {
    printRowStart(c);
    for (Column col : {kDantzig, kDantzigShuffled, kLemke}) {
      const std::vector<Run>& runs = c.runs[col];
      const bool withResid = col == kDantzig;
      if (runs.empty()) {
        fmt::print("{}", withResid ? " - | - | - | - | - |" : " - | - | - | - |");
        continue;
      }
      const Timing t = timing(runs, c.runs[kIncremental], solvedRun);
      fmt::print(" {} | {} | {} |", ms(t.ms), failures(runs), wrongAnswers(runs));
      if (withResid) fmt::print(" {} |", sci(worstResid(runs, solvedRun)));
      fmt::print(" {} |", ratio(t.ratio));
    }
    fmt::print("\n");
  }
}

// ContactLab's other solvers (lcp_solver.h), judged as the pivoting baselines are: times and
// worst residual over the instances they solved, failures they reported, wrong answers.
void printOurSolversTable(const std::vector<Cell>& cells) {
  fmt::print(
      "\n### ContactLab's other solvers (x/incr: solver ms / incremental ms on the instances "
      "the solver solved; its = median iterations)\n\n");
  fmt::print("| family | b | n |");
  for (const auto& [column, kind] : kOurColumns)
    fmt::print(" {} ms | fail | wrong | resid | its | x/incr |", kColumnNames[column]);
  fmt::print("\n|---|---|--:|");
  for (std::size_t k = 0; k < kOurColumns.size(); ++k) fmt::print("--:|--:|--:|--:|--:|--:|");
  fmt::print("\n");
  for (const Cell& c : cells) {
    printRowStart(c);
    for (const auto& [column, kind] : kOurColumns) {
      const std::vector<Run>& runs = c.runs[column];
      if (runs.empty()) {
        fmt::print(" - | - | - | - | - | - |");
        continue;
      }
      std::vector<double> its;
      for (const Run& r : runs) its.push_back(r.out.iterations);
      const Timing t = timing(runs, c.runs[kIncremental], solvedRun);
      fmt::print(" {} | {} | {} | {} | {} | {} |", ms(t.ms), failures(runs), wrongAnswers(runs),
                 sci(worstResid(runs, solvedRun)), num(median(its), "{:.0f}"), ratio(t.ratio));
    }
    fmt::print("\n");
  }
}

// PGS never reports failure: how far from a solution it stops is the measure.
void printPgsTable(const std::vector<Cell>& cells) {
  fmt::print("\n### Projected Gauss-Seidel (-min a in m/s^2, worst over the instances)\n\n");
  fmt::print(
      "| family | b | n | PGS-100 ms | /incr | -min a | resid | PGS-1000 ms | /incr "
      "| -min a | resid |\n");
  fmt::print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  for (const Cell& c : cells) {
    printRowStart(c);
    for (Column col : {kPgs100, kPgs1000}) {
      const std::vector<Run>& runs = c.runs[col];
      if (runs.empty()) {
        fmt::print(" - | - | - | - |");
        continue;
      }
      const Timing t = timing(runs, c.runs[kIncremental], anyRun);
      fmt::print(" {} | {} | {} | {} |", ms(t.ms), ratio(t.ratio),
                 num(worstNegAccel(runs), "{:.2g}"), sci(worstResid(runs)));
    }
    fmt::print("\n");
  }
}

// Growth of the median solve time between the requested sizes n1 < n2 of each family:
// log(t2 / t1) / log(n2 / n1) with the actual sizes.
void printGrowth(const std::vector<Cell>& cells, int n1, int n2) {
  fmt::print("\n### Growth exponent of the median solve time, n = {} to {}\n\n", n1, n2);
  fmt::print("| family | b | incremental | reference |\n|---|---|--:|--:|\n");
  for (const Cell& hi : cells) {
    if (hi.requested != n2) continue;
    for (const Cell& lo : cells) {
      if (lo.family != hi.family || lo.jittered != hi.jittered || lo.requested != n1) continue;
      const auto exponent = [&](Column col) {
        if (lo.runs[col].empty()) return std::numeric_limits<double>::quiet_NaN();
        return std::log(medianMs(hi.runs[col]) / medianMs(lo.runs[col])) /
               std::log(static_cast<double>(hi.size) / lo.size);
      };
      fmt::print("| {} | {} | {} | {} |\n", familyName(hi.family), hi.jittered ? "jitter" : "exact",
                 num(exponent(kIncremental), "{:.2f}"), num(exponent(kReference), "{:.2f}"));
    }
  }
}

// Every ComputeForces instance that failed, missed the target residual, or answered wrongly,
// with what it takes to reproduce it.
void printComputeForcesProblems(const std::vector<Cell>& cells) {
  fmt::print("\n### ComputeForces instances above the target residual {:.0e} or failed\n\n",
             kTarget);
  int count = 0;
  for (const Cell& c : cells)
    for (Column col : {kIncremental, kReference})
      for (size_t k = 0; k < c.runs[col].size(); ++k) {
        const Run& r = c.runs[col][k];
        if (r.out.reportedOk && r.resid <= kTarget) continue;
        ++count;
        fmt::print("- {} {} n={} seed={} ({}): error {}, residual {:.2e}\n", familyName(c.family),
                   c.jittered ? "jitter" : "exact", c.size, c.seeds[k], kColumnNames[col],
                   errorName(r.out.error), r.resid);
      }
  if (count == 0) fmt::print("none\n");
}

// Every solver on every stored LCP of a folder, in one run.
// The solvers' summary over a set of problems, with the Dolan-Moré profile at tau = 1, 2,
// 10: runs[k][i] is column columns[k] on problem names[i]. Then the problems Bullet's Lemke
// solves that ours does not (the target is none).
void printSolverSummary(const std::vector<int>& columns, const std::vector<std::string>& names,
                        const std::vector<std::vector<Run>>& runs) {
  std::vector<ComparedProblem> compared(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    compared[i].name = names[i];
    for (std::size_t k = 0; k < columns.size(); ++k) {
      const Run& r = runs[k][i];
      SolverRun run;
      run.seconds = r.ms * 1e-3;
      run.solved = r.out.reportedOk && r.resid <= kTarget;
      compared[i].runs.push_back(std::move(run));
    }
  }
  const std::vector<ProfilePoint> profile =
      performanceProfile(compared, std::vector<double>{1, 2, 10});
  fmt::print(
      "| solver | solved | fail | wrong | worst resid (solved) | median ms | rho(1) | rho(2) | "
      "rho(10) |\n");
  fmt::print("|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  for (std::size_t k = 0; k < columns.size(); ++k) {
    int solved = 0;
    for (const ComparedProblem& p : compared) solved += p.runs[k].solved ? 1 : 0;
    std::vector<double> times;
    for (const Run& r : runs[k]) times.push_back(r.ms);
    fmt::print("| {} | {}/{} | {} | {} | {} | {} | {:.3f} | {:.3f} | {:.3f} |\n",
               kColumnNames[static_cast<std::size_t>(columns[k])], solved, compared.size(),
               failures(runs[k]), wrongAnswers(runs[k]),
               sci(worstResid(runs[k],
                              [](const Run& r) { return r.out.reportedOk && r.resid <= kTarget; })),
               ms(median(times)), profile[0].fraction[k], profile[1].fraction[k],
               profile[2].fraction[k]);
  }
  const auto columnOf = [&](int c) {
    return static_cast<int>(std::find(columns.begin(), columns.end(), c) - columns.begin());
  };
  const int bullet = columnOf(kLemke), ours = columnOf(kOurLemke);
  if (bullet < static_cast<int>(columns.size()) && ours < static_cast<int>(columns.size())) {
    std::vector<std::string> missed;
    for (const ComparedProblem& p : compared)
      if (p.runs[static_cast<std::size_t>(bullet)].solved &&
          !p.runs[static_cast<std::size_t>(ours)].solved)
        missed.push_back(p.name);
    fmt::print("\nsolved by Bullet's Lemke but not by ours: {}{}\n", missed.size(),
               missed.empty() ? std::string() : fmt::format(" ({})", fmt::join(missed, ", ")));
  }
}

std::vector<int> enabledColumns(const std::vector<std::unique_ptr<SolverUnderTest>>& solvers) {
  std::vector<int> columns;
  for (int c = 0; c < kColumns; ++c)
    if (solvers[static_cast<std::size_t>(c)]) columns.push_back(c);
  return columns;
}

// Every instance of every row of the families, as one set of problems for the summary.
void printFamiliesSummary(const std::vector<Cell>& cells, const std::vector<int>& columns) {
  std::vector<std::string> names;
  std::vector<std::vector<Run>> runs(columns.size());
  for (const Cell& c : cells)
    for (std::size_t i = 0; i < c.seeds.size(); ++i) {
      names.push_back(fmt::format("{} {} n={} seed {}", familyName(c.family),
                                  c.jittered ? "jitter" : "exact", c.size, c.seeds[i]));
      for (std::size_t k = 0; k < columns.size(); ++k)
        runs[k].push_back(c.runs[static_cast<std::size_t>(columns[k])][i]);
    }
  fmt::print(
      "\n### Every solver over all {} instances above (solved = reported success and resid <= "
      "{:.0e}; rho(tau) = the fraction solved within tau times the fastest solver's time)\n\n",
      names.size(), kTarget);
  printSolverSummary(columns, names, runs);
}

int benchLcpDir(const Options& opt, std::vector<std::unique_ptr<SolverUnderTest>>& solvers) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(opt.lcpDir, ec))
    if (e.path().extension() == ".json" || e.path().extension() == ".csv")
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    fmt::print(stderr, "no LCP files in '{}'{}\n", opt.lcpDir, ec ? ": " + ec.message() : "");
    return 2;
  }
  const std::vector<int> columns = enabledColumns(solvers);
  std::vector<std::string> names;
  std::vector<std::vector<Run>> runs(columns.size());
  int smallest = 1 << 30, largest = 0;
  for (const auto& path : files) {
    LcpFile file;
    try {
      file = readLcpFile(path);
    } catch (const LcpFileError& e) {
      fmt::print(stderr, "{}\n", e.what());
      return 2;
    }
    smallest = std::min(smallest, file.problem.size());
    largest = std::max(largest, file.problem.size());
    names.push_back(path.filename().string());
    for (std::size_t k = 0; k < columns.size(); ++k)
      runs[k].push_back(measure(*solvers[static_cast<std::size_t>(columns[k])], file.problem));
  }
  fmt::print(
      "{} LCPs from {} (n {} to {}); solved = reported success and resid <= {:.0e}; wrong = "
      "reported success with resid > {:.0e}\n\n",
      files.size(), opt.lcpDir, smallest, largest, kTarget, kWrongResidual);
  printSolverSummary(columns, names, runs);
  return 0;
}

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const auto next = [&]() { return i + 1 < argc ? std::atoi(argv[++i]) : 0; };
    if (std::strcmp(argv[i], "--no-reference") == 0)
      o.reference = false;
    else if (std::strcmp(argv[i], "--no-bullet") == 0)
      o.bullet = false;
    else if (std::strcmp(argv[i], "--no-lemke") == 0)
      o.lemke = false;
    else if (std::strcmp(argv[i], "--no-ours") == 0)
      o.ours = false;
    else if (std::strcmp(argv[i], "--lcp-dir") == 0 && i + 1 < argc)
      o.lcpDir = argv[++i];
    else if (std::strcmp(argv[i], "--instances") == 0)
      o.instances = next();
    else if (std::strcmp(argv[i], "--lemke-loops") == 0)
      o.lemkeLoopsPerRow = next();
    else if (argv[i][0] != '-' && std::atoi(argv[i]) > 0)
      o.maxN = std::atoi(argv[i]);
    else
      return false;
  }
  return o.instances > 0 && o.lemkeLoopsPerRow > 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  if (!parse(argc, argv, opt)) {
    fmt::print(stderr,
               "usage: {} [max_n] [--instances K] [--no-reference] [--no-bullet] [--no-lemke] "
               "[--no-ours] [--lemke-loops K] [--lcp-dir DIR]\n",
               argv[0]);
    return 2;
  }
#ifndef CONTACTLAB_HAVE_BULLET
  fmt::print(stderr, "built without Bullet: no baseline columns (install libbullet-dev)\n");
#endif
  std::vector<std::unique_ptr<SolverUnderTest>> solvers = makeSolvers(opt);
  if (!selfCheck(solvers)) return 1;
  if (!opt.lcpDir.empty()) return benchLcpDir(opt, solvers);

  const std::vector<int> sizes = {10, 25, 50, 100, 200, 400};
  std::vector<Cell> cells;
  const auto start = std::chrono::steady_clock::now();
  for (LcpFamily family : {LcpFamily::kTower, LcpFamily::kPyramid, LcpFamily::kLeaningChain})
    for (bool jittered : {false, true})
      for (int n : sizes) {
        if (n > opt.maxN) continue;
        const auto t0 = std::chrono::steady_clock::now();
        std::vector<Instance> instances;
        for (int k = 0; k < opt.instances; ++k) {
          // One seed per instance, so that any row of the table can be reproduced alone.
          const auto seed = static_cast<std::uint32_t>(1000 * n + 2 * k + jittered);
          RandomLCG rng(seed);
          instances.push_back({seed, randomContactLcp(family, n, rng, jittered ? kJitter : 0)});
        }
        Cell cell{family, jittered, n, instances[0].problem.size(), {}, {}};
        // Instance by instance, all solvers in turn, so that drifts of the machine's speed
        // hit every solver alike.
        for (const Instance& inst : instances) {
          cell.seeds.push_back(inst.seed);
          for (int c = 0; c < kColumns; ++c)
            if (solvers[c]) cell.runs[c].push_back(measure(*solvers[c], inst.problem));
        }
        cells.push_back(std::move(cell));
        fmt::print(stderr, "{} {} n={}: {:.1f} s\n", familyName(family),
                   jittered ? "jitter" : "exact", n,
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      }

  fmt::print(
      "{} instances per row; times are medians (per instance over up to {} repeats, "
      "then over instances); resid = max(-min a, -min f, max|f a|, max|a_joint|) / max|b|; "
      "wrong = reported success with resid > {:.0e}.\n",
      opt.instances, kMaxRepeats, kWrongResidual);
  printComputeForcesTable(cells);
  if (solvers[kOurLemke]) printOurSolversTable(cells);
  if (solvers[kDantzig]) {
    printPivotingTable(cells);
    printPgsTable(cells);
  }
  // The largest size run and the one a quarter of it (400 and 100 by default).
  int n2 = 0;
  for (int n : sizes)
    if (n <= opt.maxN) n2 = n;
  if (std::find(sizes.begin(), sizes.end(), n2 / 4) != sizes.end()) printGrowth(cells, n2 / 4, n2);
  printComputeForcesProblems(cells);
  printFamiliesSummary(cells, enabledColumns(solvers));
  fmt::print("\ntotal {:.0f} s\n",
             std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}
