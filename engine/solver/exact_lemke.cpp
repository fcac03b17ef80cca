#include "engine/solver/exact_lemke.h"

#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace cl {

namespace {

// An mpz_t that frees itself.
class Integer {
 public:
  Integer() { mpz_init(v); }
  Integer(const Integer& o) { mpz_init_set(v, o.v); }
  Integer& operator=(const Integer& o) {
    mpz_set(v, o.v);
    return *this;
  }
  ~Integer() { mpz_clear(v); }
  mpz_t v;
};

// x = its numerator / 2^k exactly (x finite): the numerator and k >= 0.
void binaryFraction(double x, mpz_t numerator, long& k) {
  int e = 0;
  const double mantissa = std::frexp(x, &e);  // x = mantissa 2^e, 0.5 <= |mantissa| < 1
  // 53 bits of mantissa as an integer: x = m 2^(e - 53).
  mpz_set_d(numerator, std::ldexp(mantissa, 53));
  k = 53 - e;
  if (k < 0) {
    mpz_mul_2exp(numerator, numerator, static_cast<mp_bitcnt_t>(-k));
    k = 0;
  }
  // Trailing zero bits: fewer digits to carry.
  if (mpz_sgn(numerator) != 0) {
    const long zeros = static_cast<long>(mpz_scan1(numerator, 0));
    const long drop = std::min(zeros, k);
    mpz_tdiv_q_2exp(numerator, numerator, static_cast<mp_bitcnt_t>(drop));
    k -= drop;
  } else {
    k = 0;
  }
}

// Every entry of the tableau's data, -M, -d = -1 and q, as visit(row, column, value).
template <class Visit>
void forEachEntry(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, Visit&& visit) {
  const int m = static_cast<int>(q.size());
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < m; ++j) visit(i, m + j, -M(i, j));
    visit(i, 2 * m, -1.0);
    visit(i, 2 * m + 1, q[i]);
  }
}

// The power of two 2^K that makes every entry an integer: K the largest k of any entry.
long commonScale(const Eigen::MatrixXd& M, const Eigen::VectorXd& q) {
  long K = 0, k = 0;
  Integer num;
  forEachEntry(M, q, [&](int, int, double x) {
    binaryFraction(x, num.v, k);
    K = std::max(K, k);
  });
  return K;
}

// The integer tableau D B^-1 [I | -M | -d | q] (exact_lemke.h), by columns: w_i = i,
// z_i = m + i, z0 = 2 m, the right-hand side 2 m + 1. Columns of basic variables are not
// kept up to date (a basic variable's column is D times a unit vector, read by entry()).
class IntegerTableau {
 public:
  IntegerTableau(const Eigen::MatrixXd& M, const Eigen::VectorXd& q)
      : m(static_cast<int>(q.size())),
        cols(2 * m + 2),
        T(static_cast<std::size_t>(m) * static_cast<std::size_t>(cols)),
        basis(static_cast<std::size_t>(m)),
        rowOf(static_cast<std::size_t>(2 * m + 1), -1) {
    const long K = commonScale(M, q);
    Integer num;
    long k = 0;
    forEachEntry(M, q, [&](int i, int j, double x) {
      binaryFraction(x, num.v, k);
      mpz_mul_2exp(at(i, j), num.v, static_cast<mp_bitcnt_t>(K - k));
    });
    // w' = 2^K w keeps the identity in the w columns and D = 1.
    for (int i = 0; i < m; ++i) {
      mpz_set_ui(at(i, i), 1);
      basis[static_cast<std::size_t>(i)] = i;
      rowOf[static_cast<std::size_t>(i)] = i;
    }
    mpz_set_ui(D.v, 1);
  }

  mpz_ptr at(int i, int j) {
    return T[static_cast<std::size_t>(j) * static_cast<std::size_t>(m) +
             static_cast<std::size_t>(i)]
        .v;
  }
  mpz_srcptr entry(int i, int j) const {
    const int r = j <= 2 * m ? rowOf[static_cast<std::size_t>(j)] : -1;
    if (r >= 0) return r == i ? D.v : zero.v;
    return T[static_cast<std::size_t>(j) * static_cast<std::size_t>(m) +
             static_cast<std::size_t>(i)]
        .v;
  }
  // The actual entry (the integer over D) is positive.
  bool positive(int i, int j) const { return mpz_sgn(entry(i, j)) * mpz_sgn(D.v) > 0; }

  void pivot(int row, int column) {
    const int leaving = basis[static_cast<std::size_t>(row)];
    // The leaving variable's column, D e_row, becomes an ordinary column.
    for (int i = 0; i < m; ++i) mpz_set(at(i, leaving), i == row ? D.v : zero.v);
    rowOf[static_cast<std::size_t>(leaving)] = -1;
    Integer t;
    mpz_srcptr p = at(row, column);
    for (int j = 0; j < cols; ++j) {
      if (j == column || (j <= 2 * m && rowOf[static_cast<std::size_t>(j)] >= 0)) continue;
      mpz_srcptr rj = at(row, j);
      for (int i = 0; i < m; ++i) {
        if (i == row) continue;
        mpz_ptr x = at(i, j);
        mpz_mul(t.v, p, x);
        mpz_submul(t.v, at(i, column), rj);
        mpz_divexact(x, t.v, D.v);
      }
    }
    mpz_set(D.v, p);
    basis[static_cast<std::size_t>(row)] = column;
    rowOf[static_cast<std::size_t>(column)] = row;
  }

  // The lexicographic minimum-ratio row for `column` (-1: a ray), as lemke.cpp's Tableau.
  int leavingRow(int column) {
    const int rhs = 2 * m + 1, z0 = 2 * m;
    int best = -1;
    for (int i = 0; i < m; ++i)
      if (positive(i, column) && (best < 0 || lexCompare(i, best, column) < 0)) best = i;
    if (best < 0) return best;
    const int z0Row = rowOf[static_cast<std::size_t>(z0)];
    if (z0Row >= 0 && z0Row != best && positive(z0Row, column) &&
        ratioCompare(z0Row, best, column, rhs) == 0)
      return z0Row;
    return best;
  }

  double value(int i, int j) const {
    mpq_t r;
    mpq_init(r);
    mpz_set(mpq_numref(r), entry(i, j));
    mpz_set(mpq_denref(r), D.v);
    mpq_canonicalize(r);
    const double out = mpq_get_d(r);
    mpq_clear(r);
    return out;
  }

  const int m, cols;
  std::vector<Integer> T;
  std::vector<int> basis, rowOf;
  Integer D, zero;

 private:
  // sign(entry(i, c) / entry(i, column) - entry(k, c) / entry(k, column)); both pivot
  // entries have D's sign, so their product is positive and cross-multiplying keeps order.
  int ratioCompare(int i, int k, int column, int c) {
    mpz_mul(left.v, entry(i, c), entry(k, column));
    mpz_mul(right.v, entry(k, c), entry(i, column));
    return mpz_cmp(left.v, right.v);
  }
  int lexCompare(int i, int k, int column) {
    if (const int s = ratioCompare(i, k, column, 2 * m + 1)) return s;
    for (int c = 0; c < m; ++c)  // B^-1 sits in the w columns
      if (const int s = ratioCompare(i, k, column, c)) return s;
    return 0;
  }
  Integer left, right;
};

}  // namespace

long exactLemkeBits(const Eigen::MatrixXd& M, const Eigen::VectorXd& q) {
  const long K = commonScale(M, q);
  long bits = 1, k = 0;
  Integer num;
  forEachEntry(M, q, [&](int, int, double x) {
    binaryFraction(x, num.v, k);
    bits = std::max(bits, K - k + static_cast<long>(mpz_sizeinbase(num.v, 2)));
  });
  return bits;
}

ExactLemkeResult exactLemke(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, int pivotLimit) {
  const int m = static_cast<int>(q.size());
  ExactLemkeResult out;
  out.z = Eigen::VectorXd::Zero(m);
  if (m == 0 || q.minCoeff() >= 0) {
    out.end = ExactLemkeResult::End::kSolution;
    return out;
  }
  IntegerTableau t(M, q);
  const int z0 = 2 * m, rhs = 2 * m + 1;
  int row = 0;
  for (int i = 1; i < m; ++i)
    if (q[i] <= q[row]) row = i;
  int leaving = t.basis[static_cast<std::size_t>(row)];
  t.pivot(row, z0);
  out.pivots = 1;
  while (leaving != z0) {
    if (out.pivots >= pivotLimit) return out;
    const int entering = leaving < m ? leaving + m : leaving - m;
    row = t.leavingRow(entering);
    if (row < 0) {
      // The ray: the entering variable grows by s, a basic one by -s (its entry) >= 0.
      out.end = ExactLemkeResult::End::kRay;
      out.rayEntering = entering;
      out.ray = Eigen::VectorXd::Zero(m);
      if (entering >= m) out.ray[entering - m] = 1;
      for (int i = 0; i < m; ++i) {
        const int v = t.basis[static_cast<std::size_t>(i)];
        if (v >= m && v < 2 * m) out.ray[v - m] = -t.value(i, entering);
      }
      break;
    }
    leaving = t.basis[static_cast<std::size_t>(row)];
    t.pivot(row, entering);
    ++out.pivots;
    if (leaving == z0) out.end = ExactLemkeResult::End::kSolution;
  }
  for (int i = 0; i < m; ++i) {
    const int v = t.basis[static_cast<std::size_t>(i)];
    if (v >= m && v < 2 * m) out.z[v - m] = t.value(i, rhs);
  }
  return out;
}

}  // namespace cl
