#pragma once
// Lemke's basis held as a sparse LU factorization with product-form updates, the revised
// simplex method's arithmetic (LemkeOptions::sparseBasis, lemke.h).
//
// The dense tableau B^-1 [I | -M | -d | q] updates every nonbasic column, m rows each, at
// every pivot: on the friction LCPs of a 200-block pile (1 700 rows) that is about 1.5 ms
// a pivot, bound by memory, and rounding soon fills every entry. Lemke needs far less: the
// entering column alpha = B^-1 a_e for the ratio test, the basic solution x_B, and the
// rows of B^-1 B_0 only where the ratio test ties. Here B = L U E_1 ... E_k: a sparse LU of
// the basis's columns of [I | -M | -d] (Eigen's SparseLU, COLAMD ordering), and one eta
// matrix E per pivot since, which replaces column r of the identity by the entering column
// alpha. So alpha = E_k^-1 ... E_1^-1 U^-1 L^-1 a (FTRAN), a row of B^-1 is
// e_i^T E_k^-1 ... E_1^-1 U^-1 L^-1 (BTRAN), and x_B is updated by the ratio's step. The
// factorization is made again every kRefactorEvery pivots, and x_B with it from q. On the
// pile's bases the LU holds about 30 nonzeros a column; a pivot costs a few tenths of a
// millisecond.
#include <Eigen/Dense>
#include <Eigen/Sparse>
#include <Eigen/SparseLU>
#include <map>
#include <vector>

namespace cl::detail {

class SparseLemkeBasis {
 public:
  // The LCP w = M z + q (M square, of q's size); the cold start.
  SparseLemkeBasis(const Eigen::MatrixXd& M, const Eigen::VectorXd& q);

  // The cold start: the basis w (B = I), d = 1, the lexicographic rule on B^-1's columns.
  void coldStart();
  // Lemke from the present basis B_0: d = B_0 1 (z0's column alpha is then -1), the
  // lexicographic rule on the columns of B_0's variables. False where B_0's factorization
  // fails.
  bool startFromBasis();

  double rhs(int i) const { return mX[i]; }
  double minRhs() const { return mX.minCoeff(); }
  // alpha = B^-1 times variable v's column of [I | -M | -d] (v: w_i = i, z_i = m + i, z0 =
  // 2 m), kept until the next pivot.
  const Eigen::VectorXd& column(int v);
  // Variable v enters at `row`.
  void pivot(int row, int v);
  // kRefactorEvery pivots since the last factorization: the caller refactors (and judges it).
  bool dueForRefactor() const { return static_cast<int>(mEtas.size()) >= kRefactorEvery; }
  // The leaving row for entering v (lemke_ratio_test.h).
  int leavingRow(int v, double tol);
  // max |q - B x_B| over max |q| + sum |x_B,i| max |B_i|, as the dense tableau's.
  double drift() const;
  // The LU made again from the basis's columns and x_B solved from q. Returns 1, or 0 where
  // the factorization meets a zero pivot (the basis is singular): Eigen's SparseLU gives no
  // condition estimate, and the caller's drift check after a refactor judges the rest.
  double refactor();

  const int m;
  std::vector<int> basis;  // variable code of row i's basic variable
  std::vector<int> rowOf;  // the row where variable k is basic, -1 when it is not
  std::vector<int> lex;    // the lexicographic rule's columns: B_0's variables
  Eigen::VectorXd d;       // the covering vector

  // Made again after this many pivots: the etas' cost then passes a solve with the LU's.
  static constexpr int kRefactorEvery = 64;

 private:
  struct Eta {
    int row = 0;
    double pivot = 0;                         // alpha_row
    std::vector<std::pair<int, double>> off;  // alpha's other nonzeros
  };
  void originalColumn(int v, Eigen::VectorXd& out) const;
  // row i of B^-1 B_0 (the lexicographic rule's), computed once a pivot where asked.
  const Eigen::VectorXd& lexRow(int i);

  Eigen::SparseMatrix<double> mM;
  Eigen::VectorXd mQ;
  Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> mLu;
  bool mLuOk = false;
  std::vector<Eta> mEtas;
  Eigen::VectorXd mX;  // x_B
  Eigen::VectorXd mAlpha;
  int mAlphaOf = -1;  // the variable whose column mAlpha holds; -1: none since the last pivot
  std::map<int, Eigen::VectorXd> mLexRows;
  Eigen::VectorXd mWork;
};

}  // namespace cl::detail
