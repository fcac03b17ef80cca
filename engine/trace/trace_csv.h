#pragma once
// TraceCsv: a traced solve as CSV files, for reading in a spreadsheet or replaying in a
// test. Numbers have 17 significant digits (they read back bit for bit); NaN is "nan".
// Every row starts with the solve's origin, time_step and solve (SolveOrigin, both from 1 as
// the workbench shows them), so files of several solves can be told apart and joined.
// Rows of A (row, d, j, the set members, the A_<k> columns) are numbered from 0, as in the
// LCP files (docs/lcp-format.md); the workbench shows row k as #k+1.
//
// solve_matrix.csv   time_step, solve, row, label, joint, then one column per contact named
//                    "A_<k>": row i holds A[i, :] of a = A f + b.
// solve_vectors.csv  time_step, solve, row, label, kind, primary, normal_body, joint, b, f, a,
//                    violation: the solve's vectors at its end (f and a as the solver
//                    returned them; violation as below).
// pivots.csv         time_step, solve, decision, d, d_label, j, j_label, step_size,
//                    step_taken, zero_step, transition, C, NC, R, reRejects, max_violation:
//                    one row per decision (from 1); step_size is s of f += s delta_f; the
//                    sets are row numbers separated by spaces, after the decision;
//                    max_violation is the largest complementarity violation over the
//                    contacts at that point.
// The violation of a contact is complementarityViolation's (solver_trace.h).
#include <Eigen/Dense>
#include <ostream>

#include "engine/trace/step_trace.h"

namespace cl {

// Where a solve came from: the time step (StepRecord::step) and its place among the step's
// solves, both from 1; 0 when unknown (an LCP read from a file).
struct SolveOrigin {
  long long step = 0;
  int solve = 0;
};

void writeSolveMatrixCsv(std::ostream& out, const SolveTrace& solve, SolveOrigin origin);
void writeSolveVectorsCsv(std::ostream& out, const SolveTrace& solve, SolveOrigin origin);
void writePivotsCsv(std::ostream& out, const SolveTrace& solve, SolveOrigin origin);

}  // namespace cl
