// ComputeForces, incremental and reference, on contact-like LCPs: towers of boxes (A full
// rank), brick pyramids (A of rank about n/2) and leaning chains, with exact b and with the
// external accelerations jittered by 1e-6 g. Prints the median solve time over repeated
// runs, pivots, deferrals, the worst residual relative to max |b| and failures.
//   build/bench/bench_compute_forces [max_n] [--no-reference]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "engine/solver/compute_forces.h"
#include "engine/solver/contact_lcp_builder.h"

using namespace cl;

namespace {

struct Measure {
  double medianMs = 0;
  int pivots = 0, deferrals = 0, failures = 0;
  double worst = 0;
};

Measure measure(const std::vector<LcpProblem>& problems, bool reference) {
  Measure m;
  std::vector<double> times;
  for (const LcpProblem& p : problems) {
    RandomLCG rng(1);
    ComputeForces cf(&rng);
    ComputeForcesOptions o;
    o.reference = reference;
    cf.setOptions(o);
    const int repeats = p.size() <= 50 ? 9 : p.size() <= 200 ? 3 : 1;
    std::vector<double> t;
    LcpResult r;
    for (int k = 0; k < repeats; ++k) {
      const auto t0 = std::chrono::steady_clock::now();
      r = cf.solve(p);
      t.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(t.begin(), t.end());
    times.push_back(t[t.size() / 2]);
    m.pivots += r.pivots;
    m.deferrals += r.deferrals;
    m.failures += !r.ok();
    m.worst = std::max(m.worst, r.residuals.worst() / p.b.cwiseAbs().maxCoeff());
  }
  std::sort(times.begin(), times.end());
  m.medianMs = times[times.size() / 2];
  m.pivots /= static_cast<int>(problems.size());
  m.deferrals /= static_cast<int>(problems.size());
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  int maxN = 400;
  bool withReference = true;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--no-reference") == 0)
      withReference = false;
    else
      maxN = std::atoi(argv[i]);
  }
  fmt::print("{:<14} {:>6} {:>5} | {:>10} {:>6} {:>5} {:>9} {:>4} | {:>10} {:>9} {:>4} | {:>6}\n",
             "family", "b", "n", "incr ms", "pivots", "defer", "resid", "fail", "ref ms", "resid",
             "fail", "ratio");
  for (LcpFamily family : {LcpFamily::kTower, LcpFamily::kPyramid, LcpFamily::kLeaningChain})
    for (double jitter : {0.0, 1e-6})
      for (int n : {10, 25, 50, 100, 200, 400}) {
        if (n > maxN) continue;
        RandomLCG gen(static_cast<std::uint32_t>(n * 7 + (jitter > 0)));
        std::vector<LcpProblem> problems;
        const int count = n <= 50 ? 5 : 3;
        for (int k = 0; k < count; ++k)
          problems.push_back(randomContactLcp(family, n, gen, jitter));
        const Measure inc = measure(problems, false);
        fmt::print("{:<14} {:>6} {:>5} | {:>10.3f} {:>6} {:>5} {:>9.1e} {:>4} |",
                   familyName(family), jitter > 0 ? "jitter" : "exact", problems[0].size(),
                   inc.medianMs, inc.pivots, inc.deferrals, inc.worst, inc.failures);
        if (withReference) {
          const Measure ref = measure(problems, true);
          fmt::print(" {:>10.3f} {:>9.1e} {:>4} | {:>6.1f}\n", ref.medianMs, ref.worst,
                     ref.failures, ref.medianMs / inc.medianMs);
        } else {
          fmt::print(" {:>10} {:>9} {:>4} | {:>6}\n", "-", "-", "-", "-");
        }
        std::fflush(stdout);
      }
}
