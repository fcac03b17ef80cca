#pragma once
// A compact trace's one-contact impulse solves. The serial impulse loop
// (engine/impulse/detail/handle_collisions.cpp) solves one contact at a time, tens of
// thousands of times in a pile's step; a full trace keeps each as a SolveTrace (a context
// with a label string, one or two pivots with their vectors, A, b, f and a on the heap),
// which made a traced pile_100 run 3 to 4x slower than an untraced one and filled the
// workbench's history within seconds. A sink that keeps solves compact
// (SolverTraceSink::keepsSolvesCompact) is sent instead each record the loop solves alone,
// once (CompactRows), and, for each one-contact solve, its problem: a = A f + b with A 1x1
// (frictionless) or 2x2 (the normal and friction rows of one contact). Neither solver draws
// from the simulation's generator for one contact (ComputeForces draws only for n >= 2; the
// friction solve never), so solving the stored problem again gives the pivots and result the
// full trace held, bit for bit (engine/contact/expand_trace.h).
#include <vector>

#include "engine/trace/lcp_terms.h"
#include "engine/trace/solver_trace.h"

namespace cl {

// The records one serial collision handling draws its one-contact solves from (the loop
// sends one record in each), and the solver options they were solved with.
struct CompactRows {
  double time = 0;
  // Record i as a one-row solve's context has it (label "primary/normal").
  std::vector<SolveContact> contacts;
  // ComputeForces' options of the frictionless solves (ComputeForcesOptions' fields).
  NextContactPolicy policy = NextContactPolicy::HYBRID;
  double tolerance = 0;
  bool reference = false;
  double singularPivot = 0;
};

// One one-contact solve: its place among the step's solves and its problem.
struct CompactSolve {
  int position = 0;  // index of the solve in the expanded trace's solves
  int rows = 0;      // index into StepTrace::compactRows
  int row = 0;       // the record solved: compactRows[rows].contacts[row]
  bool friction = false;
  // Frictionless: a = A[0] f + b[0]. Friction: the 2x2 problem, column-major (rows: the
  // normal, then the friction), with mu.
  double A[4] = {0, 0, 0, 0};
  double b[2] = {0, 0};
  double mu = 0;
};

}  // namespace cl
