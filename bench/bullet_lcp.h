#pragma once
// Baseline LCP solvers from Bullet 3 (Debian's libbullet-dev, the double-precision build
// bullet-float64), called directly on the benchmark's LcpProblem: a = A f + b with
// f >= 0, a >= 0, f.a = 0 at contacts and a = 0, f free, at joints.
//   Dantzig: btSolveDantzigLCP, the ODE pivoting solver (reports failure when it stops).
//   Lemke:   btLemkeAlgorithm (reports failure when z0 is still basic after maxLoops).
//   PGS:     btSolveProjectedGaussSeidel, a fixed number of sweeps from f = 0 (never fails).
// Only compiled when CMake found Bullet (CONTACTLAB_HAVE_BULLET).
#include <memory>

#include "bench/solver_under_test.h"

namespace cl::bench {

std::unique_ptr<SolverUnderTest> makeBulletDantzig();
// Lemke stops after maxLoopsPerRow * n pivots; it handles contacts only (a problem with
// joints is reported as a failure).
std::unique_ptr<SolverUnderTest> makeBulletLemke(int maxLoopsPerRow);
std::unique_ptr<SolverUnderTest> makeBulletPgs(int iterations);

}  // namespace cl::bench
