#pragma once
// A compact trace's solves kept as what solving them again takes.
//
// The serial impulse loop (engine/impulse/detail/handle_collisions.cpp) solves one contact
// at a time, tens of thousands of times in a pile's step; a full trace keeps each as a
// SolveTrace (a context with a label string, one or two pivots with their vectors, A, b, f
// and a on the heap), which made a traced pile_100 run 3 to 4x slower than an untraced one
// and filled the workbench's history within seconds. A sink that keeps solves compact
// (SolverTraceSink::keepsSolvesCompact) is sent instead each record the loop solves alone,
// once (CompactRows), and, for each one-contact solve, its problem: a = A f + b with A 1x1
// (frictionless) or 2x2 (the normal and friction rows of one contact, the friction's entries
// aside in a CompactFrictionBlock). Neither solver draws
// from the simulation's generator for one contact (ComputeForces draws only for n >= 2; the
// friction solve never), so solving the stored problem again gives the pivots and result the
// full trace held, bit for bit (engine/contact/expand_trace.h).
//
// The solves of ContactSim::solveLcp (a frictionless subset's contact forces, the impulses
// of several collision records at once) are kept as CompactLcpSolve: the context, A by its
// nonzeros, b, the guess, the options and the generator's state before the solve. A full
// trace keeps for each the n x n A and O(n) pivots of n-vectors (pile_200: n = 400 to 500,
// megabytes a solve); a pile's A has a handful of nonzeros a column.
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "engine/trace/lcp_terms.h"
#include "engine/trace/solver_trace.h"

namespace cl {

// The solver and options a compact solve was solved with: the contact solver and
// ComputeForcesOptions' fields (the other solvers take the tolerance and the policy).
struct CompactSolverOptions {
  LcpSolverKind solver = LcpSolverKind::kComputeForces;
  NextContactPolicy policy = NextContactPolicy::HYBRID;
  double tolerance = 0;
  bool reference = false;
  double singularPivot = 0;
};

// A record of one serial collision handling that the loop solves alone, sent once however
// often it is solved, and the solver options its frictionless solves use.
struct CompactRows {
  double time = 0;
  // The record as a one-row solve's context has it (label "primary/normal"): one.
  std::vector<SolveContact> contacts;
  CompactSolverOptions options;  // of the frictionless solves (ComputeForces)
  // Of the friction solves: their held rows by the updated inverse (FrictionOptions::
  // updatedInverse, on with the friction warm start), whose rounding differs from the
  // decomposition's. The other options are fallbacks a one-contact problem never reaches.
  bool frictionUpdatedInverse = false;
};

// The rest of a one-contact friction solve's 2x2 problem (rows and columns: the normal, then
// the friction): CompactSolve holds A(0, 0) and b(0).
struct CompactFrictionBlock {
  double A10 = 0, A01 = 0, A11 = 0;
  double b1 = 0;
  double mu = 0;
};

// One one-contact solve: its place among the step's solves and its problem, a = A f + b
// (1x1), or with `friction` the 2x2 problem whose other entries are
// StepTrace::compactFrictionBlocks[friction]. 32 bytes: a pile's step holds tens of
// thousands, nearly all frictionless.
struct CompactSolve {
  int position = 0;   // index of the solve in the expanded trace's solves
  int rows = 0;       // index into StepTrace::compactRows: the record solved
  int friction = -1;  // index into StepTrace::compactFrictionBlocks; -1: frictionless
  double A = 0;
  double b = 0;
};

// A friction solve's options (FrictionOptions' fields but the sink; friction_forces.h).
struct CompactFrictionOptions {
  double tolerance = 0;
  bool touchingHeld = false;
  bool lemkeFallback = true;
  bool lemkeExact = true;
  bool lemkeFromGuess = false;
  bool lemkeSparseBasis = false;
  bool regularizedFallback = true;
  bool regularizeOnce = false;
  bool compliantFallback = false;
  bool compliantFirst = false;
  bool updatedInverse = false;
  int pivotsPerRow = 0;
  Eigen::VectorXd guess;
};

// A solve of ContactSim::solveLcp or ContactSim::solveFriction, kept as what solving it
// again takes; solved again from `seed` with its options and guess, it makes the same
// pivots and record, bit for bit.
struct CompactLcpSolve {
  int position = 0;  // index of the solve in the expanded trace's solves
  SolveContext context;
  // A by column: column j holds value[k] at row row[k] for k in [start[j], start[j + 1]),
  // and +0 everywhere else. `nonzerosKnown`: the solver was told these as A's nonzeros
  // (LcpProblem::nonzeros, which decides the order of its sums); else they are every entry
  // of A that is not +0.
  std::vector<int> start, row;
  std::vector<double> value;
  bool nonzerosKnown = false;
  Eigen::VectorXd b;
  std::vector<bool> joint;
  // Frictionless (mu empty): the LCP's order, the warm start's C as passed to the solver,
  // the solver and its options, and the simulation's generator (RandomLCG) before the solve.
  std::vector<int> preOrder;
  std::vector<int> guess;
  CompactSolverOptions options;
  std::uint32_t seed = 0;
  // A friction solve (computeFrictionForces draws nothing): A and b have 2n rows, normals
  // then frictions; mu and slide have n (FrictionProblem's).
  std::vector<double> mu;
  std::vector<int> slide;
  CompactFrictionOptions friction;
  // A friction solve's outcome (the SolverSolve fields of the same names): what lists it and
  // finds a poor one without solving it again, which can take seconds on a large pile
  // (engine/contact/expand_trace.h, openTrace).
  LcpError error = LcpError::kOk;
  double maxComplementarityViolation = 0;
  bool byLemke = false;
  double regularization = 0;
  bool compliant = false;

  bool isFriction() const { return !mu.empty(); }
  int size() const { return static_cast<int>(b.size()); }
};

}  // namespace cl
