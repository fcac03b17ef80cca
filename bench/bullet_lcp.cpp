#include "bench/bullet_lcp.h"

#include <BulletDynamics/MLCPSolvers/btDantzigLCP.h>
#include <BulletDynamics/MLCPSolvers/btLemkeAlgorithm.h>
#include <BulletDynamics/MLCPSolvers/btSolveProjectedGaussSeidel.h>

#include <limits>
#include <vector>

// Debian ships a float and a double build of Bullet side by side. btSolveDantzigLCP's
// pointer arguments would not link against the wrong one, but btLemkeAlgorithm and
// btMatrixX would silently change layout, so insist on the double headers here (the
// pkg-config file bullet-float64 defines BT_USE_DOUBLE_PRECISION).
static_assert(sizeof(btScalar) == sizeof(double),
              "compile against bullet-float64 (BT_USE_DOUBLE_PRECISION)");

namespace cl::bench {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Bounds of f in Bullet's box-LCP form: [0, inf) at contacts, (-inf, inf) at joints.
double lowerBound(const LcpProblem& p, int i) {
  return p.joint[i] ? -kInf : 0.0;
}

// Bullet's box-LCP solvers solve A x = rhs + w (Dantzig) or A x = rhs (PGS, projected),
// so rhs = -b makes w = A f + b = a, the ComputeForces convention.

class DantzigUnderTest : public SolverUnderTest {
 public:
  void load(const LcpProblem& p) override {
    const int n = p.size();
    mN = n;
    // Row-major with row stride n: Bullet's port allocates its factor with nskip = n
    // (ODE pads the stride; Bullet does not).
    mA.resize(static_cast<size_t>(n) * n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) mA[static_cast<size_t>(i) * n + j] = p.A(i, j);
    mRhs.resize(n);
    mLo.resize(n);
    mHi.assign(n, kInf);
    mFindex.assign(n, -1);  // no friction rows
    mX.assign(n, 0.0);
    mW.assign(n, 0.0);
    for (int i = 0; i < n; ++i) {
      mRhs[i] = -p.b[i];
      mLo[i] = lowerBound(p, i);
    }
  }
  void solve() override {
    // nub = 0: Bullet moves the unbounded (joint) rows to the front itself.
    mOk = mN == 0 || btSolveDantzigLCP(mN, mA.data(), mX.data(), mRhs.data(), mW.data(), 0,
                                       mLo.data(), mHi.data(), mFindex.data(), mScratch);
  }
  SolveOutcome outcome() const override {
    SolveOutcome o;
    o.f = Eigen::Map<const Eigen::VectorXd>(mX.data(), mN);
    o.reportedOk = mOk;
    return o;
  }

 private:
  int mN = 0;
  // A, rhs, lo and hi are permuted in place by the solver: load() refills them.
  std::vector<double> mA, mRhs, mLo, mHi, mX, mW;
  std::vector<int> mFindex;
  btDantzigScratchMemory mScratch;
  bool mOk = false;
};

class LemkeUnderTest : public SolverUnderTest {
 public:
  explicit LemkeUnderTest(int maxLoopsPerRow) : mLoopsPerRow(maxLoopsPerRow) {}

  void load(const LcpProblem& p) override {
    const int n = p.size();
    mN = n;
    // Lemke's w = M z + q is exactly a = A f + b, but it has no free variables.
    mHasJoints = false;
    for (int i = 0; i < n; ++i) mHasJoints = mHasJoints || p.joint[i];
    btMatrixXu M(n, n);
    btVectorXu q(n);
    for (int i = 0; i < n; ++i) {
      q[i] = p.b[i];
      for (int j = 0; j < n; ++j) M.setElem(i, j, p.A(i, j));
    }
    mLemke = std::make_unique<btLemkeAlgorithm>(M, q);
  }
  void solve() override {
    if (mHasJoints || mN == 0) {
      mOk = mN == 0;
      mZ = Eigen::VectorXd::Zero(mN);
      return;
    }
    const btVectorXu wz = mLemke->solve(static_cast<unsigned>(mLoopsPerRow * mN));
    mOk = mLemke->getInfo() == 0;
    // The solution vector is [w; z]: the forces are its second half.
    mZ.resize(mN);
    for (int i = 0; i < mN; ++i) mZ[i] = wz[mN + i];
  }
  SolveOutcome outcome() const override {
    SolveOutcome o;
    o.f = mZ;
    o.reportedOk = mOk;
    return o;
  }

 private:
  int mLoopsPerRow;
  int mN = 0;
  bool mHasJoints = false;
  std::unique_ptr<btLemkeAlgorithm> mLemke;
  Eigen::VectorXd mZ;
  bool mOk = false;
};

class PgsUnderTest : public SolverUnderTest {
 public:
  explicit PgsUnderTest(int iterations) : mIterations(iterations) {
    // A threshold of 0 is never undercut, so every run makes exactly `iterations` sweeps.
    mPgs.m_leastSquaresResidualThreshold = 0;
  }

  void load(const LcpProblem& p) override {
    const int n = p.size();
    mA.resize(n, n);
    mRhs.resize(n);
    mLo.resize(n);
    mHi.resize(n);
    mX.resize(n);
    mDependency.resize(n);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) mA.setElem(i, j, p.A(i, j));
      mDependency[i] = -1;  // no friction rows
      mRhs[i] = -p.b[i];
      mLo[i] = lowerBound(p, i);
      mHi[i] = kInf;
      mX[i] = 0;  // cold start, as for the pivoting solvers
    }
  }
  void solve() override {
    mPgs.solveMLCP(mA, mRhs, mX, mLo, mHi, mDependency, mIterations, /*useSparsity=*/true);
  }
  SolveOutcome outcome() const override {
    SolveOutcome o;
    o.f.resize(mX.size());
    for (int i = 0; i < mX.size(); ++i) o.f[i] = mX[i];
    return o;
  }

 private:
  int mIterations;
  btSolveProjectedGaussSeidel mPgs;
  btMatrixXu mA;
  btVectorXu mRhs, mLo, mHi, mX;
  btAlignedObjectArray<int> mDependency;
};

}  // namespace

std::unique_ptr<SolverUnderTest> makeBulletDantzig() {
  return std::make_unique<DantzigUnderTest>();
}

std::unique_ptr<SolverUnderTest> makeBulletLemke(int maxLoopsPerRow) {
  return std::make_unique<LemkeUnderTest>(maxLoopsPerRow);
}

std::unique_ptr<SolverUnderTest> makeBulletPgs(int iterations) {
  return std::make_unique<PgsUnderTest>(iterations);
}

}  // namespace cl::bench
