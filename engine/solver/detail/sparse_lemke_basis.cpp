#include "engine/solver/detail/sparse_lemke_basis.h"

#include <cmath>
#include <limits>

#include "engine/solver/detail/lemke_ratio_test.h"

namespace cl::detail {

SparseLemkeBasis::SparseLemkeBasis(const Eigen::MatrixXd& M, const Eigen::VectorXd& q)
    : m(static_cast<int>(q.size())),
      basis(static_cast<std::size_t>(m)),
      rowOf(static_cast<std::size_t>(2 * m + 1), -1),
      lex(static_cast<std::size_t>(m)),
      d(m),
      mM(M.sparseView(1.0, 0.0)),  // every nonzero entry, none dropped as small
      mQ(q) {
  mM.makeCompressed();
  coldStart();
}

void SparseLemkeBasis::originalColumn(int v, Eigen::VectorXd& out) const {
  out.setZero(m);
  if (v < m) {
    out[v] = 1.0;
  } else if (v < 2 * m) {
    for (Eigen::SparseMatrix<double>::InnerIterator it(mM, v - m); it; ++it)
      out[it.row()] = -it.value();
  } else {
    out = -d;
  }
}

void SparseLemkeBasis::coldStart() {
  d.setOnes();
  std::fill(rowOf.begin(), rowOf.end(), -1);
  for (int i = 0; i < m; ++i)
    basis[static_cast<std::size_t>(i)] = rowOf[static_cast<std::size_t>(i)] =
        lex[static_cast<std::size_t>(i)] = i;
  refactor();
  mAlpha = -Eigen::VectorXd::Ones(m);  // z0's column, B = I
  mAlphaOf = 2 * m;
}

bool SparseLemkeBasis::startFromBasis() {
  Eigen::VectorXd sum = Eigen::VectorXd::Zero(m);
  for (int i = 0; i < m; ++i) {
    originalColumn(basis[static_cast<std::size_t>(i)], mWork);
    sum += mWork;
  }
  d = sum;
  lex = basis;
  const bool ok = refactor() > 0;
  mAlpha = -Eigen::VectorXd::Ones(m);  // z0's column B_0^-1 (-B_0 1), as exactly
  mAlphaOf = 2 * m;
  return ok;
}

double SparseLemkeBasis::refactor() {
  std::vector<Eigen::Triplet<double>> entries;
  for (int i = 0; i < m; ++i) {
    const int v = basis[static_cast<std::size_t>(i)];
    if (v < m) {
      entries.emplace_back(v, i, 1.0);
    } else if (v < 2 * m) {
      for (Eigen::SparseMatrix<double>::InnerIterator it(mM, v - m); it; ++it)
        entries.emplace_back(static_cast<int>(it.row()), i, -it.value());
    } else {
      for (int k = 0; k < m; ++k)
        if (d[k] != 0) entries.emplace_back(k, i, -d[k]);
    }
  }
  Eigen::SparseMatrix<double> B(m, m);
  B.setFromTriplets(entries.begin(), entries.end());
  B.makeCompressed();
  mLu.compute(B);
  mEtas.clear();
  mLexRows.clear();
  mAlphaOf = -1;
  mLuOk = mLu.info() == Eigen::Success;
  if (!mLuOk) return 0.0;
  mX = mLu.solve(mQ);
  return mX.allFinite() ? 1.0 : 0.0;
}

const Eigen::VectorXd& SparseLemkeBasis::column(int v) {
  if (v == mAlphaOf) return mAlpha;
  originalColumn(v, mWork);
  if (mLuOk)
    mAlpha = mLu.solve(mWork);  // into mAlpha's storage, no temporary per pivot
  else
    mAlpha.setConstant(m, std::numeric_limits<double>::quiet_NaN());
  // E_k^-1 ... E_1^-1: each eta divides its row by its pivot and subtracts that multiple of
  // its column from the other rows.
  for (const Eta& e : mEtas) {
    const double y = mAlpha[e.row] / e.pivot;
    if (y != 0.0)
      for (const auto& [i, a] : e.off) mAlpha[i] -= a * y;
    mAlpha[e.row] = y;
  }
  mAlphaOf = v;
  return mAlpha;
}

const Eigen::VectorXd& SparseLemkeBasis::lexRow(int i) {
  const auto found = mLexRows.find(i);
  if (found != mLexRows.end()) return found->second;
  // e_i^T E_k^-1 ... E_1^-1, then times (LU)^-1 from the right: the etas in reverse, each
  // changing only its row's entry, then U^-T L^-T.
  Eigen::VectorXd y = Eigen::VectorXd::Unit(m, i);
  for (auto e = mEtas.rbegin(); e != mEtas.rend(); ++e) {
    double s = y[e->row];
    for (const auto& [k, a] : e->off) s -= y[k] * a;
    y[e->row] = s / e->pivot;
  }
  const Eigen::VectorXd row = mLu.transpose().solve(y);  // row i of B^-1
  Eigen::VectorXd out(m);
  for (int k = 0; k < m; ++k) {
    const int v = lex[static_cast<std::size_t>(k)];
    if (v < m) {
      out[k] = row[v];
    } else {
      originalColumn(v, mWork);
      out[k] = row.dot(mWork);
    }
  }
  return mLexRows.emplace(i, std::move(out)).first->second;
}

int SparseLemkeBasis::leavingRow(int v, double tol) {
  const Eigen::VectorXd& alpha = column(v);
  return lemkeLeavingRow(
      m, [&](int i) { return alpha[i]; }, [&](int i) { return mX[i]; },
      [&](int i) { return basis[static_cast<std::size_t>(i)] == 2 * m; },
      [&](int i, int k) { return lexRow(i)[k]; }, m, tol);
}

void SparseLemkeBasis::pivot(int row, int v) {
  const Eigen::VectorXd& alpha = column(v);
  const double theta = mX[row] / alpha[row];
  Eta e;
  e.row = row;
  e.pivot = alpha[row];
  for (int i = 0; i < m; ++i) {
    if (i == row || alpha[i] == 0.0) continue;
    e.off.emplace_back(i, alpha[i]);
    mX[i] -= theta * alpha[i];
  }
  mX[row] = theta;
  mEtas.push_back(std::move(e));
  const int leaving = basis[static_cast<std::size_t>(row)];
  basis[static_cast<std::size_t>(row)] = v;
  rowOf[static_cast<std::size_t>(leaving)] = -1;
  rowOf[static_cast<std::size_t>(v)] = row;
  mAlphaOf = -1;
  mLexRows.clear();
}

double SparseLemkeBasis::drift() const {
  Eigen::VectorXd r = mQ;
  double scale = mQ.cwiseAbs().maxCoeff();
  for (int i = 0; i < m; ++i) {
    const double x = mX[i];
    const int v = basis[static_cast<std::size_t>(i)];
    if (v < m) {
      r[v] -= x;
      scale += std::abs(x);
    } else if (v < 2 * m) {
      double colMax = 0;
      for (Eigen::SparseMatrix<double>::InnerIterator it(mM, v - m); it; ++it) {
        r[it.row()] += x * it.value();
        colMax = std::max(colMax, std::abs(it.value()));
      }
      scale += std::abs(x) * colMax;
    } else {
      r += x * d;
      scale += std::abs(x) * d.cwiseAbs().maxCoeff();
    }
  }
  return scale > 0 ? r.cwiseAbs().maxCoeff() / scale : 0.0;
}

}  // namespace cl::detail
