#pragma once
// TraceCsv: a traced solve as CSV files, for reading in a spreadsheet or replaying in a
// test. Numbers have 17 significant digits (they read back bit for bit); NaN is "nan".
//
// solve_matrix.csv   row, label, joint, then one column per contact named
//                    "A_<k>": row i holds A[i, :] of a = A f + b.
// solve_vectors.csv  row, label, kind, primary, normal_body, joint, b, f, a, violation:
//                    the solve's vectors at its end (f and a as the solver returned them;
//                    violation as below).
// pivots.csv         pivot, d, d_label, j, j_label, step, step_taken, zero_step,
//                    transition, C, NC, R, reRejects, max_violation: one row per
//                    decision; the sets are contact numbers separated by spaces, after
//                    the decision; max_violation is the largest complementarity
//                    violation over the contacts at that point.
// The violation of a contact is complementarityViolation's (solver_trace.h).
#include <Eigen/Dense>
#include <ostream>

#include "engine/trace/step_trace.h"

namespace cl {

void writeSolveMatrixCsv(std::ostream& out, const SolveTrace& solve);
void writeSolveVectorsCsv(std::ostream& out, const SolveTrace& solve);
void writePivotsCsv(std::ostream& out, const SolveTrace& solve);

}  // namespace cl
