#pragma once
// a = A f + b and max_i (|A| |f|)_i over A's nonzeros by column, with the same bits as
// Eigen's dense `A * f + b` and `(A.cwiseAbs() * f.cwiseAbs()).maxCoeff()` on the full
// n x n matrix (A column-major, its stride n). ComputeForces forms both at the end of every
// solve and A f + b at every warm start, the friction pivoting A df at every pivot; over a
// contact matrix, whose columns hold a handful of nonzeros, the dense products read all n^2
// entries for them. A column whose f_j is zero adds only zeros and is skipped.
//
// Why the bits agree. Eigen's column-major matrix-vector product sums each row block by
// block of columns (all n columns below 128, else 16 at a time while a column takes
// under 32 000 bytes, else 4): the block's sum starts at +0 and adds A_ij f_j (a product,
// then a sum) in column order, and the row's total, from +0, adds each block's sum; b is
// added last. The |A| |f| product, on an expression without direct access, adds
// |f_j| |A_ij| column by column to a total from +0. A sum started at +0 is never -0, and
// adding a zero (the product of a zero entry with a finite f_j) to it changes nothing, so
// the zeros may be left out: the sums below visit the nonzeros alone, in the same order.
// With a non-finite f (0 inf is not zero) the caller uses the dense products. Two provisos:
// the spelling is `A * f + b` (Eigen rewrites `b + A * f` to add the blocks to b itself),
// and the build has no FMA (baseline x86-64: Eigen's pmadd is a product, then a sum; with
// FMA Eigen fuses its products and a compiler may or may not fuse these). The tests compare
// the two bit for bit, so a build where they part says so.
#include <Eigen/Dense>
#include <span>
#include <vector>

#include "engine/solver/lcp_problem.h"

namespace cl {

// A's nonzeros by column (compressed sparse columns): column j's rows are
// row[start[j]] .. row[start[j + 1] - 1], increasing.
struct ColumnPattern {
  std::span<const int> start, row;
  int size() const { return static_cast<int>(start.size()) - 1; }
};
// The same with their values, value[start[j]] .. value[start[j + 1] - 1].
struct SparseColumns : ColumnPattern {
  std::span<const double> value;
};

// Appends column c's nonzeros (rows increasing) to `row` and `value`: those listed in
// `nonzeros` when given (A's builder's list, lcp_problem.h), else found by a scan of the
// column; either way the entries equal to zero are left out.
void appendNonzeros(const Eigen::MatrixXd& A, Eigen::Index c, const ColumnNonzeros* nonzeros,
                    std::vector<int>& row, std::vector<double>& value);

// out = A f, with the bits of Eigen's `out.noalias() = A * f` (its row totals from +0, no
// b); `blockSum` is working space (resized to n).
void product(const SparseColumns& A, const Eigen::VectorXd& f, Eigen::VectorXd& out,
             std::vector<double>& blockSum);

// out = E v over v's nonzeros, with the bits of Eigen's `out.noalias() = E * v` for a
// column-major E (a block of a matrix, with its stride): a column whose v_j is zero adds
// only zeros to its block's sums where E is finite. `blockSum` has E.rows() entries.
void productOfSparse(const Eigen::Ref<const Eigen::MatrixXd, 0, Eigen::OuterStride<>>& E,
                     Eigen::Ref<const Eigen::VectorXd> v, Eigen::Ref<Eigen::VectorXd> out,
                     Eigen::Ref<Eigen::VectorXd> blockSum);

// out = A f + b; `blockSum` is working space (resized to n).
void productPlus(const SparseColumns& A, const Eigen::VectorXd& f, const Eigen::VectorXd& b,
                 Eigen::VectorXd& out, std::vector<double>& blockSum);

// max_i sum_j |A_ij| |f_j| (0 for n = 0).
double absProductMax(const SparseColumns& A, const Eigen::VectorXd& f, std::vector<double>& total);

}  // namespace cl
