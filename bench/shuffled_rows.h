#pragma once
// ShuffledRows: runs another solver on the problem with its contacts renumbered by a fixed
// random permutation (P A P^T, P b) and maps the forces back. A pivoting solver that takes
// contacts in index order (Dantzig) depends on that order, and the contact-LCP builders
// number contacts bottom-up, which happens to be the friendliest order for it; collision
// detection in a simulation promises no such order.
#include <cstdint>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

#include "bench/solver_under_test.h"
#include "engine/math/random_lcg.h"

namespace cl::bench {

class ShuffledRows : public SolverUnderTest {
 public:
  ShuffledRows(std::unique_ptr<SolverUnderTest> inner, std::uint32_t seed)
      : mInner(std::move(inner)), mSeed(seed) {}

  void load(const LcpProblem& p) override {
    const int n = p.size();
    // Reseeded per load: every repeat of a problem sees the same permutation.
    mOld.resize(n);  // mOld[i]: the original index of shuffled contact i
    std::iota(mOld.begin(), mOld.end(), 0);
    RandomLCG rng(mSeed);
    for (int i = n - 1; i > 0; --i) std::swap(mOld[i], mOld[rng.nextInt(i + 1)]);
    mShuffled.A.resize(n, n);
    mShuffled.b.resize(n);
    mShuffled.joint.assign(n, false);
    mShuffled.preOrder.clear();
    for (int i = 0; i < n; ++i) {
      mShuffled.b[i] = p.b[mOld[i]];
      mShuffled.joint[i] = p.joint[mOld[i]];
      for (int j = 0; j < n; ++j) mShuffled.A(i, j) = p.A(mOld[i], mOld[j]);
    }
    mInner->load(mShuffled);
  }
  void solve() override { mInner->solve(); }
  SolveOutcome outcome() const override {
    SolveOutcome o = mInner->outcome();
    if (o.f.size() != static_cast<Eigen::Index>(mOld.size())) return o;
    Eigen::VectorXd f(o.f.size());
    for (size_t i = 0; i < mOld.size(); ++i) f[mOld[i]] = o.f[static_cast<Eigen::Index>(i)];
    o.f = f;
    return o;
  }

 private:
  std::unique_ptr<SolverUnderTest> mInner;
  std::uint32_t mSeed;
  std::vector<int> mOld;
  LcpProblem mShuffled;
};

}  // namespace cl::bench
